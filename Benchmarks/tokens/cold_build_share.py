#!/usr/bin/env python3
"""What 2,000 design tokens add to a cold build of the 1,000-page scale site.

Target (issue "Design tokens"): reading, checking and resolving the tokens adds
at most 3% of CPU time (user + system) to a cold build. The site is the scale
benchmark's text-only site (Benchmarks/scale/make_site.py N 0), made a git
repository as the scale benchmark does; the tokens are the ones
`kumiki-bench-tokens` generates (1,600 values and 400 aliases in two files).
Cold builds (no store, no output) alternate between the site without a
`tokens:` key and with one, `--runs` of each, on a tmpfs when /dev/shm is
there, and the CPU time of each build is read from the kernel (wait4).

Run by hand (`make bench-tokens`); never part of `make test`.
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
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "scale"))

from site_repository import commit_all, CACHE_FOLDER  # noqa: E402


def cold_build(kumiki, site):
    """Seconds of wall time and of CPU (user + system) of one cold build."""
    shutil.rmtree(os.path.join(site, CACHE_FOLDER), ignore_errors=True)
    shutil.rmtree(os.path.join(site, "Site"), ignore_errors=True)
    began = time.monotonic()
    process = subprocess.Popen([kumiki, "build"], cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - began
    if status != 0:
        sys.exit("cold_build_share: the build failed:\n" + process.stderr.read().decode())
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kumiki", default=os.path.join(ROOT, ".build", "release", "kumiki"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "kumiki-bench-tokens"))
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    base = "/dev/shm" if os.path.isdir("/dev/shm") else None
    work = tempfile.mkdtemp(prefix="kumiki-tokens-", dir=base)
    try:
        site = os.path.join(work, "site")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "scale", "make_site.py"), site,
                        str(args.pages), "0"], check=True, stdout=subprocess.DEVNULL)
        os.makedirs(os.path.join(site, "Tokens"))
        subprocess.run([args.bench, "--write", os.path.join(site, "Tokens")], check=True)
        config = os.path.join(site, "kumiki.yml")
        plain = open(config, encoding="utf-8").read() if os.path.exists(config) else ""
        with_tokens = plain + "\ntokens:\n  files: [Tokens/core.tokens.json, Tokens/theme.tokens.json]\n"
        commit_all(site)
        without, withs = [], []
        for _ in range(args.runs):
            for text, into in ((plain, without), (with_tokens, withs)):
                with open(config, "w", encoding="utf-8") as f:
                    f.write(text)
                into.append(cold_build(args.kumiki, site))
        cpu_without = statistics.median(c for _, c in without)
        cpu_with = statistics.median(c for _, c in withs)
        share = (cpu_with - cpu_without) / cpu_without
        print(f"site: {args.pages} pages, text only, on {'a tmpfs' if base else 'disk'}; {args.runs} cold builds of each, alternating")
        print(f"without tokens: CPU median {cpu_without:.2f} s, wall median {statistics.median(w for w, _ in without):.2f} s")
        print(f"with 2,000 tokens: CPU median {cpu_with:.2f} s, wall median {statistics.median(w for w, _ in withs):.2f} s")
        print(f"tokens add {share:+.1%} of CPU time ({'met' if share <= 0.03 else 'missed'}: ≤ 3%)")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
