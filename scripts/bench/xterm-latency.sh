#!/usr/bin/env bash
# xterm-latency.sh [SNAPTERM] — key-to-drawn latency of the real app in xterm (sixel) under Xvfb.
#
# For each speed (SPEEDS, rows/s) runs the app twice in a fresh xterm: cold (empty cache folder) and
# warm (the same cache folder again: a restart, thumbnails on disk). scripts/bench/latency_probe.py
# presses Down KEYS times and times each key until xterm has processed the frame (DA1 round trip).
# Prints one JSON line per run. Needs xvfb, xterm, x11-utils, python3.
#   SPEEDS="10 30 60" KEYS=200 GEOM=100x40 scripts/bench/xterm-latency.sh .build-release/release/snapterm
set -u
APP=$(realpath "${1:-.build-release/release/snapterm}")
SPEEDS=${SPEEDS:-"10 30 60"}; KEYS=${KEYS:-200}; GEOM=${GEOM:-100x40}
PROBE=$(realpath "$(dirname "$0")/latency_probe.py")
WORK=$(mktemp -d /tmp/snapterm-latency.XXXXXX)
XVFB_PID=; XTERM_PID=
cleanup() {
    [ -n "$XTERM_PID" ] && kill "$XTERM_PID" 2>/dev/null && wait "$XTERM_PID" 2>/dev/null
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null && wait "$XVFB_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

DISP=
for n in $(seq 141 200); do
    [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ] && continue
    Xvfb ":$n" -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 50); do
        kill -0 "$XVFB_PID" 2>/dev/null || break
        xdpyinfo -display ":$n" >/dev/null 2>&1 && { DISP=":$n"; break; }
        sleep 0.1
    done
    [ -n "$DISP" ] && break
    kill "$XVFB_PID" 2>/dev/null; wait "$XVFB_PID" 2>/dev/null; XVFB_PID=
done
[ -n "$DISP" ] || { echo "no free X display" >&2; exit 1; }

run() {  # run MODE SPEED CACHE
    local out="$WORK/$1-$2.json"
    XDG_CACHE_HOME="$3" XDG_DATA_HOME="$WORK/data-$2" \
    xterm -display "$DISP" -ti vt340 -xrm 'XTerm*numColorRegisters: 1024' -xrm 'XTerm*allowWindowOps: true' \
          -xrm 'XTerm*maxGraphicSize: 4096x4096' -geometry "$GEOM+0+0" \
          -e python3 "$PROBE" --out "$out" --rate "$2" --keys "$KEYS" -- "$APP" >/dev/null 2>&1 &
    XTERM_PID=$!
    wait "$XTERM_PID"; XTERM_PID=
    if [ -s "$out" ]; then
        printf '{"mode":"%s",%s\n' "$1" "$(cut -c2- "$out")"
    else
        echo "{\"mode\":\"$1\",\"rate\":$2,\"error\":\"no result\"}"
    fi
}

for speed in $SPEEDS; do
    cache="$WORK/cache-$speed"
    mkdir -p "$cache"
    run cold "$speed" "$cache"
    run warm "$speed" "$cache"
done
