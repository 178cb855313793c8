#!/usr/bin/env python3
"""The search benchmark (`make bench-search`; never part of `make test`).

1. Relevance on the bundled site: the query set through Kumiki's search
   (from file://) and through Pagefind (run over the built site as a user
   would, `python -m pagefind --site SITE`, served over HTTP because it
   needs a server), both in headless Chromium (`relevance.py`).
2. Index bytes: the site's `search/` folder against Pagefind's `pagefind/`.
3. Scale: the 1,000-page site of the scale benchmark (`../scale/make_site.py`
   with N=1000 B=2, blocks from the bundled content at e0d992f), built cold
   with and without search (`--no-search`), alternating, RUNS times each;
   then, in headless Chromium from file://, the bytes a query loads (the
   index scripts it adds to the page) and its answer time, the first time
   (scripts loading) and again once loaded.

    run.py --kumiki .build/release/kumiki --pagefind-python VENV/bin/python [--runs 3] [--n 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
sys.path.insert(0, str(HERE))
from relevance import chromium  # noqa: E402

SCALE_QUERIES = ["keyboard anchor", "toolbar sheet", "divider pointer", "typeface breakpoint",
                 "触れる範囲", "既定値と幅", "文字組み", "アイコンの行"]


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(kumiki: Path, site: Path, output: Path, *extra: str) -> float:
    started = time.perf_counter()
    subprocess.run([str(kumiki), "build", "--no-cache", "--output", str(output), *extra], cwd=site, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def relevance(arguments, site: Path, work: Path) -> None:
    subprocess.run([sys.executable, str(HERE / "relevance.py"), str(site)], check=True)
    served = work / "pagefind-site"
    shutil.copytree(site, served)
    subprocess.run([arguments.pagefind_python, "-m", "pagefind", "--site", str(served)], check=True,
                   stdout=subprocess.DEVNULL)
    print(f"index bytes: kumiki search/ {folder_bytes(site / 'search')} B; pagefind/ {folder_bytes(served / 'pagefind')} B")
    server = subprocess.Popen([sys.executable, "-m", "http.server", "8765", "--bind", "127.0.0.1"], cwd=served,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        subprocess.run([sys.executable, str(HERE / "relevance.py"), str(served), "--pagefind", "http://127.0.0.1:8765/"],
                       check=True)
    finally:
        server.terminate()
        server.wait()


LOADED_SCRIPTS = "return [...document.querySelectorAll('script[src]')].map(s => s.src).filter(s => s.includes('/search/'))"
TIMED_QUERY = """
const done = arguments[arguments.length - 1];
const started = performance.now();
window.kumikiSearch.query(arguments[0], 10).then(r => done([performance.now() - started, r.length]));
"""


def scale(arguments, work: Path) -> None:
    blocks = work / "blocks"
    blocks.mkdir()
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", "e0d992f", "Content"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(blocks)], input=archive, check=True)
    site = work / "scale"
    subprocess.run([sys.executable, str(REPOSITORY / "Benchmarks/scale/make_site.py"), str(site), str(arguments.n), "2",
                    "--unique", "--blocks-from", str(blocks / "Content")], check=True, stdout=subprocess.DEVNULL)
    with_search, without = [], []
    for _ in range(arguments.runs):
        without.append(build(arguments.kumiki, site, work / "out-plain", "--no-search"))
        with_search.append(build(arguments.kumiki, site, work / "out"))
    plain, searched = statistics.median(without), statistics.median(with_search)
    print(f"scale {arguments.n} pages, cold build (median of {arguments.runs}): {plain:.2f} s without search, "
          f"{searched:.2f} s with search: +{100 * (searched - plain) / plain:.1f}%  (runs: {without} / {with_search})")
    output = work / "out"
    print(f"scale: search/ folder {folder_bytes(output / 'search')} B in "
          f"{sum(1 for _ in (output / 'search').rglob('*.js'))} scripts")
    driver = chromium()
    try:
        rows = []
        for query in SCALE_QUERIES:
            driver.get((output / "search" / "index.html").as_uri())
            first, count = driver.execute_async_script(TIMED_QUERY, query)
            again, _ = driver.execute_async_script(TIMED_QUERY, query)
            scripts = driver.execute_script(LOADED_SCRIPTS)
            loaded = sum(Path(unquote(urlsplit(src).path)).stat().st_size for src in scripts)
            rows.append((query, count, loaded, first, again))
            print(f"scale query {query!r}: {count} results, {len(scripts)} scripts, {loaded} B loaded, "
                  f"{first:.1f} ms first, {again:.1f} ms again")
        print(f"scale: median bytes a query loads {statistics.median(r[2] for r in rows):.0f} B (max {max(r[2] for r in rows)}), "
              f"answer {statistics.median(r[4] for r in rows):.1f} ms once loaded "
              f"(first {statistics.median(r[3] for r in rows):.1f} ms with loading)")
    finally:
        driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kumiki", type=Path, default=REPOSITORY / ".build/release/kumiki")
    parser.add_argument("--pagefind-python", default=str(REPOSITORY / ".build/bench-search-venv/bin/python"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--skip-scale", action="store_true")
    arguments = parser.parse_args()
    arguments.kumiki = arguments.kumiki.resolve()
    with tempfile.TemporaryDirectory(prefix="kumiki-bench-search-") as folder:
        work = Path(folder)
        site = work / "site"
        subprocess.run([str(arguments.kumiki), "build", "--no-cache", "--output", str(site)], cwd=REPOSITORY, check=True,
                       stdout=subprocess.DEVNULL)
        relevance(arguments, site, work)
        if not arguments.skip_scale:
            scale(arguments, work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
