// Files of the site directory (--site), and nothing else: no "..", "." or empty segment
// (after percent-decoding), no backslash, and the resolved file (symbolic links followed)
// must still lie under the site's canonical root.
#pragma once

#include <filesystem>
#include <string_view>

#include "serve/routes.hpp"

namespace pawnkit::serve {

// The file at decoded `path` ("/" is /index.html) under `root`, or a 404 JSON error.
Response static_file(const std::filesystem::path& root, std::string_view path);

}  // namespace pawnkit::serve
