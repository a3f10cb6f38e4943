#pragma once

#include <sys/types.h>

#include <cstddef>
#include <filesystem>
#include <memory>

#include "devtools_pipe.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::render::detail {

struct BrowserLaunch {
  std::filesystem::path executable;  // chromium-headless-shell
  // false: --no-sandbox, where the browser's sandbox cannot work (it needs user namespaces, which a
  // confining unit or a container may forbid). As root the browser always runs as nobody.
  bool sandbox = true;
  // V8 without its JIT: no memory both writable and executable, so MemoryDenyWriteExecute= holds.
  bool jitless = true;
  // V8's old-space limit (--max-old-space-size) for each of its heaps; 0 leaves V8's own.
  std::size_t heap_limit_mib = 0;
  std::size_t max_message_bytes = std::size_t{64} * 1024 * 1024;
  // The layers that keep the browser off the network (see browser_jail.hpp). Each holds alone;
  // only tests take one away, to show that the others still do.
  bool network_filter = true;
  bool network_namespace = true;
  bool proxy_flags = true;
};

// One headless Chromium in a process group of its own, with a throwaway profile directory, no network
// of its own (the jail of browser_jail.hpp, and besides a proxy that resolves nowhere and a resolver
// that resolves nothing), and killed with the daemon. Its DevTools pipe is the only way in and out.
class BrowserProcess {
 public:
  // render_unavailable when it cannot be started or does not answer.
  [[nodiscard]] static core::Result<std::unique_ptr<BrowserProcess>> start(const BrowserLaunch& launch);
  ~BrowserProcess();  // kills the whole group and removes the profile
  BrowserProcess(const BrowserProcess&) = delete;
  BrowserProcess& operator=(const BrowserProcess&) = delete;

  [[nodiscard]] DevToolsPipe& pipe() { return *pipe_; }
  [[nodiscard]] pid_t pid() const { return pid_; }
  // The resident memory of the browser and its helpers (renderers, GPU and network processes).
  [[nodiscard]] std::size_t resident_bytes() const;
  // Kills the browser and all its processes at once (the object still waits for them when destroyed).
  void kill() const;

 private:
  BrowserProcess(pid_t pid, std::filesystem::path profile, std::unique_ptr<DevToolsPipe> pipe);

  pid_t pid_;
  std::filesystem::path profile_;
  std::unique_ptr<DevToolsPipe> pipe_;
};

}  // namespace pagemd::render::detail
