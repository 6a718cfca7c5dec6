"""What the test scripts share: their command line and their closing line.

ctest runs each tests/scripts/*.py with --cli (the pawnkit program), --source (the source
tree) and --shared (the shared data folder). This module sits in a subfolder so that the
tests/CMakeLists.txt glob of scripts/*.py does not take it for a test.
"""
import argparse


def parse_args(cli_required=False, source_required=False):
    """The --cli, --source and --shared arguments every script is run with."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=cli_required)
    parser.add_argument("--source", required=source_required)
    parser.add_argument("--shared")
    return parser.parse_args()


def finish(name, failures):
    """Prints each failure and the count; the exit status (1 when any failed)."""
    for f in failures:
        print("FAIL", f)
    print("%s: %d failed" % (name, len(failures)))
    return 1 if failures else 0
