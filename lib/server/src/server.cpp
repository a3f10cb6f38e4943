#include "pagemd/server/server.hpp"

#include <algorithm>

#include <atomic>
#include <csignal>
#include <exception>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <spdlog/spdlog.h>

#include "pagemd/api/responses.hpp"

namespace pagemd::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using core::ErrorCode;

namespace {

std::string new_request_id() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id(16, '0');
  std::uint64_t bits = generator();
  for (char& c : id) {
    c = kHex[bits & 0xF];
    bits >>= 4;
  }
  return id;
}

// The client went away, went quiet or the drain cut it off: nothing to answer.
bool connection_ended(const beast::error_code& ec) {
  return ec == http::error::end_of_stream || ec == beast::error::timeout || ec == asio::error::operation_aborted ||
         ec == asio::error::connection_reset || ec == asio::error::eof;
}

// Reports an exception that escaped a detached coroutine: a bug, so it is logged loudly.
auto log_failure(const char* what) {
  return [what](const std::exception_ptr& failure) {
    if (!failure) return;
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      spdlog::error("{} failed: {}", what, e.what());
    }
  };
}

}  // namespace

// A live connection as the drain sees it. `stream` and `idle` are touched only on the connection's
// strand, which is why the drain posts its check there instead of reading them directly.
struct Connection {
  Connection(asio::any_io_executor strand, std::string client)
      : executor(std::move(strand)), address(std::move(client)) {}
  asio::any_io_executor executor;
  std::string address;  // the client's, for the per-address cap
  beast::tcp_stream* stream = nullptr;
  bool idle = true;
};

struct Server::Impl {
  Impl(ServerOptions server_options, api::Handler& request_handler, api::Metrics& server_metrics)
      : options(std::move(server_options)),
        handler(request_handler),
        metrics(server_metrics),
        control(asio::make_strand(ioc)),
        acceptor(ioc),
        workers(options.request_threads == 0 ? 1 : options.request_threads),
        signals(ioc, SIGINT, SIGTERM, SIGHUP),
        tick_timer(ioc) {}

  ServerOptions options;
  api::Handler& handler;
  api::Metrics& metrics;
  asio::io_context ioc;
  // The listener, signals, watchdog ticks and the drain run on this strand, so that with several
  // I/O threads closing the acceptor never races an accept in progress.
  asio::strand<asio::io_context::executor_type> control;
  tcp::acceptor acceptor;
  asio::thread_pool workers;
  asio::signal_set signals;
  asio::steady_timer tick_timer;
  const Lifecycle* lifecycle = nullptr;

  std::atomic<bool> draining{false};
  std::atomic<bool> drained_cleanly{true};
  // Control strand only. An accept that completed just before the acceptor closed still holds its
  // socket until the listener resumes; stopping the event loop before then would leave that client
  // connected and unanswered.
  bool listening = false;
  // Connections over the cap that are being told 503; the drain waits for them like for sessions.
  std::atomic<std::size_t> refusals_in_flight{0};
  std::mutex connections_mutex;
  std::unordered_map<std::uint64_t, std::weak_ptr<Connection>> connections;
  std::unordered_map<std::string, std::size_t> connections_by_address;
  std::uint64_t next_connection_id = 0;

  std::size_t open_connections() {
    const std::lock_guard lock(connections_mutex);
    return connections.size();
  }

  asio::awaitable<api::Response> handle_safely(const api::Request& request, const api::RequestInfo& info) {
    std::optional<api::Response> response;
    try {
      response = co_await handler.handle(request, info);
    } catch (const std::exception& e) {
      spdlog::error("request {} {} failed: {}", info.request_id, std::string(request.target()), e.what());
    }
    if (!response) {
      co_return api::error_response(request, {ErrorCode::internal, "The server failed to answer this request."});
    }
    co_return std::move(*response);
  }

  // Runs the handler on the request pool and resumes on the connection's strand with its answer.
  asio::awaitable<api::Response> answer(const api::Request& request, const api::RequestInfo& info) {
    co_return co_await asio::co_spawn(workers, handle_safely(request, info), asio::use_awaitable);
  }

  // Whether the request's body may be over `limit`: declared so, or chunked (its length unknown until read).
  static bool may_exceed(const http::request_parser<http::string_body>& parser, std::size_t limit) {
    return parser.chunked() || (parser.content_length() && *parser.content_length() > limit);
  }

  // The handler's refusal of a request on its headers alone, asked on the request pool (it may read the store).
  asio::awaitable<std::optional<api::Response>> vet_headers(const api::Request& headers, const api::RequestInfo& info) {
    co_return co_await asio::co_spawn(
        workers,
        [&]() -> asio::awaitable<std::optional<api::Response>> {
          try {
            co_return handler.refuse_before_body(headers, info);
          } catch (const std::exception& e) {
            spdlog::error("request {} {} failed: {}", info.request_id, std::string(headers.target()), e.what());
            co_return api::error_response(headers, {ErrorCode::internal, "The server failed to answer this request."});
          }
        },
        asio::use_awaitable);
  }

  // The body limit of a request for `target`: the large one on the paths that have it.
  [[nodiscard]] std::size_t body_limit_for(std::string_view target) const {
    const std::string_view path = target.substr(0, target.find('?'));
    const auto& large = options.large_body_paths;
    return std::find(large.begin(), large.end(), path) != large.end() ? options.max_large_body_bytes
                                                                      : options.max_body_bytes;
  }

  static std::string body_too_large(std::size_t limit) {
    return "The request body exceeds " + std::to_string(limit / 1024) + " KiB.";
  }

  // The answer to a request the server refuses before it is complete (oversized or malformed).
  asio::awaitable<void> refuse(beast::tcp_stream& stream, ErrorCode code, std::string message) {
    api::Request placeholder;
    placeholder.version(11);
    placeholder.keep_alive(false);
    api::Response response = api::error_response(placeholder, {code, std::move(message)});
    response.set("X-Request-Id", new_request_id());
    metrics.record_request("-", response.result_int(), 0.0);
    beast::error_code ec;
    stream.expires_after(options.write_timeout);
    co_await http::async_write(stream, response, asio::redirect_error(asio::use_awaitable, ec));
  }

  asio::awaitable<void> session(tcp::socket socket, std::shared_ptr<Connection> connection, std::uint64_t id) {
    beast::tcp_stream stream(std::move(socket));
    connection->stream = &stream;
    beast::error_code ec;
    const std::string remote = [&] {
      auto endpoint = stream.socket().remote_endpoint(ec);
      return ec ? std::string("?") : endpoint.address().to_string();
    }();
    beast::flat_buffer buffer;

    while (!draining) {
      http::request_parser<http::string_body> parser;
      parser.header_limit(static_cast<std::uint32_t>(options.max_header_bytes));
      // The largest limit until the path is known; a declared length is checked against the path's own
      // limit right after the headers, and a chunked body as it comes.
      parser.body_limit(std::max(options.max_body_bytes, options.max_large_body_bytes));

      connection->idle = true;
      stream.expires_after(options.read_timeout);
      co_await http::async_read_header(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
      connection->idle = false;
      const auto received_at = std::chrono::steady_clock::now();
      if (ec == http::error::header_limit) {
        co_await refuse(stream, ErrorCode::headers_too_large, "The request headers exceed 8 KiB.");
        break;
      }
      const std::size_t body_limit = body_limit_for(parser.get().target());
      if (ec == http::error::body_limit || (!ec && parser.content_length() && *parser.content_length() > body_limit)) {
        co_await refuse(stream, ErrorCode::payload_too_large, body_too_large(body_limit));
        break;
      }
      if (connection_ended(ec)) break;
      if (ec) {
        co_await refuse(stream, ErrorCode::invalid_request, "The request is not valid HTTP/1.1.");
        break;
      }
      parser.body_limit(body_limit);
      const api::RequestInfo info{new_request_id(), remote, received_at, draining.load()};

      // A body over the ordinary limit is read only for a caller the handler accepts on its headers;
      // the others are answered now and the connection closed with their body unread.
      if (body_limit > options.max_body_bytes && may_exceed(parser, options.max_body_bytes)) {
        if (auto refusal = co_await vet_headers(parser.get(), info)) {
          refusal->set("X-Request-Id", info.request_id);
          refusal->keep_alive(false);
          stream.expires_after(options.write_timeout);
          co_await http::async_write(stream, *refusal, asio::redirect_error(asio::use_awaitable, ec));
          break;
        }
      }

      if (beast::iequals(parser.get()[http::field::expect], "100-continue")) {
        http::response<http::empty_body> proceed{http::status::continue_, parser.get().version()};
        stream.expires_after(options.write_timeout);
        co_await http::async_write(stream, proceed, asio::redirect_error(asio::use_awaitable, ec));
        if (ec) break;
      }
      // A small request's body usually arrives with its headers: parsing it straight from the buffer
      // saves a trip through the event loop.
      if (!parser.is_done() && buffer.size() > 0) {
        buffer.consume(parser.put(buffer.data(), ec));
        if (ec == http::error::need_more) ec = {};
      }
      if (!ec && !parser.is_done()) {
        stream.expires_after(options.read_timeout);
        co_await http::async_read(stream, buffer, parser, asio::redirect_error(asio::use_awaitable, ec));
      }
      if (ec == http::error::body_limit) {
        co_await refuse(stream, ErrorCode::payload_too_large, body_too_large(body_limit));
        break;
      }
      if (connection_ended(ec) || ec == http::error::partial_message) break;
      if (ec) {
        co_await refuse(stream, ErrorCode::invalid_request, "The request body is not valid HTTP/1.1.");
        break;
      }

      const api::Request request = parser.release();
      api::Response response = co_await answer(request, info);
      response.set("X-Request-Id", info.request_id);
      const bool keep_alive = response.keep_alive() && !draining;
      response.keep_alive(keep_alive);

      stream.expires_after(options.write_timeout);
      co_await http::async_write(stream, response, asio::redirect_error(asio::use_awaitable, ec));
      if (ec || !keep_alive) break;
    }

    stream.socket().shutdown(tcp::socket::shutdown_send, ec);
    connection->stream = nullptr;
    const std::lock_guard lock(connections_mutex);
    connections.erase(id);
    if (const auto count = connections_by_address.find(connection->address);
        count != connections_by_address.end() && --count->second == 0) {
      connections_by_address.erase(count);
    }
  }

  // Over the connection cap, or its client's share of it: a short 503 instead of a silent reset, so clients know to
  // back off. The accept loop counted it in refusals_in_flight; it is uncounted however it ends, an exception included,
  // or the drain would wait for it until its timeout.
  asio::awaitable<void> turn_away(tcp::socket socket) {
    struct Uncount {
      std::atomic<std::size_t>& in_flight;
      ~Uncount() { --in_flight; }
    } const uncount{refusals_in_flight};
    beast::tcp_stream stream(std::move(socket));
    co_await refuse(stream, ErrorCode::busy, "The server has too many open connections; try again shortly.");
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  asio::awaitable<void> accept_loop() {
    for (;;) {
      beast::error_code ec;
      tcp::socket socket =
          co_await acceptor.async_accept(asio::make_strand(ioc), asio::redirect_error(asio::use_awaitable, ec));
      if (draining || ec == asio::error::operation_aborted) {
        listening = false;
        co_return;
      }
      if (ec) {
        // Out of file descriptors and the like: wait a moment instead of spinning on the error.
        spdlog::warn("accept failed: {}", ec.message());
        asio::steady_timer pause(control, std::chrono::milliseconds{50});
        co_await pause.async_wait(asio::redirect_error(asio::use_awaitable, ec));
        continue;
      }
      beast::error_code no_peer;
      std::string address = socket.remote_endpoint(no_peer).address().to_string();
      auto connection = std::make_shared<Connection>(socket.get_executor(), std::move(address));
      std::uint64_t id = 0;
      bool admitted = false;
      {
        const std::lock_guard lock(connections_mutex);
        std::size_t& from_address = connections_by_address[connection->address];
        admitted = connections.size() < options.max_connections && from_address < options.max_connections_per_address;
        if (admitted) {
          ++from_address;
          id = next_connection_id++;
          connections.emplace(id, connection);
        } else if (from_address == 0) {
          connections_by_address.erase(connection->address);
        }
      }
      if (!admitted) {
        auto executor = socket.get_executor();
        ++refusals_in_flight;
        asio::co_spawn(executor, turn_away(std::move(socket)), log_failure("refusing a connection"));
        continue;
      }
      auto executor = socket.get_executor();
      asio::co_spawn(executor, session(std::move(socket), std::move(connection), id), log_failure("a connection"));
    }
  }

  asio::awaitable<void> signal_loop() {
    for (;;) {
      beast::error_code ec;
      const int signal = co_await signals.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return;
      if (signal == SIGHUP) {
        if (lifecycle->on_reload) lifecycle->on_reload();
        continue;
      }
      if (draining) {
        spdlog::warn("second stop signal: stopping without waiting for requests in flight");
        drained_cleanly = false;
        ioc.stop();
        co_return;
      }
      begin_drain();
    }
  }

  asio::awaitable<void> tick_loop() {
    for (;;) {
      tick_timer.expires_after(lifecycle->tick_interval);
      beast::error_code ec;
      co_await tick_timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      if (ec) co_return;
      lifecycle->on_tick();
    }
  }

  // Waits for the listener to let go of its last socket and for the open connections to finish their
  // requests, then stops the event loop.
  asio::awaitable<void> drain_loop() {
    const auto deadline = std::chrono::steady_clock::now() + options.drain_timeout;
    asio::steady_timer poll(control);
    while (listening || open_connections() > 0 || refusals_in_flight > 0) {
      if (std::chrono::steady_clock::now() >= deadline) {
        spdlog::warn("drain timed out with {} connections open", open_connections());
        drained_cleanly = false;
        break;
      }
      poll.expires_after(std::chrono::milliseconds{20});
      beast::error_code ec;
      co_await poll.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    }
    ioc.stop();
  }

  // Runs on the control strand: stop accepting, close idle keep-alive connections, let busy ones finish.
  void begin_drain() {
    if (draining.exchange(true)) return;
    spdlog::info("draining: no new connections, waiting for requests in flight");
    if (lifecycle && lifecycle->on_stopping) lifecycle->on_stopping();
    beast::error_code ec;
    acceptor.close(ec);
    std::vector<std::shared_ptr<Connection>> live;
    {
      const std::lock_guard lock(connections_mutex);
      for (auto& [id, weak] : connections) {
        if (auto connection = weak.lock()) live.push_back(std::move(connection));
      }
    }
    for (auto& connection : live) {
      asio::post(connection->executor, [connection] {
        if (connection->stream && connection->idle) connection->stream->cancel();
      });
    }
    asio::co_spawn(control, drain_loop(), log_failure("the drain"));
  }
};

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Server::~Server() {
  impl_->ioc.stop();
  impl_->workers.join();
}

core::Result<std::unique_ptr<Server>> Server::listen(ServerOptions options, api::Handler& handler,
                                                     api::Metrics& metrics) {
  auto impl = std::make_unique<Impl>(std::move(options), handler, metrics);
  beast::error_code ec;
  const auto address = asio::ip::make_address(impl->options.host, ec);
  if (ec) return core::unexpected(ErrorCode::internal, "'" + impl->options.host + "' is not an IP address");
  const tcp::endpoint endpoint{address, impl->options.port};
  const auto fail = [&](const char* step) {
    return core::unexpected(ErrorCode::internal, std::string("cannot ") + step + " " + impl->options.host + ":" +
                                                     std::to_string(impl->options.port) + ": " + ec.message());
  };
  if (impl->acceptor.open(endpoint.protocol(), ec); ec) return fail("open a socket for");
  if (impl->acceptor.set_option(asio::socket_base::reuse_address(true), ec); ec) return fail("configure");
  if (impl->acceptor.bind(endpoint, ec); ec) return fail("listen on");
  if (impl->acceptor.listen(asio::socket_base::max_listen_connections, ec); ec) return fail("listen on");
  return std::unique_ptr<Server>(new Server(std::move(impl)));
}

std::uint16_t Server::port() const { return impl_->acceptor.local_endpoint().port(); }

bool Server::run(const Lifecycle& lifecycle) {
  Impl& impl = *impl_;
  impl.lifecycle = &lifecycle;
  impl.listening = true;
  asio::co_spawn(impl.control, impl.accept_loop(), log_failure("the listener"));
  asio::co_spawn(impl.control, impl.signal_loop(), log_failure("signal handling"));
  if (lifecycle.on_tick && lifecycle.tick_interval.count() > 0) {
    asio::co_spawn(impl.control, impl.tick_loop(), log_failure("the watchdog tick"));
  }
  if (lifecycle.on_ready) lifecycle.on_ready();

  std::vector<std::thread> io_threads;
  for (unsigned i = 1; i < impl.options.io_threads; ++i) io_threads.emplace_back([&impl] { impl.ioc.run(); });
  impl.ioc.run();
  for (auto& thread : io_threads) thread.join();
  return impl.drained_cleanly;
}

void Server::drain() {
  asio::post(impl_->control, [impl = impl_.get()] { impl->begin_drain(); });
}

}  // namespace pagemd::server
