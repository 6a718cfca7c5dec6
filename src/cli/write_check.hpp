// Writes that cannot fail silently: standard output's first write error is remembered and
// reported when the command ends (with the reason, and exit status 1), and a file output is
// written under a temporary name and renamed only once it is whole, so that an output cut
// short by a full disk is never left looking complete.
#pragma once

#include <string>
#include <string_view>

namespace pawnkit::cli {

// Remembers that a write to standard output failed with `error` (an errno value); the
// first failure is the one reported.
void note_stdout_error(int error);

// True once a write to standard output has failed (a command may stop early).
bool stdout_failed();

// Called once when a command returns `status`: flushes and closes standard output and,
// when any write to it failed, reports "pawnkit: standard output: cannot write: REASON"
// and returns 1 (or `status` when that is already non-zero).
int finish_stdout(int status);

// A file beside `path` to write before renaming it to `path`: "DIR/.NAME.partial".
std::string partial_name(const std::string& path);

// Writes `content` to `path` through partial_name(path), checking every write and the
// close, then renames it. On failure the partial file is removed and `error` says why
// ("cannot write 'PATH': No space left on device").
bool write_file_whole(const std::string& path, std::string_view content, std::string& error);

}  // namespace pawnkit::cli
