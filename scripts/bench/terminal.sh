#!/usr/bin/env bash
# scripts/bench/terminal.sh — terminal graphics figures for BENCHMARKS.md: `snapterm render` against
# img2sixel and chafa on one photo (hyperfine wall time, bytes, PSNR), then in-process encode times.
# Usage: scripts/bench/terminal.sh [PHOTO]   (default assets/photos/coffee.jpg, 600×400)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"
cd "$(snapterm_root)"
snapterm_find_swift
snapterm_install_packages libsixel-bin chafa hyperfine
swift build -c release --product snapterm >&2
swift build -c release --product snapterm-bench >&2
BIN=$(pwd)/.build/release/snapterm
BENCH=$(pwd)/.build/release/snapterm-bench
PHOTO=$(realpath "${1:-assets/photos/coffee.jpg}")
RUNS=${RUNS:-40}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME=$WORK/cache SNAPTERM_FILE_ROOTS=$(dirname "$PHOTO")
# 30×10 cells of 8×16 px: a 240×160 box (the sixel is 240×156: whole cells, bands of 6).
RENDER="$BIN render --format sixel --cols 30 --rows 10 --cell-size 8x16 file://$PHOTO"

echo "== bytes (one run each) and PSNR of the decoded sixel against the photo scaled to the same size"
$RENDER --reload >"$WORK/snapterm.six"
img2sixel -w 240 "$PHOTO" >"$WORK/img2sixel.six"
chafa -f sixels -s 30x10 "$PHOTO" >"$WORK/chafa.six"
wc -c "$WORK"/*.six
"$BENCH" psnr --source "$PHOTO" "$WORK/snapterm.six" "$WORK/img2sixel.six" "$WORK/chafa.six"

echo "== wall time (hyperfine, $RUNS runs); 'warm' is a second render of the same URL (disk hit)"
hyperfine -N --warmup 3 --runs "$RUNS" --style basic \
    -n "snapterm render (encode)" "$RENDER --reload" \
    -n "snapterm render (warm)" "$RENDER" \
    -n "img2sixel -w 240" "img2sixel -w 240 $PHOTO" \
    -n "chafa -f sixels -s 30x10" "chafa -f sixels -s 30x10 $PHOTO" \
    -n "snapterm --version (start-up)" "$BIN --version"

echo "== in process"
"$BENCH" render --photo "$PHOTO"
