// A question the worker asks while the file's bytes are still arriving (web/site/worker.js,
// the overlapped load): it is prepared through embind, then run by a plain export that the
// worker calls through JavaScript Promise Integration (WebAssembly.promising), so that
// reading can suspend in pawnkit_wait_for_bytes (input.hpp) until more bytes come.
#pragma once

#include <functional>

#include "page_input.hpp"

namespace pawnkit::web {

// The call that the next run of the streamed entry makes.
void prepare_streamed(std::function<Result()> call);

}  // namespace pawnkit::web
