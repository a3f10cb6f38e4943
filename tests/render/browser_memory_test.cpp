// The browser's memory bound holds while a page renders, with a real chromium-headless-shell: a page
// that would take gigabytes (in ArrayBuffers, or in plain JavaScript arrays) ends in an error with the
// browser's processes never far past the bound, and the next page renders in a fresh browser.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>

#include "browser/browser_memory.hpp"
#include "fixture_server.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/render/browser_pool.hpp"
#include "render_test_support.hpp"

namespace pagemd::render {
namespace {

using namespace std::chrono_literals;

constexpr std::size_t kMiB = std::size_t{1024} * 1024;
// What the acceptance allows past the bound: the watchdog samples, so a fast page gains a little
// between two samples, and the kernel frees a killed browser's memory as it goes.
constexpr std::size_t kAllowedOvershoot = 256 * kMiB;

// Takes 2 GiB, 16 MiB at a time, each filled so that its pages are really used.
constexpr const char* kArrayBufferHog =
    "<body><p id=out>start</p><script>const kept = []; let total = 0;"
    "try { while (total < 2048 * 1048576) { const b = new ArrayBuffer(16 * 1048576);"
    " new Uint8Array(b).fill(7); kept.push(b); total += 16 * 1048576; }"
    " document.getElementById('out').textContent = 'allocated ' + total;"
    "} catch (e) { document.getElementById('out').textContent = 'refused ' + e; }</script></body>";

// The same in plain arrays of numbers (8 bytes each), which live in V8's own heap.
constexpr const char* kArrayHog =
    "<body><p id=out>start</p><script>const kept = []; let total = 0;"
    "while (total < 2048 * 1048576) { kept.push(new Array(1048576).fill(total + 0.5)); total += 8 * 1048576; }"
    "document.getElementById('out').textContent = 'allocated ' + total;</script></body>";

enum class Hog { array_buffers, arrays };

class BrowserMemoryTest : public LoopbackOriginTest, public ::testing::WithParamInterface<Hog> {};

TEST_P(BrowserMemoryTest, APageThatTakesGigabytesEndsInAnErrorNearTheBound) {
  BrowserPoolOptions options;
  REQUIRE_BROWSER(options.browser);
  options.sandbox = browser_sandbox_possible();
  options.max_browser_bytes = 768 * kMiB;
  options.timeout = 60s;  // the bound, not the clock, must end the page
  serve(origin_, "/calm", "text/html", "<body><p>A calm page.</p></body>");
  serve(origin_, "/hog", "text/html", GetParam() == Hog::array_buffers ? kArrayBufferHog : kArrayHog);
  BrowserPool pool(options);
  ASSERT_TRUE(pool.render(document("/calm"), {}, fetcher_));
  ASSERT_EQ(pool.idle_browsers().size(), 1U);
  const pid_t group = pool.idle_browsers()[0].pid;

  // The test's own look at the browser, far more often than the watchdog's.
  std::atomic<bool> rendering{true};
  std::atomic<std::size_t> peak{0};
  std::thread sampler([&] {
    while (rendering) {
      peak = std::max(peak.load(), detail::resident_bytes(detail::group_members(group)));
      std::this_thread::sleep_for(1ms);
    }
  });
  const auto hog = pool.render(document("/hog"), {}, fetcher_);
  rendering = false;
  sampler.join();

  ASSERT_FALSE(hog) << "rendered: " << hog->html.substr(0, 200);
  EXPECT_TRUE(hog.error().code == core::ErrorCode::unsupported_content ||
              hog.error().code == core::ErrorCode::fetch_failed)
      << hog.error().message;
  EXPECT_GT(peak, 64 * kMiB) << "the sampler saw the browser";
  EXPECT_LE(peak, options.max_browser_bytes + kAllowedOvershoot) << "peak " << peak / kMiB << " MiB";

  auto calm = pool.render(document("/calm"), {}, fetcher_);
  ASSERT_TRUE(calm) << calm.error().message;
  EXPECT_NE(calm->html.find("A calm page."), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(ArrayBuffersAndArrays, BrowserMemoryTest, ::testing::Values(Hog::array_buffers, Hog::arrays),
                         [](const auto& param) { return param.param == Hog::arrays ? "PlainArrays" : "ArrayBuffers"; });

}  // namespace
}  // namespace pagemd::render
