#include "pagemd/render/sandbox.hpp"

namespace pagemd::render {

std::optional<SandboxMode> parse_sandbox_mode(std::string_view name) noexcept {
  if (name == "auto") return SandboxMode::automatic;
  if (name == "on") return SandboxMode::on;
  if (name == "off") return SandboxMode::off;
  return std::nullopt;
}

SandboxDecision decide_sandbox(SandboxMode mode, bool possible) {
  switch (mode) {
    case SandboxMode::off:
      return {true, false,
              "the browser runs without its own sandbox (render_sandbox = \"off\"): a page that breaks out of "
              "its renderer acts as this service's user, without a network; set render_sandbox = \"auto\" where "
              "user namespaces are allowed"};
    case SandboxMode::on:
      if (possible) return {true, true, ""};
      return {true, true,
              "render_sandbox = \"on\", but the browser's sandbox cannot run here (it needs user, PID and network "
              "namespaces, chroot and capset): the browser will not start, and renders answer render_unavailable"};
    case SandboxMode::automatic: break;
  }
  if (possible) return {true, true, ""};
  return {false, false,
          "rendering is unavailable: the browser's sandbox cannot run here (it needs user, PID and network "
          "namespaces, chroot and capset, which the kernel, a container or the service's unit forbids). Allow "
          "them (the packaged unit does: RestrictNamespaces=user pid net), or set render_sandbox = \"off\" to "
          "render without the sandbox"};
}

}  // namespace pagemd::render
