#include "convert_command.hpp"

#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <system_error>
#include <utility>

#include "pagemd/convert/page_converter.hpp"
#include "pagemd/convert/result_json.hpp"
#include "pagemd/core/atomic_file.hpp"
#include "pagemd/core/exit_codes.hpp"
#include "pagemd/core/read_all.hpp"
#include "pagemd/core/time.hpp"

namespace pagemd::cli {
namespace {

namespace fs = std::filesystem;

bool read_input(const std::string& path, std::string& bytes, std::string& error) {
  if (path == "-") {
    if (core::read_all(std::cin, bytes)) return true;
    error = "read error";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::error_code(errno, std::generic_category()).message();
    return false;
  }
  if (!core::read_all(in, bytes)) {
    error = "read error";
    return false;
  }
  return true;
}

std::string render(extract::Extraction extraction, bool json) {
  if (!json) return std::move(extraction.markdown);
  const convert::PageResult result{
      std::move(extraction), core::format_rfc3339(std::chrono::system_clock::now()), {}, std::nullopt};
  return convert::to_json(result).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Text files convert as text: their paragraphs kept apart, their angle brackets kept as written.
convert::MediaType media_type_of(const std::string& input, bool plain_text) {
  if (plain_text) return convert::MediaType::plain_text;
  std::string extension = fs::path(input).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".txt" || extension == ".text" ? convert::MediaType::plain_text : convert::MediaType::html;
}

// The failure as stderr says it: the sentence, then the code of the error table and, for a wall,
// what it is ("page_blocked, vendor cloudflare").
std::string describe(const core::Error& error) {
  std::string text = error.message + " (" + std::string(core::to_string(error.code));
  if (!error.vendor.empty()) text += ", vendor " + error.vendor;
  if (!error.reason.empty()) text += ", reason " + error.reason;
  return text + ")";
}

}  // namespace

CLI::App& setup_convert(CLI::App& app, ConvertCommandOptions& options) {
  CLI::App* convert =
      app.add_subcommand("convert", "Convert local HTML, text or PDF files (or stdin) to Markdown; no daemon needed");
  convert->add_option("files", options.inputs, "HTML, text or PDF files to convert; '-' or none reads standard input")
      ->type_name("FILE");
  convert->add_option("--base-url", options.base_url,
                      "The page's address, for resolving relative links (default: its canonical link)");
  convert->add_flag("--json", options.json, "Print the extraction result object (markdown + metadata) as JSON");
  convert
      ->add_option("-o,--output-dir", options.output_dir,
                   "Write each FILE to DIR/<name>.md (.json with --json); required with several files")
      ->type_name("DIR");
  convert->add_flag("--whole-body", options.whole_body, "Convert the whole <body>, not only the main content");
  convert->add_flag("--accept-walls", options.accept_walls,
                    "Convert a bot challenge, sign-in or consent wall or soft 404 as it is, instead of failing");
  convert->add_flag("--text", options.plain_text,
                    "Read the input as plain text, not HTML (the default for *.txt and *.text files)");
  add_pdf_limit_options(*convert, options.pdf_limits);
  return *convert;
}

int run_convert(const ConvertCommandOptions& options) {
  std::vector<std::string> inputs = options.inputs;
  if (inputs.empty()) inputs.emplace_back("-");
  if (inputs.size() > 1 && options.output_dir.empty()) {
    std::cerr << "pagemd convert: several files need -o DIR\n";
    return core::kExitUsage;
  }
  if (!options.output_dir.empty()) {
    std::error_code ec;
    fs::create_directories(options.output_dir, ec);
    if (ec) {
      std::cerr << "pagemd convert: cannot create " << options.output_dir << ": " << ec.message() << '\n';
      return core::kExitOther;
    }
  }

  convert::ConvertOptions convert_options;
  convert_options.scope = options.whole_body ? extract::ContentScope::whole_body : extract::ContentScope::main_content;
  convert_options.accept_walls = options.accept_walls;
  convert_options.max_pdf_bytes = options.pdf_limits.max_bytes;
  convert_options.max_pdf_pages = options.pdf_limits.max_pages;

  int status = core::kExitOk;
  for (const std::string& input : inputs) {
    convert::Page page;
    page.url = options.base_url;
    page.media_type = media_type_of(input, options.plain_text);
    std::string error;
    if (!read_input(input, page.body, error)) {
      std::cerr << "pagemd convert: " << input << ": " << error << '\n';
      status = core::kExitPageFailed;
      continue;
    }
    auto extraction = convert::convert_page(std::move(page), convert_options);
    if (!extraction) {
      std::cerr << "pagemd convert: " << input << ": " << describe(extraction.error()) << '\n';
      status = core::kind_of(extraction.error().code).exit_status;
      continue;
    }
    const std::string output = render(std::move(*extraction), options.json);
    if (options.output_dir.empty()) {
      std::cout << output;
      continue;
    }
    const std::string stem = input == "-" ? "stdin" : fs::path(input).stem().string();
    const fs::path target = fs::path(options.output_dir) / (stem + (options.json ? ".json" : ".md"));
    if (auto written = core::write_file_atomically(target, output); !written) {
      std::cerr << "pagemd convert: " << written.error().message << '\n';
      status = core::kExitOther;
    }
  }
  std::cout.flush();
  return status;
}

}  // namespace pagemd::cli
