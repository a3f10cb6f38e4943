// GET /extract/usage and the key endpoints: the account's view of itself.

#include "call.hpp"
#include "pagemd/api/responses.hpp"
#include "pagemd/core/time.hpp"

namespace pagemd::api {
namespace {

nlohmann::json optional_time(const std::optional<store::TimePoint>& when) {
  return when ? nlohmann::json(core::format_rfc3339(*when)) : nlohmann::json(nullptr);
}

}  // namespace

core::Result<nlohmann::json> usage_record(const Call& call) {
  auto usage = call.services.store.usage(call.caller.account_id, call.caller.key_id);
  if (!usage) return core::unexpected(usage.error());
  return nlohmann::json{
      {"plan", store::to_string(usage->plan)},
      {"monthly_limit", usage->monthly_limit},
      {"used", usage->used},
      {"remaining", std::max<std::int64_t>(0, usage->monthly_limit - usage->used)},
      {"period_start", core::format_rfc3339(usage->period_start)},
      {"resets_at", core::format_rfc3339(usage->resets_at)},
      {"key_used", usage->key_used},
  };
}

boost::asio::awaitable<Response> handle_usage(const Call& call) {
  auto record = usage_record(call);
  if (!record) co_return error_response(call.request, record.error());
  co_return json_response(call.request, 200, *record);
}

boost::asio::awaitable<Response> handle_create_key(const Call& call) {
  // A key inherits the mode of the key that makes it: test keys cannot mint live ones.
  auto created = call.services.keys.create_key(call.caller.account_id, call.caller.mode);
  if (!created) co_return error_response(call.request, created.error());
  const store::KeyInfo& info = created->info;
  co_return json_response(call.request, 201,
                          {
                              {"key", created->key},
                              {"id", info.id},
                              {"prefix", info.prefix},
                              {"plan", store::to_string(info.plan)},
                              {"monthly_limit", info.monthly_limit},
                              {"created_at", core::format_rfc3339(info.created_at)},
                              {"warning", "Store this key now: it is shown only once and cannot be recovered."},
                          });
}

boost::asio::awaitable<Response> handle_list_keys(const Call& call) {
  auto keys = call.services.keys.list_keys(call.caller.account_id);
  if (!keys) co_return error_response(call.request, keys.error());
  nlohmann::json items = nlohmann::json::array();
  for (const store::KeyInfo& key : *keys) {
    items.push_back({
        {"id", key.id},
        {"key_prefix", key.prefix},
        {"plan", store::to_string(key.plan)},
        {"monthly_limit", key.monthly_limit},
        {"is_active", !key.revoked_at.has_value()},
        {"created_at", core::format_rfc3339(key.created_at)},
        {"revoked_at", optional_time(key.revoked_at)},
        {"used", key.used},
        {"last_used_at", optional_time(key.last_used_at)},
    });
  }
  co_return json_response(call.request, 200, {{"keys", std::move(items)}});
}

boost::asio::awaitable<Response> handle_revoke_key(const Call& call) {
  auto revoked = call.services.keys.revoke_key(call.caller.account_id, call.path_parameter, call.caller.key_id);
  if (!revoked) co_return error_response(call.request, revoked.error());
  co_return json_response(call.request, 200,
                          {
                              {"message", "API key revoked."},
                              {"id", revoked->id},
                              {"prefix", revoked->prefix},
                              {"revoked_at", optional_time(revoked->revoked_at)},
                          });
}

}  // namespace pagemd::api
