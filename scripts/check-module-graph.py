#!/usr/bin/env python3
"""Checks the package manifest, and the module registry, against the design's module graph.

Usage: swift package dump-package | scripts/check-module-graph.py [--registry registry.json]

The allowed edges below are the design's (shared/design.md, "The module graph"): they are the
most edges a module may have, stated once apart from the manifest, in scripts/module-graph.json,
so that the two are compared. A module added to Package.swift's table must be added there too. A module that depends on anything else, a module that reaches a
sibling through the umbrella, a product that bundles more than its module, or a registry entry
(`Catalog --modules-json`) whose dependencies differ from the manifest fails the check.
"""
import argparse
import json
import os
import sys

GRAPH_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "module-graph.json")
with open(GRAPH_FILE, encoding="utf-8") as _handle:
    # Swift module: (allowed Three20 modules, allowed system libraries, allowed package products)
    MODULES = {name: (set(edges["modules"]), set(edges["system"]), set(edges["packages"]))
               for name, edges in json.load(_handle)["modules"].items()}
UMBRELLA = "Three20"
# The system-library shims the design names; the manifest's own `systemLibrary` targets are
# added in main(), so a shim no module may link is reported as a forbidden link, not a stranger.
SYSTEM = set().union(*(system for _, system, _ in MODULES.values()))


def dependency_names(target):
    """Yields (kind, name) for each dependency of a target in dump-package's JSON."""
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                yield ("product" if kind == "product" else "target", dependency[kind][0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--registry", help="JSON from `Catalog --modules-json` to compare too")
    options = parser.parse_args()

    try:
        manifest = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        sys.exit(f"check-module-graph: standard input is not `swift package dump-package` JSON: {error}")

    problems = []
    targets = {target["name"]: target for target in manifest["targets"]}
    system_targets = SYSTEM | {target["name"] for target in manifest["targets"] if target["type"] == "system"}
    edges = {}

    for target in manifest["targets"]:
        path = target.get("path") or ""
        if (target["type"] == "regular" and path.startswith("Modules/") and path.count("/") == 1
                and target["name"] != UMBRELLA and target["name"] not in MODULES):
            problems.append(f"{target['name']} ({path}) is a module of Package.swift but not of the design's graph: "
                            f"add it, with the edges the design allows, to scripts/module-graph.json")

    for name, (modules, system, products) in MODULES.items():
        target = targets.get(name)
        if target is None:
            problems.append(f"module {name} is missing from Package.swift")
            continue
        edges[name] = set()
        for kind, dependency in dependency_names(target):
            if kind == "product":
                if dependency not in products:
                    problems.append(f"{name} depends on the package product {dependency}, which the design does not allow "
                                    f"(allowed: {sorted(products) or 'none'})")
            elif dependency in MODULES:
                edges[name].add(dependency)
                if dependency not in modules:
                    problems.append(f"{name} depends on {dependency}; the design allows only {sorted(modules) or 'nothing'}")
            elif dependency in system_targets:
                if dependency not in system:
                    problems.append(f"{name} links {dependency}; the design allows only {sorted(system) or 'no system library'}")
            else:
                problems.append(f"{name} depends on target {dependency}, which is not a module or system library "
                                f"(modules must never use the umbrella, tools or other targets)")

    umbrella = targets.get(UMBRELLA)
    if umbrella is None:
        problems.append("the umbrella target Three20 is missing")
    else:
        uses = {name for _, name in dependency_names(umbrella)}
        if uses != set(MODULES):
            problems.append(f"the umbrella Three20 must depend on exactly the {len(MODULES)} modules "
                            f"{sorted(MODULES)}, it uses {sorted(uses)}")

    products = {product["name"]: product for product in manifest["products"]}
    for name in list(MODULES) + [UMBRELLA]:
        product = products.get(name)
        if product is None:
            problems.append(f"there is no library product {name}: users could not pick that module alone")
        elif product["targets"] != [name]:
            problems.append(f"product {name} bundles {product['targets']}; it must hold only its own target")

    if options.registry:
        with open(options.registry, encoding="utf-8") as handle:
            registry = {entry["identifier"]: set(entry["dependencies"]) for entry in json.load(handle)}
        for name in MODULES:
            if name not in registry:
                problems.append(f"{name} is not in the module registry (TTModuleInfo.allModules)")
            elif name in edges and registry[name] != edges[name]:
                problems.append(f"{name}'s registry entry lists {sorted(registry[name])} but Package.swift gives it "
                                f"{sorted(edges[name])}: update TTModuleInfo.{name} or the manifest")

    if problems:
        print("Module graph check FAILED:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"Module graph check passed: {len(MODULES)} modules, edges as designed"
          + (", registry agrees with the manifest" if options.registry else ""))


if __name__ == "__main__":
    main()
