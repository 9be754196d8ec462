#!/usr/bin/env bash
# Checks the module graph's promise on real binaries: each Probe<Module> executable uses one
# module alone, and must not need a C library that module may not link. Both the direct
# NEEDED entries (readelf -d) and everything the loader would pull in (ldd) are checked, so a
# library that arrives through Foundation (FoundationNetworking → libcurl) is caught too.
#
# Usage: scripts/check-link-probes.sh [BUILD_DIR]   (default: the debug build folder)
set -euo pipefail

bin_dir=${1:-$(swift build --show-bin-path)}
status=0

# module: forbidden libraries | libraries the probe must link (so the probe proves something)
declare -A forbidden=(
  [Core]="libcurl libxml2 libsqlite3"
  [Style]="libcurl libxml2 libsqlite3"
  [Table]="libcurl libxml2 libsqlite3"
  [Navigator]="libcurl libxml2 libsqlite3"
  [Network]="libxml2"
  [XMLExt]=""
)
declare -A required=(
  [Network]="libcurl libsqlite3"
  [XMLExt]="libxml2 libcurl libsqlite3"
)

for module in Core Style Table Navigator Network XMLExt; do
  probe="$bin_dir/Probe$module"
  if [[ ! -x "$probe" ]]; then
    echo "link check: $probe is missing; build first (swift build)" >&2
    exit 2
  fi
  needed=$(readelf -d "$probe" | awk '/NEEDED/ { gsub(/[][]/, "", $5); print $5 }')
  loaded=$(ldd "$probe" | awk '{ print $1 }')
  all=$(printf '%s\n%s\n' "$needed" "$loaded" | sort -u)
  problems=()
  for library in ${forbidden[$module]}; do
    if grep -q "^$library\.so" <<<"$all"; then
      problems+=("links $library, which Three20$module must not use")
    fi
  done
  for library in ${required[$module]:-}; do
    if ! grep -q "^$library\.so" <<<"$all"; then
      problems+=("does not link $library, although Three20$module is built on it (is the probe using the module?)")
    fi
  done
  if ((${#problems[@]})); then
    status=1
    for problem in "${problems[@]}"; do echo "link check FAILED: Probe$module $problem" >&2; done
  else
    echo "link check ok: Probe$module needs $(grep -E '^lib(curl|xml2|sqlite3)' <<<"$all" | tr '\n' ' ' || true)"
  fi
done
exit $status
