#!/usr/bin/env bash
# scripts/bench/sixel-quality.sh — how faithful sixel pictures are, decoded by ImageMagick (a decoder none of the
# three encoders wrote): `snapterm render`, `chafa -f sixels` and `img2sixel` on the same photo and box, in the same
# run, measured by scripts/tools/sixel-quality (PSNR, mean and p99 CIE76 ΔE against the photo scaled to the
# decoded size); then snapterm's encode time (`render --stats`, the encode stage, median of RUNS).
# Usage: scripts/bench/sixel-quality.sh BIN [PHOTO…]   (default: storm, coffee, ladybird, retina; WIDTHS="240 600 900")
# Needs imagemagick, chafa, libsixel-bin, and python3 with pillow and numpy (pip install pillow numpy).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=$(realpath "$1"); shift
PHOTOS=("$@")
[ ${#PHOTOS[@]} -gt 0 ] || PHOTOS=("$ROOT"/assets/photos/{storm,coffee,ladybird,retina}.jpg)
WIDTHS=${WIDTHS:-240 600 900}
RUNS=${RUNS:-9}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export XDG_CACHE_HOME=$WORK/cache
for photo in "${PHOTOS[@]}"; do
    photo=$(realpath "$photo")
    name=$(basename "$photo" .jpg)
    for width in $WIDTHS; do
        cols=$((width / 8))
        # A box as wide as WIDTH in 8×16 cells and tall enough for any of the photos; chafa with square cells
        # (--font-ratio 1) so that its sixel has the photo's aspect, img2sixel at the same width.
        "$BIN" render --format sixel --cols "$cols" --rows 100 --cell-size 8x16 --reload "$photo" >"$WORK/$name-$width-snapterm.six"
        chafa -f sixels -s "${cols}x400" --font-ratio 1 "$photo" >"$WORK/$name-$width-chafa.six"
        img2sixel -w "$width" "$photo" >"$WORK/$name-$width-img2sixel.six"
        "$ROOT/scripts/tools/sixel-quality" "$photo" "$WORK/$name-$width"-{snapterm,chafa,img2sixel}.six | sed "s|$WORK/||"
        encode=$(for _ in $(seq "$RUNS"); do
            "$BIN" render --stats --format sixel --cols "$cols" --rows 100 --cell-size 8x16 --reload "$photo" 2>&1 >/dev/null |
                sed -n 's/.* encode=\([0-9.]*\)ms.*/\1/p'
        done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
        echo "$name-$width: snapterm encode (median of $RUNS) ${encode} ms"
    done
done
