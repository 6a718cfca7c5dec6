#include "serve/server.hpp"

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdio>
#include <ctime>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace pawnkit::serve {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

struct Shared {
  Shared(Site& s, const ServerOptions& o) : site(s), options(o) {}
  Site& site;
  const ServerOptions& options;
  std::atomic<std::size_t> connections{0};
  std::FILE* log = nullptr;
  std::mutex log_mutex;
};

// One access-log line: time, client, method, target, status, body bytes, microseconds.
void log_request(Shared& shared, const tcp::endpoint& peer, std::string_view method,
                 std::string_view target, int status, std::size_t bytes,
                 std::chrono::steady_clock::duration took) {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
  std::string safe_target;
  for (const char c : target.substr(0, 2048))
    safe_target += (c > ' ' && c < 127 && c != '"') ? c : '?';  // one line, whatever came in
  const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(took).count();
  std::lock_guard lock(shared.log_mutex);
  std::fprintf(shared.log, "%s %s \"%.*s %s\" %d %zu %lldus\n", stamp,
               peer.address().to_string().c_str(), int(method.size()), method.data(),
               safe_target.c_str(), status, bytes, (long long)micros);
  std::fflush(shared.log);
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, Shared& shared) : stream_(std::move(socket)), shared_(shared) {
    beast::error_code ec;
    peer_ = stream_.socket().remote_endpoint(ec);
  }
  ~Session() { shared_.connections.fetch_sub(1); }
  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->header_limit(std::uint32_t(shared_.options.header_limit));
    parser_->body_limit(0);  // read-only: no request carries a body
    // One deadline for the wait and the whole request: a client trickling bytes is cut
    // off, and so is a kept-alive connection idle that long.
    stream_.expires_after(shared_.options.request_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&Session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == asio::error::connection_reset || ec == asio::error::eof)
      return close();
    if (ec) {
      const int status = ec == http::error::header_limit ? 431 : 400;
      const std::string message = ec == http::error::header_limit
                                      ? "request line and headers over " +
                                            std::to_string(shared_.options.header_limit) + " bytes"
                                      : "bad request: " + ec.message();
      return send(error_response(status, message), "-", "-", false);
    }
    const auto start = std::chrono::steady_clock::now();
    const auto& request = parser_->get();
    const std::string method(request.method_string()), target(request.target());
    Response response = answer(shared_.site, method, target);
    start_ = start;
    send(std::move(response), method, target, request.keep_alive());
  }

  void send(Response response, std::string method, std::string target, bool keep_alive) {
    auto message = std::make_shared<http::response<http::string_body>>();
    message->version(11);
    message->result(http::int_to_status(unsigned(response.status)));
    message->set(http::field::server, "pawnkit");
    message->set(http::field::content_type, response.content_type);
    message->set("X-Content-Type-Options", "nosniff");
    const std::size_t bytes = response.body.size();
    if (method != "HEAD") message->body() = std::move(response.body);
    message->prepare_payload();
    if (method == "HEAD") message->content_length(bytes);
    message->keep_alive(keep_alive);
    if (shared_.log)
      log_request(shared_, peer_, method, target, response.status, bytes,
                  std::chrono::steady_clock::now() - start_);
    stream_.expires_after(shared_.options.request_timeout);
    http::async_write(
        stream_, *message,
        [self = shared_from_this(), message, keep_alive](beast::error_code ec, std::size_t) {
          if (ec || !keep_alive) return self->close();
          self->read();
        });
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  Shared& shared_;
  tcp::endpoint peer_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::empty_body>> parser_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(asio::io_context& io, tcp::acceptor& acceptor, Shared& shared)
      : io_(io), acceptor_(acceptor), shared_(shared) {}
  void accept() {
    acceptor_.async_accept(asio::make_strand(io_),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }

 private:
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
      if (shared_.connections.fetch_add(1) >= shared_.options.max_connections) {
        shared_.connections.fetch_sub(1);
        refuse(socket);
      } else {
        std::make_shared<Session>(std::move(socket), shared_)->start();
      }
    }
    accept();
  }
  // Over the bound, a connection is answered 503 (when its buffer takes it: no waiting) and
  // closed at once rather than queued: a client retries, the server's memory stays bounded.
  void refuse(tcp::socket& socket) {
    const std::string body = "{\"error\": \"too many connections (at most " +
                             std::to_string(shared_.options.max_connections) + ")\"}\n";
    const std::string reply =
        "HTTP/1.1 503 Service Unavailable\r\nServer: pawnkit\r\nContent-Type: "
        "application/json\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    beast::error_code ignored;
    socket.non_blocking(true, ignored);
    socket.write_some(asio::buffer(reply), ignored);
    socket.shutdown(tcp::socket::shutdown_send, ignored);
    socket.close(ignored);
  }
  asio::io_context& io_;
  tcp::acceptor& acceptor_;
  Shared& shared_;
};

}  // namespace

int run_server(Site& site, const ServerOptions& options, std::string& error) {
  Shared shared(site, options);
  if (!options.log_file.empty()) {
    shared.log = std::fopen(options.log_file.c_str(), "a");
    if (!shared.log) {
      error = "cannot open '" + options.log_file + "' for the access log";
      return 1;
    }
  }
  const int threads = std::max(1, options.threads);
  asio::io_context io(threads);
  tcp::acceptor acceptor(io);
  beast::error_code ec;
  const auto address = asio::ip::make_address(options.address, ec);
  if (ec) {
    error = "'" + options.address + "' is not an IP address";
    return 1;
  }
  const tcp::endpoint endpoint(address, options.port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    error = "cannot listen on " + options.address + ":" + std::to_string(options.port) + ": " +
            ec.message();
    return 1;
  }
  const auto bound = acceptor.local_endpoint();
  std::fprintf(stderr, "pawnkit: serve: listening on http://%s:%u/\n",
               bound.address().to_string().c_str(), unsigned(bound.port()));
  std::fflush(stderr);
  asio::signal_set signals(io, SIGTERM, SIGINT);
  signals.async_wait([&](beast::error_code, int) {
    acceptor.close();
    io.stop();  // requests in flight are dropped: the server is read-only, nothing is lost
  });
  std::make_shared<Listener>(io, acceptor, shared)->accept();
  // A handler that throws (Beast refuses a header field over 64 KiB by an exception; the
  // 8 KiB limit comes first, but a bug should cost one connection, not the server) ends
  // its connection only: the thread goes back to running the others.
  const auto run = [&io] {
    while (true) {
      try {
        io.run();
        return;
      } catch (const std::exception& e) {
        std::fprintf(stderr, "pawnkit: serve: a connection ended on an error: %s\n", e.what());
      }
    }
  };
  // A thread the system refuses (RLIMIT_NPROC, no memory for its stack): serve with fewer.
  std::vector<std::thread> pool;
  try {
    for (int i = 1; i < threads; ++i) pool.emplace_back(run);
  } catch (const std::system_error& e) {
    std::fprintf(stderr,
                 "pawnkit: serve: warning: could start only %zu of %d worker threads (%s): "
                 "serving with %zu\n",
                 pool.size() + 1, threads, e.what(), pool.size() + 1);
    std::fflush(stderr);
  }
  run();
  for (auto& t : pool) t.join();
  if (shared.log) std::fclose(shared.log);
  return 0;
}

}  // namespace pawnkit::serve
