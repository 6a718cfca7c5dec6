"""The `pawnkit` command of a pip install: runs the command-line tool installed beside the
package (the wheel puts it there as pawnkit-cli: python/CMakeLists.txt), with the same arguments."""

import os
import sys


def main():
    tool = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pawnkit-cli")
    if not os.access(tool, os.X_OK):
        sys.exit(f"pawnkit: the command-line tool is not installed beside the package ({tool}); "
                 "reinstall with pip, or use build/pawnkit from a CMake build")
    os.execv(tool, [tool, *sys.argv[1:]])


if __name__ == "__main__":
    main()
