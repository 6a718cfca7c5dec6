// CPython's small-object allocator (pymalloc) takes its memory in 1 MiB arenas, each an
// mmap of ordinary 4 KiB pages. Making a million FEN strings for pawnkit.positions fills
// about a hundred arenas, and on a virtual machine each first touch of a 4 KiB page can
// cost ~15 us (measured on the project's 2-core VM: 0.37 s of 1.4 s went to those faults).
// While a HugePageArenas is alive, new arenas are carved two by two from 2 MiB blocks
// that the kernel backs with one transparent huge page: one fault instead of 512.
//
// Only with the GIL held (pymalloc is used under the GIL only). Installed by the first
// HugePageArenas and left in place: outside one it hands out CPython's own arenas. Either
// kind, when pymalloc frees it (the strings of a dropped frame), is kept for reuse (at most
// 96 MiB; release_kept() frees them): the next chunk's or call's strings then fault no page.
// Each arena is its own mmap'd range, which the default allocator frees with munmap.
#pragma once

namespace pawnkit::python {

class HugePageArenas {
 public:
  HugePageArenas();
  ~HugePageArenas();
  HugePageArenas(const HugePageArenas&) = delete;
  HugePageArenas& operator=(const HugePageArenas&) = delete;
  // Frees the kept arenas (with the GIL held).
  static void release_kept();
};

}  // namespace pawnkit::python
