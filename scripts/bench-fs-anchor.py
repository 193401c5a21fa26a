#!/usr/bin/env python3
"""Anchor for the disk-cache benchmark: the cost of create + write 4 KiB + rename with plain
os calls on this machine's filesystem, in the same folder type (the system temporary folder)."""
import os, tempfile, time

count = int(os.environ.get("COUNT", "1000"))
data = b"x" * 4200
with tempfile.TemporaryDirectory(prefix="snapterm-fs-anchor") as folder:
    samples = []
    for i in range(count):
        start = time.perf_counter()
        temporary = f"{folder}/.tmp-{i}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, data)
        os.close(fd)
        os.rename(temporary, f"{folder}/{i}.entry")
        samples.append(time.perf_counter() - start)
    samples.sort()
    print(f"python create+write+rename of 4 KiB: median {samples[len(samples)//2]*1e6:.0f} µs, "
          f"p95 {samples[int(len(samples)*0.95)]*1e6:.0f} µs (n={count})")
