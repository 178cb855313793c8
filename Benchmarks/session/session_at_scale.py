#!/usr/bin/env python3
"""One build session on the scale benchmark's 1,000-page site with layout blocks.

Targets (issue "One build session"), after one `kumiki build` of the site:

| step | target |
|---|---|
| `kumiki serve` ready | ≤ 0.5 s, no page computed again |
| `kumiki build` after that serve | ≤ 10% of the cold build |
| one page's title changed, warm build | computes only that page's section (its sidebars) and its neighbours |
| one sentence changed, warm build | ≤ 10% of the cold build |

The site is the one `make bench-scale` generates (Benchmarks/scale/make_site.py, N pages in 10
sections, B distinct layout blocks a page, blocks from the bundled content at e0d992f), made a git
repository as the scale benchmark does, so page history is on. Every figure comes from one run of
the release build, and each step is taken `--runs` times (median shown); what each build took from
the store and computed is read from `kumiki build --explain` and from the preview's first line.

Run by hand (`make bench-session`); never part of `make test`.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "serve"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "scale"))

from serve_at_scale import generate, start_server, stop, wait_for_line  # noqa: E402
from run import edit_page  # noqa: E402
from site_repository import commit_all, CACHE_FOLDER  # noqa: E402


def build(kumiki, site, output):
    """Seconds of one `kumiki build --explain`, and what it computed."""
    began = time.monotonic()
    done = subprocess.run([kumiki, "build", "--explain", "--output", output], cwd=site, check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    seconds = time.monotonic() - began
    pages = re.search(r"^pages: (\d+) from the store, (\d+) computed$", done.stdout, re.M)
    blocks = re.search(r"^blocks: (\d+) from the store, (\d+) computed$", done.stdout, re.M)
    computed = [line[2:].split(":")[0] for line in done.stdout.splitlines() if line.startswith("  ")]
    return seconds, (int(pages[1]), int(pages[2])), (int(blocks[1]), int(blocks[2])), computed


def serve_ready(kumiki, site):
    """Seconds until `kumiki serve` answers, and its pages from the store and computed."""
    server, _, ready = start_server(kumiki, site)
    # The line before "Serving at" is "Built N pages in M ms (S from the store, C computed)".
    wait_for_line(server, "Stored the build in .kumiki-cache")
    stop(server)
    return ready


def first_line_counts(kumiki, site):
    """The preview's first build, from the store and computed, read from its output."""
    server = subprocess.Popen([kumiki, "serve", "--port", "0"], cwd=site, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        for line in server.stdout:
            found = re.search(r"Built (\d+) pages in (\d+) ms \((\d+) from the store, (\d+) computed\)", line)
            if found:
                return int(found[3]), int(found[4]), int(found[2]) / 1000
        sys.exit("session_at_scale: the preview never said what it built")
    finally:
        stop(server)


def retitle(path, number):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"^title: .*$", f"title: Retitled page {number}", text, count=1, flags=re.M)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build", "release", "kumiki"))
    parser.add_argument("--site", help="a site made by Benchmarks/scale/make_site.py (default: generate one)")
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    kumiki = os.path.abspath(args.kumiki)
    if not os.path.exists(kumiki):
        sys.exit(f"session_at_scale: no {kumiki}; run `swift build -c release --product kumiki` first")

    work = tempfile.mkdtemp(prefix="kumiki-session-")
    try:
        site = os.path.abspath(args.site) if args.site else generate(work, args.pages, args.blocks)
        if not os.path.isdir(os.path.join(site, ".git")):
            commit_all(site)
        store = os.path.join(site, CACHE_FOLDER)
        output = os.path.join(site, "Site")
        rows = []
        colds, warms, readies, afters, titles, sentences = [], [], [], [], [], []
        contents = sorted(n for n in os.listdir(os.path.join(site, "Content")) if n.endswith(".md"))
        for run in range(1, args.runs + 1):
            shutil.rmtree(store, ignore_errors=True)
            shutil.rmtree(output, ignore_errors=True)
            cold = build(kumiki, site, output)
            colds.append(cold[0])
            warms.append(build(kumiki, site, output)[0])
            served = first_line_counts(kumiki, site)
            readies.append(serve_ready(kumiki, site))
            after = build(kumiki, site, output)
            afters.append(after[0])
            # A title in the middle of the site: its section, its neighbours.
            titled = os.path.join(site, "Content", contents[len(contents) // 2 + 7])
            original_title = open(titled, encoding="utf-8").read()
            retitle(titled, run)
            title = build(kumiki, site, output)
            titles.append(title[0])
            with open(titled, "w", encoding="utf-8") as f:
                f.write(original_title)
            build(kumiki, site, output)
            edited = os.path.join(site, "Content", contents[len(contents) // 3])
            original_text = open(edited, encoding="utf-8").read()
            edit_page(edited)
            sentence = build(kumiki, site, output)
            sentences.append(sentence[0])
            with open(edited, "w", encoding="utf-8") as f:
                f.write(original_text)
            rows.append((cold, served, after, title, sentence, os.path.basename(titled)))

        cold = statistics.median(colds)
        print(f"site: {len(contents)} pages ({site}); kumiki: {kumiki}; {args.runs} runs, medians")
        print(f"cold kumiki build (empty store): {cold:.2f} s; pages computed {rows[0][0][1][1]}, blocks {rows[0][0][2][1]}")
        print(f"warm kumiki build, nothing changed: {statistics.median(warms):.2f} s")
        ready = statistics.median(readies)
        served = rows[-1][1]
        print(f"kumiki serve ready after the build: {ready:.2f} s; its first build {served[2]:.2f} s with "
              f"{served[0]} pages from the store and {served[1]} computed "
              f"({'met' if ready <= 0.5 and served[1] == 0 else 'missed'}: ≤ 0.5 s, none computed)")
        after = statistics.median(afters)
        print(f"kumiki build after serve: {after:.2f} s = {after / cold:.1%} of cold; pages computed "
              f"{rows[-1][2][1][1]} ({'met' if after <= 0.1 * cold else 'missed'}: ≤ 10%)")
        title = statistics.median(titles)
        computed = rows[-1][3][3]
        print(f"one title changed ({rows[-1][5]}): {title:.2f} s = {title / cold:.1%} of cold; "
              f"{len(computed)} pages computed, blocks {rows[-1][3][2][1]} "
              f"({'met' if title <= 0.25 * cold else 'missed'}: ≤ a quarter)")
        sentence = statistics.median(sentences)
        print(f"one sentence changed: {sentence:.2f} s = {sentence / cold:.1%} of cold; pages computed "
              f"{len(rows[-1][4][3])} ({'met' if sentence <= 0.1 * cold else 'missed'}: ≤ 10%)")
        print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
