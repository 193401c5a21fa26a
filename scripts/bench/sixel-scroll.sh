#!/usr/bin/env bash
# sixel-scroll.sh [BINARY] — bytes and sixel images a sixel-mode scroll sends, with the terminal scrolling
# the list's region (default) and without it (SNAPTERM_SIXEL_SCROLL=0). Runs snapterm under script(1)
# (a pty, 100x40, sixel forced) pressing Down 4 times (no scroll yet) and 24 times (20 one-row steps);
# the difference divided by 20 is the cost of one step.
set -eu
BIN=${1:-.build/release/snapterm}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
for scroll in 1 0; do
    for keys in "Down*4 q" "Down*24 q"; do
        cat > "$WORK/run.sh" <<EOS
export XDG_CACHE_HOME=$WORK/cache XDG_DATA_HOME=$WORK/data SNAPTERM_DATA=$ROOT/assets LANG=C.UTF-8
export SNAPTERM_GRAPHICS=sixel TERM=xterm SNAPTERM_SIXEL_SCROLL=$scroll
stty cols 100 rows 40
"$BIN" --keys "$keys" 2>/dev/null
EOS
        timeout 120 script -q -c "/bin/sh $WORK/run.sh" "$WORK/ts" >/dev/null 2>&1 </dev/null
        python3 - "$WORK/ts" "$scroll" "$keys" <<'EOP'
import re, sys
data = open(sys.argv[1], 'rb').read()
scrolls = len(re.findall(rb'\x1b\[\d+;\d+r\x1b\[\d+[ST]', data))
sixels = data.count(b'\x1bP')
print(f"region-scroll={sys.argv[2]} keys='{sys.argv[3]}' bytes={len(data)} sixels={sixels} region-scrolls={scrolls}")
EOP
    done
done
