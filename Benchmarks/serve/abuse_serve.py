#!/usr/bin/env python3
"""Abuses `kumiki serve` and checks that ordinary page requests stay fast.

Starts `kumiki serve` on the bundled site (the repository's Content/ and
Templates/) on a free loopback port, with its open-file limit lowered to
1,024 so that leaked connections would show quickly, and a prober that
fetches a page every 50 ms on a fresh connection. Then, one after the other:

1. 1,500 live-reload streams opened, read and closed, with no save between;
2. more streams held open at once than the server allows;
3. cross-origin POSTs, foreign Host headers, and a same-origin POST;
4. heavy playground blocks posted in parallel (too large, and slow);
5. clients sending their headers, and a body, a byte at a time.

For each phase it prints the prober's latencies and what the abuse got;
after each, the server's open file descriptors. Loopback only; every phase
is bounded in count and time, and the server is stopped at the end.

Run with `make bench-serve-abuse`, or
`python3 Benchmarks/serve/abuse_serve.py --kumiki .build/debug/kumiki`.
Never part of `make test`.
"""

import argparse
import http.client
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET_MS = 100.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_files(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def request(port, method, path, body=None, headers=None, timeout=10):
    """One request on a fresh connection: (status, body text, seconds)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        return response.status, text, time.monotonic() - start
    finally:
        connection.close()


class Prober(threading.Thread):
    """Fetches a page every `interval` seconds and keeps each latency,
    labelled with the phase running at the time."""

    def __init__(self, port, path, interval=0.05):
        super().__init__(daemon=True)
        self.port, self.path, self.interval = port, path, interval
        self.phase = "baseline"
        self.samples = {}
        self.failures = {}
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            phase = self.phase
            try:
                status, text, seconds = request(self.port, "GET", self.path, headers={"Host": f"127.0.0.1:{self.port}"}, timeout=5)
                if status != 200 or "</html>" not in text:
                    raise RuntimeError(f"status {status}")
                self.samples.setdefault(phase, []).append(seconds * 1000)
            except Exception as error:  # a refused or slow page is what this measures
                self.failures.setdefault(phase, []).append(str(error))
            self.stopping.wait(self.interval)

    def report(self, phase):
        ms = sorted(self.samples.get(phase, []))
        failed = len(self.failures.get(phase, []))
        if not ms:
            return f"no page answered ({failed} failures)", False
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        over = sum(1 for m in ms if m >= TARGET_MS)
        ok = failed == 0 and p99 < TARGET_MS
        return (f"pages: n={len(ms)} median {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, "
                f"worst {ms[-1]:.1f} ms, {over} at or over {TARGET_MS:.0f} ms, {failed} failed"), ok


def open_stream(port, timeout=5):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.sendall(f"GET /_kumiki/events HTTP/1.1\r\nHost: localhost:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


def read_until(sock, marker, timeout=5):
    sock.settimeout(timeout)
    data = b""
    deadline = time.monotonic() + timeout
    while marker not in data and time.monotonic() < deadline:
        try:
            chunk = sock.recv(4096)
        except socket.timeout:
            break
        if not chunk:
            break
        data += chunk
    return data


def settle_files(pid, baseline, seconds=3):
    """The server's open files once they stop falling (at most `seconds`)."""
    deadline = time.monotonic() + seconds
    count = open_files(pid)
    while count > baseline + 4 and time.monotonic() < deadline:
        time.sleep(0.1)
        count = open_files(pid)
    return count


def phase_reconnects(port, count):
    hellos = 0
    for _ in range(count):
        sock = open_stream(port)
        if b"event: hello" in read_until(sock, b"event: hello"):
            hellos += 1
        sock.close()
    return f"{count} streams opened and closed, {hellos} said hello"


def phase_stream_cap(port, count):
    held, statuses = [], {}
    try:
        for _ in range(count):
            sock = open_stream(port)
            head = read_until(sock, b"\r\n\r\n")
            status = head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/1.1 ") else "none"
            statuses[status] = statuses.get(status, 0) + 1
            held.append(sock)
    finally:
        for sock in held:
            sock.close()
    return f"{count} streams held at once: " + ", ".join(f"{n}× {s}" for s, n in sorted(statuses.items()))


def phase_origins(port, count):
    block = json.dumps({"kind": "layout", "text": 'button go "Go" "行く"\ngo.top = safe.top'})
    own = f"127.0.0.1:{port}"
    tally = {}

    def note(name, status):
        tally.setdefault(name, {}).setdefault(status, 0)
        tally[name][status] += 1

    path = "/_kumiki/playground/render"
    for n in range(count):
        note("POST Origin: evil", request(port, "POST", path, block, {"Host": own, "Origin": "http://evil.example", "Content-Type": "text/plain"})[0])
        note("POST Sec-Fetch-Site: cross-site", request(port, "POST", path, block, {"Host": own, "Sec-Fetch-Site": "cross-site"})[0])
        note("GET Host: evil", request(port, "GET", "/", headers={"Host": f"evil.example:{port}"})[0])
        if n % 10 == 0:
            note("POST same origin", request(port, "POST", path, block, {"Host": own, "Origin": f"http://{own}", "Sec-Fetch-Site": "same-origin"})[0])
    return "; ".join(f"{name}: " + ", ".join(f"{n}× {s}" for s, n in sorted(statuses.items())) for name, statuses in tally.items())


def heavy_blocks():
    views = "\n".join(f'label l{n} "Label {n}" "ラベル {n}"' for n in range(25))
    chain = "\n".join(f"l{n}.top = l{n - 1}.bottom + 8" for n in range(1, 25))
    return {
        # Within the limits (25 views in 240 environments) but slow to solve:
        # every device in portrait at every text size.
        "slow": json.dumps({"kind": "layout", "environment": "textSizes: all\norientations: portrait",
                            "text": views + "\nl0.top = safe.top\n" + chain}),
        # Far past the views × environments limit: refused before solving.
        "huge": json.dumps({"kind": "layout", "environment": "textSizes: all",
                            "text": "\n".join(f'label v{n} "V" "V"' for n in range(390))}),
    }


def phase_playground(port, seconds, parallel):
    blocks = heavy_blocks()
    tally, lock = {}, threading.Lock()
    deadline = time.monotonic() + seconds

    def worker(kind):
        while time.monotonic() < deadline:
            try:
                status, text, took = request(port, "POST", "/_kumiki/playground/render", blocks[kind],
                                             {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"}, timeout=30)
                reason = {413: " too large", 503: " busy" if "busy" in text else " took too long"}.get(status, "")
                key = f"{kind} {status}{reason}"
            except Exception as error:
                key, took = f"{kind} error {type(error).__name__}", 0
            with lock:
                tally.setdefault(key, []).append(took * 1000)

    threads = [threading.Thread(target=worker, args=("slow" if n % 2 == 0 else "huge",)) for n in range(parallel)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 35)
    return "; ".join(f"{key}: {len(ms)}× (worst answer {max(ms):.0f} ms)" for key, ms in sorted(tally.items()))


def phase_slow_clients(port, connections, seconds):
    socks = []
    for n in range(connections):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        socks.append(sock)
    if socks:
        # One in five trickles a body rather than its headers.
        for n, sock in enumerate(socks):
            if n % 5 == 0:
                sock.sendall(f"POST /_kumiki/playground/render HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 60000\r\n\r\n".encode())
    slow_head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 200
    start = time.monotonic()
    closed_at = {}
    step = 0
    while time.monotonic() - start < seconds and len(closed_at) < len(socks):
        for n, sock in enumerate(socks):
            if n in closed_at:
                continue
            byte = b"x" if n % 5 == 0 else slow_head[step % len(slow_head):step % len(slow_head) + 1]
            try:
                sock.sendall(byte)
                sock.setblocking(False)
                try:
                    if sock.recv(1) == b"":
                        closed_at[n] = time.monotonic() - start
                except BlockingIOError:
                    pass
                finally:
                    sock.setblocking(True)
            except OSError:
                closed_at[n] = time.monotonic() - start
        step += 1
        time.sleep(0.5)
    for sock in socks:
        sock.close()
    if not closed_at:
        return f"{len(socks)} slow clients, none cut off within {seconds} s"
    times = sorted(closed_at.values())
    return (f"{len(socks)} slow clients (a byte every 0.5 s): {len(closed_at)} cut off by the server, "
            f"after {times[0]:.1f}–{times[-1]:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build", "debug", "kumiki"))
    parser.add_argument("--reconnects", type=int, default=1500)
    parser.add_argument("--held-streams", type=int, default=80)
    parser.add_argument("--origin-rounds", type=int, default=100)
    parser.add_argument("--playground-seconds", type=float, default=10)
    parser.add_argument("--playground-parallel", type=int, default=8)
    parser.add_argument("--slow-clients", type=int, default=100)
    parser.add_argument("--slow-seconds", type=float, default=14)
    args = parser.parse_args()
    kumiki = os.path.abspath(args.kumiki)
    if not os.path.exists(kumiki):
        sys.exit(f"abuse_serve: no {kumiki}; run `make build` first")

    def limit_files():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    port = free_port()
    server = subprocess.Popen([kumiki, "serve", "--port", str(port)], cwd=ROOT, preexec_fn=limit_files,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    results = []
    try:
        started = time.monotonic()
        for line in server.stdout:
            if line.startswith("Serving at"):
                break
            if time.monotonic() - started > 120:
                sys.exit("abuse_serve: the server did not start within 120 s")
        else:
            sys.exit("abuse_serve: the server exited before serving")
        # Keep reading its output so it never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()

        prober = Prober(port, "/")
        prober.start()
        time.sleep(2)
        baseline_files = open_files(server.pid)
        print(f"kumiki serve on 127.0.0.1:{port} (open-file limit 1024), pid {server.pid}; {os.cpu_count()} cores, "
              f"load {os.getloadavg()[0]:.2f}; baseline open files {baseline_files}")
        line, ok = prober.report("baseline")
        print(f"[baseline] {line}")
        results.append(ok)

        phases = [
            ("reconnects", lambda: phase_reconnects(port, args.reconnects)),
            ("held streams", lambda: phase_stream_cap(port, args.held_streams)),
            ("origins", lambda: phase_origins(port, args.origin_rounds)),
            ("playground", lambda: phase_playground(port, args.playground_seconds, args.playground_parallel)),
            ("slow clients", lambda: phase_slow_clients(port, args.slow_clients, args.slow_seconds)),
        ]
        for name, run in phases:
            prober.phase = name
            begin = time.monotonic()
            outcome = run()
            took = time.monotonic() - begin
            files = settle_files(server.pid, baseline_files)
            line, ok = prober.report(name)
            alive = server.poll() is None
            print(f"[{name}] {outcome} ({took:.1f} s)")
            print(f"[{name}] {line}; server open files after: {files} (baseline {baseline_files}){'' if alive else '; SERVER EXITED'}")
            results.append(ok and alive and files <= baseline_files + 4)
        prober.stopping.set()
        prober.join(5)
        passed = all(results)
        print("PASS" if passed else "FAIL",
              f"(target: every page answered, p99 under {TARGET_MS:.0f} ms in every phase, open files back to baseline)")
        return 0 if passed else 1
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(main())
