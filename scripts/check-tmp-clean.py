#!/usr/bin/env python3
"""Checks that the tests left nothing behind in the temporary directory.

Usage: check-tmp-clean.py snapshot FILE   records what is in $TMPDIR (or /tmp) now
       check-tmp-clean.py check FILE      fails, listing them, if entries appeared since

The toolchain's own leftovers (the Swift driver's TemporaryDirectory.*, SwiftPM's lock files
and generated sources) are not ours and are ignored; everything else a test run leaves is.
"""
import os
import re
import sys

IGNORED = re.compile(r"^(TemporaryDirectory\.[A-Za-z0-9]+|swift-generated-sources|.*\.lock)$")


def entries():
    directory = os.environ.get("TMPDIR", "/tmp")
    return directory, set(os.listdir(directory))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("snapshot", "check"):
        sys.exit(__doc__)
    command, path = sys.argv[1], sys.argv[2]
    directory, now = entries()
    if command == "snapshot":
        with open(path, "w") as file:
            file.write("\n".join(sorted(now)))
        return
    with open(path) as file:
        before = set(file.read().splitlines())
    left = sorted(name for name in now - before if not IGNORED.match(name))
    if left:
        print(f"The tests left {len(left)} entries in {directory}; each test must remove what it creates:")
        for name in left[:50]:
            print(f"  {directory}/{name}")
        sys.exit(1)
    print(f"Nothing left behind in {directory}.")


if __name__ == "__main__":
    main()
