// CPython's small-object allocator (pymalloc) takes its memory in 1 MiB arenas, each an
// mmap of ordinary 4 KiB pages. Making a million FEN strings for pawnkit.positions fills
// about a hundred arenas, and on a virtual machine each first touch of a 4 KiB page can
// cost ~15 us (measured on the project's 2-core VM: 0.37 s of 1.4 s went to those faults).
// While a HugePageArenas is alive, new arenas are carved two by two from 2 MiB blocks
// that the kernel backs with one transparent huge page: one fault instead of 512.
//
// Only with the GIL held (pymalloc is used under the GIL only), and only for a burst of
// allocations: the arenas stay valid afterwards, since each is its own range that the
// default allocator frees with munmap, exactly as it frees its own mmap'd arenas. Two
// threads may overlap (one can release the GIL inside, through a finalizer run by the
// garbage collector): the allocator is installed by the first and restored by the last.
#pragma once

namespace pawnkit::python {

class HugePageArenas {
 public:
  HugePageArenas();
  ~HugePageArenas();
  HugePageArenas(const HugePageArenas&) = delete;
  HugePageArenas& operator=(const HugePageArenas&) = delete;
};

}  // namespace pawnkit::python
