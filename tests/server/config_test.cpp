#include "pagemd/server/config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>

#include "scratch_dir.hpp"

namespace pagemd::server {
namespace {

std::filesystem::path write_file(const testing::ScratchDir& dir, const std::string& text) {
  const auto path = dir.path() / "pagemdd.conf";
  std::ofstream(path) << text;
  return path;
}

TEST(Config, FileValuesOverrideDefaults) {
  const testing::ScratchDir dir;
  DaemonConfig config;
  ASSERT_TRUE(apply_config_file(config, write_file(dir,
                                                   "listen = \"[::1]:9000\"\nrate_limit_per_minute = 0\n"
                                                   "allow_private_targets = [\"10.1.0.0/16\", \"fd00::/8\"]\n"
                                                   "data_dir = \"/srv/pagemd\"\n")));
  EXPECT_EQ(config.listen, "[::1]:9000");
  EXPECT_EQ(config.rate_limit_per_minute, 0);
  EXPECT_EQ(config.allow_private_targets, (std::vector<std::string>{"10.1.0.0/16", "fd00::/8"}));
  EXPECT_EQ(config.data_dir, "/srv/pagemd");
  EXPECT_EQ(config.fetch_timeout, 15);  // untouched keys keep their defaults
  EXPECT_TRUE(validate_config(config));
}

TEST(Config, FileErrorsNameTheLineAndTheKey) {
  const testing::ScratchDir dir;
  const std::pair<const char*, const char*> cases[] = {
      {"listen = 8787\n", "listen must be a string"},
      {"\n\nfetch_timeout = \"15\"\n", ":3: fetch_timeout must be a whole number"},
      {"no_such_key = 1\n", "unknown setting 'no_such_key'"},
      {"fetch_timeout = 0\n", "fetch_timeout must be between 1 and 600"},
      {"allow_private_targets = \"10.0.0.0/8\"\n", "must be a list of strings"},
      {"allow_private_targets = [1]\n", "must be a list of strings"},
      {"listen = \n", "pagemdd.conf:1"},
  };
  for (const auto& [text, expected] : cases) {
    DaemonConfig config;
    auto applied = apply_config_file(config, write_file(dir, text));
    ASSERT_FALSE(applied) << text;
    EXPECT_NE(applied.error().message.find(expected), std::string::npos) << applied.error().message;
  }
}

TEST(Config, FlagValuesAreParsedLikeTheFile) {
  DaemonConfig config;
  ASSERT_TRUE(set_config_value(config, "allow_private_targets", "10.0.0.0/8, 192.168.0.0/16,"));
  EXPECT_EQ(config.allow_private_targets, (std::vector<std::string>{"10.0.0.0/8", "192.168.0.0/16"}));
  ASSERT_TRUE(set_config_value(config, "worker_threads", "8"));
  EXPECT_EQ(config.worker_threads, 8);
  EXPECT_FALSE(set_config_value(config, "worker_threads", "8x"));
  EXPECT_FALSE(set_config_value(config, "worker_threads", "-1"));
  EXPECT_FALSE(set_config_value(config, "nonsense", "1"));
}

// The browser time of an account's failed renders: 30 s a minute unless set, 0 turns the bound off,
// and more than an hour a minute is no bound at all and refused as a mistake.
TEST(Config, TheFailedRenderBudgetHasASensibleDefaultAndRange) {
  DaemonConfig config;
  EXPECT_EQ(config.render_failed_seconds_per_minute, 30);
  ASSERT_TRUE(set_config_value(config, "render_failed_seconds_per_minute", "0"));
  EXPECT_EQ(config.render_failed_seconds_per_minute, 0);
  ASSERT_TRUE(set_config_value(config, "render_failed_seconds_per_minute", "3600"));
  EXPECT_EQ(config.render_failed_seconds_per_minute, 3600);
  auto refused = set_config_value(config, "render_failed_seconds_per_minute", "3601");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("between 0 and 3600"), std::string::npos) << refused.error().message;
  EXPECT_FALSE(set_config_value(config, "render_failed_seconds_per_minute", "-1"));
}

// A PDF has bounds of its own: 32 MiB (the page cap stays 10 MiB) and 500 pages unless set.
TEST(Config, ThePdfBoundsHaveTheirDefaultsAndRanges) {
  DaemonConfig config;
  EXPECT_EQ(config.max_pdf_bytes, 32 * 1024 * 1024);
  EXPECT_EQ(config.max_page_bytes, 10 * 1024 * 1024);
  EXPECT_EQ(config.max_pdf_pages, 500);
  ASSERT_TRUE(set_config_value(config, "max_pdf_bytes", "4096"));
  ASSERT_TRUE(set_config_value(config, "max_pdf_pages", "3"));
  EXPECT_EQ(config.max_pdf_bytes, 4096);
  EXPECT_EQ(config.max_pdf_pages, 3);
  EXPECT_EQ(config.max_page_bytes, 10 * 1024 * 1024);
  EXPECT_FALSE(set_config_value(config, "max_pdf_bytes", "1023"));
  EXPECT_FALSE(set_config_value(config, "max_pdf_pages", "0"));
  EXPECT_FALSE(set_config_value(config, "max_pdf_pages", "100001"));
}

TEST(Config, ValidationCatchesWhatNoSingleKeyCan) {
  DaemonConfig config;
  EXPECT_TRUE(validate_config(config));
  config.log_level = "loud";
  EXPECT_FALSE(validate_config(config));
  config = {};
  config.allow_private_targets = {"10.0.0.0/33"};
  EXPECT_FALSE(validate_config(config));
  config = {};
  config.listen = "localhost";
  EXPECT_FALSE(validate_config(config));
  // A memory limit too small for the converter itself: none (0) or at least 256 MiB.
  config = {};
  config.extract_memory_mib = 64;
  auto refused = validate_config(config);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("extract_memory_mib"), std::string::npos);
  config.extract_memory_mib = 0;
  EXPECT_TRUE(validate_config(config));
  config.extract_memory_mib = 256;
  EXPECT_TRUE(validate_config(config));
}

TEST(Config, ListenAddresses) {
  EXPECT_EQ(*parse_listen("127.0.0.1:8787"), (std::pair<std::string, std::uint16_t>{"127.0.0.1", 8787}));
  EXPECT_EQ(*parse_listen("[::1]:0"), (std::pair<std::string, std::uint16_t>{"::1", 0}));
  for (const char* bad : {"", ":80", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "[::1:80", "host:8x"}) {
    EXPECT_FALSE(parse_listen(bad)) << bad;
  }
}

TEST(Config, RenderingRoundTripsThroughTheFileParser) {
  DaemonConfig original;
  original.allow_private_targets = {"10.0.0.0/8"};
  original.user_agent = "agent \"quoted\"";
  original.max_connections = 77;
  original.max_connections_per_address = 7;
  const testing::ScratchDir dir;
  DaemonConfig reread;
  ASSERT_TRUE(apply_config_file(reread, write_file(dir, render_config(original))));
  EXPECT_EQ(render_config(reread), render_config(original));
  for (const ConfigKey& key : config_keys()) {
    EXPECT_NE(render_config(original).find(std::string(key.name) + " = "), std::string::npos) << key.name;
  }
  EXPECT_EQ(flag_name("rate_limit_per_minute"), "--rate-limit-per-minute");
}

TEST(ConfigRendering, TheDatabasePasswordIsNeverPrinted) {
  DaemonConfig config;
  for (const std::string url :
       {"postgresql://pagemd:s3cret@db.example/pagemd", "postgresql://pagemd@db.example/pagemd?password=s3cret"}) {
    config.database_url = url;
    const std::string printed = render_config(config);
    EXPECT_EQ(printed.find("s3cret"), std::string::npos) << printed;
    EXPECT_NE(printed.find("database_url = \"postgresql://pagemd"), std::string::npos) << printed;
  }
}

// Sets an environment variable for a test's scope, restoring the previous value after.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const std::string& value) : name_(name) {
    if (const char* before = std::getenv(name)) before_ = before;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedVariable() {
    if (before_) {
      ::setenv(name_, before_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
  std::optional<std::string> before_;
};

// The packaged unit keeps the database's password out of the world-readable file: systemd hands it over as
// a credential (LoadCredential=database_url:PATH) or in PAGEMD_DATABASE_URL from a 0600 EnvironmentFile=.
TEST(ConfigEnvironment, TheDatabaseUrlComesFromTheCredentialOrTheVariable) {
  const testing::ScratchDir credentials;
  const ScopedVariable directory("CREDENTIALS_DIRECTORY", credentials.path().string());
  const ScopedVariable no_variable(kDatabaseUrlVariable, "");
  auto none = database_url_from_environment();
  ASSERT_TRUE(none);
  EXPECT_FALSE(*none) << "no credential file: the configuration file's value stands";

  std::ofstream(credentials.path() / kDatabaseUrlCredential) << "postgresql://pagemd:s3cret@db.example/pagemd\n";
  auto from_credential = database_url_from_environment();
  ASSERT_TRUE(from_credential && *from_credential);
  EXPECT_EQ(**from_credential, "postgresql://pagemd:s3cret@db.example/pagemd") << "one line, its end dropped";

  const ScopedVariable variable(kDatabaseUrlVariable, "postgresql://pagemd@other.example/pagemd");
  auto from_variable = database_url_from_environment();
  ASSERT_TRUE(from_variable && *from_variable);
  EXPECT_EQ(**from_variable, "postgresql://pagemd@other.example/pagemd") << "the variable comes first";
}

TEST(ConfigEnvironment, AnUnreadableCredentialIsAnError) {
  const testing::ScratchDir credentials;
  const ScopedVariable directory("CREDENTIALS_DIRECTORY", credentials.path().string());
  const ScopedVariable no_variable(kDatabaseUrlVariable, "");
  // A directory where the file should be cannot be read as one.
  std::filesystem::create_directory(credentials.path() / kDatabaseUrlCredential);
  const auto read = database_url_from_environment();
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().code, core::ErrorCode::invalid_request);
}

}  // namespace
}  // namespace pagemd::server
