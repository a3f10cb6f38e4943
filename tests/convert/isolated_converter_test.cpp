#include "pagemd/convert/isolated_converter.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include <linux/landlock.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "proc_status.hpp"

namespace pagemd::convert {
namespace {

std::vector<std::string> this_program_as_worker() { return {"/proc/self/exe", "--converter-worker"}; }

// The real worker, whose conversion exhausts its limits on the pages "spin" and "hoard" (main.cpp).
std::vector<std::string> this_program_as_exhausting_worker() { return {"/proc/self/exe", "--exhausting-worker"}; }

Page page(std::string html) {
  Page request;
  request.body = std::move(html);
  request.url = "https://example.com/";
  return request;
}

const std::string kArticle =
    "<html><head><title>Isolated</title></head><body><article><p>Converted in another process.</p></article>"
    "</body></html>";

TEST(IsolatedConverter, AnswersLikeTheInProcessConverter) {
  auto converter = IsolatedConverter::start(this_program_as_worker(), {});
  ASSERT_TRUE(converter) << converter.error().message;
  ConvertOptions options;
  options.exclude_selectors = {"nav"};
  auto isolated = (*converter)->convert(page(kArticle), options);
  ASSERT_TRUE(isolated) << isolated.error().message;
  EXPECT_EQ(*isolated, *convert_page(page(kArticle), options));
  Page text = page("Plain <text>\n\nin two paragraphs");
  text.media_type = MediaType::plain_text;
  text.declared_charset = "windows-1252";
  EXPECT_EQ(*(*converter)->convert(text, {}), *convert_page(text, {}));
  EXPECT_EQ((*converter)->restarts(), 0U);
}

// Poppler runs inside the jail: what it needs is open before the filter goes on, and no PDF, sound or
// hostile, makes it call what the filter forbids (the worker would die, and the answer would be the
// supervisor's "could not be converted" instead of the conversion's own).
TEST(IsolatedConverter, PdfsConvertInTheJailAsInProcess) {
  auto converter = IsolatedConverter::start(this_program_as_worker(), {1});
  ASSERT_TRUE(converter) << converter.error().message;
  for (const char* name :
       {"article.pdf", "two-columns.pdf", "partly-scanned.pdf", "cjk.pdf", "encrypted.pdf", "image-only.pdf",
        "blank-pages.pdf", "truncated.pdf", "bad-xref.pdf", "deep-nesting.pdf", "flate-bomb.pdf"}) {
    std::ifstream in(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "pdf" / name, std::ios::binary);
    const Page pdf = page(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
    ASSERT_GT(pdf.body.size(), 1000U) << name;
    const auto isolated = (*converter)->convert(pdf, {});
    const auto in_process = convert_page(pdf, {});
    const std::string_view sound(name);
    if (sound == "article.pdf" || sound == "two-columns.pdf" || sound == "partly-scanned.pdf" || sound == "cjk.pdf") {
      ASSERT_TRUE(isolated) << name << ": " << isolated.error().message;
      EXPECT_EQ(isolated->markdown.rfind('#', 0), 0U) << name << " starts with its title:\n" << isolated->markdown;
    }
    ASSERT_EQ(isolated.has_value(), in_process.has_value()) << name;
    if (isolated) {
      EXPECT_EQ(*isolated, *in_process) << name;
    } else {
      EXPECT_EQ(isolated.error().code, in_process.error().code) << name << ": " << isolated.error().message;
      EXPECT_EQ(isolated.error().message, in_process.error().message) << name;
    }
  }
}

TEST(IsolatedConverter, SelectorErrorsComeBackWithoutLosingTheWorker) {
  auto converter = IsolatedConverter::start(this_program_as_worker(), {1});
  ASSERT_TRUE(converter);
  ConvertOptions options;
  options.exclude_selectors = {">>"};
  auto failed = (*converter)->convert(page(kArticle), options);
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().code, core::ErrorCode::invalid_request);
  EXPECT_TRUE((*converter)->convert(page(kArticle), {}));
  EXPECT_EQ((*converter)->restarts(), 0U);
}

TEST(IsolatedConverter, ManyThreadsShareFewWorkers) {
  auto converter = IsolatedConverter::start(this_program_as_worker(), {2});
  ASSERT_TRUE(converter);
  std::atomic<int> successes{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 5; ++i) {
        auto result = (*converter)->convert(page("<title>p" + std::to_string(t * 10 + i) + "</title><p>text</p>"), {});
        if (result && result->metadata.title == "p" + std::to_string(t * 10 + i)) ++successes;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(successes.load(), 40);
}

// What a worker converting `body` writes: to the supervisor's log (captured), and straight to the supervisor's
// stderr (a file in its place while the converter lives), and the worker's process id.
struct WorkerOutput {
  std::string log;
  std::string on_stderr;
  pid_t worker = -1;
};

WorkerOutput output_of_worker_converting(const std::string& body) {
  WorkerOutput output;
  std::FILE* direct = std::tmpfile();
  if (direct == nullptr) return output;
  const int saved_stderr = ::dup(STDERR_FILENO);
  ::dup2(::fileno(direct), STDERR_FILENO);
  std::ostringstream log;
  const auto previous_logger = spdlog::default_logger();
  spdlog::set_default_logger(
      std::make_shared<spdlog::logger>("relayed", std::make_shared<spdlog::sinks::ostream_sink_mt>(log)));
  {
    auto converter = IsolatedConverter::start(this_program_as_exhausting_worker(), {1});
    if (converter) {
      output.worker = (*converter)->idle_worker_pids().at(0);
      EXPECT_TRUE((*converter)->convert(page(body), {}));
    }
  }  // the workers end, and with them their output
  spdlog::set_default_logger(previous_logger);
  ::dup2(saved_stderr, STDERR_FILENO);
  ::close(saved_stderr);
  std::fseek(direct, 0, SEEK_SET);
  for (int c = std::fgetc(direct); c != EOF; c = std::fgetc(direct)) output.on_stderr.push_back(static_cast<char>(c));
  std::fclose(direct);
  output.log = log.str();
  return output;
}

// A worker's stderr is a pipe the supervisor relays into its log, a line at a time with the worker's
// process id, not the supervisor's own stderr (the daemon's log, which a worker could otherwise fill).
TEST(IsolatedConverter, AWorkersOutputReachesTheLogThroughTheSupervisor) {
  const WorkerOutput output = output_of_worker_converting("speak");
  ASSERT_GT(output.worker, 0);
  const std::string prefix = "converter " + std::to_string(output.worker) + ": ";
  EXPECT_NE(output.log.find(prefix + "a word from the worker\n"), std::string::npos) << output.log;
  EXPECT_NE(output.log.find(prefix + "its last words\n"), std::string::npos) << output.log;
  EXPECT_EQ(output.on_stderr.find("worker"), std::string::npos) << output.on_stderr;
}

// A worker gone bad cannot flood the log: a line is cut at 2 KiB, and past 1,000 lines a worker's lines are
// dropped, one line saying so. A line that came in two writes is one line.
TEST(IsolatedConverter, AWorkersOutputIsBounded) {
  const WorkerOutput output = output_of_worker_converting("chatter");
  ASSERT_GT(output.worker, 0);
  const std::string& log = output.log;
  const std::string prefix = "converter " + std::to_string(output.worker) + ": ";
  EXPECT_NE(log.find(prefix + "first half, second half\n"), std::string::npos) << log.substr(0, 300);
  EXPECT_NE(log.find(prefix + std::string(2048, 'x') + "\n"), std::string::npos);
  EXPECT_EQ(log.find(std::string(2049, 'x')), std::string::npos);
  // Two lines before these: the last kept is line 997.
  EXPECT_NE(log.find(prefix + "line 997\n"), std::string::npos);
  EXPECT_EQ(log.find(prefix + "line 998\n"), std::string::npos);
  EXPECT_NE(log.find("the rest are dropped"), std::string::npos);
}

TEST(IsolatedConverter, AWorkerThatDiesCostsOnlyItsRequest) {
  // /bin/false plays a converter that crashes on every page: each request fails alone, the pool
  // replaces the worker, and the caller sees unsupported_content rather than an exception or a hang.
  auto converter = IsolatedConverter::start({"/bin/false"}, {1});
  ASSERT_TRUE(converter);
  for (int i = 0; i < 3; ++i) {
    auto result = (*converter)->convert(page(kArticle), {});
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
  }
  EXPECT_EQ((*converter)->restarts(), 3U);
}

TEST(IsolatedConverter, APageOverTheCpuLimitFailsAndTheNextPageWorks) {
  IsolationLimits limits;
  limits.processes = 1;
  limits.cpu_per_page = std::chrono::seconds{1};
  // The supervisor's wall-clock deadline lies past the suite's timeout: only the worker's CPU limit
  // can end the spinning page in time.
  limits.wall_grace = std::chrono::hours{1};
  // The worker spins for ever on this page: the kernel's SIGXCPU ends it at its allowance.
  auto converter = IsolatedConverter::start(this_program_as_exhausting_worker(), limits);
  ASSERT_TRUE(converter);
  auto result = (*converter)->convert(page("spin"), {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
  EXPECT_EQ((*converter)->restarts(), 1U);
  auto next = (*converter)->convert(page(kArticle), {});
  ASSERT_TRUE(next) << next.error().message;
  EXPECT_EQ(*next, *convert_page(page(kArticle), {}));
  EXPECT_EQ((*converter)->restarts(), 1U);
}

TEST(IsolatedConverter, AWorkerThatHangsIsKilledAtTheDeadline) {
  IsolationLimits limits;
  limits.processes = 1;
  limits.cpu_per_page = std::chrono::seconds{0};
  limits.wall_grace = std::chrono::milliseconds{300};
  auto converter = IsolatedConverter::start({"/bin/sleep", "600"}, limits);
  ASSERT_TRUE(converter);
  auto result = (*converter)->convert(page(kArticle), {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
  EXPECT_EQ((*converter)->restarts(), 1U);
}

TEST(IsolatedConverter, APageOverTheMemoryLimitFailsAndTheNextPageWorks) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "sanitizer builds cannot limit address space (see converter_worker.cpp)";
#endif
  IsolationLimits limits;
  limits.processes = 1;
  // About 100 MiB of the address space is the worker itself (ICU's and CLD2's tables among it).
  limits.memory_bytes = std::size_t{192} * 1024 * 1024;
  // The worker takes memory on this page until the limit refuses it, however little a page's tree
  // takes: it answers that the page needs more memory, and ends.
  auto converter = IsolatedConverter::start(this_program_as_exhausting_worker(), limits);
  ASSERT_TRUE(converter);
  auto result = (*converter)->convert(page("hoard"), {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(result.error().message.find("more memory"), std::string::npos) << result.error().message;
  EXPECT_EQ((*converter)->restarts(), 1U);
  auto next = (*converter)->convert(page(kArticle), {});
  ASSERT_TRUE(next) << next.error().message;
  EXPECT_EQ(*next, *convert_page(page(kArticle), {}));
}

TEST(IsolatedConverter, AResultOverTheBoundIsRefusedWithoutLosingTheWorker) {
  IsolationLimits limits;
  limits.processes = 1;
  limits.max_result_bytes = 4096;
  auto converter = IsolatedConverter::start(this_program_as_worker(), limits);
  ASSERT_TRUE(converter);
  std::string long_page = "<html><body><article>";
  for (int i = 0; i < 200; ++i) long_page += "<p>A paragraph of several words that the result keeps.</p>";
  auto refused = (*converter)->convert(page(long_page + "</article></body></html>"), {});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(refused.error().message.find("max_result_bytes"), std::string::npos) << refused.error().message;
  EXPECT_TRUE((*converter)->convert(page(kArticle), {}));
}

// Whether this kernel lets a process confine itself with landlock (the worker's jail then lets it
// read poppler-data's files, and nothing else).
bool kernel_has_landlock() {
  return ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION) >= 1;
}

TEST(IsolatedConverter, AWorkerThatTriesToEscapeItsJailIsKilledOrRefused) {
  // The escaping worker jails itself as the real one does and then, on request, opens or looks at a
  // file, writes one among poppler's data, makes a socket or runs a program. Each attempt must end
  // the worker (SIGSYS) or fail, and fail only its own request; a request that asks for no escape
  // shows the worker answers when left alone.
  auto converter = IsolatedConverter::start({"/proc/self/exe", "--escaping-worker"}, {1});
  ASSERT_TRUE(converter);
  std::size_t restarts = 0;
  for (const std::string escape : {"open", "stat", "create", "socket", "exec", "terminal"}) {
    auto result = (*converter)->convert(page(escape), {});
    if (result) {
      EXPECT_EQ(result->markdown, "refused: " + escape) << escape << " got through";
      continue;
    }
    EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
    EXPECT_EQ((*converter)->restarts(), ++restarts);
  }
  for (const std::string harmless_call : {"nothing", "isatty"}) {
    auto harmless = (*converter)->convert(page(harmless_call), {});
    ASSERT_TRUE(harmless) << harmless_call;
    EXPECT_EQ(harmless->markdown, "escaped: " + harmless_call);
  }
  // Reading a CMap is what landlock is there for; without it, even that kills the worker.
  auto cmap = (*converter)->convert(page("read-poppler-data"), {});
  if (kernel_has_landlock()) {
    ASSERT_TRUE(cmap) << cmap.error().message;
    EXPECT_EQ(cmap->markdown, "escaped: read-poppler-data: %!PS-Adobe");
  } else {
    EXPECT_FALSE(cmap);
  }
}

std::string pdf_fixture(const char* name) {
  std::ifstream in(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "pdf" / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Eight CMaps that the worker did not read before its jail, more than poppler keeps at once: read in
// the jail where landlock lets the worker read poppler-data, as in the process.
TEST(IsolatedConverter, CjkPdfsWithAnyCMapConvertInTheJail) {
  if (!kernel_has_landlock()) GTEST_SKIP() << "this kernel has no landlock";
  auto converter = IsolatedConverter::start(this_program_as_worker(), {1});
  ASSERT_TRUE(converter) << converter.error().message;
  const Page pdf = page(pdf_fixture("cjk-other-cmaps.pdf"));
  const auto in_process = convert_page(pdf, {});
  ASSERT_TRUE(in_process) << in_process.error().message;
  for (const char* line :
       {"简体中文", "中文文档", "繁體中文", "台灣文件", "日本語", "文書です", "한국어", "문서입니다"}) {
    EXPECT_NE(in_process->markdown.find(line), std::string::npos) << line << " missing from\n" << in_process->markdown;
  }
  for (int twice = 0; twice < 2; ++twice) {  // the second time after poppler has dropped the first CMaps again
    const auto isolated = (*converter)->convert(pdf, {});
    ASSERT_TRUE(isolated) << isolated.error().message;
    EXPECT_EQ(*isolated, *in_process);
  }
  EXPECT_EQ((*converter)->restarts(), 0U);
}

// Without landlock the jail opens no file: such a PDF fails with a sentence that says why, the
// worker is replaced, and the next page converts.
TEST(IsolatedConverter, WithoutLandlockACjkPdfNeedingACMapFailsSayingWhy) {
  auto converter = IsolatedConverter::start({"/proc/self/exe", "--worker-without-landlock"}, {1});
  ASSERT_TRUE(converter) << converter.error().message;
  const auto refused = (*converter)->convert(page(pdf_fixture("cjk-other-cmaps.pdf")), {});
  ASSERT_FALSE(refused) << refused->markdown;
  EXPECT_EQ(refused.error().code, core::ErrorCode::unsupported_content);
  EXPECT_NE(refused.error().message.find("character map from poppler-data"), std::string::npos)
      << refused.error().message;
  EXPECT_NE(refused.error().message.find("landlock"), std::string::npos) << refused.error().message;
  // The four Unicode CMaps read before the jail still serve.
  const auto cjk = (*converter)->convert(page(pdf_fixture("cjk.pdf")), {});
  ASSERT_TRUE(cjk) << cjk.error().message;
  EXPECT_NE(cjk->markdown.find("日本語の文書"), std::string::npos) << cjk->markdown;
}

// The "Max core file size" row of /proc/<pid>/limits: its soft and hard limit.
std::string core_file_limits(pid_t pid) {
  std::ifstream limits("/proc/" + std::to_string(pid) + "/limits");
  for (std::string line; std::getline(limits, line);) {
    if (line.rfind("Max core file size", 0) != 0) continue;
    std::istringstream fields(line.substr(std::string("Max core file size").size()));
    std::string soft;
    std::string hard;
    fields >> soft >> hard;
    return soft + " " + hard;
  }
  return "not found";
}

TEST(IsolatedConverter, EveryWorkerRunsUnderSeccompWithNoNewPrivileges) {
  auto converter = IsolatedConverter::start(this_program_as_worker(), {3});
  ASSERT_TRUE(converter);
  ASSERT_TRUE((*converter)->convert(page(kArticle), {}));  // the workers are past their start-up
  const auto workers = (*converter)->idle_worker_pids();
  ASSERT_EQ(workers.size(), 3U);
  for (const pid_t worker : workers) {
    // A worker that has not converted yet may still be starting (loading ICU's and CLD2's tables, slow
    // under the sanitizers): wait for it to jail itself. The bound is only there to fail a worker that never does.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds{60};
    while (testing::proc_status_field(worker, "Seccomp") != "2" && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_EQ(testing::proc_status_field(worker, "Seccomp"), "2") << "worker " << worker;
    EXPECT_EQ(testing::proc_status_field(worker, "NoNewPrivs"), "1") << "worker " << worker;
    EXPECT_EQ(core_file_limits(worker), "0 0") << "worker " << worker << " may dump core";
  }
}

}  // namespace
}  // namespace pagemd::convert
