"""configure.py CONFIG PORT — turns Synapse's generated config into the test homeserver's.

Loopback only, client API only (no federation resource), no key servers, cheap bcrypt, rate limits out
of the way (the tests log in and send far faster than a person). See scripts/matrix/homeserver.
"""
import sys

import yaml

path, port = sys.argv[1], int(sys.argv[2])
with open(path) as file:
    config = yaml.safe_load(file)

config["listeners"] = [{
    "port": port,
    "bind_addresses": ["127.0.0.1"],
    "type": "http",
    "tls": False,
    "x_forwarded": False,
    "resources": [{"names": ["client"], "compress": False}],
}]
config["public_baseurl"] = f"http://127.0.0.1:{port}/"
config["serve_client_wellknown"] = True
config["trusted_key_servers"] = []
config["suppress_key_server_warning"] = True
config["bcrypt_rounds"] = 4
config["enable_registration"] = False
config["report_stats"] = False
config["presence"] = {"enabled": False}
unlimited = {"per_second": 1000, "burst_count": 1000}
for name in ("rc_message", "rc_registration", "rc_media_create", "rc_room_creation"):
    config[name] = unlimited
config["rc_joins"] = {"local": unlimited, "remote": unlimited}
config["rc_invites"] = {"per_room": unlimited, "per_user": unlimited, "per_issuer": unlimited}
config["rc_login"] = {"address": unlimited, "account": unlimited, "failed_attempts": unlimited}

with open(path, "w") as file:
    yaml.safe_dump(config, file)
