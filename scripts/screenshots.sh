#!/usr/bin/env bash
# scripts/screenshots.sh — remake docs/screenshots/*.png: Snapterm in xterm (VT340, sixel) under Xvfb.
# Needs a built .build/debug/snapterm (swift build) and xvfb xterm imagemagick x11-utils.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shoot() {  # shoot NAME KEYS [ARGUMENTS]
    cat > "$work/run.sh" <<SCRIPT
#!/bin/sh
export XDG_CACHE_HOME=$work/cache XDG_DATA_HOME=$work/data SNAPTERM_DATA=$root/assets LANG=C.UTF-8
exec $root/.build/debug/snapterm --keys "$2" ${3:-}
SCRIPT
    chmod +x "$work/run.sh"
    WAIT=${WAIT:-8} "$root/scripts/tools/term-shot" "$root/docs/screenshots/$1.png" 120x42 -- "$work/run.sh"
}
mkdir -p "$root/docs/screenshots"
shoot places ""
shoot conversation "Tab Down*2 Enter"
shoot gallery "" "$root/assets/photos"
shoot gallery-picture "Right*2 Enter" "$root/assets/photos"
