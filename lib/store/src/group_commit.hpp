#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace pagemd::store::detail {

// Callers that each need a small write transaction share one. The first caller to find no commit
// under way becomes the leader: it takes everyone waiting, runs one transaction for the whole batch
// and hands each caller its own outcome; callers that arrive meanwhile wait for the next batch. A
// commit is a WAL append and a turn of the write lock, so under load this turns N of those into one,
// while every caller still returns only after its own work is committed.
template <typename Work, typename Outcome>
class GroupCommit {
 public:
  struct Slot {
    const Work* work;
    std::optional<Outcome> outcome;
  };

  // `commit_batch(std::vector<Slot*>&)` runs on the leader's thread, without the queue's lock, and
  // must give every slot an outcome without throwing.
  template <typename CommitBatch>
  Outcome submit(const Work& work, CommitBatch&& commit_batch) {
    Slot mine{&work, std::nullopt};
    std::unique_lock lock(mutex_);
    waiting_.push_back(&mine);
    while (!mine.outcome) {
      if (committing_) {
        finished_.wait(lock);
        continue;
      }
      committing_ = true;
      std::vector<Slot*> batch = std::exchange(waiting_, {});
      lock.unlock();
      commit_batch(batch);
      lock.lock();
      committing_ = false;
      // Everyone wakes: the batch's callers to return, the rest so that one of them leads next.
      finished_.notify_all();
    }
    return std::move(*mine.outcome);
  }

 private:
  std::mutex mutex_;
  std::condition_variable finished_;
  std::vector<Slot*> waiting_;
  bool committing_ = false;
};

}  // namespace pagemd::store::detail
