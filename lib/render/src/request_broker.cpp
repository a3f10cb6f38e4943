#include "request_broker.hpp"

#include <spdlog/spdlog.h>

#include "base64.hpp"

namespace pagemd::render::detail {
namespace {

// Reasons of Network.ErrorReason, as the page sees them.
constexpr std::string_view kBlocked = "BlockedByClient";
constexpr std::string_view kRefused = "AddressUnreachable";
constexpr std::string_view kTimedOut = "TimedOut";
constexpr std::string_view kFailed = "Failed";

bool is_media(std::string_view resource_type) {
  return resource_type == "Image" || resource_type == "Media" || resource_type == "Font";
}

std::string_view reason_for(core::ErrorCode code) {
  switch (code) {
    case core::ErrorCode::url_not_allowed:
    case core::ErrorCode::invalid_url: return kRefused;
    case core::ErrorCode::fetch_timeout: return kTimedOut;
    case core::ErrorCode::unsupported_content: return kBlocked;
    default: return kFailed;
  }
}

nlohmann::json header(std::string_view name, std::string_view value) { return {{"name", name}, {"value", value}}; }

}  // namespace

RequestBroker::RequestBroker(DevToolsPipe& pipe, const fetch::FetchedPage& document, fetch::ResourceFetcher& resources,
                             const PageBudget& budget, Clock::time_point deadline)
    : pipe_(pipe),
      document_(document),
      resources_(resources),
      budget_(budget),
      deadline_(deadline),
      bytes_(document.body.size()),
      last_activity_(Clock::now()) {}

RequestBroker::~RequestBroker() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void RequestBroker::on_paused(const nlohmann::json& params) {
  std::string request_id = params.value("requestId", "");
  const nlohmann::json& request = params.contains("request") ? params["request"] : nlohmann::json::object();
  std::string url = request.value("url", "");
  const std::string method = request.value("method", "GET");
  const std::string type = params.value("resourceType", "");

  std::unique_lock lock(mutex_);
  last_activity_ = Clock::now();
  if (!document_answered_ && type == "Document" && url == document_.final_url) {
    document_answered_ = true;
    lock.unlock();
    std::string content_type = document_.content_type;
    if (!document_.charset.empty()) content_type += "; charset=" + document_.charset;
    pipe_.send("Fetch.fulfillRequest",
               {{"requestId", request_id},
                {"responseCode", 200},
                {"responseHeaders", nlohmann::json::array({header("Content-Type", content_type)})},
                {"body", base64_encode(document_.body)}});
    return;
  }
  // The fetcher only GETs: a form post or an API call that changes something is not made on a user's
  // behalf. Media stays unfetched unless asked for, and the budget bounds the rest.
  if (method != "GET" || (is_media(type) && !budget_.fetch_media) || requests_ >= budget_.max_requests ||
      bytes_ >= budget_.max_bytes || stopping_) {
    lock.unlock();
    fail(request_id, kBlocked);
    return;
  }
  ++requests_;
  ++in_flight_;
  jobs_.push_back(Job{std::move(request_id), std::move(url)});
  if (idle_threads_ == 0 && threads_.size() < budget_.fetch_threads) {
    threads_.emplace_back([this] { work(); });
  }
  lock.unlock();
  work_ready_.notify_one();
}

void RequestBroker::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_threads_;
    work_ready_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
    --idle_threads_;
    if (jobs_.empty()) return;  // stopping
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    answer(job);
    finished_one();
    lock.lock();
  }
}

void RequestBroker::answer(const Job& job) {
  std::size_t allowance = 0;
  {
    const std::lock_guard lock(mutex_);
    allowance = budget_.max_bytes - std::min(bytes_, budget_.max_bytes);
  }
  auto resource = resources_.fetch_resource(job.url, allowance, deadline_);
  if (!resource) {
    spdlog::debug("render: {} refused: {}", job.url, resource.error().message);
    fail(job.request_id, reason_for(resource.error().code));
    return;
  }
  // Fetches run side by side, each allowed what was left when it started: the budget is settled
  // here, so that what the page gets never exceeds it.
  bool within_budget = false;
  {
    const std::lock_guard lock(mutex_);
    within_budget = resource->body.size() <= budget_.max_bytes - std::min(bytes_, budget_.max_bytes);
    if (within_budget) bytes_ += resource->body.size();
  }
  if (!within_budget) {
    fail(job.request_id, kBlocked);
    return;
  }
  nlohmann::json headers = nlohmann::json::array();
  if (!resource->content_type.empty()) headers.push_back(header("Content-Type", resource->content_type));
  if (!resource->location.empty()) headers.push_back(header("Location", resource->location));
  for (const auto& [name, value] : resource->cors_headers) headers.push_back(header(name, value));
  pipe_.send("Fetch.fulfillRequest", {{"requestId", job.request_id},
                                      {"responseCode", resource->http_status},
                                      {"responseHeaders", std::move(headers)},
                                      {"body", base64_encode(resource->body)}});
}

void RequestBroker::fail(const std::string& request_id, std::string_view reason) {
  pipe_.send("Fetch.failRequest", {{"requestId", request_id}, {"errorReason", reason}});
}

void RequestBroker::finished_one() {
  const std::lock_guard lock(mutex_);
  --in_flight_;
  last_activity_ = Clock::now();
}

Clock::duration RequestBroker::quiet_for() const {
  const std::lock_guard lock(mutex_);
  if (in_flight_ > 0) return Clock::duration::zero();
  return Clock::now() - last_activity_;
}

std::size_t RequestBroker::requests_seen() const {
  const std::lock_guard lock(mutex_);
  return requests_;
}

}  // namespace pagemd::render::detail
