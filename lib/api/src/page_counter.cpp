#include "pagemd/api/page_counter.hpp"

#include <memory>
#include <optional>
#include <utility>

#include <boost/asio/async_result.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace pagemd::api {

namespace asio = boost::asio;

namespace {

// The completion handler of a waiting coroutine, whatever its type. (asio's own
// any_completion_handler recurses without end in Boost 1.81 when it is moved into a posted function.)
struct Resumable {
  virtual ~Resumable() = default;
  virtual void resume() = 0;
};

template <typename Handler>
struct ResumableHandler final : Resumable {
  explicit ResumableHandler(Handler&& waiting) : handler(std::move(waiting)) {}
  void resume() override { std::move(handler)(); }
  Handler handler;
};

}  // namespace

struct PageCounter::Waiter {
  store::PageCount page;
  std::optional<core::Result<store::QuotaDecision>> outcome;
  std::unique_ptr<Resumable> resumable;
  asio::any_io_executor executor;  // the request's own, where it resumes
};

asio::awaitable<core::Result<store::QuotaDecision>> PageCounter::count(std::string_view account_id,
                                                                       std::string_view key_id) {
  Waiter waiter{{account_id, key_id}, std::nullopt, {}, co_await asio::this_coro::executor};
  // asio runs the initiation after this coroutine has suspended, so the commit below may resume it.
  co_await asio::async_initiate<const asio::use_awaitable_t<>, void()>(
      [this, &waiter](auto handler) {
        waiter.resumable = std::make_unique<ResumableHandler<decltype(handler)>>(std::move(handler));
        {
          const std::lock_guard lock(mutex_);
          waiting_.push_back(&waiter);
          if (committing_) return;  // the thread committing now takes this count in its next batch
          committing_ = true;
        }
        commit_until_none_wait();
      },
      asio::use_awaitable);
  co_return std::move(*waiter.outcome);
}

void PageCounter::commit_until_none_wait() noexcept {
  for (;;) {
    std::vector<Waiter*> batch;
    {
      const std::lock_guard lock(mutex_);
      if (waiting_.empty()) {
        committing_ = false;
        return;
      }
      batch = std::exchange(waiting_, {});
    }
    std::vector<store::PageCount> pages;
    pages.reserve(batch.size());
    for (const Waiter* waiter : batch) pages.push_back(waiter->page);
    auto outcomes = store_.count_pages(pages);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      batch[i]->outcome = std::move(outcomes[i]);
      // Posted, not called: each request resumes on a free request thread, not inside this loop.
      auto executor = batch[i]->executor;
      asio::post(executor, [resumable = std::move(batch[i]->resumable)] { resumable->resume(); });
    }
  }
}

}  // namespace pagemd::api
