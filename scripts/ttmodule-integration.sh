#!/usr/bin/env bash
# Integration test of `ttmodule new`: generates starter projects for Core only, Table only,
# XMLExt only, Image only, Web only and all modules into a temporary directory, builds each
# (program and tests), runs the program and its tests, and checks with readelf -d and ldd what
# each program links (each check can fail):
# - Core only and Table only: none of libcurl, libxml2 and libsqlite3, nor the image libraries
#   (libspng, libturbojpeg, libgif, libwebp, libchafa and the GLib it brings);
# - XMLExt only: libxml2 (and Network's libcurl and libsqlite3), but no image library;
# - Image only: the image libraries, libcurl and libsqlite3, but not libxml2;
# - Web only: libxml2 (its HTML parser), libcurl and libsqlite3, but no image library (pictures
#   in pages come through Style's seam, never from Image).
# Prints the build time and binary size of each project.
#
# Usage: scripts/ttmodule-integration.sh [WORK_DIR]   (default: a new temporary directory,
# removed at the end unless KEEP=1)
#
# The projects depend on this checkout by local path. Each has its own .build: SwiftPM does not
# support sharing one scratch directory between different root packages, so they are built one
# after the other (on two cores, parallel builds would only fight for them).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
swift=${SWIFT:-swift}

work=${1:-}
if [[ -z "$work" ]]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/ttmodule-integration.XXXXXX")
  [[ "${KEEP:-0}" == 1 ]] || trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

echo "Building ttmodule"
$swift build --product ttmodule >/dev/null || $swift build --product ttmodule
ttmodule="$($swift build --show-bin-path)/ttmodule"

# project: modules | libraries it must not link | libraries it must link
# Image gets a project of its own: it is the only module that links the image libraries.
image_libraries="libspng libturbojpeg libgif libwebp libchafa libglib-2.0"
projects=(CoreOnly TableOnly XMLExtOnly ImageOnly WebOnly AllModules)
declare -A modules=(
  [CoreOnly]="Core" [TableOnly]="Table" [XMLExtOnly]="XMLExt" [ImageOnly]="Image" [WebOnly]="Web"
  [AllModules]="all")
declare -A forbidden=(
  [CoreOnly]="libcurl libxml2 libsqlite3 $image_libraries"
  [TableOnly]="libcurl libxml2 libsqlite3 $image_libraries"
  [XMLExtOnly]="$image_libraries"
  [ImageOnly]="libxml2"
  [WebOnly]="$image_libraries")
declare -A required=(
  [XMLExtOnly]="libxml2 libcurl libsqlite3"
  [ImageOnly]="$image_libraries libcurl libsqlite3"
  [WebOnly]="libxml2 libcurl libsqlite3"
  [AllModules]="libxml2 libcurl libsqlite3 $image_libraries")

status=0
summary=()
fail() { echo "ttmodule integration FAILED: $*" >&2; status=1; }

for project in "${projects[@]}"; do
  dir="$work/$project"
  echo
  echo "=== $project: ttmodule new $dir ${modules[$project]}"
  # shellcheck disable=SC2086 # the module list is meant to split
  "$ttmodule" new "$dir" --three20-path "$repo" ${modules[$project]}

  # Wall time, and the CPU time of the build and the compilers it runs (contention-independent).
  log="$work/$project.build.log"
  TIMEFORMAT='%R %U %S'
  if ! { time (cd "$dir" && $swift build --build-tests >"$log" 2>&1); } 2>"$work/$project.time"; then
    tail -n 30 "$log"
    fail "$project does not build"
    continue
  fi
  read -r wall user system <"$work/$project.time"
  grep -E "warning:|Build complete" "$log" || true
  bin_dir=$(cd "$dir" && $swift build --show-bin-path)
  binary="$bin_dir/$project"
  if [[ ! -x "$binary" ]]; then
    fail "$project: the build produced no $binary"
    continue
  fi

  echo "--- $project: run"
  (cd "$dir" && "$binary") || fail "$project's program exited with an error"
  echo "--- $project: swift test"
  if output=$(cd "$dir" && $swift test --skip-build 2>&1); then
    tail -n 1 <<<"$output"
  else
    echo "$output"
    fail "$project's tests failed"
  fi

  needed=$(readelf -d "$binary" | awk '/NEEDED/ { gsub(/[][]/, "", $5); print $5 }')
  loaded=$(ldd "$binary" | awk '{ print $1 }')
  all=$(printf '%s\n%s\n' "$needed" "$loaded" | sort -u)
  for library in ${forbidden[$project]:-}; do
    if grep -q "^$library\.so" <<<"$all"; then fail "$project links $library"; fi
  done
  for library in ${required[$project]:-}; do
    if ! grep -q "^$library\.so" <<<"$all"; then fail "$project does not link $library (is the check working?)"; fi
  done
  links=$(grep -E '^lib(curl|xml2|sqlite3|spng|turbojpeg|gif|webp|chafa|glib-2\.0)\.so' <<<"$all" | sed 's/\.so.*//' |
    sort -u | tr '\n' ' ' || true)

  size=$(stat -c %s "$binary")
  stripped=$(strip -o "$work/$project.stripped" "$binary" && stat -c %s "$work/$project.stripped")
  rm -f "$work/$project.stripped"
  line=$(awk -v p="$project" -v m="${modules[$project]}" -v w="$wall" -v c="$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" \
    -v s="$size" -v x="$stripped" -v l="${links:-no C library of the package}" \
    'BEGIN { printf "%-11s %-7s build %6.1fs (cpu %6.1fs)  binary %5.1f MB (stripped %4.1f MB)  links: %s", p, m, w, c, s / 1048576, x / 1048576, l }')
  summary+=("$line")
done

echo
echo "=== ttmodule integration: debug builds of program and tests, each project from an empty .build"
total=$((SECONDS))
echo "(build = wall time; cpu = user + system time of the build and its compilers; total $((total / 60))m$((total % 60))s)"
for line in "${summary[@]}"; do echo "$line"; done
if ((status == 0)); then echo "ttmodule integration passed"; fi
exit $status
