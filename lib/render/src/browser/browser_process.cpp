#include "browser_process.hpp"

#include "browser_jail.hpp"
#include "browser_memory.hpp"

#include "pagemd/render/browser_pool.hpp"

#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <linux/capability.h>
#include <linux/close_range.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#include <spdlog/spdlog.h>

namespace pagemd::render::detail {

namespace {

constexpr auto kStartTimeout = std::chrono::seconds{20};

core::Unexpected unavailable(std::string message) {
  return core::unexpected(core::ErrorCode::render_unavailable, std::move(message));
}

std::vector<std::string> browser_arguments(const BrowserLaunch& launch, const std::filesystem::path& profile) {
  std::vector<std::string> args{
      launch.executable.string(),
      "--remote-debugging-pipe",
      "--user-data-dir=" + profile.string(),
      "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
      // Nothing of its own in the background: no updates, reports, metrics or safe-browsing lists.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-domain-reliability",
      "--disable-breakpad",
      "--disable-sync",
      "--no-pings",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      "--deny-permission-prompts",
      "--mute-audio",
      "--disable-gpu",
      // /dev/shm is small in containers and private units; the profile directory takes its place.
      "--disable-dev-shm-usage",
      "--blink-settings=imagesEnabled=false",
  };
  if (launch.proxy_flags) {
    // Every request is answered through the DevTools pipe by pagemd's fetcher, and the jail leaves
    // the browser no network. Besides, what would escape the interception (WebSockets, WebRTC)
    // goes to a proxy whose name the resolver cannot resolve, loopback included.
    for (const char* flag : {"--proxy-server=http://proxy.invalid:9", "--proxy-bypass-list=<-loopback>",
                             "--host-resolver-rules=MAP * ~NOTFOUND"}) {
      args.emplace_back(flag);
    }
  }
  // One --js-flags: Chromium reads the last one only.
  std::string js_flags;
  if (launch.jitless) js_flags += " --jitless";
  if (launch.heap_limit_mib > 0) js_flags += " --max-old-space-size=" + std::to_string(launch.heap_limit_mib);
  if (!js_flags.empty()) args.push_back("--js-flags=" + js_flags.substr(1));
  if (!launch.sandbox) args.emplace_back("--no-sandbox");
  args.emplace_back("about:blank");
  return args;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Only async-signal-safe calls: the parent has threads.
[[noreturn]] void exec_browser(int socket, int null_fd, const JailPlan& jail, char* const argv[], char* const envp[]) {
  ::setsid();  // a process group of its own, killed as one
  if (::dup2(socket, 3) < 0 || ::dup2(socket, 4) < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(null_fd, 1) < 0 ||
      ::dup2(null_fd, 2) < 0) {
    ::_exit(127);
  }
  ::syscall(SYS_close_range, 5U, ~0U, 0U);
  if (!enter_jail(jail)) ::_exit(126);
  // After the change of user, which clears it. The signal comes when the thread that started the
  // browser ends: the pool's threads live as long as the service.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  ::execve(argv[0], argv, envp);
  ::_exit(127);
}

std::filesystem::path make_profile_dir(bool as_nobody) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/pagemd-browser-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  if (as_nobody && ::chown(pattern.c_str(), kNobody, kNobody) != 0) {
    std::error_code ignored;
    std::filesystem::remove(pattern, ignored);
    return {};
  }
  return pattern;
}

}  // namespace

core::Result<std::unique_ptr<BrowserProcess>> BrowserProcess::start(const BrowserLaunch& launch) {
  if (::access(launch.executable.c_str(), X_OK) != 0) {
    return unavailable("No browser at " + launch.executable.string() + " (install chromium-headless-shell).");
  }
  // The filter is compiled here, before fork: the child of a threaded process may not allocate.
  const std::vector<sock_filter>* filter = nullptr;
  if (launch.network_filter) {
    auto compiled = browser_filter();
    if (!compiled) {
      spdlog::error("render: {}", compiled.error().message);
      return unavailable("The browser's system-call filter could not be built.");
    }
    filter = *compiled;
  }
  const JailPlan jail = plan_jail(filter, launch.network_namespace);
  const bool as_nobody = jail.as_nobody;
  std::filesystem::path profile = make_profile_dir(as_nobody);
  if (profile.empty()) return unavailable("Cannot make a profile directory for the browser.");

  std::vector<std::string> args = browser_arguments(launch, profile);
  std::vector<std::string> env{"HOME=" + profile.string(), "XDG_CONFIG_HOME=" + profile.string(),
                               "XDG_CACHE_HOME=" + profile.string(), "LANG=C.UTF-8", "PATH=/usr/bin:/bin"};
  std::vector<char*> argv = pointers(args);
  std::vector<char*> envp = pointers(env);

  std::array<int, 2> sockets{};
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets.data()) != 0) {
    return unavailable("Cannot make the browser's pipe.");
  }
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  const pid_t pid = null_fd < 0 ? -1 : ::fork();
  if (pid == 0) exec_browser(sockets[1], null_fd, jail, argv.data(), envp.data());
  ::close(sockets[1]);
  if (null_fd >= 0) ::close(null_fd);
  if (pid < 0) {
    ::close(sockets[0]);
    std::error_code ignored;
    std::filesystem::remove_all(profile, ignored);
    return unavailable("Cannot start the browser.");
  }
  auto pipe = std::make_unique<DevToolsPipe>(sockets[0], launch.max_message_bytes);
  std::unique_ptr<BrowserProcess> browser(new BrowserProcess(pid, std::move(profile), std::move(pipe)));
  auto version = browser->pipe().call("Browser.getVersion", nlohmann::json::object(), {}, Clock::now() + kStartTimeout);
  if (!version) return unavailable("The browser did not start: " + version.error().message);
  spdlog::debug("render: started {} (pid {}){}", version->value("product", "a browser"), pid,
                in_other_network_namespace(pid) ? " in an empty network namespace" : "");
  return browser;
}

BrowserProcess::BrowserProcess(pid_t pid, std::filesystem::path profile, std::unique_ptr<DevToolsPipe> pipe)
    : pid_(pid), profile_(std::move(profile)), pipe_(std::move(pipe)) {}

void BrowserProcess::kill() const { ::kill(-pid_, SIGKILL); }

BrowserProcess::~BrowserProcess() {
  kill();
  pipe_.reset();
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  std::error_code ignored;
  std::filesystem::remove_all(profile_, ignored);
}

std::size_t BrowserProcess::resident_bytes() const { return detail::resident_bytes(group_members(pid_)); }

}  // namespace pagemd::render::detail

namespace pagemd::render {

bool browser_sandbox_possible() {
  // A child tries what Chromium's sandbox does first, from where the browser will be: in its jail
  // (nobody, when this is root) it makes a user, PID and network namespace, takes the capabilities
  // it has there away and changes its root. A confining unit may refuse any of these (the
  // namespaces by RestrictNamespaces=, chroot and capset by SystemCallFilter=~@privileged).
  const detail::JailPlan jail = detail::plan_jail(nullptr, true);
  const pid_t child = ::fork();
  if (child == 0) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    std::array<__user_cap_data_struct, 2> no_capabilities{};
    const bool possible = detail::enter_jail(jail) && ::unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET) == 0 &&
                          ::chroot("/") == 0 && ::syscall(SYS_capset, &header, no_capabilities.data()) == 0;
    ::_exit(possible ? 0 : 1);
  }
  if (child < 0) return false;
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace pagemd::render
