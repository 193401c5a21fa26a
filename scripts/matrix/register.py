"""register.py URL USER — a user made through Synapse's shared-secret registration.

The shared secret comes from $REGISTRATION_SHARED_SECRET and the new user's password from $USER_PASSWORD
(never the command line, which other processes can read).

GET /_synapse/admin/v1/register for a nonce, then POST it with the HMAC-SHA1 of
nonce NUL user NUL password NUL "notadmin" keyed by the shared secret. Prints {"user_id": …} (never the
password or the access token). Standard library only; every request bounded to 30 s.
"""
import hashlib
import hmac
import json
import sys
import urllib.error
import urllib.request

import os

url, user = sys.argv[1].rstrip("/"), sys.argv[2]
secret, password = os.environ["REGISTRATION_SHARED_SECRET"], os.environ["USER_PASSWORD"]
endpoint = url + "/_synapse/admin/v1/register"
try:
    with urllib.request.urlopen(endpoint, timeout=30) as answer:
        nonce = json.load(answer)["nonce"]
    mac = hmac.new(secret.encode(), digestmod=hashlib.sha1)
    for part in (nonce, user, password, "notadmin"):
        mac.update(part.encode())
        if part != "notadmin":
            mac.update(b"\x00")
    body = json.dumps({"nonce": nonce, "username": user, "password": password,
                       "admin": False, "mac": mac.hexdigest()}).encode()
    request = urllib.request.Request(endpoint, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        print(json.dumps({"user_id": json.load(answer)["user_id"]}))
except urllib.error.HTTPError as error:
    print(f"register.py: {endpoint} answered {error.code}: {error.read()[:300]!r}", file=sys.stderr)
    sys.exit(1)
except OSError as error:
    print(f"register.py: {endpoint}: {error}", file=sys.stderr)
    sys.exit(1)
