#!/usr/bin/env python3
"""Fails when a DocC article links to a page of another catalog that the build did not make.

DocC resolves ``Symbol`` and <doc:…> links only inside one catalog. Links between catalogs are
plain Markdown links to where scripts/build-docs.sh puts each catalog for static hosting:
`/<SwiftModule>/documentation/<swiftmodule>/<page>`. This script reads every Markdown file of
every catalog (Modules/*/*.docc) and checks that each such link names a page of the output in
.build/docs (run scripts/build-docs.sh first).

Usage: scripts/check-doc-links.py [DOCS_DIR]
"""

import glob
import os
import re
import sys

LINK = re.compile(r"\]\((/Three20[A-Za-z]*/documentation/[^)\s#]*)(?:#[^)]*)?\)")


def main() -> int:
    root = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
    docs = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, ".build", "docs")
    if not os.path.isdir(docs):
        print(f"check-doc-links: no {docs}; run scripts/build-docs.sh first", file=sys.stderr)
        return 2
    broken = []
    checked = 0
    for path in sorted(glob.glob(os.path.join(root, "Modules", "*", "*.docc", "**", "*.md"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        for number, line in enumerate(lines, start=1):
            for link in LINK.findall(line):
                checked += 1
                page = os.path.join(docs, link.strip("/"), "index.html")
                if not os.path.exists(page):
                    broken.append(f"{os.path.relpath(path, root)}:{number}: {link} is no page of the built docs")
    for entry in broken:
        print(entry)
    if broken:
        print(f"check-doc-links: {len(broken)} links to other catalogs lead nowhere", file=sys.stderr)
        return 1
    print(f"check-doc-links: all {checked} links between catalogs lead to a page")
    return 0


if __name__ == "__main__":
    sys.exit(main())
