#!/usr/bin/env python3
"""Measures how fast `kumiki serve` gets an edit to an open page.

Generates a 50-page site whose edited page has five layout blocks, starts
`kumiki serve` (a release build) on a free port, listens on the live-reload
event stream like a browser does, and edits the page over and over. For
each edit it times, from the moment the file is written, the arrival of the
reload event plus the fetch of the new page (the page is checked to hold
the edit). It also reads the server's resident memory after the first build
and after all the edits: a rebuild must not leak.

Run by hand (`make bench` or `python3 Benchmarks/serve/bench_serve.py`);
never part of `make test`.
"""

import argparse
import os
import re
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

BLOCK = """```layout {kind}
title: Example {n} | 例 {n}
image hero{n} "Image" "画像"
button go{n} "Continue" "続ける"
hero{n}.top = safe.top + {top}
hero{n}.centerX = safe.centerX
hero{n}.width = 0.6 * safe.width @750
hero{n}.width <= 400
hero{n}.aspect = 4:3
go{n}.centerX = hero{n}.centerX
go{n}.top = hero{n}.bottom + 8
```
"""

PROSE = """Keep related controls together, and let the layout follow the content rather than the device.
A screen that reads well on the smallest phone usually reads well everywhere.

関連する操作はまとめて配置し、端末ではなく内容に合わせてレイアウトを決めます。
最も小さな iPhone で読みやすい画面は、たいていどの端末でも読みやすくなります。

"""


def page(number, blocks, marker=""):
    text = f"---\ntitle: Page {number}\ntitle_ja: ページ {number}\norder: {number}\n---\n\n"
    text += f"Page {number} introduction. {marker}\n\nページ {number} の導入。\n\n"
    for heading in range(3):
        text += f"## Topic {heading + 1}\n\n## トピック {heading + 1}\n\n" + PROSE
    for n in range(blocks):
        kind = ["do", "dont", ""][n % 3]
        text += BLOCK.format(kind=kind, n=n + 1, top=16 + n).replace("```layout \n", "```layout\n") + "\n"
    return text


def make_site(folder):
    content = os.path.join(folder, "Content")
    os.makedirs(content)
    shutil.copytree(os.path.join(ROOT, "Templates"), os.path.join(folder, "Templates"))
    with open(os.path.join(folder, "kumiki.yml"), "w") as f:
        f.write("title: Benchmark Guide\ntitle_ja: ベンチマーク\n")
    with open(os.path.join(content, "index.md"), "w") as f:
        f.write("---\ntitle: Benchmark Guide\ntitle_ja: ベンチマーク\n---\n\nWelcome.\n\nようこそ。\n")
    for number in range(1, 51):
        with open(os.path.join(content, f"page-{number:02}.md"), "w") as f:
            f.write(page(number, blocks=5 if number == 1 else 1))
    return os.path.join(content, "page-01.md")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except FileNotFoundError:
        out = subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], capture_output=True, text=True).stdout
        return int(out.strip() or 0)
    return 0


class EventStream:
    """The live-reload stream, read from a raw socket as it arrives."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /_kumiki/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        self.buffer = b""

    def wait_for(self, marker, timeout=10.0):
        deadline = time.monotonic() + timeout
        while marker not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.sock], [], [], left)[0]:
                raise TimeoutError(f"no {marker!r} within {timeout} s")
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the event stream closed")
            self.buffer += chunk
        index = self.buffer.index(marker) + len(marker)
        end = self.buffer.find(b"\n\n", index)
        event = self.buffer[:end if end >= 0 else index]
        self.buffer = self.buffer[index:]
        return event


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


def percentile_report(name, samples):
    ms = sorted(s * 1000 for s in samples)
    print(f"{name}: n={len(ms)} median {statistics.median(ms):.1f} ms, worst {ms[-1]:.1f} ms, best {ms[0]:.1f} ms")
    return statistics.median(ms), ms[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build", "release", "kumiki"))
    parser.add_argument("--edits", type=int, default=20, help="timed edits reported (default 20)")
    parser.add_argument("--memory-edits", type=int, default=100, help="edits before the second memory reading (default 100)")
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between edits")
    args = parser.parse_args()
    args.kumiki = os.path.abspath(args.kumiki)
    if not os.path.exists(args.kumiki):
        sys.exit(f"bench_serve: no {args.kumiki}; run `swift build -c release --product kumiki` first")

    folder = tempfile.mkdtemp(prefix="kumiki-serve-bench-")
    server = None
    try:
        edited = make_site(folder)
        port = free_port()
        server = subprocess.Popen([args.kumiki, "serve", "--port", str(port)], cwd=folder,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        started = time.monotonic()
        for line in server.stdout:
            if line.startswith("Built "):
                print("server:", line.strip())
            if line.startswith("Serving at"):
                break
            if time.monotonic() - started > 60:
                sys.exit("bench_serve: the server did not start")
        else:
            sys.exit("bench_serve: the server exited:\n" + (server.stdout.read() or ""))
        os.set_blocking(server.stdout.fileno(), False)

        page_url = f"http://127.0.0.1:{port}/page-01/"
        fetch(page_url)
        rss_first = rss_kib(server.pid)
        stream = EventStream(port)
        stream.wait_for(b"event: hello")

        def edit(number, change_block=False):
            marker = f"edit-{number}"
            text = page(1, blocks=5, marker=marker)
            if change_block:
                text = text.replace("safe.top + 16", f"safe.top + {16 + number}")
            begin = time.monotonic()
            with open(edited, "w") as f:
                f.write(text)
            event = stream.wait_for(b"event: reload")
            arrived = time.monotonic()
            html = fetch(page_url)
            done = time.monotonic()
            if marker not in html:
                raise AssertionError(f"edit {number}: the page does not have {marker}")
            if b'"errors":0' not in event:
                raise AssertionError(f"edit {number}: the build failed: {event!r}")
            time.sleep(args.pause)
            return done - begin, arrived - begin

        prose = []
        rss_trace = []
        for n in range(1, args.memory_edits + 1):
            prose.append(edit(n))
            if n % 50 == 0:
                rss_trace.append((n, rss_kib(server.pid)))
        rss_after = rss_kib(server.pid)
        blocks = [edit(1000 + n, change_block=True) for n in range(1, args.edits + 1)]

        print(f"site: 50 pages, 5 layout blocks on the edited page; kumiki: {args.kumiki}")
        median, worst = percentile_report(f"prose edit → reload event + new HTML (first {args.edits})", [t for t, _ in prose[:args.edits]])
        percentile_report("prose edit → reload event only", [e for _, e in prose[:args.edits]])
        percentile_report(f"prose edit → reload event + new HTML (all {len(prose)})", [t for t, _ in prose])
        percentile_report(f"one block changed → reload event + new HTML ({args.edits})", [t for t, _ in blocks])
        try:
            log = server.stdout.read() or ""
        except (BlockingIOError, TypeError):
            log = ""
        builds = [int(m) for m in re.findall(r"Rebuilt after .* in (\d+) ms", log)]
        if builds:
            print(f"server-side rebuild (all {len(builds)}): median {statistics.median(builds)} ms, worst {max(builds)} ms")
        print(f"load average during the run: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        growth = (rss_after - rss_first) / rss_first * 100 if rss_first else 0
        print(f"RSS after the first build: {rss_first / 1024:.1f} MiB; after {len(prose)} edits: {rss_after / 1024:.1f} MiB ({growth:+.1f}%)")
        if rss_trace:
            print("RSS every 50 edits: " + ", ".join(f"{n}: {kib / 1024:.1f} MiB" for n, kib in rss_trace))
        ok = median < 100 and growth <= 10
        print("PASS" if ok else "FAIL", "(target: median < 100 ms, RSS growth <= 10%)")
        return 0 if ok else 1
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
