"""ready.py URL — exit 0 once GET URL/_matrix/client/versions answers 200; otherwise after ~1 s, exit 1.

One bounded probe: scripts/matrix/homeserver loops over it with its own deadline.
"""
import sys
import time
import urllib.request

url = sys.argv[1].rstrip("/") + "/_matrix/client/versions"
deadline = time.monotonic() + 1.0
while True:
    try:
        with urllib.request.urlopen(url, timeout=1) as answer:
            if answer.status == 200:
                sys.exit(0)
    except OSError:
        pass
    if time.monotonic() >= deadline:
        sys.exit(1)
    time.sleep(0.05)  # between connection attempts to a port that is not listening yet
