// The streamed entry (streamed_call.hpp). Its function's address, not its export's name
// (optimized builds shorten those), tells the worker which function to wrap.
#include "streamed_call.hpp"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <utility>

namespace pawnkit::web {

namespace {

std::function<Result()> prepared;
Result result;

Result take_streamed_result() { return std::exchange(result, Result{}); }

}  // namespace

void prepare_streamed(std::function<Result()> call) { prepared = std::move(call); }

}  // namespace pawnkit::web

// Runs the prepared call; its Result is then taken with takeStreamedResult().
extern "C" EMSCRIPTEN_KEEPALIVE void pawnkit_run_streamed() {
  using namespace pawnkit::web;
  result = prepared ? std::exchange(prepared, nullptr)() : failure("no question was prepared");
}

namespace {

// Where pawnkit_run_streamed is in the module's function table.
std::uintptr_t streamed_entry() { return reinterpret_cast<std::uintptr_t>(&pawnkit_run_streamed); }

}  // namespace

EMSCRIPTEN_BINDINGS(pawnkit_streamed) {
  emscripten::function("streamedEntry", &streamed_entry);
  emscripten::function("takeStreamedResult", &pawnkit::web::take_streamed_result);
}
