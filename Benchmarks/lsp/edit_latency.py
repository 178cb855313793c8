#!/usr/bin/env python3
"""make bench-lsp: how fast `kumiki lsp` answers edits inside layout blocks
on a large site, and how much memory it holds.

The workspace is the 1,000-page text-only scale site
(../shared/bench/gen_kumiki_site.py OUT 1000 0) with the bundled Content/ pages
copied into its Content/. The server opens the bundled site's longest page,
then the script makes EDITS edits, each one changing a number in a
constraint line of one of the page's layout blocks (a new value every time,
so each edit is a block the server has not solved), and waits for the
diagnostics published for that version. Latency is from sending the
`didChange` to reading its `publishDiagnostics`. Memory is the server's
resident set (peak and at the end), read from /proc; no preview is started.

Targets (issue 33): median <= 50 ms, 95th percentile <= 150 ms, memory
< 300 MB. Exits 1 when a target is missed.
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import queue
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The scale workload's generator, beside the checkout as the other scale
# benchmarks find it.
GENERATOR = ROOT.parent / "shared" / "bench" / "gen_kumiki_site.py"


class Client:
    """A minimal LSP client over the server's pipes (no dependencies, so
    the timings include nothing but the server and the pipes)."""

    def __init__(self, kumiki, cwd):
        self.process = subprocess.Popen([kumiki, "lsp"], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return time.perf_counter()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            _, message = self.messages.get(timeout=120)
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics_for(self, uri, version, timeout=120):
        """Waits for the diagnostics of `version` of `uri`; their arrival
        time and list."""
        deadline = time.perf_counter() + timeout
        while True:
            arrived, message = self.messages.get(timeout=max(0.01, deadline - time.perf_counter()))
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message["params"]
            if params["uri"] == uri and params.get("version") == version:
                return arrived, params["diagnostics"]


def resident_kb(pid, field):
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def edit_places(lines):
    """Each (line, start, end) of a number after `= ` on a constraint line
    inside a layout block: the edits go there."""
    places, inside = [], False
    for number, line in enumerate(lines):
        if line.startswith("```layout"):
            inside = True
        elif line.startswith("```"):
            inside = False
        elif inside:
            match = re.search(r"= (\d+)\s*$", line)
            if match:
                places.append((number, match.start(1), match.end(1)))
    return places


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kumiki", default=str(ROOT / ".build" / "release" / "kumiki"))
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--generator", default=str(GENERATOR))
    parser.add_argument("--keep", help="build the workspace here and keep it")
    arguments = parser.parse_args()

    folder = pathlib.Path(arguments.keep or tempfile.mkdtemp(prefix="kumiki-bench-lsp-"))
    if folder.exists():
        shutil.rmtree(folder)
    subprocess.run([sys.executable, arguments.generator, str(folder), str(arguments.pages), "0"], check=True,
                   stdout=subprocess.DEVNULL)
    bundled = sorted((ROOT / "Content").glob("*.md"))
    for page in bundled:
        shutil.copy(page, folder / "Content" / page.name)
    longest = max(bundled, key=lambda page: page.stat().st_size)
    path = folder / "Content" / longest.name
    uri = path.as_uri()
    text = path.read_text()
    lines = text.split("\n")
    places = edit_places(lines)
    if not places:
        sys.exit(f"{longest.name} has no constraint line with a number to edit")

    client = Client(os.path.abspath(arguments.kumiki), folder)
    try:
        client.request("initialize", {
            "processId": os.getpid(), "rootUri": folder.as_uri(),
            "workspaceFolders": [{"uri": folder.as_uri(), "name": "bench"}],
            "capabilities": {"general": {"positionEncodings": ["utf-16"]},
                             "textDocument": {"publishDiagnostics": {"versionSupport": True}}}})
        client.notify("initialized", {})
        started = client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "markdown", "version": 1, "text": text}})
        arrived, first = client.diagnostics_for(uri, 1, timeout=600)
        opening = (arrived - started) * 1000
        peak_after_open = resident_kb(client.process.pid, "VmRSS")

        latencies = []
        values = {}
        for edit in range(arguments.edits):
            line, start, end = places[edit % len(places)]
            old = lines[line][start:end]
            # A value the block has never had: each edit is a new solve.
            new = str(int(values.get(line, old)) + 1)
            values[line] = new
            prefix = lines[line][:start]
            lines[line] = prefix + new + lines[line][end:]
            version = edit + 2
            started = client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {
                    "start": {"line": line, "character": utf16_length(prefix)},
                    "end": {"line": line, "character": utf16_length(prefix) + utf16_length(old)}},
                    "text": new}]})
            arrived, _ = client.diagnostics_for(uri, version)
            latencies.append((arrived - started) * 1000)
        peak = resident_kb(client.process.pid, "VmHWM")
        final = resident_kb(client.process.pid, "VmRSS")
        client.request("shutdown", None)
        client.notify("exit", None)
        client.process.wait(timeout=30)
    finally:
        if client.process.poll() is None:
            client.process.kill()
        if not arguments.keep:
            shutil.rmtree(folder, ignore_errors=True)

    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[min(len(latencies) - 1, int(round(0.95 * len(latencies))) - 1)]
    print(f"workspace: {arguments.pages} generated pages + {len(bundled)} bundled; page {longest.name}, "
          f"{len(places)} constraint lines in its layout blocks")
    print(f"first diagnostics after didOpen: {opening:.0f} ms ({len(first)} diagnostics); "
          f"resident after: {peak_after_open / 1024:.0f} MB")
    print(f"{len(latencies)} edits: median {median:.1f} ms, p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms "
          f"(targets 50 / 150 ms)")
    print(f"server memory: peak {peak / 1024:.0f} MB, at the end {final / 1024:.0f} MB (target < 300 MB)")
    missed = median > 50 or p95 > 150 or peak / 1024 >= 300
    print("targets: " + ("missed" if missed else "met"))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
