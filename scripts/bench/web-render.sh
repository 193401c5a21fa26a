#!/usr/bin/env bash
# web-render.sh — `snapterm render` and `snapterm fetch` of N web pictures from a real nginx that answers
# each request after DELAY seconds (scripts/tools/web-server: nginx with a delay), cold (empty cache),
# against `curl --parallel` of the same URLs, with hyperfine. Also counts requests and connections.
# PROTOCOL http1 (default): plain http, HTTP/1.1. h2: https with HTTP/2 under a test CA (web-server's TLS=1),
# which Snapterm trusts by SSL_CERT_FILE and curl by --cacert; the anchor is then `curl --http2 --parallel`.
# Usage: scripts/bench/web-render.sh [BINARY] [N=40] [DELAY=0.2] [RUNS=10] [PROTOCOL=http1|h2]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN=$(realpath "${1:-.build/release/snapterm}"); N=${2:-40}; DELAY=${3:-0.2}; RUNS=${4:-10}; PROTOCOL=${5:-http1}
PORT=18431; SCHEME=http; CURL_FLAGS=""
if [ "$PROTOCOL" = h2 ]; then
  export TLS=1 SSL_CERT_FILE=/tmp/snapterm-web-server-ca/ca.pem; SCHEME=https; CURL_FLAGS=" --http2 --cacert $SSL_CERT_FILE"
fi
command -v hyperfine >/dev/null || apt-get install -y -q hyperfine >/dev/null
WORK=$(mktemp -d); trap 'scripts/tools/web-server stop $PORT >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
chmod a+rx "$WORK"; mkdir -p "$WORK/www"
photos=(assets/photos/*.jpg)
for ((i = 0; i < N; i++)); do cp "${photos[i % ${#photos[@]}]}" "$WORK/www/p$i.jpg"; done
scripts/tools/web-server start "$WORK/www" $PORT "$DELAY" 60 >/dev/null
URLS=""; CURL_ARGS=""
for ((i = 0; i < N; i++)); do URLS+=" $SCHEME://127.0.0.1:$PORT/p$i.jpg"; CURL_ARGS+=" -o /dev/null $SCHEME://127.0.0.1:$PORT/p$i.jpg"; done
export XDG_CACHE_HOME=$WORK/cache
hyperfine -N -w 1 -r "$RUNS" --prepare "rm -rf $WORK/cache" --export-json "$WORK/h.json" \
    "curl -s --parallel --parallel-max 50$CURL_FLAGS$CURL_ARGS" \
    "$BIN render --format ascii --cols 30 --rows 10$URLS" \
    "$BIN fetch$URLS" >/dev/null
python3 - "$WORK/h.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['median']*1000:8.0f} ms median ({min(r['times'])*1000:.0f}–{max(r['times'])*1000:.0f})  {r['command'][:60]}")
PY
: > /tmp/web-server-$PORT.log
rm -rf "$WORK/cache"; $BIN render --format ascii --cols 30 --rows 10 $URLS >/dev/null
echo "one cold render: $(wc -l < /tmp/web-server-$PORT.log) requests over $(awk '{print $1}' /tmp/web-server-$PORT.log | sort -u | wc -l) connections"
