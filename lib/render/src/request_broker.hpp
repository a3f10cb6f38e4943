#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "devtools_pipe.hpp"
#include "page_render.hpp"

namespace pagemd::render::detail {

// Answers the requests a page's browser pauses (Fetch.requestPaused): the document with the page
// already fetched, the rest through the guarded fetcher within the page's budget, or a failure the page
// sees as a network error. Fetches run on a few threads of its own, so the page's scripts load
// side by side while the renderer waits on other things.
class RequestBroker {
 public:
  RequestBroker(DevToolsPipe& pipe, const fetch::FetchedPage& document, fetch::ResourceFetcher& resources,
                const PageBudget& budget, Clock::time_point deadline);
  ~RequestBroker();  // waits for the fetches under way, which end by the deadline
  RequestBroker(const RequestBroker&) = delete;
  RequestBroker& operator=(const RequestBroker&) = delete;

  // Takes a paused request (called on the pipe's reader thread: it only queues).
  void on_paused(const nlohmann::json& params);

  // How long no request has been in flight; zero while one is.
  [[nodiscard]] Clock::duration quiet_for() const;
  [[nodiscard]] std::size_t requests_seen() const;

 private:
  struct Job {
    std::string request_id;
    std::string url;
  };

  void work();
  void answer(const Job& job);
  void fail(const std::string& request_id, std::string_view reason);
  void finished_one();

  DevToolsPipe& pipe_;
  const fetch::FetchedPage& document_;
  fetch::ResourceFetcher& resources_;
  PageBudget budget_;
  Clock::time_point deadline_;

  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::deque<Job> jobs_;
  std::vector<std::thread> threads_;
  std::size_t idle_threads_ = 0;
  bool stopping_ = false;
  bool document_answered_ = false;
  std::size_t requests_ = 0;  // sub-requests let through to the fetcher
  std::size_t bytes_ = 0;
  std::size_t in_flight_ = 0;
  Clock::time_point last_activity_;
};

}  // namespace pagemd::render::detail
