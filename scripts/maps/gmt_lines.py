"""gmt_lines: `gmt coast -M` multi-segment text (stdin) → GeoJSONSeq lines with OpenMapTiles-style classes.

Usage: gmt coast -Rd -Dh -Ia -M | gmt_lines.py rivers OUT.geojsonl
       gmt coast -Rd -Dh -Na -M | gmt_lines.py borders OUT.geojsonl
Rivers (GSHHG levels 1–4) become class=river (1–2) or stream (3–4); borders level 1 → admin_level 2,
level 2 → admin_level 4; marine borders and minor rivers and canals are dropped.
"""
import json
import re
import sys


def properties(kind, level):
    """The properties of a segment, or None to drop it."""
    if kind == "rivers":
        if level in (1, 2):
            return {"class": "river"}
        if level in (3, 4):
            return {"class": "stream"}
        return None
    return {1: {"admin_level": 2}, 2: {"admin_level": 4}}.get(level)


def main():
    kind, out_path = sys.argv[1], sys.argv[2]
    count = 0
    with open(out_path, "w") as out:
        props, points = None, []

        def flush():
            nonlocal count
            if props is not None and len(points) >= 2:
                geometry = {"type": "LineString", "coordinates": points}
                out.write(json.dumps({"type": "Feature", "properties": props, "geometry": geometry}) + "\n")
                count += 1

        for line in sys.stdin:
            if line.startswith(">"):
                flush()
                match = re.search(r"Level (\d+)", line)
                props = properties(kind, int(match.group(1))) if match else None
                points = []
            else:
                parts = line.split()
                if len(parts) >= 2:
                    lon, lat = float(parts[0]), float(parts[1])
                    if lon > 180:
                        lon -= 360
                    if abs(lat) <= 85.0511:
                        points.append([round(lon, 5), round(lat, 5)])
        flush()
    print(f"{out_path}: {count} lines", file=sys.stderr)


if __name__ == "__main__":
    main()
