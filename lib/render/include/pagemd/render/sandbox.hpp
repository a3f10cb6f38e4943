#pragma once

// Whether the browser runs with Chromium's own sandbox (render_sandbox in pagemdd.conf(5)). The
// browser's jail (no network, no_new_privs, a seccomp filter) holds either way; the sandbox adds
// what the jail does not: renderers that cannot open files or see other processes, in namespaces
// of their own. Rendering without it lets a renderer exploit act as the daemon's user.

#include <optional>
#include <string>
#include <string_view>

namespace pagemd::render {

enum class SandboxMode {
  automatic,  // the sandbox where it can run; where it cannot, no rendering
  on,         // always ask the browser for it (where it cannot run, the browser does not start)
  off,        // never: the browser runs without it, and the daemon says so at warn level
};

[[nodiscard]] std::optional<SandboxMode> parse_sandbox_mode(std::string_view name) noexcept;

struct SandboxDecision {
  bool render = true;   // false: rendering is unavailable
  bool sandbox = true;  // the browser gets its own sandbox
  std::string warning;  // for the log at warn level; empty when there is nothing to say
};

// What `mode` comes to where the sandbox is `possible` (browser_sandbox_possible()).
[[nodiscard]] SandboxDecision decide_sandbox(SandboxMode mode, bool possible);

}  // namespace pagemd::render
