#!/usr/bin/env bash
# scripts/bench/startup.sh — start-up figures for BENCHMARKS.md (issue 14): `snapterm render` at a first
# look (no cache entry yet), cold (--reload: decode + encode again) and seen before (the encoding read from
# the disk cache), `snapterm --version`, against img2sixel and chafa on the same photo and box, in one
# hyperfine run; medians (and CPU time: on a busy machine wall time is mostly waiting) and the ratios to
# img2sixel and chafa printed.
# Usage: scripts/bench/startup.sh [BINARY] [PHOTO]   (default .build/release/snapterm, assets/photos/coffee.jpg)
#   Phone photos (issue 26): scripts/bench/phone-photos.sh DIR 1 makes DIR/phone-0001.jpg, 4032×3024, EXIF
#   orientation 6, Display P3; `PROFILE=adobe-rgb EVERY=1 scripts/bench/phone-photos.sh DIR 2 640x427` and its
#   phone-0002.jpg: a small Adobe RGB photo (upright).
#   RUNS=N            runs per command (default 40)
#   BUSY=N            N busy loops run beside the measurement, as a build would (default 0)
#   CACHED_ENTRIES=N  the thumbnail cache holds N other 50 KB entries, as after browsing N pictures (default 0)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"
cd "$(snapterm_root)"
BIN=$(realpath "${1:-.build/release/snapterm}")
PHOTO=$(realpath "${2:-assets/photos/coffee.jpg}")
RUNS=${RUNS:-40}
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME=$WORK/cache SNAPTERM_FILE_ROOTS=$(dirname "$PHOTO")
THUMBNAILS=$XDG_CACHE_HOME/snapterm/loader  # one disk cache for every scheme, thumb:// included
mkdir -p "$THUMBNAILS"
for i in $(seq "${CACHED_ENTRIES:-0}"); do head -c 50000 /dev/urandom > "$THUMBNAILS/$(printf '%032x' "$i").entry"; done
for _ in $(seq "${BUSY:-0}"); do yes > /dev/null & done
# 30×10 cells of 8×16 px: a 240×160 box. A file:// URL works with every version of snapterm.
RENDER="$BIN render --format sixel --cols 30 --rows 10 --cell-size 8x16 file://$PHOTO"
$RENDER > /dev/null  # the photo's entry: the newest file in the thumbnail cache
ENTRY=$(ls -t "$THUMBNAILS"/*.entry | sed -n 1p)  # sed reads to the end: no SIGPIPE under pipefail
echo "== $(ldd "$BIN" | wc -l) shared libraries; loader share (LD_DEBUG=statistics, --version):"
LD_DEBUG=statistics "$BIN" --version 2>&1 | grep -E "total startup time|time needed for relocation" || true
hyperfine -N --warmup 3 --runs "$RUNS" --style basic --export-json "$WORK/times.json" \
    --prepare "rm -f $ENTRY" -n "snapterm render (first look)" "$RENDER" \
    --prepare "true" -n "snapterm render (cold)" "$RENDER --reload" \
    --prepare "true" -n "snapterm render (seen before)" "$RENDER" \
    --prepare "true" -n "img2sixel -w 240" "img2sixel -w 240 $PHOTO" \
    --prepare "true" -n "chafa -f sixels -s 30x10" "chafa -f sixels -s 30x10 $PHOTO" \
    --prepare "true" -n "snapterm --version" "$BIN --version" >/dev/null
echo "== medians (ms), $RUNS runs each${BUSY:+, $BUSY busy loops beside}${CACHED_ENTRIES:+, $CACHED_ENTRIES other entries cached}"
python3 -c '
import json, sys
results = json.load(open(sys.argv[1]))["results"]
median = {r["command"]: r["median"] * 1000 for r in results}
print("%-32s %7s %9s" % ("", "wall", "cpu (mean user+sys)"))
for r in results:
    print("%-32s %7.1f %9.1f" % (r["command"], r["median"] * 1000, (r["user"] + r["system"]) * 1000))
print("== ratios (snapterm / anchor, same run)")
for name in [n for n in median if n.startswith("snapterm render")]:
    print("%-32s %5.2f× img2sixel  %5.2f× chafa" % (name, median[name] / median["img2sixel -w 240"], median[name] / median["chafa -f sixels -s 30x10"]))
' "$WORK/times.json"
