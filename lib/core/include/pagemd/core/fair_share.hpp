#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "pagemd/core/result.hpp"
#include "pagemd/core/string_hash.hpp"

namespace pagemd::core {

// Shares a few costly workers (converter processes, browsers) among accounts, so that one account's
// slow pages cannot hold them all: at most `slots` turns are held at once, at most half of them (at
// least one) by any one account, and a turn that does not come within `max_wait` is refused as busy
// rather than queued without end. Thread-safe.
class FairShare {
 public:
  // `worker` names one of what is shared, for the refusal's message ("page converter", "browser").
  FairShare(std::size_t slots, std::chrono::milliseconds max_wait, std::string worker);

  // A turn held; given back when it goes.
  class Turn {
   public:
    Turn(Turn&& other) noexcept : share_(other.share_), owner_(std::move(other.owner_)) { other.share_ = nullptr; }
    Turn& operator=(Turn&&) = delete;
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;
    ~Turn();

   private:
    friend class FairShare;
    Turn(FairShare* share, std::string owner) : share_(share), owner_(std::move(owner)) {}
    FairShare* share_;
    std::string owner_;
  };

  // Waits for a turn for `owner` (an account id). busy when none comes within max_wait.
  [[nodiscard]] Result<Turn> enter(std::string_view owner);

  [[nodiscard]] std::size_t per_owner_limit() const { return per_owner_; }

 private:
  void leave(const std::string& owner);

  const std::size_t slots_;
  const std::size_t per_owner_;
  const std::chrono::milliseconds max_wait_;
  const std::string worker_;
  std::mutex mutex_;
  std::condition_variable turn_freed_;
  std::size_t running_ = 0;
  std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> running_by_owner_;
};

}  // namespace pagemd::core
