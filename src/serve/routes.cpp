#include "serve/routes.hpp"

#include <charconv>

#include "explore/answer_writer.hpp"
#include "explore/explorer.hpp"
#include "index/game_info.hpp"
#include "index/game_text.hpp"
#include "index/keys.hpp"
#include "io/json.hpp"
#include "serve/static_files.hpp"
#include "serve/url.hpp"

namespace pawnkit::serve {

namespace {

// A whole decimal number in [low, high]; the error as the CLI's options word it.
std::string parse_int(std::string_view name, std::string_view text, int low, int high, int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < low ||
      value > high)
    return std::string(name) + ": '" + std::string(text) + "' is not a whole number from " +
           std::to_string(low) + " to " + std::to_string(high);
  return {};
}

// GET /explore: the parameters are explore's options by the same names (min_elo for
// --min-elo); the answer is explore --format json's line.
Response explore_route(Site& site, const Target& target, const std::string& text) {
  const Snapshot snapshot = site.index->current();
  if (site.cache)
    if (const auto kept = site.cache->find(text, snapshot.generation))
      return {200, "application/json", *kept};
  std::string fen, since, until, match = "exact";
  std::vector<std::string> speeds;
  int min_elo = 0, games = 5;
  bool has_fen = false;
  for (const auto& [name, value] : target.parameters) {
    std::string e;
    if (name == "fen") {
      fen = value;
      has_fen = true;
    } else if (name == "min_elo") {
      e = parse_int("min_elo", value, 0, 9900, min_elo);
    } else if (name == "games") {
      e = parse_int("games", value, 0, int(index_db::candidates_per_cell), games);
    } else if (name == "speeds") {
      for (auto& s : explore::split_speeds(value)) speeds.push_back(std::move(s));
    } else if (name == "since") {
      since = value;
    } else if (name == "until") {
      until = value;
    } else if (name == "match") {
      match = value;
    } else {
      e = "unknown parameter '" + name + "'";
    }
    if (!e.empty()) return error_response(400, e);
  }
  if (!has_fen) return error_response(400, "missing parameter 'fen'");
  explore::Query query;
  query.games = std::size_t(games);
  if (std::string e = explore::set_filters(query, min_elo, speeds, since, until, match); !e.empty())
    return error_response(400, e);
  if (std::string e = explore::set_pawns(query, fen); !e.empty())
    return error_response(400, e + " ('" + fen + "')");
  explore::Answer answer;
  const auto store_failed = [](const std::string& e) {  // as the CLI tells them apart
    return e.starts_with("corrupt") || e.find("IO error") != std::string::npos;
  };
  std::string e = explore::explore(*snapshot.store, query, answer, snapshot.records.get());
  // A compaction by `index add` may have removed a file this snapshot read: reopen once.
  if (store_failed(e)) {
    const Snapshot again = site.index->reopen();
    e = explore::explore(*again.store, query, answer, again.records.get());
  }
  if (!e.empty()) return error_response(store_failed(e) ? 500 : 400, e);
  answer.fen = fen;
  Response response;
  explore::append_answer_json(response.body, answer, query.match);
  response.body += '\n';
  if (site.cache)
    site.cache->keep(text, snapshot.generation, std::make_shared<const std::string>(response.body));
  return response;
}

// GET /games/ID: the game's text in its source file, as the index recorded where it is.
Response game_route(Site& site, std::string_view id_text) {
  std::uint32_t id = 0;
  const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
  if (id_text.empty() || ec != std::errc() || end != id_text.data() + id_text.size()) {
    // Appended rather than "'" + std::string(...): g++ 12 warns falsely (-Wrestrict) on that.
    std::string message = "'";
    message.append(id_text).append("' is not a game number");
    return error_response(400, message);
  }
  std::string error;
  const auto bytes = site.index->current().store->get(index_db::game_key(id), error);
  if (!error.empty()) return error_response(500, error);
  if (!bytes) return error_response(404, "no game " + std::to_string(id) + " in the index");
  const auto info = index_db::GameInfo::decode(*bytes);
  if (!info) return error_response(500, "corrupt index: game " + std::to_string(id));
  Response response;
  response.content_type = "application/x-chess-pgn; charset=utf-8";
  error = index_db::read_game_text(info->file, info->offset, response.body);
  if (!error.empty()) return error_response(404, error);
  return response;
}

}  // namespace

Response error_response(int status, std::string_view message) {
  Response response;
  response.status = status;
  response.body = "{\"error\": ";
  io::append_json_string(response.body, message);
  response.body += "}\n";
  return response;
}

Response answer(Site& site, std::string_view method, std::string_view target_text) {
  if (method != "GET" && method != "HEAD") return error_response(405, "only GET and HEAD");
  const auto target = parse_target(target_text);
  if (!target) return error_response(400, "malformed request target");
  if (target->path == "/health") return {200, "application/json", "{\"status\": \"ok\"}\n"};
  if (target->path == "/explore") return explore_route(site, *target, std::string(target_text));
  if (target->path.starts_with("/games/"))
    return game_route(site, std::string_view(target->path).substr(7));
  return static_file(site.root, target->path);
}

}  // namespace pawnkit::serve
