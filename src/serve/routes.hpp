// What the server answers, apart from HTTP itself: a request's method and target in, a
// status, a content type and a body out. The network side (server.cpp) never looks inside.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "serve/answer_cache.hpp"
#include "serve/live_index.hpp"

namespace pawnkit::serve {

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

struct Site {
  LiveIndex* index = nullptr;
  AnswerCache* cache = nullptr;  // null: every answer computed
  std::filesystem::path root;    // canonical; empty: no static files
};

// GET /health, /explore?..., /games/ID and static files under the site.
Response answer(Site& site, std::string_view method, std::string_view target);

// {"error": "message"} with the status.
Response error_response(int status, std::string_view message);

}  // namespace pawnkit::serve
