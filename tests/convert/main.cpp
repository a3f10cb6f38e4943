// The convert suite's main: the same executable doubles as the converter worker the isolation tests
// start, the way pagemdd starts itself, as that worker exhausting its limits on a page, and as a worker
// gone bad that tries to escape its jail.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "converter_worker.hpp"
#include "pagemd/convert/isolated_converter.hpp"
#include "pagemd/pdf/pdf_converter.hpp"
#include "worker_jail.hpp"
#include "worker_protocol.hpp"

namespace {

// What a worker taken over by a hostile page would try: each request's page body names an escape
// (open or look at a file, write one, make a socket, run a program). A worker the jail lets through
// answers "escaped", one whose call fails answers "refused", and the jail's filter kills the rest.
[[noreturn]] void run_escaping_worker() {
  using namespace pagemd::convert;
  close_range(3, ~0U, 0);
  const std::string data = pagemd::pdf::data_directories().front();
  if (!enter_worker_jail({data})) std::_Exit(5);
  for (;;) {
    auto frame = protocol::read_frame(STDIN_FILENO, protocol::kMaxFrameBytes);
    if (!frame) std::_Exit(0);
    const auto request = protocol::decode_request(*frame);
    if (!request) std::_Exit(3);
    const std::string& escape = request->page.body;
    bool refused = false;
    std::string read;
    if (escape == "open") {
      refused = ::open("/etc/hostname", O_RDONLY | O_CLOEXEC) < 0;
    } else if (escape == "stat") {
      struct stat status {};
      refused = ::stat("/etc/hostname", &status) != 0;
    } else if (escape == "create") {
      refused = ::open((data + "/pagemd-was-here").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600) < 0;
    } else if (escape == "read-poppler-data") {
      // Allowed where landlock is: what poppler does for a CMap it has not kept.
      const int fd = ::open((data + "/cMap/Adobe-Japan1/90ms-RKSJ-H").c_str(), O_RDONLY | O_CLOEXEC);
      char start[10] = {};
      refused = fd < 0 || ::read(fd, start, sizeof start) != sizeof start;
      read.assign(start, sizeof start);
      if (fd >= 0) ::close(fd);
    } else if (escape == "socket") {
      static_cast<void>(::socket(AF_INET, SOCK_STREAM, 0));
    } else if (escape == "exec") {
      ::execl("/bin/true", "true", nullptr);
    } else if (escape == "terminal") {
      const char keystroke = 'x';  // pushed into the input of a terminal the worker's stderr may be
      static_cast<void>(::ioctl(STDERR_FILENO, TIOCSTI, &keystroke));
    } else if (escape == "isatty") {
      static_cast<void>(::isatty(STDERR_FILENO));  // allowed: stdio and sanitizer reports ask it
    }
    pagemd::extract::Extraction escaped;
    escaped.markdown = (refused ? "refused: " : "escaped: ") + escape + (read.empty() ? "" : ": " + read);
    protocol::write_frame(STDIN_FILENO, protocol::encode_reply(escaped));
  }
}

// The real worker on a kernel without landlock, as a service's system-call filter that does not know
// it makes it look (ENOSYS): its jail then opens no file at all.
[[noreturn]] void run_worker_without_landlock() {
  scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
  if (filter == nullptr ||
      seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(landlock_create_ruleset), 0) != 0 ||
      seccomp_load(filter) != 0) {
    std::_Exit(6);
  }
  seccomp_release(filter);
  pagemd::convert::run_converter_worker();
}

// The real conversion, except on pages that make it write to its stderr ("speak", "chatter"), and on two pages that
// overrun the
// worker's limits by construction, however fast the machine and however little memory converting takes: on "spin" the
// worker spins on the CPU without a system call until its CPU allowance runs out; on "hoard" it takes address space
// until its memory limit refuses some (bad_alloc), or gives up at 512 MiB, far past any limit a test sets.
pagemd::core::Result<pagemd::extract::Extraction> convert_or_exhaust(pagemd::convert::Page page,
                                                                     const pagemd::convert::ConvertOptions& options) {
  if (page.body == "spin") {
    volatile std::uint64_t turns = 0;
    for (;;) turns = turns + 1;
  }
  if (page.body == "speak") {
    // What a worker has to say, a line and then words without a line end, on its stderr.
    constexpr std::string_view kSaid = "a word from the worker\nits last words";
    static_cast<void>(::write(STDERR_FILENO, kSaid.data(), kSaid.size()));
  }
  if (page.body == "chatter") {
    // More than the log takes of a worker: a line in two writes, a line of 5,000 bytes, then 1,010 lines.
    const auto say = [](std::string_view text) { static_cast<void>(::write(STDERR_FILENO, text.data(), text.size())); };
    say("first half, ");
    say("second half\n");
    say(std::string(5000, 'x') + "\n");
    for (int line = 0; line < 1010; ++line) say("line " + std::to_string(line) + "\n");
  }
  if (page.body == "hoard") {
    std::vector<std::unique_ptr<char[]>> hoard;
    for (int mib = 0; mib < 512; ++mib) {
      hoard.push_back(std::make_unique_for_overwrite<char[]>(std::size_t{1} << 20));
      *static_cast<volatile char*>(hoard.back().get()) = 1;  // used, so that the allocation stays
    }
  }
  return pagemd::convert::convert_page(std::move(page), options);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--converter-worker") == 0) pagemd::convert::run_converter_worker();
  if (argc == 2 && std::strcmp(argv[1], "--exhausting-worker") == 0) {
    pagemd::convert::run_converter_worker(&convert_or_exhaust);
  }
  if (argc == 2 && std::strcmp(argv[1], "--escaping-worker") == 0) run_escaping_worker();
  if (argc == 2 && std::strcmp(argv[1], "--worker-without-landlock") == 0) run_worker_without_landlock();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
