#!/usr/bin/env bash
# scripts/bench/matrix-idle-cpu.sh BINARY USER [SECONDS] — the CPU `snapterm` uses while idle on its Messages list,
# logged in as USER (password in $BENCH_PASSWORD, never on the command line) and long-polling `/sync`. The homeserver
# must run: eval "$(scripts/matrix/homeserver start /tmp/hs-bench)". In a 120×40 tmux pane: Tab to Messages at the first
# frame, `Matrix: live` waited for, 15 s for what the first sync started (gap filling, row pictures) to settle, then
# utime + stime of /proc/PID/stat read before and after SECONDS (default 30) of nobody touching it.
set -euo pipefail
binary=$(realpath "$1"); user=$2; seconds=${3:-30}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd); root=$(cd "$here/../.." && pwd)
: "${SNAPTERM_TEST_HOMESERVER:?start the homeserver first: eval \"\$(scripts/matrix/homeserver start)\"}"
: "${BENCH_PASSWORD:?BENCH_PASSWORD must hold the password of USER}"
work=$(mktemp -d); socket="$work/tmux.sock"
trap 'tmux -S "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
printf '%s\n' "$BENCH_PASSWORD" | XDG_DATA_HOME="$work/data" "$binary" login "$SNAPTERM_TEST_HOMESERVER" "$user" --password-stdin >/dev/null
tmux -S "$socket" new-session -d -x 120 -y 40 -e XDG_DATA_HOME="$work/data" -e XDG_CACHE_HOME="$work/cache" \
    -e SNAPTERM_GRAPHICS=symbols -e SNAPTERM_DATA="$root/assets" "exec $binary"
until tmux -S "$socket" capture-pane -p | grep -q '\[Places\]'; do sleep 0.05; done
tmux -S "$socket" send-keys Tab
until tmux -S "$socket" capture-pane -p | grep -q "Matrix: live"; do sleep 0.1; done
pid=$(tmux -S "$socket" display -p '#{pane_pid}')
sleep 15
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
before=$(ticks); start=$(date +%s.%N)
sleep "$seconds"
after=$(ticks); elapsed=$(echo "$(date +%s.%N) - $start" | bc)
hz=$(getconf CLK_TCK)
used=$((after - before))
share=$(echo "scale=3; $used * 100 / $hz / $elapsed" | bc)
echo "idle on Messages, live, long-polling: $used ticks of 1/$hz s of CPU in $elapsed s = $share % of a core"
tmux -S "$socket" send-keys q
