#!/usr/bin/env python3
"""prepare_photos.py — turns the fetched free photos into assets/photos/ plus manifest.json and ATTRIBUTION.md.

Usage: prepare_photos.py SOURCE_DIR OUTPUT_DIR  (called by fetch-photos.sh; needs vips, vipsheader, convert).
Ids are hand-picked opaque tokens, fixed here so that a rebuild never changes a photo's id.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

BUDGET_BYTES = 8 * 1024 * 1024
MATE = "mate/usr/share/backgrounds/mate"
MATE_SOURCE = "Debian package mate-backgrounds (1.26.0-1), /usr/share/backgrounds/mate/"
SKIMAGE_SOURCE = "scikit-image 0.26.0 wheel (PyPI), skimage/data/"
PD = "Public domain"
CC0 = "CC0-1.0"
GPL = "GPL-2.0-or-later"

# id, output file, title, recipe, licence, attribution, source
PHOTOS = [
    ("p-d720d49f", "elephants-large.jpg", "Elephants (painting, 18 megapixels)",
     ("jpeg", f"{MATE}/abstract/Elephants_5640x3172.jpg", 70), GPL,
     "Wyng Stancikaite, 2020 (MATE desktop backgrounds)", MATE_SOURCE + "abstract/Elephants_5640x3172.jpg"),
    ("p-bd22fddc", "ladybird.jpg", "Ladybird",
     ("jpeg", f"{MATE}/nature/LadyBird.jpg", 82), GPL,
     "Charles Barbin, 2008 (MATE desktop backgrounds)", MATE_SOURCE + "nature/LadyBird.jpg"),
    ("p-4eab08cb", "storm.jpg", "Storm",
     ("jpeg", f"{MATE}/nature/Storm.jpg", 82), GPL,
     "Sergey Nazarov, 2008 (MATE desktop backgrounds)", MATE_SOURCE + "nature/Storm.jpg"),
    ("p-5fc9e179", "astronaut.jpg", "Astronaut Eileen Collins",
     ("jpeg", "skimage/data/astronaut.png", 85), PD,
     "NASA (via scikit-image)", SKIMAGE_SOURCE + "astronaut.png"),
    ("p-9c4478dc", "chelsea-exif-orientation-6.jpg", "Chelsea the cat (stored rotated, EXIF orientation 6)",
     ("exif6", "skimage/data/chelsea.png", 85), CC0,
     "Stefan van der Walt (via scikit-image)", SKIMAGE_SOURCE + "chelsea.png"),
    ("p-80c68192", "coffee.jpg", "Coffee cup",
     ("jpeg", "skimage/data/coffee.png", 85), CC0,
     "Rachel Michetti, courtesy of Pikolo Espresso Bar (via scikit-image)", SKIMAGE_SOURCE + "coffee.png"),
    ("p-1386a2e7", "rocket.jpg", "Falcon 9 launch carrying DSCOVR",
     ("jpeg", "skimage/data/rocket.jpg", 85), PD,
     "SpaceX (via scikit-image)", SKIMAGE_SOURCE + "rocket.jpg"),
    ("p-ec1a4153", "hubble-deep-field.jpg", "Hubble eXtreme Deep Field",
     ("jpeg", "skimage/data/hubble_deep_field.jpg", 85), PD,
     "NASA (via scikit-image)", SKIMAGE_SOURCE + "hubble_deep_field.jpg"),
    ("p-7032faeb", "retina.jpg", "Fundus photograph of a normal left eye",
     ("jpeg", "skimage/data/retina.jpg", 82), CC0,
     "Mikael Häggström (via scikit-image)", SKIMAGE_SOURCE + "retina.jpg"),
    ("p-74b55a69", "camera-greyscale.jpg", "Photographer with a camera (greyscale)",
     ("jpeg", "skimage/data/camera.png", 85), CC0,
     "Lav Varshney (via scikit-image)", SKIMAGE_SOURCE + "camera.png"),
    ("p-7ea7197b", "grace-hopper.jpg", "Rear Admiral Grace Hopper",
     ("jpeg", "matplotlib/mpl-data/sample_data/grace_hopper.jpg", 85), PD,
     "U.S. Navy photograph (via matplotlib)",
     "matplotlib 3.11.2 wheel (PyPI), matplotlib/mpl-data/sample_data/grace_hopper.jpg"),
    ("p-d593b520", "animated-samples.gif", "Animated: cat, coffee, astronaut, rocket (4 frames)",
     ("gif", ["skimage/data/chelsea.png", "skimage/data/coffee.png",
              "skimage/data/astronaut.png", "skimage/data/rocket.jpg"]),
     "CC0-1.0 and public domain (frames)",
     "Frames: Stefan van der Walt; Rachel Michetti; NASA; SpaceX (via scikit-image)",
     SKIMAGE_SOURCE + "chelsea.png, coffee.png, astronaut.png, rocket.jpg (centre crops, 320x240)"),
]


def run(*args):
    subprocess.run(args, check=True)


def header(path, field):
    result = subprocess.run(["vipsheader", "-f", field, path], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def exif_orientation_segment(orientation):
    """A minimal big-endian EXIF APP1 segment holding only the Orientation tag (0x0112)."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8)
    tiff += struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    payload = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def make(recipe, src_dir, dst, tmp):
    kind = recipe[0]
    if kind == "jpeg":
        _, src, quality = recipe
        run("vips", "copy", os.path.join(src_dir, src), f"{dst}[Q={quality},strip,optimize-coding]")
    elif kind == "exif6":
        # Store the pixels turned a quarter anticlockwise: the photo looks upright only when a
        # reader honours orientation 6 ("rotate 90 degrees clockwise to display").
        _, src, quality = recipe
        rotated = os.path.join(tmp, "rotated.v")
        run("vips", "rot", os.path.join(src_dir, src), rotated, "d270")
        run("vips", "copy", rotated, f"{dst}[Q={quality},strip,optimize-coding]")
        data = open(dst, "rb").read()
        assert data[:2] == b"\xff\xd8"
        open(dst, "wb").write(data[:2] + exif_orientation_segment(6) + data[2:])
    elif kind == "gif":
        frames = []
        for i, src in enumerate(recipe[1]):
            frame = os.path.join(tmp, f"frame{i}.png")
            run("vips", "thumbnail", os.path.join(src_dir, src), frame, "320",
                "--height", "240", "--crop", "centre")
            frames.append(frame)
        run("convert", "-delay", "100", "-loop", "0", *frames, "-colors", "128", dst)
    else:
        raise ValueError(kind)


def main():
    src_dir, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    manifest = []
    with tempfile.TemporaryDirectory() as tmp:
        for pid, name, title, recipe, licence, attribution, source in PHOTOS:
            dst = os.path.join(out, name)
            make(recipe, src_dir, dst, tmp)
            width, height = int(header(dst, "width")), int(header(dst, "height"))
            orientation = int(header(dst, "orientation") or 1)
            frames = int(header(dst, "n-pages") or 1)
            if orientation >= 5:
                width, height = height, width  # as displayed
            entry = {"id": pid, "file": name, "title": title, "width": width, "height": height,
                     "license": licence, "attribution": attribution, "source": source}
            if orientation != 1:
                entry["orientation"] = orientation
            if frames > 1:
                entry["frames"] = frames
            entry["bytes"] = os.path.getsize(dst)
            manifest.append(entry)
    with open(os.path.join(out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2, ensure_ascii=False)
        f.write("\n")
    write_attribution(out, manifest)
    total = sum(e["bytes"] for e in manifest)
    if total > BUDGET_BYTES:
        sys.exit(f"prepare_photos: {total} bytes is over the {BUDGET_BYTES}-byte budget")


def write_attribution(out, manifest):
    lines = [
        "# Photo gallery — sources and licences",
        "",
        "Rebuilt by `scripts/photos/fetch-photos.sh` (pinned sources; ids are fixed in",
        "`scripts/photos/prepare_photos.py`). `manifest.json` lists every photo with its opaque id,",
        "file, title, size as displayed (after EXIF orientation), licence, attribution and source.",
        "Photos were re-encoded (JPEG quality 70–85, metadata stripped) to keep the set under 8 MB.",
        "",
        "| id | file | size | author / attribution | licence | source |",
        "|---|---|---|---|---|---|",
    ]
    for e in manifest:
        lines.append(f"| `{e['id']}` | `{e['file']}` | {e['width']}×{e['height']} | {e['attribution']} "
                     f"| {e['license']} | {e['source']} |")
    lines += [
        "",
        "## Licences",
        "- **Public domain / CC0-1.0** — scikit-image sample data (see the docstrings in",
        "  `skimage/data/_fetchers.py`: NASA and SpaceX images released into the public domain; photos",
        "  by Stefan van der Walt, Rachel Michetti, Lav Varshney, Mikael Häggström dedicated under CC0) and",
        "  matplotlib's `grace_hopper.jpg` (a U.S. Navy photograph, public domain).",
        "- **GPL-2.0-or-later** — MATE desktop backgrounds, per `/usr/share/doc/mate-backgrounds/copyright`",
        "  (Debian package `mate-backgrounds`; upstream https://git.mate-desktop.org/mate-backgrounds/).",
        "  The GPL's source is the image itself; the unmodified originals are in that package.",
        "",
        "## Modifications",
        "- All: re-encoded as JPEG with `vips copy …[Q=…,strip,optimize-coding]`.",
        "- `chelsea-exif-orientation-6.jpg`: pixels stored turned 90° anticlockwise with an EXIF",
        "  Orientation tag 6, so it looks upright only when a viewer honours EXIF orientation.",
        "- `animated-samples.gif`: 320×240 centre crops of four scikit-image photos, one second each,",
        "  made with `vips thumbnail --crop centre` and ImageMagick `convert -delay 100 -loop 0 -colors 128`.",
        "",
    ]
    with open(os.path.join(out, "ATTRIBUTION.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
