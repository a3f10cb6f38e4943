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
  // Awaited in a statement of its own: GCC 12 destroys the result of a co_await inside a braced
  // initializer twice, which over-releases a reference-counted executor such as a strand.
  asio::any_io_executor executor = co_await asio::this_coro::executor;
  Waiter waiter{{account_id, key_id}, std::nullopt, {}, std::move(executor)};
  co_await asio::async_initiate<const asio::use_awaitable_t<>, void()>(
      [this, &waiter](auto handler) {
        waiter.resumable = std::make_unique<ResumableHandler<decltype(handler)>>(std::move(handler));
        {
          const std::lock_guard lock(mutex_);
          waiting_.push_back(&waiter);
          if (committing_) return;  // the commit under way or queued takes this count too
          committing_ = true;
        }
        post_commit(waiter.executor);
      },
      asio::use_awaitable);
  co_return std::move(*waiter.outcome);
}

// The commit is queued behind the work already waiting for a request thread, not run at once: the
// requests ahead of it reach their count meanwhile and join its batch, so the batch grows with the
// load without any timer.
void PageCounter::post_commit(const asio::any_io_executor& executor) {
  asio::post(executor, [this, executor] { commit_waiting(executor); });
}

void PageCounter::commit_waiting(const asio::any_io_executor& executor) noexcept {
  std::vector<Waiter*> batch;
  {
    const std::lock_guard lock(mutex_);
    batch = std::exchange(waiting_, {});
  }
  std::vector<store::PageCount> pages;
  pages.reserve(batch.size());
  for (const Waiter* waiter : batch) pages.push_back(waiter->page);
  auto outcomes = store_.count_pages(pages);
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i]->outcome = std::move(outcomes[i]);
  // A waiter on the executor running this commit resumes right here, until it hands its answer to
  // its connection: a few microseconds, less than another trip through the request pool's queue.
  for (Waiter* waiter : batch) {
    auto resumable = std::exchange(waiter->resumable, nullptr);
    if (waiter->executor == executor) {
      resumable->resume();
    } else {
      // A copy: once posted, the request may resume on another thread and free the waiter while the
      // post is still returning.
      const asio::any_io_executor resume_on = waiter->executor;
      asio::post(resume_on, [resumable = std::move(resumable)] { resumable->resume(); });
    }
  }
  {
    const std::lock_guard lock(mutex_);
    if (waiting_.empty()) {
      committing_ = false;
      return;
    }
  }
  post_commit(executor);
}

}  // namespace pagemd::api
