#!/usr/bin/env bash
# server-gone.sh — N web pictures cached by `snapterm render`, gone stale, then rendered again with the server
# gone: (1) nothing listening any more (a refused connection), (2) a host that takes no connection (a listener
# that never accepts, its queue full: what a dropped network looks like). Prints each run's wall time, exit
# status, pictures drawn and the lines on standard error; every picture should be drawn (stale-if-error) and
# no run should wait much longer than one connect timeout (5 s).
# Usage: scripts/bench/server-gone.sh [BINARY] [N=40]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN=$(realpath "${1:-.build/release/snapterm}"); N=${2:-40}
PORT=18432
HOLDERS=()
WORK=$(mktemp -d); trap 'scripts/tools/web-server stop $PORT >/dev/null 2>&1 || true; kill "${HOLDERS[@]}" 2>/dev/null || true; rm -rf "$WORK"' EXIT
chmod a+rx "$WORK"; mkdir -p "$WORK/www"
photos=(assets/photos/*.jpg)
for ((i = 0; i < N; i++)); do cp "${photos[i % ${#photos[@]}]}" "$WORK/www/p$i.jpg"; done
URLS=(); for ((i = 0; i < N; i++)); do URLS+=("http://127.0.0.1:$PORT/p$i.jpg"); done
export XDG_CACHE_HOME=$WORK/cache
RENDER=("$BIN" render --format sixel --cols 30 --rows 10 --cell-size 8x16)

# One run: wall time, status, pictures drawn (sixel sequences), lines on standard error.
run() {
    local start end status
    start=$(date +%s.%N)
    set +e; "${RENDER[@]}" "${URLS[@]}" > "$WORK/out" 2> "$WORK/err"; status=$?; set -e
    end=$(date +%s.%N)
    printf '%-36s %6.2f s  exit %d  %d of %d pictures  %d lines on stderr\n' "$1" "$(echo "$end - $start" | bc)" "$status" \
        "$(grep -ao $'\eP' "$WORK/out" | wc -l)" "$N" "$(wc -l < "$WORK/err")"
}

scripts/tools/web-server start "$WORK/www" $PORT 0.05 1 >/dev/null   # fresh for 1 s
run "cold, server up"
sleep 2                                                               # every copy stale now
scripts/tools/web-server stop $PORT
run "stale, server gone (refused)"
# A listener that never accepts: connections queue, then time out (a network that drops them).
python3 -c "
import socket, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(('127.0.0.1', $PORT)); s.listen(0); time.sleep(600)" & HOLDERS+=($!)
sleep 0.5
# fill its queue so that later connections are dropped, not queued
for _ in 1 2 3; do (exec 3<>/dev/tcp/127.0.0.1/$PORT; exec sleep 600) 2>/dev/null & HOLDERS+=($!); done
sleep 0.5
run "stale, host takes no connection"
cat "$WORK/err" | sort | uniq -c | head -5
