#pragma once

// A test fixture with a real pagemdd on loopback, a local origin to fetch pages from, and an account.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "daemon_process.hpp"
#include "fixture_server.hpp"
#include "http_client.hpp"
#include "scratch_dir.hpp"

namespace pagemd::testing {

// An article long enough not to be thin, different per `seed` so that pages do not share cache entries.
std::string article_html(const std::string& title, int seed = 0);

// Whether chromium-headless-shell is installed; a test failure when it is not and the environment
// sets PAGEMD_REQUIRE_BROWSER.
bool have_browser();

class DaemonTest : public ::testing::Test {
 protected:
  // Starts the daemon with `--allow-private-targets 127.0.0.0/8` plus `extra_args`, and one account.
  void start_daemon(const std::vector<std::string>& extra_args = {}, const std::string& plan = "free");

  // POST /extract with {"url": url} (or `body` verbatim) and the account's key.
  HttpResponse extract(const std::string& url, const std::string& key);
  HttpResponse extract_body(const std::string& body, const std::string& key);
  HttpResponse get(const std::string& api_path, const std::string& key);
  static std::string bearer(const std::string& key) { return "Authorization: Bearer " + key; }

  ScratchDir data_dir_;
  FixtureServer origin_;
  std::optional<TestAccount> account_;
  std::unique_ptr<DaemonProcess> daemon_;
  std::vector<std::string> daemon_environment_;  // NAME=value, for the daemons start_daemon starts
};

}  // namespace pagemd::testing
