// The HTTP side of pawnkit serve, on Boost.Beast (docs/serve.md says why): asynchronous
// connections on `threads` threads, each bounded in header size, time and number, every
// request handed to routes.hpp's answer(). Runs until SIGTERM or SIGINT.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "serve/routes.hpp"

namespace pawnkit::serve {

struct ServerOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: any free port (printed on standard error)
  int threads = 2;
  std::string log_file;               // empty: no access log
  std::size_t header_limit = 8192;    // request line and headers, bytes
  std::size_t max_connections = 512;  // further ones are answered 503 and closed
  // To receive a whole request (from the connection's start or the previous answer), and
  // to send an answer.
  std::chrono::seconds request_timeout{10};
};

// Serves `site` until a SIGTERM or SIGINT; 0 then, or 1 with `error` set when the
// address cannot be listened on or the log file opened.
int run_server(Site& site, const ServerOptions& options, std::string& error);

}  // namespace pawnkit::serve
