#pragma once

#include <mutex>
#include <string_view>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "pagemd/core/result.hpp"
#include "pagemd/store/store.hpp"

namespace pagemd::api {

// Counts served pages for requests that wait as coroutines. The first request to find no commit
// under way queues one on its executor; when it runs, it commits every count waiting at that moment
// in one write transaction, and queues the next commit if more counts arrived meanwhile. Each
// waiting request resumes once its own count is committed. Unlike a group commit of blocked
// threads, a batch is not limited by the number of request threads: under load it holds every
// request that reached the count, and the other request threads go on answering while it commits.
class PageCounter {
 public:
  explicit PageCounter(store::Store& store) : store_(store) {}

  // The account and key must outlive the wait, which they do as the caller's locals.
  [[nodiscard]] boost::asio::awaitable<core::Result<store::QuotaDecision>> count(std::string_view account_id,
                                                                                 std::string_view key_id);

 private:
  struct Waiter;

  void post_commit(const boost::asio::any_io_executor& executor);
  void commit_waiting(const boost::asio::any_io_executor& executor) noexcept;

  store::Store& store_;
  std::mutex mutex_;
  std::vector<Waiter*> waiting_;
  bool committing_ = false;
};

}  // namespace pagemd::api
