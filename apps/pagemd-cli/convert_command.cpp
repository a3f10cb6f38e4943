#include "convert_command.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "exit_codes.hpp"
#include "pagemd/convert/result_json.hpp"
#include "pagemd/core/time.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::cli {
namespace {

namespace fs = std::filesystem;

bool read_input(const std::string& path, std::string& bytes, std::string& error) {
  if (path == "-") {
    bytes.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = std::error_code(errno, std::generic_category()).message();
    return false;
  }
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = "read error";
    return false;
  }
  return true;
}

std::string render(const extract::Extraction& extraction, bool json) {
  if (!json) return extraction.markdown;
  const std::string timestamp = core::format_rfc3339(std::chrono::system_clock::now());
  return convert::result_to_json(extraction, timestamp).dump(2) + "\n";
}

// Writes via a temporary file and a rename, so a reader never sees half a file.
bool write_atomically(const fs::path& target, const std::string& content, std::string& error) {
  fs::path temporary = target;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) {
      error = "cannot write " + temporary.string();
      return false;
    }
  }
  std::error_code ec;
  fs::rename(temporary, target, ec);
  if (ec) {
    error = "cannot rename to " + target.string() + ": " + ec.message();
    return false;
  }
  return true;
}

}  // namespace

CLI::App& setup_convert(CLI::App& app, ConvertOptions& options) {
  CLI::App* convert = app.add_subcommand("convert", "Convert local HTML files (or stdin) to Markdown; no daemon needed");
  convert->add_option("files", options.inputs, "HTML files to convert; '-' or none reads standard input")
      ->type_name("FILE");
  convert->add_option("--base-url", options.base_url,
                      "The page's address, for resolving relative links (default: its canonical link)");
  convert->add_flag("--json", options.json, "Print the extraction result object (markdown + metadata) as JSON");
  convert->add_option("-o,--output-dir", options.output_dir,
                      "Write each FILE to DIR/<name>.md (.json with --json); required with several files")
      ->type_name("DIR");
  convert->add_flag("--whole-body", options.whole_body, "Convert the whole <body>, not only the main content");
  return *convert;
}

int run_convert(const ConvertOptions& options) {
  std::vector<std::string> inputs = options.inputs;
  if (inputs.empty()) inputs.push_back("-");
  if (inputs.size() > 1 && options.output_dir.empty()) {
    std::cerr << "pagemd convert: several files need -o DIR\n";
    return kExitUsage;
  }
  if (!options.output_dir.empty()) {
    std::error_code ec;
    fs::create_directories(options.output_dir, ec);
    if (ec) {
      std::cerr << "pagemd convert: cannot create " << options.output_dir << ": " << ec.message() << '\n';
      return kExitOther;
    }
  }

  extract::ExtractOptions extract_options;
  extract_options.page_url = options.base_url;
  extract_options.scope = options.whole_body ? extract::ContentScope::whole_body : extract::ContentScope::main_content;

  int status = kExitOk;
  for (const std::string& input : inputs) {
    std::string bytes;
    std::string error;
    if (!read_input(input, bytes, error)) {
      std::cerr << "pagemd convert: " << input << ": " << error << '\n';
      status = kExitPageFailed;
      continue;
    }
    auto extraction = extract::extract(bytes, extract_options);
    if (!extraction) {
      std::cerr << "pagemd convert: " << input << ": " << extraction.error().message << '\n';
      status = kExitPageFailed;
      continue;
    }
    const std::string output = render(*extraction, options.json);
    if (options.output_dir.empty()) {
      std::cout << output;
      continue;
    }
    const std::string stem = input == "-" ? "stdin" : fs::path(input).stem().string();
    const fs::path target = fs::path(options.output_dir) / (stem + (options.json ? ".json" : ".md"));
    if (!write_atomically(target, output, error)) {
      std::cerr << "pagemd convert: " << error << '\n';
      status = kExitOther;
    }
  }
  std::cout.flush();
  return status;
}

}  // namespace pagemd::cli
