// The binary records the module's workers hand to the pipeline and its readers unpack
// (pawnkit.positions, pawnkit.games): fixed-size fields copied with memcpy, read back
// only by the same process, so no byte order or versioning is needed.
#pragma once

#include <cstring>
#include <string>

namespace pawnkit::python {

// Appends the bytes of `value` to `out`.
template <class T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Reads a value at `p` and moves `p` past it.
template <class T>
T take(const char*& p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  p += sizeof value;
  return value;
}

// Reads a value at `p`.
template <class T>
T load(const char* p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

// Writes a value at `to` (space already there); returns the byte after it.
template <class T>
char* store(char* to, const T& value) {
  std::memcpy(to, &value, sizeof value);
  return to + sizeof value;
}

}  // namespace pawnkit::python
