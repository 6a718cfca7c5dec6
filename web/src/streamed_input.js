// The module's import for a file whose bytes still arrive (input.hpp): the worker sets
// Module.waitForBytes, returning a promise, and wraps this import in WebAssembly.Suspending
// (web/site/worker.js, found by this function's name). Unwrapped, the module cannot wait: 0.
mergeInto(LibraryManager.library, {
  pawnkit_wait_for_bytes: function () {
    return Module['waitForBytes'] ? Module['waitForBytes']() : 0;
  },
});
