#!/usr/bin/env bash
# scripts/bench/sixel-encode.sh — CPU time of sixel encoding in one run: Snapterm's encoder (its Sixel/*.swift files
# built -O with a small main) against libsixel called as Snapterm called it before issue 37 (adaptive palette with
# the *_AUTO choices, and the built-in xterm palette; Atkinson), on the same RGB, then the quality of each through
# ImageMagick's decoder (scripts/tools/sixel-quality).
# Usage: scripts/bench/sixel-encode.sh [PHOTO]   (default assets/photos/storm.jpg; sizes 240×156, 600×396, 900×600)
# Needs swiftc, gcc, libsixel-dev, imagemagick, python3 with pillow and numpy.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/scripts/common.sh"
snapterm_find_swift
PHOTO=$(realpath "${1:-$ROOT/assets/photos/storm.jpg}")
HERE=$ROOT/scripts/bench/sixel-encode
SIXEL=$ROOT/Sources/TerminalGraphics/Sixel
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
gcc -O2 -o "$WORK/libsixel-encode" "$HERE/libsixel-encode.c" $(pkg-config --cflags --libs libsixel)
swiftc -O -o "$WORK/snapterm-encode" "$HERE/main.swift" "$SIXEL/SixelColorTable.swift" "$SIXEL/SixelQuantizer.swift" \
    "$SIXEL/SixelDitherer.swift" "$SIXEL/SixelWriter.swift" "$SIXEL/SixelOptions.swift"
for size in 240x156 600x396 900x600; do
    w=${size%x*}; h=${size#*x}
    python3 "$HERE/scale.py" "$PHOTO" "$w" "$h" "$WORK/in.rgb"
    "$WORK/snapterm-encode" "$WORK/in.rgb" "$w" "$h" "$WORK/snapterm-$size.six" atkinson
    "$WORK/libsixel-encode" "$WORK/in.rgb" "$w" "$h" "$WORK/libsixel-adaptive-$size.six" adaptive atk 0 0 0 256
    "$WORK/libsixel-encode" "$WORK/in.rgb" "$w" "$h" "$WORK/libsixel-fixed-$size.six" fixed atk 0 0 0 256
    "$ROOT/scripts/tools/sixel-quality" "$PHOTO" "$WORK"/{snapterm,libsixel-adaptive,libsixel-fixed}-"$size".six | sed "s|$WORK/||"
done 2>&1 | sed "s|$WORK/||"
