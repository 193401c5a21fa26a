#!/usr/bin/env bash
# scripts/bench/gallery.sh — `snapterm DIR` on a folder of COUNT photos, cold caches (a fresh cache and
# data folder every run): the time from starting the real binary to its first full frame — the
# folder listed, the grid drawn and every visible thumbnail in (the status bar says "blank 0/N")
# — in a 100×32 tmux pane (text art: tmux shows no sixel). The photos are hard links of one JPEG,
# each under its own name (so each is its own cache entry and decode). Median of RUNS runs.
# GRAPHICS=sixel forces sixel thumbnails (encoded as in xterm; tmux drops them, so the terminal's own
# drawing time is not in the figure).
# KEEP_DATA=1 keeps one data folder (the message database made by the first, uncounted run): the
# cache is still fresh every run, as for a user opening a new folder.
# Usage: [RUNS=5] [GRAPHICS=symbols|sixel|kitty] [KEEP_DATA=1] scripts/bench/gallery.sh [BINARY] [COUNT] [PHOTO]
#        (default .build/release/snapterm, 5000, assets/photos/coffee.jpg (600×400, 55 KB))
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"
cd "$(snapterm_root)"
BIN=$(realpath "${1:-.build/release/snapterm}")
COUNT=${2:-5000}
PHOTO=$(realpath "${3:-assets/photos/coffee.jpg}")
RUNS=${RUNS:-5}
GRAPHICS=${GRAPHICS:-symbols}
WORK=$(mktemp -d)
SOCK=$WORK/tmux.sock
trap 'tmux -S "$SOCK" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
mkdir "$WORK/photos"
python3 - "$PHOTO" "$WORK/photos" "$COUNT" <<'PY'
import os, shutil, sys
photo, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
original = os.path.join(os.path.dirname(folder), "original.jpg")  # same file system as the links
shutil.copyfile(photo, original)
photo = original
for i in range(1, count + 1):
    os.link(photo, os.path.join(folder, "IMG_%05d.jpg" % i))
PY
echo "== $(ls "$WORK/photos" | wc -l) photos in $WORK/photos; $RUNS cold runs, $GRAPHICS"
times=()
first=1
[ "${KEEP_DATA:-0}" = 1 ] && first=0   # run 0 makes the data folder and is not counted
for run in $(seq "$first" "$RUNS"); do
    data=$WORK/data-$run
    [ "${KEEP_DATA:-0}" = 1 ] && data=$WORK/data
    tmux -S "$SOCK" kill-server 2>/dev/null || true
    START=$WORK/start-$run
    tmux -S "$SOCK" new-session -d -x 100 -y 32 \
        "env XDG_CACHE_HOME=$WORK/cache-$run XDG_DATA_HOME=$data SNAPTERM_DATA=$PWD/assets \
         sh -c 'date +%s%N > $START; exec $BIN --graphics $GRAPHICS $WORK/photos'"
    while true; do
        screen=$(tmux -S "$SOCK" capture-pane -p 2>/dev/null || true)
        if grep -q "blank 0/[1-9]" <<<"$screen" && grep -q "1 of $COUNT" <<<"$screen"; then break; fi
        sleep 0.005
    done
    end=$(date +%s%N)
    ms=$(( (end - $(cat "$START")) / 1000000 ))
    cells=$(grep -o "blank 0/[0-9]*" <<<"$screen" | head -1)
    echo "run $run: first full frame after $ms ms ($cells)"
    [ "$run" -gt 0 ] && times+=("$ms")
    tmux -S "$SOCK" send-keys q
    sleep 0.3
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "== median %d ms (min %d, max %d)\n", a[int((NR+1)/2)], a[1], a[NR]}'
