#include "daemon_test.hpp"

#include <cstdlib>
#include <filesystem>

namespace pagemd::testing {

std::string article_html(const std::string& title, int seed) {
  std::string html = "<!DOCTYPE html><html lang=\"en\"><head><title>" + title +
                     "</title></head><body><nav><a href=\"/\">Home</a></nav><article><h1>" + title + "</h1>";
  for (int paragraph = 0; paragraph < 8; ++paragraph) {
    html += "<p>Paragraph " + std::to_string(paragraph) + " of article " + std::to_string(seed) +
            " explains, in plain words, how the rivers of the valley carry sand and stones down to the sea, "
            "and why the water there is clearer in winter than it is in the warm months of the year.";
    if (paragraph == 3) html += " The survey has <a href=\"/more\">more about rivers</a> for the curious.";
    html += "</p>";
  }
  html += "</article><footer>Copyright</footer></body></html>";
  return html;
}

bool have_browser() {
  for (const char* dir : {"/usr/bin", "/usr/local/bin", "/bin"}) {
    if (std::filesystem::exists(std::filesystem::path(dir) / "chromium-headless-shell")) return true;
  }
  if (std::getenv("PAGEMD_REQUIRE_BROWSER") != nullptr) {
    ADD_FAILURE() << "chromium-headless-shell is required (PAGEMD_REQUIRE_BROWSER) but not installed";
  }
  return false;
}

void DaemonTest::start_daemon(const std::vector<std::string>& extra_args, const std::string& plan) {
  account_ = create_account(data_dir_.path(), plan);
  std::vector<std::string> args{"--allow-private-targets", "127.0.0.0/8"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  daemon_ = std::make_unique<DaemonProcess>(data_dir_.path(), args, daemon_environment_);
}

HttpResponse DaemonTest::extract(const std::string& url, const std::string& key) {
  return extract_body(nlohmann::json{{"url", url}}.dump(), key);
}

HttpResponse DaemonTest::extract_body(const std::string& body, const std::string& key) {
  return http_request("POST", daemon_->api("/extract"), {bearer(key), "Content-Type: application/json"}, body);
}

HttpResponse DaemonTest::get(const std::string& api_path, const std::string& key) {
  return http_request("GET", daemon_->api(api_path), {bearer(key)});
}

}  // namespace pagemd::testing
