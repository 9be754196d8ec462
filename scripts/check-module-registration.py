#!/usr/bin/env python3
"""Checks that every module of Package.swift is registered everywhere it must be by hand.

Usage: swift package dump-package | scripts/check-module-registration.py

A module is one row of the `modules` table in Package.swift; its library, product, link probe and
test target are derived from that row. What cannot be derived is written by hand, and this
check names each place that is missing, with the file and what to add. The steps are in
CONTRIBUTING.md ("Adding a module"); keep the two in step.
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


def check(short, name):
    """The problems of one module (short name such as `Table`, Swift module `Three20Table`)."""
    problems = []

    # The design's graph, stated apart from the manifest.
    graph = json.loads(read("scripts/module-graph.json") or "{}").get("modules", {})
    if name not in graph:
        problems.append(f"scripts/module-graph.json: add \"{name}\" with the edges the design allows "
                        "(shared/design.md, \"The module graph\")")

    # Its registry entry: `public static let x = TTModuleInfo(identifier: "Three20X", ...)`.
    static_name = None
    for path in sorted(glob.glob(os.path.join(ROOT, "Modules", short, "**", "*.swift"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            match = re.search(r'public static let (\w+) = TTModuleInfo\(\s*identifier: "' + re.escape(name) + '"',
                              handle.read())
        if match:
            static_name = match.group(1)
            break
    if static_name is None:
        problems.append(f"Modules/{short}/Registry/TTModuleInfo+{short}.swift: describe the module, "
                        f"`extension TTModuleInfo {{ public static let … = TTModuleInfo(identifier: \"{name}\", "
                        f"shortName: \"{short}\", …) }}`")

    # The umbrella re-exports it and lists it.
    umbrella = read("Modules/Three20/Three20.swift") or ""
    if f"@_exported import {name}\n" not in umbrella:
        problems.append(f"Modules/Three20/Three20.swift: add `@_exported import {name}`")
    if static_name and not re.search(r"allModules: \[TTModuleInfo\] = \[[^\]]*\." + static_name + r"\b", umbrella):
        problems.append(f"Modules/Three20/Three20.swift: add `.{static_name}` to TTModuleInfo.allModules, "
                        "after the modules it depends on")

    # Its link probe and tests (the targets are derived; their sources are not).
    if "import " + name not in (read(f"Probes/{short}/main.swift") or ""):
        problems.append(f"Probes/{short}/main.swift: write a program that imports {name} alone and uses it "
                        "(see Probes/Core/main.swift)")
    if not glob.glob(os.path.join(ROOT, "Tests", f"{name}Tests", "*.swift")):
        problems.append(f"Tests/{name}Tests/: add the module's tests (the test target is derived from the row)")

    # Its DocC catalog, and the guide's page about the modules.
    overview = read(f"Modules/{short}/{name}.docc/{name}.md")
    if overview is None or not overview.startswith(f"# ``{name}``"):
        problems.append(f"Modules/{short}/{name}.docc/{name}.md: write the catalog's front page, starting "
                        f"with \"# ``{name}``\"")
    if f"(`{name}`)" not in (read("Modules/Three20/Three20.docc/Three20.md") or ""):
        problems.append(f"Modules/Three20/Three20.docc/Three20.md: describe **{short}** (`{name}`) beside the "
                        "other modules and add it to the dependency graph there")

    # The README's module table.
    if not re.search(r"^\| " + re.escape(short) + r" \(`" + re.escape(name) + r"`\) \|", read("README.md") or "",
                     re.M):
        problems.append(f"README.md: add a row `| {short} (`{name}`) | what it is for | builds on | links |` "
                        "to the Modules table")

    # The Catalog: a folder of demos, listed in CatalogDemo.all.
    demos = None
    for path in sorted(glob.glob(os.path.join(ROOT, "Catalog", "Kit", short, "*.swift"))):
        with open(path, encoding="utf-8") as handle:
            match = re.search(r"^enum (\w+Demos)\b", handle.read(), re.M)
        if match:
            demos = match.group(1)
            break
    if demos is None:
        problems.append(f"Catalog/Kit/{short}/: add an `enum {short}Demos {{ static let all: [CatalogDemo] }}` "
                        "with at least one demo, and a section for it in CatalogDemo.Section")
    elif f"{demos}.all" not in (read("Catalog/Kit/Shell/CatalogDemo.swift") or ""):
        problems.append(f"Catalog/Kit/Shell/CatalogDemo.swift: add `{demos}.all` to CatalogDemo.all")

    # ttmodule's starter code: a few lines in main.swift and one test.
    snippets = read("Tools/TTModuleKit/Project/TTModuleSnippets.swift") or ""
    if snippets.count(f'case "{short}":') < 2:
        problems.append(f"Tools/TTModuleKit/Project/TTModuleSnippets.swift: add `case \"{short}\":` to both "
                        "main(for:in:) and test(for:), so `ttmodule new` shows the module in use")
    return problems


def main():
    try:
        manifest = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        sys.exit(f"check-module-registration: standard input is not `swift package dump-package` JSON: {error}")
    modules = [(target["path"].split("/")[1], target["name"]) for target in manifest["targets"]
               if target["type"] == "regular" and (target.get("path") or "").startswith("Modules/")
               and target["path"].count("/") == 1 and target["name"] != "Three20"]
    problems = [(name, problem) for short, name in modules for problem in check(short, name)]
    if problems:
        print("Module registration check FAILED (the steps: CONTRIBUTING.md, \"Adding a module\"):",
              file=sys.stderr)
        for name, problem in problems:
            print(f"  - {name}: {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"Module registration check passed: {len(modules)} modules, each registered in the umbrella, "
          "registry, README, DocC, probe, tests, Catalog and ttmodule")


if __name__ == "__main__":
    main()
