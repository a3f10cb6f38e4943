// The least an HTTP server can do per request on this machine: Beast reads a keep-alive request and
// writes one fixed small JSON answer, on as many threads as there are cores, with no routing, no
// hand-off to other threads and no logging. daemon_load.py loads it beside pagemdd in the same run,
// so that pagemdd's latency can be read against what the machine (and wrk sharing its cores) allows.
//
//     floor_server [THREADS]     prints "listening on PORT" (a free loopback port), serves until killed

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

asio::awaitable<void> serve_connection(tcp::socket socket) {
  beast::flat_buffer buffer;
  for (;;) {
    http::request<http::string_body> request;
    beast::error_code ec;
    co_await http::async_read(socket, buffer, request, asio::redirect_error(asio::use_awaitable, ec));
    if (ec) co_return;
    http::response<http::string_body> response{http::status::ok, request.version()};
    response.set(http::field::content_type, "application/json");
    response.body() = R"({"status":"ok"})";
    response.keep_alive(request.keep_alive());
    response.prepare_payload();
    co_await http::async_write(socket, response, asio::redirect_error(asio::use_awaitable, ec));
    if (ec || !response.keep_alive()) co_return;
  }
}

asio::awaitable<void> accept_connections(tcp::acceptor& acceptor) {
  for (;;) {
    tcp::socket socket = co_await acceptor.async_accept(asio::use_awaitable);
    // One coroutine per connection and nothing shared between them, so no strand is needed.
    asio::co_spawn(acceptor.get_executor(), serve_connection(std::move(socket)), asio::detached);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  const int threads = argc > 1 ? std::atoi(argv[1]) : cores;
  if (threads < 1) {
    std::cerr << "usage: floor_server [THREADS]\n";
    return 2;
  }
  asio::io_context ioc(threads);
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  std::cout << "listening on " << acceptor.local_endpoint().port() << std::endl;
  asio::co_spawn(ioc, accept_connections(acceptor), asio::detached);
  std::vector<std::thread> others;
  for (int i = 1; i < threads; ++i) others.emplace_back([&ioc] { ioc.run(); });
  ioc.run();
  for (auto& thread : others) thread.join();
}
