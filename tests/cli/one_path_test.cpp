// The daemon (`pagemd extract`), `pagemd batch` and `pagemd convert` convert a page through one path:
// on the same page they give byte-identical Markdown and the same title and word count.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <thread>
#include <tuple>

#include <nlohmann/json.hpp>

#include "child_process.hpp"
#include "daemon_process.hpp"
#include "fixture_server.hpp"
#include "scratch_dir.hpp"
#include "read_file.hpp"

namespace pagemd::testing {
namespace {

namespace fs = std::filesystem;

struct Converted {
  std::string markdown;
  std::string title;
  std::size_t word_count = 0;
  std::string page_type;
  std::string content_type;
};

struct FixturePage {
  std::string path;  // on the origin, and the file name for `pagemd convert`
  std::string content_type;
  std::string body;
};

std::string test_pdf(const std::string& name) {
  std::ifstream in(fs::path(PAGEMD_TEST_DATA_DIR) / "pdf" / name, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::vector<FixturePage>& fixture_pages() {
  static const std::vector<FixturePage> pages{
      {"/article.html", "text/html; charset=utf-8",
       "<html><head><title>One path | Example</title></head><body><nav><a href=\"/\">Home</a> | "
       "<a href=\"/about\">About</a></nav><article><h1>One path</h1><p>Every entry point converts a page the same "
       "way, with <a href=\"/rules\">the same rules</a> and <em>the same</em> output.</p><ul><li>daemon</li>"
       "<li>batch</li><li>convert</li></ul><p>A second paragraph, &lt;escaped&gt; &amp; kept.</p></article>"
       "<footer>Copyright</footer></body></html>"},
      {"/notes.txt", "text/plain",
       "Meeting notes\n\nThe <angle brackets> stay, and *stars* are text.\nA second line of the paragraph.\n\n"
       "Last paragraph: a < b > c & d."},
      {"/legacy.html", "text/html",
       "<html><head><meta charset=\"windows-1252\"><title>Caf\xE9 cr\xE8me</title></head><body><article>"
       "<p>\x93Quoted\x94 text \x96 with a dash, na\xEFve r\xE9sum\xE9s and 10\x80.</p></article></body></html>"},
      {"/report.pdf", "application/pdf", test_pdf("article.pdf")},
  };
  return pages;
}

Converted from_result(const nlohmann::json& result) {
  return {result.at("markdown").get<std::string>(), result.at("metadata").at("title").get<std::string>(),
          result.at("metadata").at("word_count").get<std::size_t>(),
          result.at("metadata").at("page_type").get<std::string>(),
          result.at("metadata").at("content_type").get<std::string>()};
}

TEST(OnePath, DaemonBatchAndConvertGiveTheSameResult) {
  FixtureServer origin;
  for (const FixturePage& page : fixture_pages()) {
    origin.handle(page.path, [&page](const HttpRequest&, Responder& r) { r.send(200, page.content_type, page.body); });
  }
  ScratchDir scratch;
  const fs::path data = scratch.path() / "data";
  fs::create_directories(data);
  DaemonProcess daemon(data, {"--allow-private-targets", "127.0.0.0/8", "--extract-memory-mib", "0"});
  const TestAccount account = create_account(data);
  const std::vector<std::string> environment{"PAGEMD_URL=" + daemon.api(""), "PAGEMD_API_KEY=" + account.key};

  std::ofstream(scratch.path() / "urls.txt") << origin.url("/article.html") << '\n'
                                             << origin.url("/notes.txt") << '\n'
                                             << origin.url("/legacy.html") << '\n'
                                             << origin.url("/report.pdf") << '\n';
  const fs::path out = scratch.path() / "out";
  const RunResult batch = run_program({pagemd_binary(), "batch", "-i", (scratch.path() / "urls.txt").string(), "-o",
                                       out.string(), "--allow-private-targets", "127.0.0.0/8"});
  ASSERT_EQ(batch.status, 0) << batch.err;
  std::map<std::string, nlohmann::json> manifest;
  {
    std::ifstream lines(out / "manifest.jsonl");
    for (std::string line; std::getline(lines, line);) {
      const auto entry = nlohmann::json::parse(line);
      manifest[entry.at("url").get<std::string>()] = entry;
    }
  }

  for (const FixturePage& page : fixture_pages()) {
    SCOPED_TRACE(page.path);
    const std::string url = origin.url(page.path);

    const RunResult extracted = run_program({pagemd_binary(), "extract", url, "--json"}, environment);
    ASSERT_EQ(extracted.status, 0) << extracted.err;
    const Converted by_daemon = from_result(nlohmann::json::parse(extracted.out));

    const fs::path file = scratch.path() / page.path.substr(1);
    std::ofstream(file, std::ios::binary) << page.body;
    const RunResult converted = run_program({pagemd_binary(), "convert", file.string(), "--base-url", url, "--json"});
    ASSERT_EQ(converted.status, 0) << converted.err;
    const Converted by_convert = from_result(nlohmann::json::parse(converted.out));

    ASSERT_EQ(manifest.count(url), 1U);
    const nlohmann::json& entry = manifest[url];
    ASSERT_EQ(entry.at("status"), "ok") << entry.dump();
    const Converted by_batch{read_file(out / entry.at("file").get<std::string>()), entry.at("title").get<std::string>(),
                             entry.at("word_count").get<std::size_t>(), entry.at("page_type").get<std::string>(),
                             entry.at("content_type").get<std::string>()};

    EXPECT_EQ(by_convert.markdown, by_daemon.markdown);
    EXPECT_EQ(by_batch.markdown, by_daemon.markdown);
    EXPECT_EQ(by_convert.title, by_daemon.title);
    EXPECT_EQ(by_batch.title, by_daemon.title);
    EXPECT_EQ(by_convert.word_count, by_daemon.word_count);
    EXPECT_EQ(by_batch.word_count, by_daemon.word_count);
    EXPECT_EQ(by_convert.page_type, by_daemon.page_type);
    EXPECT_EQ(by_batch.page_type, by_daemon.page_type);
    EXPECT_EQ(by_convert.content_type, by_daemon.content_type);
    EXPECT_EQ(by_batch.content_type, by_daemon.content_type);
    const std::string expected_type = page.path.ends_with(".pdf")   ? "application/pdf"
                                      : page.path.ends_with(".txt") ? "text/plain"
                                                                    : "text/html";
    EXPECT_EQ(by_daemon.content_type, expected_type);
  }

  // What each page must come out as, so that agreeing on a wrong answer fails too.
  const RunResult notes = run_program({pagemd_binary(), "convert", (scratch.path() / "notes.txt").string()});
  EXPECT_NE(notes.out.find("The \\<angle brackets> stay, and \\*stars\\* are text."), std::string::npos) << notes.out;
  EXPECT_NE(notes.out.find("second line of the paragraph.\n\nLast paragraph: a < b > c & d."), std::string::npos)
      << notes.out;
  const RunResult legacy = run_program({pagemd_binary(), "convert", (scratch.path() / "legacy.html").string()});
  EXPECT_NE(legacy.out.find("# Caf\u00e9 cr\u00e8me"), std::string::npos) << legacy.out;
  EXPECT_NE(legacy.out.find("\u201cQuoted\u201d text \u2013 with a dash, na\u00efve r\u00e9sum\u00e9s and 10\u20ac."),
            std::string::npos)
      << legacy.out;
  const RunResult article = run_program({pagemd_binary(), "convert", (scratch.path() / "article.html").string()});
  EXPECT_EQ(article.out.find("Copyright"), std::string::npos) << article.out;
  EXPECT_NE(article.out.find("A second paragraph, \\<escaped> & kept."), std::string::npos) << article.out;
  const RunResult report = run_program({pagemd_binary(), "extract", origin.url("/report.pdf")}, environment);
  ASSERT_EQ(report.status, 0) << report.err;
  EXPECT_EQ(report.out.rfind("# Growing Onions in Cold Frames\n", 0), 0U) << report.out;
  const RunResult report_json =
      run_program({pagemd_binary(), "extract", origin.url("/report.pdf"), "--json"}, environment);
  EXPECT_EQ(nlohmann::json::parse(report_json.out)["metadata"]["page_count"], 2);
  const RunResult converted_report =
      run_program({pagemd_binary(), "convert", (scratch.path() / "report.pdf").string(), "--json"});
  EXPECT_EQ(nlohmann::json::parse(converted_report.out)["metadata"]["page_count"], 2);
}

// stdin is HTML unless --text says otherwise.
TEST(OnePath, TextFromStandardInputNeedsTheTextFlag) {
  const std::string text = "first <b>line</b>\n\nsecond";
  const RunResult as_text = run_program({pagemd_binary(), "convert", "-", "--text"}, {}, text);
  ASSERT_EQ(as_text.status, 0) << as_text.err;
  EXPECT_NE(as_text.out.find("first \\<b>line\\</b>\n\nsecond"), std::string::npos) << as_text.out;
  const RunResult as_html = run_program({pagemd_binary(), "convert", "-"}, {}, text);
  ASSERT_EQ(as_html.status, 0) << as_html.err;
  EXPECT_NE(as_html.out.find("first **line**"), std::string::npos) << as_html.out;
}

// Bytes that are not text are refused, whatever the file is named: exit 5, the reason on stderr and
// nothing on stdout, never the bytes passed off as Markdown.
TEST(OnePath, ConvertRefusesBinaryFilesWithoutPrintingThem) {
  ScratchDir scratch;
  const std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj << /Type /Catalog >> endobj\n";
  const std::string png("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16);
  const std::string zip("PK\x03\x04\x14\0\0\0\x08\0", 10);
  for (const auto& [name, bytes] :
       {std::pair{"report.pdf", pdf}, std::pair{"image.pdf", png}, std::pair{"archive.html", zip}}) {
    std::ofstream(scratch.path() / name, std::ios::binary) << bytes;
    const RunResult refused = run_program({pagemd_binary(), "convert", (scratch.path() / name).string()});
    EXPECT_EQ(refused.status, 5) << name;
    EXPECT_EQ(refused.out, "") << name;
    EXPECT_NE(refused.err.find(name), std::string::npos) << refused.err;
    const RunResult piped = run_program({pagemd_binary(), "convert", "-", "--json"}, {}, bytes);
    EXPECT_EQ(piped.status, 5) << name;
    EXPECT_EQ(piped.out, "") << name;
  }
  const RunResult pdf_refused = run_program({pagemd_binary(), "convert", (scratch.path() / "report.pdf").string()});
  EXPECT_NE(pdf_refused.err.find("PDF"), std::string::npos) << pdf_refused.err;
}

// A PDF, from a file or from stdin, is converted by its bytes whatever it is named.
TEST(OnePath, ConvertMakesMarkdownOfAPdf) {
  ScratchDir scratch;
  std::ofstream(scratch.path() / "notes.html", std::ios::binary) << test_pdf("article.pdf");
  const RunResult file = run_program({pagemd_binary(), "convert", (scratch.path() / "notes.html").string()});
  ASSERT_EQ(file.status, 0) << file.err;
  EXPECT_EQ(file.out.rfind("# Growing Onions in Cold Frames\n", 0), 0U) << file.out;
  const RunResult piped = run_program({pagemd_binary(), "convert", "-"}, {}, test_pdf("article.pdf"));
  ASSERT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(piped.out, file.out);
}

// The bounds of a PDF hold for files as for fetched PDFs: exit 5, the limit named, nothing on stdout.
TEST(OnePath, ConvertHoldsAPdfToItsBounds) {
  ScratchDir scratch;
  const fs::path report = scratch.path() / "report.pdf";
  std::ofstream(report, std::ios::binary) << test_pdf("article.pdf");  // 3.5 KB, two pages
  for (const auto& [flag, value, limit] :
       {std::tuple{"--max-pdf-bytes", "2048", "max_pdf_bytes"}, std::tuple{"--max-pdf-pages", "1", "max_pdf_pages"}}) {
    const RunResult refused = run_program({pagemd_binary(), "convert", report.string(), flag, value});
    EXPECT_EQ(refused.status, 5) << flag;
    EXPECT_EQ(refused.out, "") << flag;
    EXPECT_NE(refused.err.find(limit), std::string::npos) << refused.err;
    const RunResult piped = run_program({pagemd_binary(), "convert", "-", flag, value}, {}, test_pdf("article.pdf"));
    EXPECT_EQ(piped.status, 5) << flag;
    EXPECT_EQ(piped.out, "") << flag;
  }
  const RunResult within = run_program({pagemd_binary(), "convert", report.string(), "--max-pdf-pages", "2"});
  EXPECT_EQ(within.status, 0) << within.err;
  EXPECT_EQ(run_program({pagemd_binary(), "convert", report.string(), "--max-pdf-pages", "0"}).status, 2);
}

// An encrypted PDF and a scan say what they are, exit 5 and print nothing on stdout.
TEST(OnePath, ConvertRefusesEncryptedAndScannedPdfsSayingWhy) {
  for (const auto& [name, reason] : {std::pair{"encrypted.pdf", "password"}, std::pair{"image-only.pdf", "OCR"}}) {
    const RunResult refused = run_program({pagemd_binary(), "convert", "-", "--json"}, {}, test_pdf(name));
    EXPECT_EQ(refused.status, 5) << name;
    EXPECT_EQ(refused.out, "") << name;
    EXPECT_NE(refused.err.find(reason), std::string::npos) << refused.err;
  }
}

// Two runs into one directory at once: each writes through temporaries of its own, so both succeed and
// neither leaves one behind.
TEST(OnePath, ConvertRunsIntoOneDirectoryDoNotClobberEachOther) {
  ScratchDir scratch;
  std::vector<std::string> argv{pagemd_binary(), "convert", "-o", (scratch.path() / "out").string()};
  for (int i = 0; i < 20; ++i) {
    const fs::path file = scratch.path() / ("page" + std::to_string(i) + ".html");
    std::ofstream(file) << "<title>Page " << i << "</title><p>Text of page " << i << ".</p>";
    argv.push_back(file.string());
  }
  RunResult first;
  std::thread other([&] { first = run_program(argv); });
  const RunResult second = run_program(argv);
  other.join();
  EXPECT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(second.status, 0) << second.err;
  std::size_t outputs = 0;
  for (const auto& entry : fs::directory_iterator(scratch.path() / "out")) {
    EXPECT_EQ(entry.path().extension(), ".md") << entry.path();
    ++outputs;
  }
  EXPECT_EQ(outputs, 20U);
  EXPECT_NE(read_file(scratch.path() / "out" / "page7.md").find("Text of page 7."), std::string::npos);
}

}  // namespace
}  // namespace pagemd::testing

namespace pagemd::testing {
namespace {

// A wall is refused by `pagemd convert` as by the daemon (issue 43): exit 5, the sentence and its code
// on stderr, nothing on stdout; --accept-walls converts it, with metadata.wall.
TEST(OnePath, ConvertRefusesAWallFileAndAcceptsItWhenAsked) {
  const std::string wall = (fs::path(PAGEMD_TEST_DATA_DIR) / "walls" / "akamai-access-denied.html").string();
  const RunResult refused = run_program({pagemd_binary(), "convert", wall});
  EXPECT_EQ(refused.status, 5) << refused.err;
  EXPECT_TRUE(refused.out.empty()) << refused.out;
  EXPECT_NE(refused.err.find("(page_blocked, vendor akamai)"), std::string::npos) << refused.err;
  const std::string login = (fs::path(PAGEMD_TEST_DATA_DIR) / "walls" / "login-wall-de.html").string();
  const RunResult unusable = run_program({pagemd_binary(), "convert", login});
  EXPECT_EQ(unusable.status, 5);
  EXPECT_NE(unusable.err.find("(page_unusable, reason login_wall)"), std::string::npos) << unusable.err;
  const RunResult accepted = run_program({pagemd_binary(), "convert", wall, "--accept-walls", "--json"});
  ASSERT_EQ(accepted.status, 0) << accepted.err;
  const auto result = nlohmann::json::parse(accepted.out);
  EXPECT_EQ(result["metadata"]["wall"]["vendor"], "akamai");
}

}  // namespace
}  // namespace pagemd::testing
