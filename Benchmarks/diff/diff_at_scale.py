#!/usr/bin/env python3
"""`kumiki diff` on the scale benchmark's 1,000-page site with layout blocks.

Targets (issue "Reviewing a change to the guidelines"):

| step | target |
|---|---|
| `kumiki diff HEAD~1` after a one-sentence edit of one page, warm store | ≤ 10% of the site's cold build |
| `kumiki diff HEAD~1` after an edit of every page | ≤ 1.5× the site's cold build |

The site is the one `make bench-scale` generates (N pages in 10 sections, B layout blocks a page),
made a git repository with one commit as the scale benchmark does; each edit is committed on top.
The cold build is `kumiki build --no-cache`. "Warm" means a `kumiki diff HEAD~1` ran before in the
same store (the first run is shown too). Each step is timed `--runs` times (median shown).

The script prints each step's share of the cold build and exits with status 1 when a target is
missed. The figures are wall-clock times on a machine shared with nothing else: on a loaded one the
ratio says little (measure with the other work paused).

Run by hand (`make bench-diff`); never part of `make test`.
"""

import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "serve"))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "scale"))

from serve_at_scale import generate  # noqa: E402
from run import edit_page  # noqa: E402
from site_repository import commit_all, FIXED_DATE  # noqa: E402


def timed(command, cwd):
    began = time.monotonic()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if done.returncode not in (0, 1):
        sys.exit("diff_at_scale: %s failed with %d" % (" ".join(command), done.returncode))
    return time.monotonic() - began, done.stdout


def commit(site, message):
    env = dict(os.environ, GIT_AUTHOR_NAME="Kumiki Bench", GIT_AUTHOR_EMAIL="bench@kumiki.invalid",
               GIT_COMMITTER_NAME="Kumiki Bench", GIT_COMMITTER_EMAIL="bench@kumiki.invalid",
               GIT_AUTHOR_DATE=FIXED_DATE, GIT_COMMITTER_DATE=FIXED_DATE)
    subprocess.run(["git", "-C", site, "commit", "-q", "-am", message], check=True, env=env)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build", "release", "kumiki"))
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--blocks", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    kumiki = os.path.abspath(args.kumiki)
    with tempfile.TemporaryDirectory(prefix="kumiki-bench-diff-") as folder:
        site = generate(folder, args.pages, args.blocks)
        commit_all(site)
        cold = statistics.median(timed([kumiki, "build", "--no-cache", "--output", "Site"], site)[0]
                                 for _ in range(args.runs))
        pages = sorted(glob.glob(os.path.join(site, "Content", "**", "*.md"), recursive=True))
        pages = [page for page in pages if os.path.basename(page) != "index.md"]

        edit_page(pages[len(pages) // 2])
        commit(site, "One sentence")
        first_one, output = timed([kumiki, "diff", "HEAD~1", "--format", "json"], site)
        changed_one = output.count('"status": "changed"')
        warm_one = statistics.median(timed([kumiki, "diff", "HEAD~1", "--format", "json"], site)[0]
                                     for _ in range(args.runs))

        for page in pages:
            edit_page(page)
        commit(site, "Every page")
        first_all, output = timed([kumiki, "diff", "HEAD~1", "--format", "json"], site)
        changed_all = output.count('"status": "changed"')
        warm_all = statistics.median(timed([kumiki, "diff", "HEAD~1", "--format", "json"], site)[0]
                                     for _ in range(args.runs))

    def verdict(value, bound):
        return "meets" if value <= bound else "MISSES"

    print("kumiki diff on %d pages with %d blocks a page (median of %d runs)" % (args.pages, args.blocks, args.runs))
    print()
    print("| step | seconds | of the cold build | target |")
    print("|---|---|---|---|")
    print("| cold build (`build --no-cache`) | %.2f | 100%% | |" % cold)
    print("| one sentence, first diff (%d page changed) | %.2f | %.1f%% | |" % (changed_one, first_one, 100 * first_one / cold))
    print("| one sentence, warm diff | %.2f | %.1f%% | ≤ 10%%: %s |"
          % (warm_one, 100 * warm_one / cold, verdict(warm_one, 0.10 * cold)))
    print("| every page, first diff (%d pages changed) | %.2f | %.2f× | ≤ 1.5×: %s |"
          % (changed_all, first_all, first_all / cold, verdict(first_all, 1.5 * cold)))
    print("| every page, warm diff | %.2f | %.2f× | |" % (warm_all, warm_all / cold))
    print()
    print("one sentence: %.1f%% of the cold build (target ≤ 10%%); every page: %.2f× (target ≤ 1.5×)"
          % (100 * warm_one / cold, first_all / cold))
    if warm_one > 0.10 * cold or first_all > 1.5 * cold:
        sys.exit(1)


if __name__ == "__main__":
    main()
