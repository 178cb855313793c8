#!/usr/bin/env python3
"""`kumiki serve` on the scale benchmark's 1,000-page site with layout blocks.

Targets (issue "Scale"): the server is ready no later than a cold
`kumiki build` of the same site would finish; from saving a page to the new
HTML being served takes under 100 ms at the median; the server stays under
500 MB of resident memory.

The site is the one `make bench-scale` generates (Benchmarks/scale/make_site.py,
N pages, B distinct layout blocks a page, blocks from the bundled content at
e0d992f); pass `--site DIR` to use one already generated. The script times:

1. a cold `kumiki build --no-cache` of the site (the reference);
2. `kumiki serve` started with no cache, until it answers ("Serving at"),
   then until it has written what it computed to the build store ("Stored
   the build in .kumiki-cache", which it does once it answers);
3. `kumiki serve` started again with the cache the first one left;
4. 20 edits of one page's first sentence, each from the write to the
   reload event and the new page fetched (checked to hold the edit);
5. the server's resident memory after starting and after the edits.

Run by hand (`make bench-serve-scale`); never part of `make test`.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "scale"))

from bench_serve import EventStream, fetch, free_port, rss_kib  # noqa: E402
from run import edit_page  # noqa: E402

BLOCKS_COMMIT = "e0d992f"


def generate(folder, pages, blocks):
    """The scale benchmark's site with `pages` pages and `blocks` blocks a page."""
    archive = subprocess.run(["git", "-C", ROOT, "archive", BLOCKS_COMMIT, "Content"], check=True,
                             stdout=subprocess.PIPE).stdout
    source = os.path.join(folder, "blocks")
    os.makedirs(source)
    subprocess.run(["tar", "-x", "-C", source], input=archive, check=True)
    site = os.path.join(folder, "site")
    subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "scale", "make_site.py"), site, str(pages),
                    str(blocks), "--unique", "--blocks-from", os.path.join(source, "Content")], check=True)
    return site


def start_server(kumiki, site, extra=()):
    """Starts `kumiki serve` and returns it with the seconds until it answered."""
    port = free_port()
    started = time.monotonic()
    server = subprocess.Popen([kumiki, "serve", "--port", str(port), *extra], cwd=site,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in server.stdout:
        if line.startswith("Serving at"):
            return server, port, time.monotonic() - started
        if time.monotonic() - started > 600:
            break
    server.kill()
    sys.exit("serve_at_scale: the server did not start:\n" + (server.stdout.read() or ""))


def wait_for_line(server, prefix, limit=600):
    """Seconds until the server printed a line starting with `prefix`."""
    started = time.monotonic()
    for line in server.stdout:
        if line.startswith(prefix):
            return time.monotonic() - started
        if time.monotonic() - started > limit:
            break
    server.kill()
    sys.exit(f"serve_at_scale: the server never said '{prefix}'")


def stop(server):
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build", "release", "kumiki"))
    parser.add_argument("--site", help="a site made by Benchmarks/scale/make_site.py (default: generate one)")
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    kumiki = os.path.abspath(args.kumiki)
    if not os.path.exists(kumiki):
        sys.exit(f"serve_at_scale: no {kumiki}; run `swift build -c release --product kumiki` first")

    work = tempfile.mkdtemp(prefix="kumiki-serve-scale-")
    try:
        site = os.path.abspath(args.site) if args.site else generate(work, args.pages, args.blocks)
        shutil.rmtree(os.path.join(site, ".kumiki-cache"), ignore_errors=True)
        output = os.path.join(work, "Site")
        began = time.monotonic()
        subprocess.run([kumiki, "build", "--no-cache", "--output", output], cwd=site, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cold_build = time.monotonic() - began
        shutil.rmtree(output, ignore_errors=True)

        server, _, ready_cold = start_server(kumiki, site)
        storing = wait_for_line(server, "Stored the build in .kumiki-cache")
        stop(server)
        server, port, ready_warm = start_server(kumiki, site)
        rss_start = rss_kib(server.pid)
        contents = sorted(name for name in os.listdir(os.path.join(site, "Content")) if name.endswith(".md"))
        edited = contents[len(contents) // 2]
        path = os.path.join(site, "Content", edited)
        original = open(path, encoding="utf-8").read()
        url = f"http://127.0.0.1:{port}/{edited[:-3]}/"
        fetch(url)
        stream = EventStream(port)
        stream.wait_for(b"event: hello")
        times = []
        try:
            for number in range(1, args.edits + 1):
                begin = time.monotonic()
                edit_page(path)
                stream.wait_for(b"event: reload", timeout=60)
                html = fetch(url)
                times.append(time.monotonic() - begin)
                if f"Edited sentence number {number}." not in html:
                    sys.exit(f"serve_at_scale: edit {number} is not in the served page")
                time.sleep(0.05)
            rss_end = rss_kib(server.pid)
        finally:
            stop(server)
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)

        median = statistics.median(times) * 1000
        rss_peak = max(rss_start, rss_end) / 1024
        print(f"site: {len(contents)} pages ({site}); kumiki: {kumiki}")
        print(f"cold kumiki build --no-cache: {cold_build:.2f} s")
        print(f"serve ready, no cache: {ready_cold:.2f} s ({'met' if ready_cold <= cold_build else 'missed'}: ≤ the cold build)")
        print(f"the build stored in .kumiki-cache {storing:.2f} s after that, while serving")
        print(f"serve ready, with the cache the first left: {ready_warm:.2f} s "
              f"({'met' if ready_warm <= cold_build else 'missed'}: ≤ the cold build)")
        print(f"save → reload event + new HTML over {len(times)} edits of {edited}: median {median:.0f} ms, "
              f"worst {max(times) * 1000:.0f} ms, best {min(times) * 1000:.0f} ms "
              f"({'met' if median < 100 else 'missed'}: median < 100 ms)")
        print(f"RSS after starting: {rss_start / 1024:.0f} MiB; after the edits: {rss_end / 1024:.0f} MiB "
              f"({'met' if rss_peak < 500 else 'missed'}: < 500 MB)")
        print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
