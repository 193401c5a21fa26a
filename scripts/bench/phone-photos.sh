#!/usr/bin/env bash
# scripts/bench/phone-photos.sh — phone-like photos made from the shipped ones (issue 26): each scaled and
# centre-cropped to WIDTHxHEIGHT (default 4032×3024, 12 MP), stored as a phone does — EXIF orientation 6
# (turned a quarter) on every second photo, a Display P3 profile on every third (an Adobe RGB one with
# PROFILE=adobe-rgb), a 160×120 EXIF thumbnail on every fourth — for the start-up and scroll benchmarks.
# Usage: scripts/bench/phone-photos.sh DIR [COUNT] [WIDTHxHEIGHT]   (default 12 photos)
#   The first photo is made from elephants-large.jpg (5640×3172: real detail at 12 MP), orientation 6,
#   with the profile and an EXIF thumbnail: the "phone photo" of BENCHMARKS.md.
#   PROFILE=display-p3|adobe-rgb|srgb   the profile embedded (Tests/Fixtures/imaging/good/profiles)
#   EVERY=N   a profile on every Nth photo (default 3; 1: all)
#   THUMBNAILS=N   an EXIF thumbnail on every Nth photo (default 4; 1: all, as most phones write them)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"
root=$(snapterm_root)
out=${1:?usage: scripts/bench/phone-photos.sh DIR [COUNT] [WIDTHxHEIGHT]}
count=${2:-12}
size=${3:-4032x3024}
width=${size%x*} height=${size#*x}
profile="$root/Tests/Fixtures/imaging/good/profiles/${PROFILE:-display-p3}.icc"
every=${EVERY:-3}
thumbnails=${THUMBNAILS:-4}
[ -f "$profile" ] || { echo "scripts/bench/phone-photos.sh: no profile $profile" >&2; exit 2; }
command -v vips >/dev/null && command -v exiftool >/dev/null || snapterm_install_packages libvips-tools libimage-exiftool-perl
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sources=(elephants-large.jpg coffee.jpg astronaut.jpg grace-hopper.jpg storm.jpg ladybird.jpg retina.jpg rocket.jpg hubble-deep-field.jpg)
for i in $(seq 0 $((count - 1))); do
    source="$root/assets/photos/${sources[$((i % ${#sources[@]}))]}"
    photo="$out/$(printf 'phone-%04d.jpg' "$((i + 1))")"
    # Stored pixels: the photo filling WIDTH×HEIGHT, a phone's quality and 4:2:0 chroma, no metadata yet.
    vips thumbnail "$source" "$photo[Q=92,strip,subsample-mode=on]" "$width" --height "$height" --crop centre --size force
    tags=()
    if [ $((i % 2)) -eq 0 ]; then tags+=(-Orientation=6); fi
    if [ $((i % every)) -eq 0 ]; then tags+=("-ICC_Profile<=$profile"); fi
    if [ $((i % thumbnails)) -eq 0 ]; then
        vips thumbnail "$photo" "$work/thumbnail.jpg[Q=80,strip]" 160 --height 120 --crop centre --no-rotate
        tags+=("-ThumbnailImage<=$work/thumbnail.jpg")
    fi
    [ ${#tags[@]} -eq 0 ] || exiftool -q -q -n -overwrite_original "${tags[@]}" "$photo"
done
ls -la "$out" | tail -n +2 >&2
