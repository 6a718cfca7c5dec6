// pawnkit's version, for code that depends on it (equal to the project version in
// CMakeLists.txt: tests/version_test.cpp checks), and the check that the compiler speaks
// C++20, which every other header includes first: an older standard gets one #error that
// says so, not pages of errors from deep inside the headers. docs/engine.md says what the
// version promises; CHANGELOG.md what each version changed.
#pragma once

#define PAWNKIT_VERSION_MAJOR 0
#define PAWNKIT_VERSION_MINOR 1
#define PAWNKIT_VERSION_PATCH 0
#define PAWNKIT_VERSION_STRING "0.1.0"

// MSVC reports its standard in _MSVC_LANG (__cplusplus stays 199711L without /Zc:__cplusplus).
#if defined(_MSVC_LANG)
#define PAWNKIT_DETAIL_CPLUSPLUS _MSVC_LANG
#else
#define PAWNKIT_DETAIL_CPLUSPLUS __cplusplus
#endif
#if PAWNKIT_DETAIL_CPLUSPLUS < 202002L
#error "pawnkit needs C++20: compile with -std=c++20 (CMake: target_compile_features cxx_std_20)"
// Stop here (a missing include is fatal): the rest would only add errors about C++20 code.
#include "pawnkit needs C++20, compilation stopped"
#endif
