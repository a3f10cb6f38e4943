// The DevTools pipe against a scripted browser on the other end of a socket pair.
#include "devtools_pipe.hpp"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

#include "base64.hpp"

namespace pagemd::render::detail {
namespace {

using namespace std::chrono_literals;

// The browser's end: reads NUL-ended commands and writes raw bytes back.
class ScriptedBrowser {
 public:
  ScriptedBrowser() {
    int fds[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), 0);
    ours_ = fds[0];
    theirs_ = fds[1];
  }
  ~ScriptedBrowser() {
    if (theirs_ >= 0) ::close(theirs_);
  }
  int take_pipe_end() { return ours_; }

  nlohmann::json read_command() {
    std::string text;
    char c = 0;
    while (::read(theirs_, &c, 1) == 1 && c != '\0') text.push_back(c);
    return nlohmann::json::parse(text, nullptr, false);
  }
  void write(std::string_view bytes) {
    ASSERT_EQ(::write(theirs_, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  void write_message(const nlohmann::json& message) { write(message.dump() + std::string(1, '\0')); }
  void close() {
    ::close(theirs_);
    theirs_ = -1;
  }

 private:
  int ours_ = -1;
  int theirs_ = -1;
};

TEST(DevToolsPipe, ACallGetsTheReplyWithItsOwnIdWhateverComesBetween) {
  ScriptedBrowser browser;
  DevToolsPipe pipe(browser.take_pipe_end(), 1 << 20);
  std::thread answer([&] {
    const auto command = browser.read_command();
    EXPECT_EQ(command["method"], "Target.createTarget");
    EXPECT_EQ(command["sessionId"], "S1");
    // An event, a reply nobody waits for, then the reply in two pieces.
    browser.write_message({{"method", "Page.loadEventFired"}, {"params", {{"timestamp", 1}}}, {"sessionId", "S1"}});
    browser.write_message({{"id", 999}, {"result", nlohmann::json::object()}});
    const std::string reply = nlohmann::json{{"id", command["id"]}, {"result", {{"targetId", "T"}}}}.dump();
    browser.write(reply.substr(0, 5));
    browser.write(reply.substr(5) + std::string(1, '\0'));
  });
  auto result = pipe.call("Target.createTarget", {{"url", "about:blank"}}, "S1", Clock::now() + 5s);
  answer.join();
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ((*result)["targetId"], "T");
  auto event = pipe.next_event(Clock::now() + 1s);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->method, "Page.loadEventFired");
  EXPECT_EQ(event->session_id, "S1");
  EXPECT_FALSE(pipe.next_event(Clock::now() + 50ms));  // the stray reply is not an event
}

TEST(DevToolsPipe, AnErrorReplyFailsTheCallWithTheBrowsersReason) {
  ScriptedBrowser browser;
  DevToolsPipe pipe(browser.take_pipe_end(), 1 << 20);
  std::thread answer([&] {
    const auto command = browser.read_command();
    browser.write_message({{"id", command["id"]}, {"error", {{"code", -32000}, {"message", "No target"}}}});
  });
  auto result = pipe.call("Target.closeTarget", nlohmann::json::object(), {}, Clock::now() + 5s);
  answer.join();
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, core::ErrorCode::fetch_failed);
  EXPECT_NE(result.error().message.find("No target"), std::string::npos);
}

TEST(DevToolsPipe, ABrowserThatNeverAnswersTimesOutAndOneThatLeavesBreaksThePipe) {
  ScriptedBrowser browser;
  DevToolsPipe pipe(browser.take_pipe_end(), 1 << 20);
  auto silent = pipe.call("Browser.getVersion", nlohmann::json::object(), {}, Clock::now() + 100ms);
  ASSERT_FALSE(silent);
  EXPECT_EQ(silent.error().code, core::ErrorCode::fetch_timeout);
  EXPECT_FALSE(pipe.broken());
  browser.close();
  auto gone = pipe.call("Browser.getVersion", nlohmann::json::object(), {}, Clock::now() + 5s);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().code, core::ErrorCode::fetch_failed);
  EXPECT_TRUE(pipe.broken());
  EXPECT_FALSE(pipe.send("Browser.close", nlohmann::json::object()));
}

TEST(DevToolsPipe, AMessageOverTheBoundBreaksThePipe) {
  ScriptedBrowser browser;
  DevToolsPipe pipe(browser.take_pipe_end(), 1024);
  browser.write(std::string(4096, 'x'));  // no NUL: a message that never ends
  auto event = pipe.next_event(Clock::now() + 5s);
  EXPECT_FALSE(event);
  EXPECT_TRUE(pipe.broken());
}

TEST(DevToolsPipe, TheEventHandlerTakesWhatItClaimsAndLeavesTheRest) {
  ScriptedBrowser browser;
  DevToolsPipe pipe(browser.take_pipe_end(), 1 << 20);
  std::atomic<int> claimed{0};
  pipe.set_event_handler([&](DevToolsEvent& event) {
    if (event.method != "Fetch.requestPaused") return false;
    ++claimed;
    return true;
  });
  browser.write_message({{"method", "Fetch.requestPaused"}, {"params", {{"requestId", "1"}}}});
  browser.write_message({{"method", "Page.loadEventFired"}, {"params", nlohmann::json::object()}});
  auto event = pipe.next_event(Clock::now() + 5s);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->method, "Page.loadEventFired");
  EXPECT_EQ(claimed.load(), 1);
  pipe.set_event_handler({});
  browser.write_message({{"method", "Fetch.requestPaused"}, {"params", {{"requestId", "2"}}}});
  event = pipe.next_event(Clock::now() + 5s);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->method, "Fetch.requestPaused");
  EXPECT_EQ(claimed.load(), 1);
}

TEST(Base64, EncodesAsRfc4648WithPadding) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foo"), "Zm9v");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64_encode(std::string("\xff\x00\xfe", 3)), "/wD+");
}

}  // namespace
}  // namespace pagemd::render::detail
