// pawnkit serve: the explorer, the games and the page over HTTP (docs/serve.md).
#include <filesystem>
#include <string>

#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "cli/output.hpp"
#include "serve/live_index.hpp"
#include "serve/server.hpp"

namespace pawnkit::cli {

int run_serve(const Args& args) {
  std::string db, site_dir, listen = "127.0.0.1:8080", log;
  int threads = 2, cache = 10000, max_connections = 512;
  Options options(
      "serve",
      "serve --index DB [--site DIR] [--listen ADDR:PORT] [--threads N] [--cache N] "
      "[--max-connections N] [--log FILE]",
      "Answers over HTTP: GET /explore?fen=...&min_elo=...&speeds=...&since=...&until=...\n"
      "&match=...&games=... (explore --format json's answer), GET /games/ID (the game's PGN\n"
      "from its source file), GET /health, and the files of --site. Listens on 127.0.0.1\n"
      "unless --listen says otherwise (port 0: any free port); reads the index only, and sees\n"
      "each batch that index add commits beside it. SIGTERM or SIGINT ends it (status 0).");
  options.value("index", db, "the index directory (pawnkit index add)").required();
  options.value("site", site_dir, "serve the files of this directory (the built page)");
  options.value("listen", listen, "ADDR:PORT, or PORT on 127.0.0.1; default 127.0.0.1:8080");
  options.integer("threads", threads, 1, 256, "threads answering requests, default 2");
  options.integer("cache", cache, 0, 10000000,
                  "explore answers kept until the index changes, default 10000 (0: none)");
  options.integer("max-connections", max_connections, 1, 1000000,
                  "connections open at once, default 512; further ones are answered 503 and "
                  "closed");
  options.value("log", log, "append one access-log line per request to FILE");
  std::vector<std::string_view> operands;
  if (const auto status = options.parse(args, operands)) return *status;
  serve::ServerOptions server;
  server.threads = threads;
  server.max_connections = std::size_t(max_connections);
  server.log_file = log;
  if (!listen.empty() && listen.find_first_not_of("0123456789") == std::string::npos)
    listen = "127.0.0.1:" + listen;  // a port alone: loopback
  const std::size_t colon = listen.rfind(':');
  int port = -1;
  if (colon != std::string::npos) {
    try {
      std::size_t used = 0;
      port = std::stoi(listen.substr(colon + 1), &used);
      if (used != listen.size() - colon - 1) port = -1;
    } catch (...) {
      port = -1;
    }
  }
  if (port < 0 || port > 65535) {
    report_error("serve", "--listen: '" + listen + "' is not ADDR:PORT");
    return 2;
  }
  server.port = std::uint16_t(port);
  server.address = listen.substr(0, colon);
  if (server.address.size() > 2 && server.address.front() == '[' && server.address.back() == ']')
    server.address = server.address.substr(1, server.address.size() - 2);  // [::1]:8080
  serve::Site site;
  if (!site_dir.empty()) {
    std::error_code ec;
    site.root = std::filesystem::canonical(site_dir, ec);
    if (ec || !std::filesystem::is_directory(site.root)) {
      report_error("serve", "--site: '" + site_dir + "' is not a directory");
      return 1;
    }
  }
  serve::LiveIndex index;
  std::string error;
  if (!index.open(db, error)) {
    report_error("serve", db + ": " + error);
    return 1;
  }
  site.index = &index;
  serve::AnswerCache answers{std::size_t(cache)};
  site.cache = &answers;
  const int status = serve::run_server(site, server, error);
  if (status) report_error("serve", error);
  return status;
}

}  // namespace pawnkit::cli
