#include "worker_protocol.hpp"

#include <cerrno>
#include <cstring>
#include <type_traits>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace pagemd::convert::protocol {
namespace {

constexpr std::uint8_t kOk = 0;
constexpr std::uint8_t kError = 1;

class FrameWriter {
 public:
  template <typename Integer>
  void integer(Integer value) {
    static_assert(std::is_integral_v<Integer>);
    out_.append(reinterpret_cast<const char*>(&value), sizeof value);  // NOLINT: raw bytes by design
  }
  void text(std::string_view value) {
    integer(static_cast<std::uint64_t>(value.size()));
    out_.append(value);
  }
  void texts(const std::vector<std::string>& values) {
    integer(static_cast<std::uint64_t>(values.size()));
    for (const std::string& value : values) text(value);
  }
  [[nodiscard]] std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads what FrameWriter wrote; any read past the end makes the whole frame invalid (ok() is false).
class FrameReader {
 public:
  explicit FrameReader(std::string_view frame) : rest_(frame) {}

  template <typename Integer>
  Integer integer() {
    Integer value{};
    if (rest_.size() < sizeof value) return fail<Integer>();
    std::memcpy(&value, rest_.data(), sizeof value);
    rest_.remove_prefix(sizeof value);
    return value;
  }
  std::string text() {
    const auto size = integer<std::uint64_t>();
    if (size > rest_.size()) return fail<std::string>();
    std::string value(rest_.substr(0, size));
    rest_.remove_prefix(size);
    return value;
  }
  std::vector<std::string> texts() {
    const auto count = integer<std::uint64_t>();
    std::vector<std::string> values;
    // Each string takes at least its length field, so a count beyond that is a corrupted frame.
    if (count > rest_.size() / sizeof(std::uint64_t)) return fail<std::vector<std::string>>();
    values.reserve(count);
    for (std::uint64_t i = 0; i < count && ok_; ++i) values.push_back(text());
    return values;
  }
  // Marks the frame invalid, for a field whose value is out of range.
  void invalidate() { fail<int>(); }
  // Every field read and nothing left over.
  [[nodiscard]] bool complete() const { return ok_ && rest_.empty(); }

 private:
  template <typename T>
  T fail() {
    ok_ = false;
    rest_ = {};
    return T{};
  }

  std::string_view rest_;
  bool ok_ = true;
};

void write_extraction(FrameWriter& out, const extract::Extraction& extraction) {
  const extract::Metadata& m = extraction.metadata;
  out.text(extraction.markdown);
  out.text(m.title);
  out.integer(static_cast<std::uint64_t>(m.word_count));
  out.texts(m.links);
  for (const std::string* field : {&m.language, &m.language_tag, &m.description, &m.author, &m.published_time,
                                   &m.site_name, &m.image, &m.canonical_url}) {
    out.text(*field);
  }
  out.integer(static_cast<std::uint8_t>(m.page_type));
  out.text(m.content_type);
  out.integer(static_cast<std::uint64_t>(m.page_count));
  out.integer(static_cast<std::uint8_t>(extraction.warning ? 1 : 0));
  if (extraction.warning) out.text(*extraction.warning);
  out.integer(static_cast<std::uint8_t>(extraction.needs_script ? 1 : 0));
  out.integer(static_cast<std::uint8_t>(m.paywalled ? 1 : 0));
  out.integer(static_cast<std::uint8_t>(extraction.wall.kind));
  out.text(extraction.wall.detail);
}

extract::Extraction read_extraction(FrameReader& in) {
  extract::Extraction extraction;
  extract::Metadata& m = extraction.metadata;
  extraction.markdown = in.text();
  m.title = in.text();
  m.word_count = static_cast<std::size_t>(in.integer<std::uint64_t>());
  m.links = in.texts();
  for (std::string* field : {&m.language, &m.language_tag, &m.description, &m.author, &m.published_time, &m.site_name,
                             &m.image, &m.canonical_url}) {
    *field = in.text();
  }
  const auto page_type = in.integer<std::uint8_t>();
  if (page_type > static_cast<std::uint8_t>(extract::PageType::document)) in.invalidate();
  m.page_type = static_cast<extract::PageType>(page_type);
  m.content_type = in.text();
  m.page_count = static_cast<std::size_t>(in.integer<std::uint64_t>());
  if (in.integer<std::uint8_t>() != 0) extraction.warning = in.text();
  extraction.needs_script = in.integer<std::uint8_t>() != 0;
  m.paywalled = in.integer<std::uint8_t>() != 0;
  const auto wall = in.integer<std::uint8_t>();
  if (wall > static_cast<std::uint8_t>(extract::WallKind::unusable)) in.invalidate();
  extraction.wall.kind = static_cast<extract::WallKind>(wall);
  extraction.wall.detail = in.text();
  return extraction;
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    // send() with MSG_NOSIGNAL: a dead peer must be an error to handle, not a SIGPIPE for the daemon.
    const ssize_t written = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

// Waits until `fd` is readable; false when `deadline` passes first.
bool wait_readable(int fd, std::chrono::steady_clock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd entry{fd, POLLIN, 0};
    const int ready = ::poll(&entry, 1, static_cast<int>(left.count()));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return false;
  }
}

using Deadline = std::optional<std::chrono::steady_clock::time_point>;

bool read_exact(int fd, void* out, std::size_t size, Deadline deadline) {
  auto* cursor = static_cast<char*>(out);
  while (size > 0) {
    if (deadline && !wait_readable(fd, *deadline)) return false;
    const ssize_t got = ::read(fd, cursor, size);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    cursor += got;
    size -= static_cast<std::size_t>(got);
  }
  return true;
}

}  // namespace

std::string encode_request(const Page& page, const ConvertOptions& options, const WorkerLimits& limits) {
  std::string frame = encode_request_head(page, options, limits);
  frame += page.body;
  return frame;
}

std::string encode_request_head(const Page& page, const ConvertOptions& options, const WorkerLimits& limits) {
  FrameWriter out;
  out.integer(static_cast<std::uint8_t>(page.media_type == MediaType::plain_text ? 1 : 0));
  out.text(page.declared_charset);
  out.text(page.declared_language);
  out.text(page.url);
  out.integer(static_cast<std::int32_t>(page.http_status));
  out.integer(static_cast<std::uint64_t>(page.wall_headers.size()));
  for (const auto& [name, value] : page.wall_headers) {
    out.text(name);
    out.text(value);
  }
  out.integer(static_cast<std::uint8_t>(options.accept_walls ? 1 : 0));
  out.integer(static_cast<std::uint8_t>(options.scope == extract::ContentScope::whole_body ? 1 : 0));
  out.texts(options.include_selectors);
  out.texts(options.exclude_selectors);
  out.integer(static_cast<std::uint64_t>(options.max_pdf_bytes));
  out.integer(static_cast<std::uint64_t>(options.max_pdf_pages));
  out.integer(static_cast<std::int64_t>(limits.cpu.count()));
  out.integer(limits.memory_bytes);
  out.integer(limits.result_bytes);
  out.integer(static_cast<std::uint64_t>(page.body.size()));  // the body's bytes follow the head
  return out.take();
}

std::optional<WorkerRequest> decode_request(std::string_view frame) {
  FrameReader in(frame);
  WorkerRequest request;
  request.page.media_type = in.integer<std::uint8_t>() == 1 ? MediaType::plain_text : MediaType::html;
  request.page.declared_charset = in.text();
  request.page.declared_language = in.text();
  request.page.url = in.text();
  request.page.http_status = in.integer<std::int32_t>();
  const auto headers = in.integer<std::uint64_t>();
  // The fetcher keeps a dozen headers at most (fetch::kWallHeaders); more is a corrupted frame.
  if (headers > std::size(fetch::kWallHeaders)) in.invalidate();
  for (std::uint64_t i = 0; i < headers && i < std::size(fetch::kWallHeaders); ++i) {
    std::string name = in.text();
    request.page.wall_headers.emplace_back(std::move(name), in.text());
  }
  request.options.accept_walls = in.integer<std::uint8_t>() != 0;
  request.options.scope =
      in.integer<std::uint8_t>() == 1 ? extract::ContentScope::whole_body : extract::ContentScope::main_content;
  request.options.include_selectors = in.texts();
  request.options.exclude_selectors = in.texts();
  request.options.max_pdf_bytes = static_cast<std::size_t>(in.integer<std::uint64_t>());
  request.options.max_pdf_pages = static_cast<std::size_t>(in.integer<std::uint64_t>());
  request.limits.cpu = std::chrono::seconds{in.integer<std::int64_t>()};
  request.limits.memory_bytes = in.integer<std::uint64_t>();
  request.limits.result_bytes = in.integer<std::uint64_t>();
  request.page.body = in.text();
  if (!in.complete()) return std::nullopt;
  return request;
}

std::string encode_reply(const core::Result<extract::Extraction>& reply) {
  FrameWriter out;
  if (reply) {
    out.integer(kOk);
    write_extraction(out, *reply);
  } else {
    const core::Error& error = reply.error();
    out.integer(kError);
    out.text(core::to_string(error.code));
    out.text(error.message);
    out.integer(static_cast<std::int32_t>(error.upstream_status.value_or(0)));
    out.text(error.vendor);
    out.text(error.reason);
  }
  return out.take();
}

std::optional<core::Result<extract::Extraction>> decode_reply(std::string_view frame) {
  FrameReader in(frame);
  const auto outcome = in.integer<std::uint8_t>();
  if (outcome == kOk) {
    extract::Extraction extraction = read_extraction(in);
    if (!in.complete()) return std::nullopt;
    return core::Result<extract::Extraction>(std::move(extraction));
  }
  const std::string code = in.text();
  core::Error error{core::error_code_from_string(code).value_or(core::ErrorCode::unsupported_content), in.text()};
  if (const auto upstream = in.integer<std::int32_t>(); upstream > 0) error.upstream_status = upstream;
  error.vendor = in.text();
  error.reason = in.text();
  if (outcome != kError || !in.complete()) return std::nullopt;
  return core::Result<extract::Extraction>(core::unexpected(std::move(error)));
}

bool write_frame(int fd, std::string_view payload, std::string_view rest) {
  const auto size = static_cast<std::uint64_t>(payload.size() + rest.size());
  const std::string_view length(reinterpret_cast<const char*>(&size), sizeof size);  // NOLINT: raw bytes by design
  return write_all(fd, length) && write_all(fd, payload) && write_all(fd, rest);
}

std::optional<std::string> read_frame(int fd, std::uint64_t limit, Deadline deadline) {
  std::uint64_t size = 0;
  if (!read_exact(fd, &size, sizeof size, deadline) || size > limit) return std::nullopt;
  std::string frame(static_cast<std::size_t>(size), '\0');
  if (!read_exact(fd, frame.data(), frame.size(), deadline)) return std::nullopt;
  return frame;
}

}  // namespace pagemd::convert::protocol
