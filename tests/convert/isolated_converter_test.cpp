#include "pagemd/convert/isolated_converter.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <unistd.h>

namespace pagemd::convert {
namespace {

std::vector<std::string> this_program_as_worker() { return {"/proc/self/exe", "--converter-worker"}; }

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
  auto converter = IsolatedConverter::start(this_program_as_worker(), limits);
  ASSERT_TRUE(converter);
  // Several seconds of work in any build: the kernel's SIGXCPU ends the worker at its allowance.
  std::string heavy = "<html><body>";
  for (int i = 0; i < 2'000'000; ++i) heavy += "<p>word <b>word</b> word</p>";
  auto result = (*converter)->convert(page(heavy), {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
  EXPECT_EQ((*converter)->restarts(), 1U);
  EXPECT_TRUE((*converter)->convert(page(kArticle), {}));
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
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer builds cannot limit address space (see converter_worker.cpp)";
#endif
  IsolationLimits limits;
  limits.processes = 1;
  limits.memory_bytes = std::size_t{48} * 1024 * 1024;
  auto converter = IsolatedConverter::start(this_program_as_worker(), limits);
  ASSERT_TRUE(converter);
  // Ten thousand levels of nesting with text at every level: far more tree than 48 MiB holds.
  std::string heavy = "<html><body>";
  for (int i = 0; i < 200000; ++i) heavy += "<div><p>word word word</p>";
  auto result = (*converter)->convert(page(heavy), {});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::unsupported_content);
  EXPECT_GE((*converter)->restarts(), 1U);
  EXPECT_TRUE((*converter)->convert(page(kArticle), {}));
}

}  // namespace
}  // namespace pagemd::convert
