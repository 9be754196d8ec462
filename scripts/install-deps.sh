#!/usr/bin/env bash
# Makes sure the C libraries Three20 builds on are installed (Debian/Ubuntu package names).
# As root it installs what is missing with apt-get; otherwise it prints the exact command to
# run and stops, so nothing is installed behind your back.
#
# Usage: scripts/install-deps.sh [extra-package …]   (CI adds the tools its checks need)
set -euo pipefail

# Network (libcurl, SQLite), XMLExt (libxml2), Image (libspng, libjpeg-turbo, giflib, libwebp,
# and libchafa, whose pkg-config file needs GLib's), the tests' gzip (zlib), and pkg-config.
packages=(
  libcurl4-openssl-dev libsqlite3-dev libxml2-dev
  libspng-dev libturbojpeg0-dev libgif-dev libwebp-dev libchafa-dev libglib2.0-dev
  zlib1g-dev pkg-config "$@"
)

if ! command -v dpkg-query >/dev/null 2>&1; then
  # Not Debian/Ubuntu: check with pkg-config instead and say what is needed.
  missing=()
  for module in libcurl sqlite3 libxml-2.0 spng libturbojpeg libgif libwebp chafa zlib; do
    pkg-config --exists "$module" 2>/dev/null || missing+=("$module")
  done
  if ((${#missing[@]})); then
    echo "Three20 needs the development files of: ${missing[*]} (pkg-config names)." >&2
    echo "Install them with your system's package manager, then run make again." >&2
    exit 1
  fi
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) -ne 0 ]]; then
  echo "Three20 needs these Debian/Ubuntu packages, which are not installed: ${missing[*]}" >&2
  echo "Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  echo "then run make again." >&2
  exit 1
fi

echo "Installing ${missing[*]} …"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
