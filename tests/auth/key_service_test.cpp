#include "pagemd/auth/key_service.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <iterator>
#include <thread>

#include "fake_clock.hpp"
#include "pagemd/auth/key_format.hpp"
#include "pagemd/store/sqlite_store.hpp"
#include "pagemd/store/uuid.hpp"
#include "scratch_dir.hpp"
#include "read_file.hpp"

namespace pagemd::auth {
namespace {

using pagemd::testing::read_file;

using namespace std::chrono_literals;
using store::KeyMode;
using store::Plan;

class KeyServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = store::open_sqlite_store(store::database_file(dir_.path()), clock_);
    ASSERT_TRUE(opened) << opened.error().message;
    store_ = std::move(opened).value();
    service_ = std::make_unique<KeyService>(*store_, clock_, KeyServiceOptions{3, 60s});
  }

  CreatedAccount new_account(Plan plan = Plan::free, KeyMode mode = KeyMode::live) {
    auto created = service_->create_account(plan, std::nullopt, mode);
    if (!created) throw std::runtime_error(created.error().message);
    return std::move(created).value();
  }

  static std::string bearer(const std::string& key) { return "Bearer " + key; }

  testing::ScratchDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<KeyService> service_;
};

TEST_F(KeyServiceTest, CreateAccountGivesAFirstKeyOfThePlan) {
  const auto account = new_account(Plan::starter, KeyMode::test);
  const CreatedKey& key = account.first_key;
  EXPECT_EQ(well_formed_key_mode(key.key), KeyMode::test);
  EXPECT_TRUE(store::is_uuid(key.info.id));
  EXPECT_EQ(key.info.account_id, account.account_id);
  EXPECT_EQ(key.info.prefix, key.key.substr(0, 12));
  EXPECT_EQ(key.info.plan, Plan::starter);
  EXPECT_EQ(key.info.monthly_limit, 5'000);
  EXPECT_EQ(key.info.created_at, clock_.now());
  EXPECT_FALSE(key.info.revoked_at);
}

TEST_F(KeyServiceTest, AuthenticatesAValidKey) {
  const auto account = new_account(Plan::pro);
  auto context = service_->authenticate(bearer(account.first_key.key));
  ASSERT_TRUE(context) << context.error().message;
  EXPECT_EQ(context->account_id, account.account_id);
  EXPECT_EQ(context->key_id, account.first_key.info.id);
  EXPECT_EQ(context->mode, KeyMode::live);
  EXPECT_EQ(context->plan, Plan::pro);
  EXPECT_EQ(context->monthly_limit, 25'000);
}

TEST_F(KeyServiceTest, BearerSchemeIsCaseInsensitiveAndSpacesAreTolerated) {
  const std::string key = new_account().first_key.key;
  for (const std::string& header : {"bearer " + key, "BEARER " + key, "Bearer   " + key + "  ", "\tBearer\t" + key}) {
    EXPECT_TRUE(service_->authenticate(header)) << header;
  }
}

TEST_F(KeyServiceTest, EverythingElseIsUnauthorizedAndNeverEchoesTheKey) {
  const std::string key = new_account().first_key.key;
  const std::string unknown = generate_key(KeyMode::live);
  const std::string headers[] = {
      "",
      "Bearer",
      "Bearer ",
      key,
      "Basic " + key,
      "Bearer" + key,
      "Bearer " + key + " extra",
      "Bearer " + key + "x",
      "Bearer " + key.substr(0, 55),
      "Bearer \"" + key + "\"",
      "Bearer " + unknown,
      "Bearer sk_test_" + key.substr(8),  // the live key's secret under the other prefix
      std::string("Bearer ") + std::string(100'000, 'a'),
  };
  for (const auto& header : headers) {
    auto context = service_->authenticate(header);
    ASSERT_FALSE(context) << header.substr(0, 80);
    EXPECT_EQ(context.error().code, core::ErrorCode::unauthorized);
    EXPECT_EQ(context.error().message.find(key.substr(8)), std::string::npos);
    EXPECT_EQ(context.error().message.find(unknown.substr(8)), std::string::npos);
  }
}

TEST_F(KeyServiceTest, BearerTokenExtraction) {
  EXPECT_EQ(bearer_token("Bearer abc"), "abc");
  EXPECT_EQ(bearer_token("  bEaReR \t abc \t"), "abc");
  EXPECT_EQ(bearer_token("Bearer a b"), "a b");
  EXPECT_EQ(bearer_token("Bearerabc"), "");
  EXPECT_EQ(bearer_token("Token abc"), "");
  EXPECT_EQ(bearer_token("Bearer"), "");
  EXPECT_EQ(bearer_token("Bear abc"), "");
}

TEST_F(KeyServiceTest, RevokedKeyIsKeyRevoked) {
  const auto account = new_account();
  const auto second = service_->create_key(account.account_id, KeyMode::live);
  ASSERT_TRUE(second);
  ASSERT_TRUE(service_->authenticate(bearer(second->key)));  // its identity is now kept between requests
  ASSERT_TRUE(service_->revoke_key(account.account_id, second->info.id, account.first_key.info.id));
  auto context = service_->authenticate(bearer(second->key));
  ASSERT_FALSE(context);
  EXPECT_EQ(context.error().code, core::ErrorCode::key_revoked);
  EXPECT_EQ(context.error().message.find(second->key.substr(8)), std::string::npos);
}

TEST_F(KeyServiceTest, LastUsedAtIsRecordedAtMostOncePerResolution) {
  const auto account = new_account();
  const auto& key = account.first_key;
  auto last_used = [&] { return service_->list_keys(account.account_id)->front().last_used_at; };
  EXPECT_FALSE(last_used());

  const auto first_use = clock_.now();
  ASSERT_TRUE(service_->authenticate(bearer(key.key)));
  EXPECT_EQ(last_used(), first_use);
  clock_.advance(59s);
  ASSERT_TRUE(service_->authenticate(bearer(key.key)));
  EXPECT_EQ(last_used(), first_use);
  clock_.advance(1s);
  ASSERT_TRUE(service_->authenticate(bearer(key.key)));
  EXPECT_EQ(last_used(), clock_.now());
}

TEST_F(KeyServiceTest, NewKeyTakesTheRequestedModeAndTheAccountsPlan) {
  const auto account = new_account(Plan::scale, KeyMode::test);
  auto key = service_->create_key(account.account_id, KeyMode::test);
  ASSERT_TRUE(key);
  EXPECT_TRUE(key->key.starts_with("sk_test_"));
  EXPECT_EQ(key->info.mode, KeyMode::test);
  EXPECT_EQ(key->info.plan, Plan::scale);
  EXPECT_EQ(service_->authenticate(bearer(key->key))->mode, KeyMode::test);
}

TEST_F(KeyServiceTest, KeyForUnknownAccountIsNotFound) {
  auto key = service_->create_key("00000000-0000-4000-8000-000000000000", KeyMode::live);
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().code, core::ErrorCode::not_found);
}

TEST_F(KeyServiceTest, KeyLimitCountsActiveKeys) {
  const auto account = new_account();  // one key; the fixture allows 3
  const auto second = service_->create_key(account.account_id, KeyMode::live);
  ASSERT_TRUE(second);
  ASSERT_TRUE(service_->create_key(account.account_id, KeyMode::live));
  auto refused = service_->create_key(account.account_id, KeyMode::live);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::key_limit_reached);
  ASSERT_TRUE(service_->revoke_key(account.account_id, second->info.id, account.first_key.info.id));
  EXPECT_TRUE(service_->create_key(account.account_id, KeyMode::live));
}

TEST_F(KeyServiceTest, DefaultKeyLimitIsTwenty) { EXPECT_EQ(KeyServiceOptions{}.max_active_keys, 20); }

TEST_F(KeyServiceTest, RevokeOutcomes) {
  const auto account = new_account();
  const auto other = new_account();
  const std::string current = account.first_key.info.id;
  const auto second = service_->create_key(account.account_id, KeyMode::live);
  ASSERT_TRUE(second);

  auto expect_code = [&](std::string_view key_id, core::ErrorCode code) {
    auto revoked = service_->revoke_key(account.account_id, key_id, current);
    ASSERT_FALSE(revoked) << key_id;
    EXPECT_EQ(revoked.error().code, code) << key_id;
  };
  expect_code("not-a-uuid", core::ErrorCode::invalid_request);
  expect_code("", core::ErrorCode::invalid_request);
  expect_code("' OR 1=1 --", core::ErrorCode::invalid_request);
  expect_code(current, core::ErrorCode::cannot_revoke_current_key);
  std::string upper = current;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  expect_code(upper, core::ErrorCode::cannot_revoke_current_key);
  expect_code(other.first_key.info.id, core::ErrorCode::key_not_found);
  expect_code("00000000-0000-4000-8000-000000000000", core::ErrorCode::key_not_found);

  clock_.advance(10s);
  auto revoked = service_->revoke_key(account.account_id, second->info.id, current);
  ASSERT_TRUE(revoked) << revoked.error().message;
  EXPECT_EQ(revoked->id, second->info.id);
  EXPECT_EQ(revoked->prefix, second->info.prefix);
  EXPECT_EQ(revoked->revoked_at, clock_.now());
  expect_code(second->info.id, core::ErrorCode::key_not_found);  // already revoked

  // Revoked keys stay in the list; the foreign key was not touched.
  EXPECT_EQ(service_->list_keys(account.account_id)->size(), 2u);
  EXPECT_TRUE(service_->authenticate(bearer(other.first_key.key)));
}

TEST_F(KeyServiceTest, SetPlanReachesAuthentication) {
  const auto account = new_account(Plan::free);
  ASSERT_TRUE(store_->set_plan(account.account_id, Plan::starter));
  auto context = service_->authenticate(bearer(account.first_key.key));
  ASSERT_TRUE(context);
  EXPECT_EQ(context->plan, Plan::starter);
  EXPECT_EQ(context->monthly_limit, 5'000);
}

// Another process (`pagemdd account set-plan`) writes the store directly; this service sees it once
// the identity it keeps has reached its lifetime.
TEST_F(KeyServiceTest, AKeptIdentityIsReadAgainAfterItsLifetime) {
  const auto account = new_account(Plan::free);
  const auto recent = [&] {
    return service_->authenticate(bearer(account.first_key.key), nullptr, IdentityAge::recent)->plan;
  };
  ASSERT_EQ(recent(), Plan::free);
  ASSERT_TRUE(store_->set_plan(account.account_id, Plan::starter));
  clock_.advance(999ms);
  EXPECT_EQ(recent(), Plan::free);
  clock_.advance(1ms);
  EXPECT_EQ(recent(), Plan::starter);
}

// A request whose key is not checked again later reads it now, whatever is kept.
TEST_F(KeyServiceTest, ACurrentIdentityIsReadFromTheStoreEveryTime) {
  const auto account = new_account(Plan::free);
  ASSERT_EQ(service_->authenticate(bearer(account.first_key.key), nullptr, IdentityAge::recent)->plan, Plan::free);
  ASSERT_TRUE(store_->set_plan(account.account_id, Plan::pro));
  EXPECT_EQ(service_->authenticate(bearer(account.first_key.key))->plan, Plan::pro);
  ASSERT_TRUE(store_->revoke_key(account.account_id, account.first_key.info.id));
  const auto refused = service_->authenticate(bearer(account.first_key.key));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::key_revoked);
}

TEST_F(KeyServiceTest, ALifetimeOfZeroReadsTheStoreEveryTime) {
  KeyServiceOptions options;
  options.identity_cache_lifetime = 0ms;
  const KeyService uncached(*store_, clock_, options);
  const auto account = new_account(Plan::free);
  ASSERT_EQ(uncached.authenticate(bearer(account.first_key.key))->plan, Plan::free);
  ASSERT_TRUE(store_->set_plan(account.account_id, Plan::pro));
  EXPECT_EQ(uncached.authenticate(bearer(account.first_key.key))->plan, Plan::pro);
}

// Revoked by another process: refused once the kept identity has reached its lifetime.
TEST_F(KeyServiceTest, ARevocationByAnotherWriterIsSeenAfterTheLifetime) {
  const auto account = new_account();
  const auto second = service_->create_key(account.account_id, KeyMode::live);
  ASSERT_TRUE(second);
  ASSERT_TRUE(service_->authenticate(bearer(second->key)));
  ASSERT_TRUE(store_->revoke_key(account.account_id, second->info.id));
  EXPECT_TRUE(service_->authenticate(bearer(second->key), nullptr, IdentityAge::recent))
      << "kept: the page count is what refuses it (StoreTest.ARevokedKeysPageIsNotCounted)";
  clock_.advance(1s);
  auto context = service_->authenticate(bearer(second->key), nullptr, IdentityAge::recent);
  ASSERT_FALSE(context);
  EXPECT_EQ(context.error().code, core::ErrorCode::key_revoked);
}

// Every file of the data directory, the -wal and -shm files included, searched for each key's secret.
void expect_no_plaintext_on_disk(const std::filesystem::path& dir, const std::vector<std::string>& keys) {
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    const std::string bytes = read_file(entry.path());
    for (const auto& key : keys) {
      EXPECT_EQ(bytes.find(key.substr(8)), std::string::npos) << "a key's secret is in " << entry.path();
      EXPECT_EQ(bytes.find(key.substr(12, 16)), std::string::npos) << "part of a key's secret is in " << entry.path();
    }
  }
  EXPECT_GT(files, 0);
}

TEST_F(KeyServiceTest, PlaintextNeverReachesTheDataDirectory) {
  std::vector<std::string> keys;
  const auto account = new_account(Plan::pro);
  keys.push_back(account.first_key.key);
  for (int i = 0; i < 2; ++i) keys.push_back(service_->create_key(account.account_id, KeyMode::test)->key);
  for (const auto& key : keys) {
    auto context = service_->authenticate(bearer(key));
    ASSERT_TRUE(context);
    ASSERT_TRUE(store_->count_page(context->account_id, context->key_id));
  }
  ASSERT_TRUE(service_->revoke_key(account.account_id, service_->authenticate(bearer(keys[1]))->key_id,
                                   account.first_key.info.id));
  ASSERT_FALSE(service_->authenticate(bearer(keys[1])));

  ASSERT_TRUE(std::filesystem::exists(store::database_file(dir_.path()).string() + "-wal"));
  expect_no_plaintext_on_disk(dir_.path(), keys);
  store_.reset();  // closing checkpoints the WAL into the main file
  expect_no_plaintext_on_disk(dir_.path(), keys);
}

TEST_F(KeyServiceTest, AuthenticationIsThreadSafe) {
  const auto account = new_account(Plan::scale);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        auto context = service_->authenticate(bearer(account.first_key.key));
        if (!context || !store_->count_page(context->account_id, context->key_id)) ++failures;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ((**store_->find_account(account.account_id)).used, 1600);
}

}  // namespace
}  // namespace pagemd::auth
