#include <gtest/gtest.h>

#include "store_fixture.hpp"

namespace pagemd::store {
namespace {

using namespace std::chrono_literals;
class AccountsTest : public StoreTest {};
class KeysTest : public StoreTest {};
PAGEMD_STORE_BACKENDS(AccountsTest);
PAGEMD_STORE_BACKENDS(KeysTest);

TEST_P(AccountsTest, CreateRecordsPlanLimitEmailAndTime) {
  const auto id = store_->create_account(Plan::starter, "a@example.com");
  ASSERT_TRUE(id);
  EXPECT_TRUE(is_uuid(*id));
  auto found = store_->find_account(*id);
  ASSERT_TRUE(found && found->has_value());
  const Account& account = **found;
  EXPECT_EQ(account.id, *id);
  EXPECT_EQ(account.plan, Plan::starter);
  EXPECT_EQ(account.monthly_limit, 5'000);
  EXPECT_EQ(account.email, "a@example.com");
  EXPECT_EQ(account.created_at, clock_.now());
  EXPECT_EQ(account.active_keys, 0);
  EXPECT_EQ(account.used, 0);
}

TEST_P(AccountsTest, EmailIsOptional) {
  auto found = store_->find_account(new_account());
  ASSERT_TRUE(found && found->has_value());
  EXPECT_FALSE((**found).email.has_value());
}

TEST_P(AccountsTest, UnknownAccountIsEmptyNotAnError) {
  auto found = store_->find_account("00000000-0000-4000-8000-000000000000");
  ASSERT_TRUE(found);
  EXPECT_FALSE(found->has_value());
}

TEST_P(AccountsTest, ListIsNewestFirstWithActiveKeysAndUsage) {
  const auto older = new_account(Plan::free);
  const auto tied_first = new_account(Plan::pro);  // same instant as `older`: the later one comes first
  clock_.advance(5s);
  const auto newest = new_account(Plan::scale);
  const auto key = new_key(newest);
  new_key(newest);
  ASSERT_TRUE(store_->revoke_key(newest, new_key(newest).id));
  ASSERT_TRUE(store_->count_page(newest, key.id));

  auto accounts = store_->list_accounts();
  ASSERT_TRUE(accounts);
  ASSERT_EQ(accounts->size(), 3u);
  EXPECT_EQ((*accounts)[0].id, newest);
  EXPECT_EQ((*accounts)[1].id, tied_first);
  EXPECT_EQ((*accounts)[2].id, older);
  EXPECT_EQ((*accounts)[0].active_keys, 2);
  EXPECT_EQ((*accounts)[0].used, 1);
  EXPECT_EQ((*accounts)[1].active_keys, 0);
}

TEST_P(AccountsTest, SetPlanUpdatesTheAccountAndAllItsKeys) {
  const auto account = new_account(Plan::free);
  const auto other = new_account(Plan::free);
  new_key(account);
  new_key(account);
  new_key(other);
  ASSERT_TRUE(store_->set_plan(account, Plan::pro));

  EXPECT_EQ((**store_->find_account(account)).monthly_limit, 25'000);
  const auto keys = store_->list_keys(account);
  ASSERT_TRUE(keys);
  ASSERT_EQ(keys->size(), 2u);
  for (const KeyInfo& key : *keys) {
    EXPECT_EQ(key.plan, Plan::pro);
    EXPECT_EQ(key.monthly_limit, 25'000);
  }
  const auto others = store_->list_keys(other);
  ASSERT_TRUE(others);
  for (const KeyInfo& key : *others) EXPECT_EQ(key.plan, Plan::free);
  EXPECT_EQ(new_key(account).plan, Plan::pro);
}

TEST_P(AccountsTest, SetPlanOfUnknownAccountIsNotFound) {
  auto changed = store_->set_plan("00000000-0000-4000-8000-000000000000", Plan::pro);
  ASSERT_FALSE(changed);
  EXPECT_EQ(changed.error().code, core::ErrorCode::not_found);
}

TEST_P(AccountsTest, ChangesAreSeenByAnotherProcessAtOnce) {
  auto admin = open();  // `pagemdd account set-plan` beside the running daemon
  const auto account = new_account(Plan::free);
  ASSERT_TRUE(admin->set_plan(account, Plan::scale));
  EXPECT_EQ((**store_->find_account(account)).plan, Plan::scale);
}

TEST_P(KeysTest, InsertCopiesPlanAndLimitAndFindsByDigest) {
  const auto account = new_account(Plan::starter);
  const KeyInfo key = new_key(account, KeyMode::test);
  EXPECT_EQ(key.plan, Plan::starter);
  EXPECT_EQ(key.monthly_limit, 5'000);
  EXPECT_EQ(key.mode, KeyMode::test);
  EXPECT_FALSE(key.revoked_at);

  auto listed = store_->list_keys(account);
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->size(), 1u);
  const std::string digest = "0000000000000000000000000000000000000000000000000000000000000000";
  auto none = store_->find_key_by_digest(digest);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->has_value());
}

TEST_P(KeysTest, InsertForUnknownAccountIsNotFound) {
  auto inserted = store_->insert_key(NewKey{new_uuid_v4(), "00000000-0000-4000-8000-000000000000", std::string(64, 'a'),
                                            "sk_live_abcd", KeyMode::live},
                                     20);
  ASSERT_FALSE(inserted);
  EXPECT_EQ(inserted.error().code, core::ErrorCode::not_found);
}

TEST_P(KeysTest, ActiveKeyLimitCountsOnlyActiveKeys) {
  const auto account = new_account();
  auto insert = [&](char fill) {
    return store_->insert_key(NewKey{new_uuid_v4(), account, std::string(64, fill), "sk_live_abcd", KeyMode::live}, 2);
  };
  const auto first = insert('a');
  ASSERT_TRUE(first);
  ASSERT_TRUE(insert('b'));
  auto refused = insert('c');
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::key_limit_reached);
  ASSERT_TRUE(store_->revoke_key(account, first->id));
  EXPECT_TRUE(insert('c'));
}

TEST_P(KeysTest, RevokeOutcomes) {
  const auto account = new_account();
  const auto other = new_account();
  const KeyInfo key = new_key(account);
  const KeyInfo foreign = new_key(other);

  clock_.advance(90s);
  auto revoked = store_->revoke_key(account, key.id);
  ASSERT_TRUE(revoked) << revoked.error().message;
  EXPECT_EQ(revoked->id, key.id);
  EXPECT_EQ(revoked->prefix, key.prefix);
  EXPECT_EQ(revoked->revoked_at, clock_.now());

  for (const auto& [owner, id] : {std::pair{account, key.id}, std::pair{account, foreign.id},
                                  std::pair{account, std::string("00000000-0000-4000-8000-000000000000")}}) {
    auto again = store_->revoke_key(owner, id);
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().code, core::ErrorCode::key_not_found);
  }
  EXPECT_FALSE((*store_->list_keys(other)).front().revoked_at);
}

TEST_P(KeysTest, ListIsNewestFirstTiesByLaterInsertion) {
  const auto account = new_account();
  const KeyInfo a = new_key(account);
  const KeyInfo b = new_key(account);
  clock_.advance(1s);
  const KeyInfo c = new_key(account);
  auto listed = store_->list_keys(account);
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->size(), 3u);
  EXPECT_EQ((*listed)[0].id, c.id);
  EXPECT_EQ((*listed)[1].id, b.id);
  EXPECT_EQ((*listed)[2].id, a.id);
}

TEST_P(KeysTest, MarkUsedSetsLastUsedAt) {
  const auto account = new_account();
  const KeyInfo key = new_key(account);
  EXPECT_FALSE((*store_->list_keys(account)).front().last_used_at);
  clock_.advance(3s);
  ASSERT_TRUE(store_->mark_key_used(key.id, clock_.now()));
  EXPECT_EQ((*store_->list_keys(account)).front().last_used_at, clock_.now());
  EXPECT_TRUE(store_->mark_key_used("no-such-key", clock_.now()));
}

}  // namespace
}  // namespace pagemd::store
