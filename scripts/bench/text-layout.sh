#!/usr/bin/env bash
# Text-layout benchmark: compiles SafeText (escaping, widths, wrapping) with -O beside a small driver
# and times SafeText.wrapped on text without spaces. Usage: scripts/bench/text-layout.sh [LENGTH…]
# Pass a git revision in SNAPTERM_REV to time that revision's SafeText instead of the working tree.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for file in SafeText.swift SafeText+Wrapping.swift; do
    if [ -n "${SNAPTERM_REV:-}" ]; then
        git show "$SNAPTERM_REV:Sources/SnaptermUI/Terminal/$file" > "$work/$file" 2>/dev/null || rm -f "$work/$file"
    else
        cp "Sources/SnaptermUI/Terminal/$file" "$work/$file"
    fi
done
cp scripts/bench/text-layout/main.swift "$work/main.swift"
swiftc -O -o "$work/bench" "$work"/*.swift
"$work/bench" "$@"
