#!/usr/bin/env bash
# scripts/bench/startup.sh — start-up figures for BENCHMARKS.md (issue 14): `snapterm render` cold
# (--reload: decode + encode) and warm (the encoding read from the disk cache), `snapterm --version`,
# against img2sixel and chafa on the same photo and box, in one hyperfine run; medians printed.
# Usage: scripts/bench/startup.sh [BINARY] [PHOTO]   (default .build/release/snapterm, assets/photos/coffee.jpg)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"
cd "$(snapterm_root)"
BIN=$(realpath "${1:-.build/release/snapterm}")
PHOTO=$(realpath "${2:-assets/photos/coffee.jpg}")
RUNS=${RUNS:-40}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME=$WORK/cache SNAPTERM_FILE_ROOTS=$(dirname "$PHOTO")
# 30×10 cells of 8×16 px: a 240×160 box. A file:// URL works with every version of snapterm.
RENDER="$BIN render --format sixel --cols 30 --rows 10 --cell-size 8x16 file://$PHOTO"
echo "== $(ldd "$BIN" | wc -l) shared libraries; loader share (LD_DEBUG=statistics, --version):"
LD_DEBUG=statistics "$BIN" --version 2>&1 | grep -E "total startup time|time needed for relocation" || true
hyperfine -N --warmup 3 --runs "$RUNS" --style basic --export-json "$WORK/times.json" \
    -n "snapterm render (cold)" "$RENDER --reload" \
    -n "snapterm render (seen before)" "$RENDER" \
    -n "img2sixel -w 240" "img2sixel -w 240 $PHOTO" \
    -n "chafa -f sixels -s 30x10" "chafa -f sixels -s 30x10 $PHOTO" \
    -n "snapterm --version" "$BIN --version" >/dev/null
echo "== medians (ms), $RUNS runs each"
python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("%-32s %7.1f" % (r["command"], r["median"] * 1000))
' "$WORK/times.json"
