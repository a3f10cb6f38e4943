#include "fixture_server.hpp"

#include <sys/socket.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <fstream>
#include <set>
#include <sstream>

namespace pagemd::testing {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

constexpr std::size_t kMaxRequestHeadBytes = 64 * 1024;

std::string lower(std::string_view text) {
  std::string result(text);
  std::transform(result.begin(), result.end(), result.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return result;
}

std::string_view trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    default: return "Status";
  }
}

// The request line and headers of `head` (which ends with the blank line).
HttpRequest parse_request(std::string_view head) {
  HttpRequest request;
  std::size_t line_end = head.find("\r\n");
  const std::string_view request_line = head.substr(0, line_end);
  const std::size_t first_space = request_line.find(' ');
  const std::size_t second_space = request_line.find(' ', first_space + 1);
  request.method = std::string(request_line.substr(0, first_space));
  if (first_space != std::string_view::npos) {
    request.target = std::string(request_line.substr(first_space + 1, second_space - first_space - 1));
  }
  request.path = request.target.substr(0, request.target.find('?'));
  while (line_end != std::string_view::npos && line_end + 2 < head.size()) {
    const std::size_t start = line_end + 2;
    line_end = head.find("\r\n", start);
    const std::string_view line = head.substr(start, line_end - start);
    const std::size_t colon = line.find(':');
    if (colon != std::string_view::npos) {
      request.headers.emplace_back(lower(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
    }
  }
  return request;
}

std::string content_type_for(const std::filesystem::path& file) {
  const std::string extension = lower(file.extension().string());
  if (extension == ".html" || extension == ".htm") {
    return "text/html; charset=utf-8";
  }
  if (extension == ".xhtml") {
    return "application/xhtml+xml";
  }
  if (extension == ".txt" || extension == ".md") {
    return "text/plain; charset=utf-8";
  }
  if (extension == ".json") {
    return "application/json";
  }
  if (extension == ".js") {
    return "text/javascript";
  }
  if (extension == ".css") {
    return "text/css";
  }
  return "application/octet-stream";
}

}  // namespace

std::string HttpRequest::header(std::string_view lower_name) const {
  const auto found = std::find_if(headers.begin(), headers.end(), [&](const auto& h) { return h.first == lower_name; });
  return found == headers.end() ? std::string{} : found->second;
}

std::string make_response(int status, std::string_view content_type, std::string_view body,
                          const HeaderList& extra_headers) {
  std::ostringstream out;
  out << "HTTP/1.1 " << status << ' ' << reason_phrase(status) << "\r\n";
  if (!content_type.empty()) {
    out << "Content-Type: " << content_type << "\r\n";
  }
  for (const auto& [name, value] : extra_headers) {
    out << name << ": " << value << "\r\n";
  }
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  return std::move(out).str();
}

struct FixtureServer::State {
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::string address;
  std::uint16_t port = 0;
  std::thread accept_thread;

  mutable std::mutex mutex;
  std::condition_variable stop_requested;
  bool stopping = false;
  std::map<std::string, Handler, std::less<>> handlers;
  std::vector<std::pair<std::string, std::filesystem::path>> directories;
  std::map<std::string, std::size_t, std::less<>> counts;
  std::size_t accepted = 0;
  std::vector<std::thread> connection_threads;
  std::set<int> open_sockets;  // native handles, shut down to wake their threads on destruction

  void accept_next();
  void serve(tcp::socket socket);
  Handler find_handler(const std::string& path);
};

struct Responder::Connection {
  tcp::socket socket;
  std::mutex& mutex;  // the server's, guarding `stopping`
  std::condition_variable& stop_requested;
  const bool& stopping;
  bool gone = false;
};

bool Responder::write(std::string_view bytes) {
  if (connection_.gone) {
    return false;
  }
  boost::system::error_code error;
  asio::write(connection_.socket, asio::buffer(bytes.data(), bytes.size()), error);
  connection_.gone = static_cast<bool>(error);
  return !connection_.gone;
}

bool Responder::pause(std::chrono::milliseconds how_long) {
  std::unique_lock lock(connection_.mutex);
  return !connection_.stop_requested.wait_for(lock, how_long, [&] { return connection_.stopping; });
}

void Responder::send(int status, std::string_view content_type, std::string_view body,
                     const HeaderList& extra_headers) {
  write(make_response(status, content_type, body, extra_headers));
  keep_alive_ = lower(request_.header("connection")) != "close";
}

void FixtureServer::State::accept_next() {
  acceptor.async_accept([this](const boost::system::error_code& error, tcp::socket socket) {
    if (error) {
      return;  // the acceptor was closed: the server is shutting down
    }
    {
      const std::lock_guard lock(mutex);
      ++accepted;
      if (!stopping) {
        open_sockets.insert(socket.native_handle());
        connection_threads.emplace_back([this, s = std::move(socket)]() mutable { serve(std::move(s)); });
      }
    }
    accept_next();
  });
}

Handler FixtureServer::State::find_handler(const std::string& path) {
  const std::lock_guard lock(mutex);
  ++counts[path];
  if (const auto found = handlers.find(path); found != handlers.end()) {
    return found->second;
  }
  for (const auto& [prefix, directory] : directories) {
    if (!path.starts_with(prefix)) {
      continue;
    }
    const std::filesystem::path relative = path.substr(prefix.size());
    const bool escapes = std::any_of(relative.begin(), relative.end(), [](const auto& part) { return part == ".."; });
    const std::filesystem::path file = directory / relative.relative_path();
    return [escapes, file](const HttpRequest&, Responder& responder) {
      std::ifstream in(file, std::ios::binary);
      if (escapes || !std::filesystem::is_regular_file(file) || !in) {
        responder.send(404, "text/plain", "not found\n");
        return;
      }
      std::ostringstream content;
      content << in.rdbuf();
      responder.send(200, content_type_for(file), std::move(content).str());
    };
  }
  return [](const HttpRequest&, Responder& responder) { responder.send(404, "text/plain", "not found\n"); };
}

void FixtureServer::State::serve(tcp::socket socket) {
  Responder::Connection connection{std::move(socket), mutex, stop_requested, stopping};
  std::string buffer;
  while (true) {
    boost::system::error_code error;
    const std::size_t head_size =
        asio::read_until(connection.socket, asio::dynamic_buffer(buffer, kMaxRequestHeadBytes), "\r\n\r\n", error);
    if (error) {
      break;
    }
    const HttpRequest request = parse_request(std::string_view(buffer).substr(0, head_size));
    buffer.erase(0, head_size);
    // A request body (tests send none, but a client may) is read and dropped.
    const std::size_t body_size = std::strtoul(request.header("content-length").c_str(), nullptr, 10);
    if (body_size > buffer.size()) {
      asio::read(connection.socket, asio::dynamic_buffer(buffer), asio::transfer_exactly(body_size - buffer.size()),
                 error);
    }
    buffer.erase(0, std::min(body_size, buffer.size()));
    Responder responder(connection, request);
    try {
      find_handler(request.path)(request, responder);
    } catch (...) {
      break;  // a failed test assertion in a handler must not take the server down
    }
    const std::lock_guard lock(mutex);
    if (!responder.keep_alive_ || connection.gone || stopping || error) {
      break;
    }
  }
  {
    const std::lock_guard lock(mutex);
    open_sockets.erase(connection.socket.native_handle());
  }
  boost::system::error_code ignored;
  connection.socket.shutdown(tcp::socket::shutdown_send, ignored);
  connection.socket.close(ignored);
}

FixtureServer::FixtureServer(std::string address) : state_(std::make_shared<State>()) {
  const tcp::endpoint endpoint(asio::ip::make_address(address), 0);
  state_->address = std::move(address);
  state_->acceptor.open(endpoint.protocol());
  state_->acceptor.set_option(tcp::acceptor::reuse_address(true));
  state_->acceptor.bind(endpoint);
  state_->acceptor.listen();
  state_->port = state_->acceptor.local_endpoint().port();
  state_->accept_next();
  state_->accept_thread = std::thread([state = state_] { state->io.run(); });
}

FixtureServer::~FixtureServer() {
  {
    const std::lock_guard lock(state_->mutex);
    state_->stopping = true;
    for (const int native : state_->open_sockets) {
      ::shutdown(native, SHUT_RDWR);  // wakes a thread blocked reading or writing
    }
  }
  state_->stop_requested.notify_all();
  asio::post(state_->io, [state = state_] { state->acceptor.close(); });
  state_->accept_thread.join();
  std::vector<std::thread> threads;
  {
    const std::lock_guard lock(state_->mutex);
    threads.swap(state_->connection_threads);
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
}

std::uint16_t FixtureServer::port() const { return state_->port; }

std::string FixtureServer::url(std::string_view path) const {
  return "http://" + state_->address + ":" + std::to_string(state_->port) + std::string(path);
}

void FixtureServer::handle(std::string path, Handler handler) {
  const std::lock_guard lock(state_->mutex);
  state_->handlers.insert_or_assign(std::move(path), std::move(handler));
}

void FixtureServer::serve_directory(std::string prefix, std::filesystem::path directory) {
  const std::lock_guard lock(state_->mutex);
  state_->directories.emplace_back(std::move(prefix), std::move(directory));
}

std::size_t FixtureServer::connection_count() const {
  const std::lock_guard lock(state_->mutex);
  return state_->accepted;
}

std::size_t FixtureServer::request_count(std::string_view path) const {
  const std::lock_guard lock(state_->mutex);
  const auto found = state_->counts.find(path);
  return found == state_->counts.end() ? 0 : found->second;
}

}  // namespace pagemd::testing
