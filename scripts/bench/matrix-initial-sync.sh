#!/usr/bin/env bash
# scripts/bench/matrix-initial-sync.sh BINARY [ROOMS] [EVENTS] [RUNS] — the time from starting `snapterm` (an account
# logged in, nothing synced yet) to its Messages list drawn with the newest of ROOMS rooms (default 100) of EVENTS
# messages each (default 50) and the sync live, in a 120×40 tmux pane, polled every 10 ms (Tab to the list is sent at
# the first frame). The homeserver must run:
#   eval "$(scripts/matrix/homeserver start /tmp/hs-bench)"; scripts/bench/matrix-initial-sync.sh .build/debug/snapterm
# BENCH_USER=NAME reuses a user a previous run populated (its name is printed; password "pw"); WRAP="perf record -g -o F --"
# runs snapterm under a profiler.
# Each run starts from an empty message database (a fresh XDG_DATA_HOME, the same account). Prints one line per run,
# with the anchor of the same run: Synapse's own answer to that first `/sync` (the same filter, a new device logged in
# with curl, so no cached answer is reused), timed by curl.
set -euo pipefail
binary=$(realpath "$1"); rooms=${2:-100}; events=${3:-50}; runs=${4:-3}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd); root=$(cd "$here/../.." && pwd)
: "${SNAPTERM_TEST_HOMESERVER:?start the homeserver first: eval \"\$(scripts/matrix/homeserver start)\"}"
python=${SNAPTERM_TEST_MATRIX_PYTHON:-$root/.build-matrix/venv/bin/python}
work=$(mktemp -d); socket="$work/tmux.sock"
trap 'tmux -S "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
if [[ -n "${BENCH_USER:-}" ]]; then
    alice=$BENCH_USER
else
    suffix=$(head -c4 /dev/urandom | od -An -tx1 | tr -d ' \n')
    alice="bench-alice-$suffix"; bob="bench-bob-$suffix"
    for user in "$alice" "$bob"; do
        REGISTRATION_SHARED_SECRET=$SNAPTERM_TEST_HOMESERVER_SECRET USER_PASSWORD=pw \
            "$python" "$root/scripts/matrix/register.py" "$SNAPTERM_TEST_HOMESERVER" "$user" >/dev/null
    done
    peer() { PEER_PASSWORD=pw "$python" "$root/scripts/matrix/peer.py" --homeserver "$SNAPTERM_TEST_HOMESERVER" --user "$@"; }
    echo "populating $rooms rooms × $events messages…" >&2
    started=$(date +%s)
    peer "$bob" populate --rooms "$rooms" --events "$events" --invite "@$alice:localhost" >/dev/null
    peer "$alice" accept-invites --timeout 120 >/dev/null
    echo "populated in $(( $(date +%s) - started )) s (BENCH_USER=$alice reuses it)" >&2
fi
newest=$(printf 'Bench %03d' "$rooms")
filter='{"room":{"state":{"lazy_load_members":true},"timeline":{"limit":20,"lazy_load_members":true}}}'
# Synapse's own time for the first /sync of a new device, as Snapterm asks it (SyncFilter's JSON).
synapse_sync() {
    local token
    token=$(curl -sf -X POST "$SNAPTERM_TEST_HOMESERVER/_matrix/client/v3/login" \
        -d "{\"type\":\"m.login.password\",\"identifier\":{\"type\":\"m.id.user\",\"user\":\"$alice\"},\"password\":\"pw\"}" \
        | "$python" -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
    curl -sf -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $token" --get \
        --data-urlencode "filter=$filter" "$SNAPTERM_TEST_HOMESERVER/_matrix/client/v3/sync"
}
for run in $(seq 1 "$runs"); do
    data="$work/data-$run"
    printf 'pw\n' | XDG_DATA_HOME="$data" "$binary" login "$SNAPTERM_TEST_HOMESERVER" "$alice" --password-stdin >/dev/null
    start=$(date +%s.%N)
    tmux -S "$socket" new-session -d -x 120 -y 40 -e XDG_DATA_HOME="$data" -e XDG_CACHE_HOME="$work/cache-$run" \
        -e SNAPTERM_GRAPHICS=symbols -e SNAPTERM_DATA="$root/assets" "exec ${WRAP:-} $binary"
    # Tab once the first frame is drawn (keys typed before the app reads them are flushed).
    until tmux -S "$socket" capture-pane -p | grep -q '\[Places\]'; do sleep 0.01; done
    tmux -S "$socket" send-keys Tab
    while :; do
        screen=$(tmux -S "$socket" capture-pane -p)
        if grep -q "$newest" <<<"$screen" && grep -q "Matrix: live" <<<"$screen"; then break; fi
        sleep 0.01
    done
    elapsed=$(echo "$(date +%s.%N) - $start" | bc)
    # Quit as a user does (a profiler in WRAP then writes its data), at most 30 s.
    tmux -S "$socket" send-keys q
    for _ in $(seq 300); do tmux -S "$socket" has-session 2>/dev/null || break; sleep 0.1; done
    tmux -S "$socket" kill-server 2>/dev/null || true
    echo "run $run: $elapsed s from start to the list of $rooms rooms drawn, live; Synapse's own first /sync: $(synapse_sync) s"
done
