#!/usr/bin/env bash
# Runs the network benchmarks (`make bench-network`).
#
# Starts nginx on 127.0.0.1, on a free port, with a temporary configuration that serves a 1 KB
# and a 100 KB file (installing nginx with apt-get first when running as root; otherwise it
# prints the command and stops), builds the C floor (Benchmarks/C/curl_multi_floor.c) with cc,
# then runs `Three20Benchmarks network` in release mode with
#   THREE20_BENCH_HTTP_BASE=http://127.0.0.1:<port>   where the files are (/1k.bin, /100k.bin)
#   THREE20_BENCH_CURL_FLOOR=<path>                    the C floor's binary
# and stops nginx and removes the temporary files at the end, however the run ends.
#
# Usage: Benchmarks/scripts/network.sh [SUITE…]   (from anywhere; SWIFT overrides the swift
# command). The suites are passed to Three20Benchmarks: `network` for the network suite alone,
# none for every suite (`make bench`, so the HTTP comparisons run there too).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
benchmarks=$(dirname "$here")
swift=${SWIFT:-swift}

find_nginx() {
  command -v nginx 2>/dev/null || { [[ -x /usr/sbin/nginx ]] && echo /usr/sbin/nginx; } || true
}

nginx=$(find_nginx)
if [[ -z "$nginx" ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "The network benchmarks need nginx (the local HTTP server they load from), which is not installed." >&2
    echo "Install it with:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y nginx" >&2
    echo "then run make bench-network again." >&2
    exit 1
  fi
  echo "Installing nginx …"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Debian's package may try to start the system service; the benchmark never uses that one.
  apt-get install -y -qq --no-install-recommends nginx >/dev/null
  nginx=$(find_nginx)
  [[ -n "$nginx" ]] || { echo "nginx was installed but cannot be found on PATH or at /usr/sbin/nginx." >&2; exit 1; }
fi
command -v cc >/dev/null || { echo "The network benchmarks need a C compiler (cc) for the libcurl floor." >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/three20-bench-network.XXXXXX")
nginx_pid=""
cleanup() {
  if [[ -n "$nginx_pid" ]] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill -QUIT "$nginx_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$nginx_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The files: readable by nginx's workers, which run as an unprivileged user when started by root.
mkdir -p "$work/www" "$work/temp"
head -c 1024 /dev/urandom >"$work/www/1k.bin"
head -c 102400 /dev/urandom >"$work/www/100k.bin"
chmod 755 "$work" "$work/www"
chmod 644 "$work/www/"*.bin

free_port() {
  if command -v python3 >/dev/null; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
  else
    echo $((20000 + RANDOM % 40000))
  fi
}

write_config() {
  # One worker per core: the client and the server share the machine, and one worker alone
  # could become the bottleneck for the C floor. Keep-alive connections are never closed by
  # the server during a run (keepalive_requests), and nothing is logged per request.
  cat >"$work/nginx.conf" <<EOF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush off;
  tcp_nodelay on;
  keepalive_timeout 300s;
  keepalive_requests 10000000;
  open_file_cache max=16 inactive=300s;
  open_file_cache_valid 300s;
  types { application/octet-stream bin; }
  default_type application/octet-stream;
  client_body_temp_path $work/temp/client;
  proxy_temp_path $work/temp/proxy;
  fastcgi_temp_path $work/temp/fastcgi;
  uwsgi_temp_path $work/temp/uwsgi;
  scgi_temp_path $work/temp/scgi;
  server {
    listen 127.0.0.1:$1 reuseport;
    root $work/www;
    location / { }
  }
}
EOF
}

# A free port can be taken between the check and nginx's bind; try a few.
port=""
for _ in 1 2 3 4 5; do
  candidate=$(free_port)
  write_config "$candidate"
  "$nginx" -p "$work" -c "$work/nginx.conf" -g 'daemon off;' 2>>"$work/error.log" &
  nginx_pid=$!
  for _ in $(seq 50); do
    if ! kill -0 "$nginx_pid" 2>/dev/null; then break; fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
    sleep 0.1
  done
  [[ -n "$port" ]] && break
  kill "$nginx_pid" 2>/dev/null || true
  wait "$nginx_pid" 2>/dev/null || true
  nginx_pid=""
done
if [[ -z "$port" ]]; then
  echo "nginx did not start on 127.0.0.1; its log says:" >&2
  cat "$work/error.log" >&2 || true
  exit 1
fi
base="http://127.0.0.1:$port"
echo "nginx $("$nginx" -v 2>&1 | sed 's/.*nginx\///') serving $work/www at $base (pid $nginx_pid)"

# The C floor.
curl_flags=$(pkg-config --cflags --libs libcurl 2>/dev/null || echo -lcurl)
# shellcheck disable=SC2086
cc -O2 -o "$work/curl_multi_floor" "$benchmarks/C/curl_multi_floor.c" $curl_flags

# The Swift side, in release mode (the build's output only when it fails).
"$swift" build -c release --package-path "$benchmarks" --product Three20Benchmarks >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  exit 1
}
# The web suite's own program, run as a process as its anchors are, with the Swift runtime
# inside (see bench-web in the Makefile).
"$swift" build -c release --package-path "$benchmarks" --product WebDump --static-swift-stdlib \
  --scratch-path "$benchmarks/.build-static" >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  exit 1
}
bin=$("$swift" build -c release --package-path "$benchmarks" --show-bin-path)
THREE20_BENCH_HTTP_BASE="$base" THREE20_BENCH_CURL_FLOOR="$work/curl_multi_floor" \
  THREE20_BENCH_WEBDUMP="$benchmarks/.build-static/release/WebDump" \
  "$bin/Three20Benchmarks" "$@"
