#!/usr/bin/env bash
# animation-bytes.sh [BINARY] — bytes `render` sends for a 30-frame 320×240 GIF (40 ms a frame) in a 40×15 box of
# 8×16 cells: kitty (every frame once, then the terminal plays it) against sixel and text art (every frame, every
# loop, played by render itself). Runs render under script(1) (a pty); the loops run 3 s (--duration).
set -eu
BIN=${1:-.build/release/snapterm}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
cc "$ROOT/scripts/fixtures/animations.c" $(pkg-config --cflags --libs vips) -o "$WORK/animations"
mkdir -p "$WORK/good" "$WORK/bad"
"$WORK/animations" "$WORK/good" "$WORK/bad" "$ROOT/assets/photos/coffee.jpg" "$WORK/thirty.gif"
for format in kitty sixel symbols; do
    # stdin stays open (sleep): script(1) ends the session at its end of input
    sleep 5 | XDG_CACHE_HOME=$WORK/cache script -q -c "'$BIN' render --format $format --cols 40 --rows 15 --duration 3 '$WORK/thirty.gif'" \
        /dev/null > "$WORK/$format.out"
    python3 - "$WORK/$format.out" "$format" <<'EOP'
import re, sys
data, fmt = open(sys.argv[1], 'rb').read(), sys.argv[2]
if fmt == 'kitty':
    print(f"kitty: {len(data)} bytes once ({data.count(b'a=f')} a=f frames), then none")
    sys.exit()
# A frame starts at the saved cell (ESC 8) not followed by a move down (a text row's start, or the end).
pieces = data.split(b'\x1b8')[1:]
frames, current = [], None
for piece in pieces:
    if re.match(rb'\x1b\[\d+B', piece):
        if current is not None: current += len(piece) + 2
        continue
    if current is not None: frames.append(current)
    current = len(piece) + 2
print(f"{fmt}: {len(frames)} frames drawn in 3 s, {sum(frames[:30])} bytes per loop of 30 frames")
EOP
done
