"""compact_mbtiles: rewrites an MBTiles file small — buffer tiles beyond the world dropped, identical
tiles stored once (the spec's `map` + `images` tables behind a `tiles` view), 1024-byte pages.

Usage: compact_mbtiles.py IN.mbtiles OUT.mbtiles
"""
import hashlib
import os
import sqlite3
import sys

PAGE_SIZE = int(os.environ.get("MBTILES_PAGE_SIZE", "1024"))


def main():
    source, target = sys.argv[1], sys.argv[2]
    if os.path.exists(target):
        os.remove(target)
    src = sqlite3.connect(source)
    out = sqlite3.connect(target)
    out.execute(f"PRAGMA page_size = {PAGE_SIZE}")
    out.execute("PRAGMA journal_mode = OFF")
    out.executescript("""
        CREATE TABLE metadata (name TEXT, value TEXT);
        CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id INTEGER);
        CREATE TABLE images (tile_id INTEGER PRIMARY KEY, tile_data BLOB);
        CREATE VIEW tiles AS SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
            map.tile_row AS tile_row, images.tile_data AS tile_data FROM map JOIN images ON images.tile_id = map.tile_id;
    """)
    out.executemany("INSERT INTO metadata VALUES (?, ?)", src.execute("SELECT name, value FROM metadata"))
    seen = {}
    rows = src.execute("""SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles
        WHERE tile_column >= 0 AND tile_row >= 0 AND tile_column < (1 << zoom_level) AND tile_row < (1 << zoom_level)
        ORDER BY zoom_level, tile_column, tile_row""")
    for z, x, y, data in rows:
        digest = hashlib.sha1(data).digest()
        tile_id = seen.get(digest)
        if tile_id is None:
            tile_id = seen[digest] = len(seen) + 1
            out.execute("INSERT INTO images VALUES (?, ?)", (tile_id, data))
        out.execute("INSERT INTO map VALUES (?, ?, ?, ?)", (z, x, y, tile_id))
    out.execute("CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row)")
    out.commit()
    out.execute("VACUUM")
    out.close()
    print(f"{target}: {os.path.getsize(target)} bytes, {len(seen)} distinct tiles", file=sys.stderr)


if __name__ == "__main__":
    main()
