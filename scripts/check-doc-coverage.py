#!/usr/bin/env python3
"""Fails when a public declaration of a Three20 module has no doc comment.

Reads the symbol graphs that `swift package dump-symbol-graph --minimum-access-level public`
wrote (scripts/build-docs.sh writes them too) and lists every public symbol declared in the
repository's Modules/ folder whose declaration has no `///` comment. Symbols the compiler makes
up (synthesized conformances) and members inherited from other modules' protocols are not
declarations of ours and are skipped.

Usage: scripts/check-doc-coverage.py [SYMBOLGRAPH_DIR]
"""

import glob
import json
import os
import sys
from urllib.parse import unquote, urlparse


def main() -> int:
    root = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
    modules_dir = os.path.join(root, "Modules") + os.sep
    if len(sys.argv) > 1:
        graphs = sys.argv[1]
    else:
        found = glob.glob(os.path.join(root, ".build", "*", "symbolgraph"))
        if not found:
            print(
                "check-doc-coverage: no symbol graphs under .build/*/symbolgraph; run "
                "`swift package dump-symbol-graph --minimum-access-level public` first",
                file=sys.stderr)
            return 2
        graphs = found[0]
    missing = []
    checked = 0
    for path in sorted(glob.glob(os.path.join(graphs, "Three20*.symbols.json"))):
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if not location:
                continue  # synthesized by the compiler
            file = unquote(urlparse(location.get("uri", "")).path)
            if not os.path.realpath(file).startswith(modules_dir):
                continue  # declared elsewhere (a protocol of another module, the standard library)
            checked += 1
            comment = symbol.get("docComment")
            lines = [line.get("text", "") for line in (comment or {}).get("lines", [])]
            # A comment inherited from a protocol of another module names that module.
            if comment and comment.get("module") and not comment["module"].startswith("Three20"):
                lines = []
            if not any(text.strip() for text in lines):
                title = ".".join(symbol.get("pathComponents", [])) or symbol["names"]["title"]
                line = location.get("position", {}).get("line", 0) + 1
                missing.append(f"{os.path.relpath(file, root)}:{line}: {title} has no doc comment")
    # The same symbol appears in a module's graph and in its extension graphs; report it once.
    missing = sorted(set(missing))
    for entry in missing:
        print(entry)
    if missing:
        print(
            f"check-doc-coverage: {len(missing)} public declarations have no /// comment; "
            "document them (a one-line summary is the minimum)",
            file=sys.stderr)
        return 1
    print(f"check-doc-coverage: all {checked} public declarations are documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
