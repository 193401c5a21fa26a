#!/usr/bin/env python3
"""latency_probe.py: key-to-drawn latency of the real app in a real terminal.

Runs inside the terminal under test (xterm under Xvfb, see xterm-latency.sh). Starts the app on a
pseudo-terminal of the same size, forwards its output to this terminal, and during startup forwards
the terminal's replies back (the app's DA1 / cell-size queries). After the first screen has settled
it presses Down at a fixed rate and, each time the app's output goes quiet after a burst, sends DA1
(CSI c) to the terminal: the terminal answers only after it has processed every byte before it, so
the reply's arrival is the moment the frame was drawn. A key's latency is the time from writing the
key to the app until the DA1 reply that follows the first output burst begun after the key.

usage: latency_probe.py --out FILE.json --rate ROWS_PER_S --keys N [--settle S] -- app args...
(LATENCY_LOG=FILE also appends every byte the app wrote to FILE.)
"""
import argparse, fcntl, json, os, pty, select, signal, struct, sys, termios, time, tty

QUIET = 0.002          # output idle this long ends a burst (a frame); adds at most this to each figure
DOWN = b"\x1bOB"          # kcud1 in application-cursor mode (the app turns keypad mode on)
BACKLOG = 1 << 20         # stop reading the app while this much is still unwritten to the terminal


def stop_app(pid, master):
    """Asks the app to quit (q, then SIGTERM, then SIGKILL), reading and dropping what it still writes
    meanwhile, so an app blocked on a full pseudo-terminal can always finish restoring and exit."""
    fcntl.fcntl(master, fcntl.F_SETFL, fcntl.fcntl(master, fcntl.F_GETFL) | os.O_NONBLOCK)
    for action, grace in ((lambda: os.write(master, b"q"), 0.5), (lambda: os.kill(pid, signal.SIGTERM), 2.0),
                          (lambda: os.kill(pid, signal.SIGKILL), 5.0)):
        try:
            action()
        except OSError:
            pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return
            if select.select([master], [], [], 0.05)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--rate", type=float, required=True)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--settle", type=float, default=4.0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command

    size = fcntl.ioctl(1, termios.TIOCGWINSZ, b"\0" * 8)
    pid, master = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    fcntl.ioctl(master, termios.TIOCSWINSZ, size)
    stdin = sys.stdin.fileno()
    saved = termios.tcgetattr(stdin)
    tty.setraw(stdin)
    # Writes to the terminal never block: when xterm stops reading, output waits in `pending` (and
    # past BACKLOG the app is not read, so it feels the same back-pressure as under a real terminal)
    # while keys keep going out on time and the run ends when it should.
    out_fd = sys.stdout.fileno()
    out_flags = fcntl.fcntl(out_fd, fcntl.F_GETFL)
    fcntl.fcntl(out_fd, fcntl.F_SETFL, out_flags | os.O_NONBLOCK)
    pending = bytearray()

    def flush_some():
        while pending:
            try:
                written = os.write(out_fd, pending)
            except (BlockingIOError, InterruptedError):
                return
            del pending[:written]

    start = time.monotonic()
    measuring = False
    keys_sent = []            # time each key was written
    burst_start = None        # when the current output burst began
    last_output = None
    queries = []              # [(sent_at, burst_started_at)] waiting for a reply
    reply = b""
    latencies = {}            # key index -> seconds
    next_key = None
    frames = replies = 0
    interval = 1.0 / args.rate
    done_at = None
    try:
        while True:
            now = time.monotonic()
            if not measuring and now - start >= args.settle:
                measuring, next_key = True, now
            if measuring and next_key is not None and now >= next_key and len(keys_sent) < args.keys:
                os.write(master, DOWN)
                keys_sent.append(time.monotonic())
                next_key += interval
            if measuring and len(keys_sent) >= args.keys and done_at is None:
                done_at = now
            if done_at is not None and (now - done_at > 2.0 or (not queries and len(latencies) >= len(keys_sent))):
                break
            if measuring and burst_start is not None and now - last_output >= QUIET:
                pending.extend(b"\x1b[c")
                flush_some()
                queries.append((time.monotonic(), burst_start))
                frames += 1
                burst_start = None
            timeout = QUIET
            if next_key is not None and len(keys_sent) < args.keys:
                timeout = max(0.0, min(timeout, next_key - time.monotonic()))
            readers = [stdin] + ([master] if len(pending) < BACKLOG else [])
            readable, writable, _ = select.select(readers, [out_fd] if pending else [], [], timeout)
            if writable:
                flush_some()
            if master in readable:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                pending.extend(data)
                flush_some()
                if os.environ.get("LATENCY_LOG"):
                    with open(os.environ["LATENCY_LOG"], "ab") as log:
                        log.write(data)
                stamp = time.monotonic()
                if measuring and burst_start is None:
                    burst_start = stamp
                last_output = stamp
            if stdin in readable:
                data = os.read(stdin, 4096)
                if not measuring:
                    os.write(master, data)  # startup: the app's own capability queries
                    continue
                reply += data
                while b"c" in reply and queries:
                    end = reply.index(b"c")
                    reply = reply[end + 1:]
                    answered = time.monotonic()
                    replies += 1
                    _, began = queries.pop(0)
                    for index, sent in enumerate(keys_sent):
                        if index not in latencies and sent <= began:
                            latencies[index] = answered - sent
    finally:
        fcntl.fcntl(out_fd, fcntl.F_SETFL, out_flags)
        termios.tcsetattr(stdin, termios.TCSADRAIN, saved)
        stop_app(pid, master)
    values = sorted(v * 1000 for v in latencies.values())

    def pct(p):
        if not values:
            return None
        rank = max(1, int(-(-len(values) * p // 1)))
        return round(values[min(len(values), rank) - 1], 2)

    result = {"rate": args.rate, "keys": len(keys_sent), "measured": len(values), "frames": frames, "replies": replies,
              "p50_ms": pct(0.5), "p95_ms": pct(0.95), "p99_ms": pct(0.99), "max_ms": pct(1.0)}
    with open(args.out, "w") as handle:
        json.dump(result, handle)


if __name__ == "__main__":
    main()
