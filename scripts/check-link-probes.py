#!/usr/bin/env python3
"""Checks the module graph's promise on real binaries.

Usage: swift package dump-package | scripts/check-link-probes.py BIN_DIR

Everything comes from the manifest, so a module added as a row of the `modules` table in
Package.swift is checked without editing this script: each module target under `Modules/` has a
link probe `Probe<short>` (a program that uses that module alone); the C libraries a module may
link are the system-library targets in its dependency closure, named by their pkg-config
packages (`pkg-config --libs-only-l`). The probe must link every one of them (so the probe proves
something) and no other C library of the package's system-library targets. Both the direct
NEEDED entries (readelf -d) and everything the loader pulls in (ldd) are read, so a library that
arrives through Foundation (FoundationNetworking → libcurl) is caught too.
"""
import json
import os
import subprocess
import sys


def dependency_names(target):
    """The names of a target's dependencies on other targets of the package."""
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                yield dependency[kind][0]


def soname_stems(pkg_config):
    """The library names a pkg-config package links, for example ['libcurl']."""
    result = subprocess.run(["pkg-config", "--libs-only-l", pkg_config], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"link check: pkg-config does not know {pkg_config}: {result.stderr.strip()} "
                 "(install the system packages first: make deps)")
    return ["lib" + flag[2:] for flag in result.stdout.split() if flag.startswith("-l")]


def libraries_of(binary):
    """Every library a binary needs, directly or through the loader, by file name."""
    readelf = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout
    needed = {line.split("[", 1)[1].split("]", 1)[0] for line in readelf.splitlines() if "(NEEDED)" in line}
    ldd = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    loaded = {line.split()[0] for line in ldd.splitlines() if line.strip()}
    return needed | loaded


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    bin_dir = sys.argv[1]
    manifest = json.load(sys.stdin)
    targets = {target["name"]: target for target in manifest["targets"]}
    system = {name: soname_stems(target["pkgConfig"])
              for name, target in targets.items() if target["type"] == "system" and target.get("pkgConfig")
              and target["path"].startswith("Modules/")}
    modules = [target for target in manifest["targets"] if target["type"] == "regular"
               and target["path"].startswith("Modules/") and target["path"].count("/") == 1
               and target["name"] != "Three20"]
    every_library = sorted({stem for stems in system.values() for stem in stems})

    status = 0
    for module in modules:
        short = module["path"].split("/")[1]
        closure, pending = set(), [module["name"]]
        while pending:
            name = pending.pop()
            for dependency in dependency_names(targets[name]):
                if dependency not in closure and dependency in targets:
                    closure.add(dependency)
                    pending.append(dependency)
        allowed = sorted({stem for name in closure if name in system for stem in system[name]})
        probe = os.path.join(bin_dir, f"Probe{short}")
        if not os.access(probe, os.X_OK):
            sys.exit(f"link check: {probe} is missing; build first (swift build). Every module row of "
                     f"Package.swift makes a probe from Probes/{short}/main.swift.")
        linked = libraries_of(probe)
        stems = {library.split(".so")[0] for library in linked}
        problems = [f"links {library}, which {module['name']} must not use (it is not in its dependency closure)"
                    for library in every_library if library in stems and library not in allowed]
        problems += [f"does not link {library}, although {module['name']} is built on it "
                     "(is the probe using the module?)" for library in allowed if library not in stems]
        if problems:
            status = 1
            for problem in problems:
                print(f"link check FAILED: Probe{short} {problem}", file=sys.stderr)
        else:
            print(f"link check ok: Probe{short} needs {' '.join(allowed) or 'no C library of the package'}")
    sys.exit(status)


if __name__ == "__main__":
    main()
