#include "serve/static_files.hpp"

#include <fstream>
#include <iterator>

namespace pawnkit::serve {

namespace {

std::string_view content_type(const std::filesystem::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json") return "application/json";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".pgn") return "application/x-chess-pgn; charset=utf-8";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

// Every segment of "/a/b.html" a plain name: no "", ".", ".." nor a backslash.
bool plain_segments(std::string_view path) {
  if (path.empty() || path.front() != '/') return false;
  path.remove_prefix(1);
  while (true) {
    const std::size_t slash = path.find('/');
    const std::string_view segment = path.substr(0, slash);
    if (segment.empty() || segment == "." || segment == ".." ||
        segment.find('\\') != std::string_view::npos)
      return false;
    if (slash == std::string_view::npos) return true;
    path.remove_prefix(slash + 1);
  }
}

}  // namespace

Response static_file(const std::filesystem::path& root, std::string_view path) {
  const Response not_found = error_response(404, "not found");
  if (root.empty()) return not_found;
  const std::string_view wanted = path == "/" ? std::string_view("/index.html") : path;
  if (!plain_segments(wanted)) return not_found;
  std::error_code ec;
  const auto file = std::filesystem::canonical(root / std::filesystem::path(wanted.substr(1)), ec);
  if (ec || !std::filesystem::is_regular_file(file, ec)) return not_found;
  // canonical() followed every link: the file must still be inside the root.
  const auto relative = file.lexically_relative(root);
  if (relative.empty() || *relative.begin() == "..") return not_found;
  std::ifstream in(file, std::ios::binary);
  if (!in) return not_found;
  Response response;
  response.content_type = std::string(content_type(file));
  response.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return response;
}

}  // namespace pawnkit::serve
