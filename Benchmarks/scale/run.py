#!/usr/bin/env python3
"""The scale benchmark (`make bench-scale`): Kumiki against Hugo on generated sites.

    run.py [--n 1000] [--b 2] [--sizes "1000 4000 10000"] [--kumiki .build/release/kumiki]
           [--runs 3] [--warmup 1] [--growth-runs R] [--growth-warmup W]
           [--workdir DIR] [--keep] [--report artifacts/bench-scale.md]

What it does, in a temporary folder (see README.md beside this file for what each
figure means and the targets it is checked against):

 1. generates, with make_site.py and make_hugo_site.py, the Kumiki site of N text-only
    pages, the Kumiki site of N pages with B distinct layout blocks each (`--unique`,
    blocks from the bundled Content/ as of e0d992f), and the Hugo anchor of N pages;
    each Kumiki site becomes a git repository with one commit of fixed author and date;
 2. times `kumiki build` (cold) on both Kumiki sites and `hugo` on the anchor in one
    hyperfine run, every output folder removed before every run;
 3. runs each once more under `/usr/bin/time -v` for its peak RSS, and counts the
    output: all bytes, and the `index.html` pages with their average size;
 4. the warm rebuild: builds the B site once with its cache, then times builds that
    each follow a one-sentence edit of one page;
 5. the growth table: the text-only site and the anchor at each of SIZES pages;
 6. prints a Markdown report and writes it to artifacts/bench-scale.md, with the raw
    hyperfine JSON in artifacts/bench-scale/.

Needs python3, git, tar, hyperfine, hugo and GNU time (`make bench-scale` installs them
as root on Debian). Cold means no cache: `kumiki build --no-cache` when `kumiki build
--help` lists that option; otherwise the cache folders are removed before each run.
"""

import argparse
import datetime
import json
import math
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from site_repository import CACHE_FOLDER, commit_all  # CACHE_FOLDER also has XDG_CACHE_HOME beside it, pointed into the work folder

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
BLOCKS_COMMIT = "e0d992f"

# Targets of issue 15 that this benchmark measures.
TARGET_TEXT_RATIO = 1.0       # N text-only pages: time below Hugo's
TARGET_BLOCKS_RATIO = 2.0     # N pages with blocks: at most twice Hugo's plain build
TARGET_PAGE_BYTES = 40_000    # output per text-only page at 1,000 pages
TARGET_WARM_SHARE = 0.10      # warm rebuild after one edit: at most 10% of the cold build
TARGET_GROWTH_4X = 4.5        # 4,000 pages: at most 4.5 × the 1,000-page time


def say(message):
    print("bench-scale: " + message, flush=True)


def fail(message):
    sys.exit("bench-scale: " + message)


# --- running things ------------------------------------------------------------------


class Command:
    """A command to time: its argv, the folder it runs in, the output folder it writes,
    and the folders to remove before each run (the output's parent is recreated empty,
    so a hidden sibling of the output goes too)."""

    def __init__(self, name, argv, cwd, output, also_remove=()):
        self.name, self.argv, self.cwd, self.output = name, argv, cwd, output
        self.also_remove = list(also_remove)

    def shell(self):
        return "cd %s && exec %s" % (shlex.quote(self.cwd), " ".join(shlex.quote(a) for a in self.argv))

    def prepare_shell(self):
        parent = os.path.dirname(self.output)
        doomed = " ".join(shlex.quote(p) for p in [parent] + self.also_remove)
        return "rm -rf %s && mkdir -p %s" % (doomed, shlex.quote(parent))

    def prepare(self):
        subprocess.run(["sh", "-c", self.prepare_shell()], check=True)


def hyperfine(commands, json_path, runs, warmup, prepare=None):
    """Times the commands in one hyperfine run; returns {name: result} from its JSON."""
    argv = ["hyperfine", "--warmup", str(warmup), "--runs", str(runs), "--export-json", json_path]
    for c in commands:
        argv += ["--command-name", c.name]
    for c in commands:
        argv += ["--prepare", prepare or c.prepare_shell()]
    argv += [c.shell() for c in commands]
    say("hyperfine: " + ", ".join(c.name for c in commands))
    if subprocess.run(argv).returncode != 0:
        fail("hyperfine failed; run the command it names by hand to see why")
    with open(json_path) as f:
        results = json.load(f)["results"]
    return {c.name: r for c, r in zip(commands, results)}


def peak_rss(command):
    """Runs the command once, from an empty output folder, under GNU time; returns kB."""
    command.prepare()
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        done = subprocess.run(["/usr/bin/time", "-v", "-o", report.name] + command.argv, cwd=command.cwd,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            fail("%s failed:\n%s" % (command.name, done.stderr[-4000:]))
        found = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report.read())
    if not found:
        fail("/usr/bin/time -v printed no maximum resident set size")
    return int(found.group(1))


def output_size(folder):
    """(all bytes, number of index.html files, their bytes) under the folder."""
    total = pages = page_bytes = 0
    for parent, _, files in os.walk(folder):
        for name in files:
            size = os.path.getsize(os.path.join(parent, name))
            total += size
            if name == "index.html":
                pages += 1
                page_bytes += size
    return total, pages, page_bytes


def measure(command, timing):
    rss = peak_rss(command)
    total, pages, page_bytes = output_size(command.output)
    return {"name": command.name, "mean": timing["mean"], "stddev": timing.get("stddev") or 0.0,
            "min": timing["min"], "max": timing["max"], "runs": len(timing["times"]),
            "rss_kb": rss, "bytes": total, "pages": pages,
            "per_page": page_bytes / pages if pages else 0.0}


# --- sites ----------------------------------------------------------------------------


def generate(script, *args):
    subprocess.run([sys.executable, os.path.join(HERE, script)] + [str(a) for a in args],
                   check=True, stdout=subprocess.DEVNULL)


class Bench:
    def __init__(self, args):
        self.args = args
        self.kumiki = os.path.abspath(args.kumiki)
        self.work = os.path.abspath(args.workdir) if args.workdir else tempfile.mkdtemp(prefix="kumiki-bench-scale-")
        os.makedirs(self.work, exist_ok=True)
        # A platform cache folder, if Kumiki uses one, lives in the work folder too.
        self.xdg_cache = os.path.join(self.work, "xdg-cache")
        os.environ["XDG_CACHE_HOME"] = self.xdg_cache
        self.artifacts = os.path.join(ROOT, "artifacts", "bench-scale")   # this run's raw figures only
        shutil.rmtree(self.artifacts, ignore_errors=True)
        os.makedirs(self.artifacts)
        self.blocks = None
        self.no_cache = False

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def check_tools(self):
        missing = [t for t in ("hyperfine", "hugo", "git", "tar") if not shutil.which(t)]
        if not os.access("/usr/bin/time", os.X_OK):
            missing.append("time (GNU time, /usr/bin/time)")
        if missing:
            fail("missing %s; `make bench-scale-deps` installs them (as root, on Debian)" % ", ".join(missing))
        if not os.access(self.kumiki, os.X_OK):
            fail("no kumiki binary at %s (build it: swift build -c release --product kumiki, "
                 "or pass KUMIKI_BIN)" % self.kumiki)
        shown = subprocess.run([self.kumiki, "build", "--help"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True).stdout
        self.no_cache = "--no-cache" in shown

    def take_blocks(self):
        target = self.path("blocks")
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(target)
        archive = subprocess.run(["git", "-C", ROOT, "archive", BLOCKS_COMMIT, "Content"], check=True,
                                 stdout=subprocess.PIPE).stdout
        subprocess.run(["tar", "-x", "-C", target], input=archive, check=True)
        self.blocks = os.path.join(target, "Content")

    def kumiki_site(self, name, n, b):
        site = self.path("sites", name)
        shutil.rmtree(site, ignore_errors=True)
        extra = ["--unique", "--blocks-from", self.blocks] if b else []
        generate("make_site.py", site, n, b, *extra)
        commit_all(site)
        return site

    def hugo_site(self, name, n):
        site = self.path("sites", name)
        shutil.rmtree(site, ignore_errors=True)
        generate("make_hugo_site.py", site, n)
        return site

    def kumiki_build(self, name, site, cold=True):
        out = self.path("out", name, "Site")
        argv = [self.kumiki, "build"] + (["--no-cache"] if cold and self.no_cache else []) + ["--output", out]
        caches = [os.path.join(site, CACHE_FOLDER), self.xdg_cache] if cold and not self.no_cache else []
        return Command(name, argv, site, out, caches)

    def hugo_build(self, name, site):
        out = self.path("out", name, "public")
        return Command(name, ["hugo", "--quiet", "-s", site, "-d", out], site, out,
                       [os.path.join(site, "resources"), os.path.join(site, ".hugo_build.lock")])

    # --- the figures --------------------------------------------------------------------

    def main_run(self):
        n, b = self.args.n, self.args.b
        say("generating the sites: %d pages text only, %d pages with %d blocks each, Hugo %d pages" % (n, n, b, n))
        text = self.kumiki_build("kumiki-text", self.kumiki_site("kumiki-text", n, 0))
        blocks = self.kumiki_build("kumiki-blocks", self.kumiki_site("kumiki-blocks", n, b)) if b else None
        hugo = self.hugo_build("hugo", self.hugo_site("hugo", n))
        commands = [c for c in (text, blocks, hugo) if c]
        timed = hyperfine(commands, os.path.join(self.artifacts, "main.json"), self.args.runs, self.args.warmup)
        say("peak RSS and output size of each")
        return {c.name: measure(c, timed[c.name]) for c in commands}

    def warm_run(self):
        name = "kumiki-blocks" if self.args.b else "kumiki-text"
        site = self.path("sites", name)
        page = sorted(os.listdir(os.path.join(site, "Content")))[self.args.n // 2]
        cold = self.kumiki_build(name + "-warm", site, cold=True)
        warm = self.kumiki_build(name + "-warm", site, cold=False)
        say("warm rebuild: one build with the cache, then edits of Content/%s" % page)
        cold.prepare()
        for stale in (os.path.join(site, CACHE_FOLDER), self.xdg_cache):
            shutil.rmtree(stale, ignore_errors=True)
        first = subprocess.run(warm.argv, cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if first.returncode != 0:
            fail("the first warm-cache build failed:\n" + first.stderr[-4000:])
        edit = "%s %s --edit-page %s" % (shlex.quote(sys.executable), shlex.quote(os.path.abspath(__file__)),
                                         shlex.quote(os.path.join(site, "Content", page)))
        timed = hyperfine([warm], os.path.join(self.artifacts, "warm.json"), self.args.runs, self.args.warmup,
                          prepare=edit)[warm.name]
        subprocess.run(["git", "-C", site, "checkout", "-q", "--", "Content"], check=True)
        return {"name": warm.name, "page": page, "mean": timed["mean"], "stddev": timed.get("stddev") or 0.0,
                "runs": len(timed["times"])}

    def growth_run(self, main):
        rows = []
        for size in self.args.sizes:
            if size == self.args.n:
                rows.append((size, main["kumiki-text"], main["hugo"]))
                continue
            say("growth: %d pages" % size)
            text = self.kumiki_build("kumiki-text-%d" % size, self.kumiki_site("kumiki-text-%d" % size, size, 0))
            hugo = self.hugo_build("hugo-%d" % size, self.hugo_site("hugo-%d" % size, size))
            timed = hyperfine([text, hugo], os.path.join(self.artifacts, "growth-%d.json" % size),
                              self.args.growth_runs, self.args.growth_warmup)
            rows.append((size, measure(text, timed[text.name]), measure(hugo, timed[hugo.name])))
            for folder in (self.path("sites", text.name), self.path("sites", hugo.name),
                           self.path("out", text.name), self.path("out", hugo.name)):
                shutil.rmtree(folder, ignore_errors=True)   # the 10,000-page outputs are large
        return rows


# --- the report -------------------------------------------------------------------------


def seconds(x):
    return "%.0f ms" % (x * 1000) if x < 1 else ("%.2f s" % x if x < 60 else "%d min %02.0f s" % divmod(x, 60))


def timing(m):
    return "%s ± %s" % (seconds(m["mean"]), seconds(m["stddev"]))


def size(n):
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= scale:
            return "%.1f %s" % (n / scale, unit)
    return "%d B" % n


def ratio(a, b):
    return "%.2f×" % (a / b) if b else "—"


def verdict(ok):
    return "**met**" if ok else "**missed**"


def exponent(n1, y1, n2, y2):
    return math.log(y2 / y1) / math.log(n2 / n1) if y1 > 0 and y2 > 0 and n1 != n2 else float("nan")


def shown_path(path):
    inside = os.path.relpath(path, ROOT)
    return path if inside.startswith("..") else inside


def first_line(argv):
    try:
        return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout.split("\n")[0]
    except OSError:
        return "?"


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "?")
    except OSError:
        pass
    memory = ""
    try:
        pages, page = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
        memory = ", %.0f GB memory" % (pages * page / 2 ** 30)
    except (ValueError, OSError):
        pass
    return "%s, %d cores%s, %s" % (cpu, os.cpu_count() or 0, memory, platform.platform())


def report(bench, main, warm, growth):
    a = bench.args
    head = first_line(["git", "-C", ROOT, "describe", "--always", "--dirty"])
    text, hugo, blocks = main["kumiki-text"], main["hugo"], main.get("kumiki-blocks")
    lines = [
        "# Scale benchmark: Kumiki against Hugo",
        "",
        "%s · Kumiki %s (`%s`) · %s · %s" % (
            datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), head, shown_path(bench.kumiki),
            first_line(["hugo", "version"]).split(" BuildDate")[0], first_line(["hyperfine", "--version"])),
        "",
        "Machine: " + machine() + ".",
        "",
        "Workload (Benchmarks/scale/README.md): %d pages in 10 sections, ~600 English words a page plus "
        "their Japanese; the block site carries %d distinct layout block%s a page; Hugo builds the same "
        "English text with minimal layouts. hyperfine, %d warm-up and %d runs, output folders removed "
        "before each run. Cold: %s." % (
            a.n, a.b, "" if a.b == 1 else "s", a.warmup, a.runs,
            "`kumiki build --no-cache`" if bench.no_cache else
            "`kumiki build --help` lists no `--no-cache`, so `%s` and XDG_CACHE_HOME are removed before each "
            "run" % CACHE_FOLDER),
        "",
        "## %d pages" % a.n,
        "",
        "| figure | Kumiki | Hugo, %d plain pages | Kumiki/Hugo | target |" % a.n,
        "|---|---|---|---|---|",
        "| text only, cold build | %s | %s | %s | < 1.0× %s |" % (
            timing(text), timing(hugo), ratio(text["mean"], hugo["mean"]),
            verdict(text["mean"] < TARGET_TEXT_RATIO * hugo["mean"])),
    ]
    if blocks:
        lines.append("| %d layout block%s a page, cold build | %s | %s | %s | ≤ 2.0× %s |" % (
            a.b, "" if a.b == 1 else "s", timing(blocks), timing(hugo), ratio(blocks["mean"], hugo["mean"]),
            verdict(blocks["mean"] <= TARGET_BLOCKS_RATIO * hugo["mean"])))
    lines.append("| peak RSS, text only | %s | %s | %s | |" % (
        size(text["rss_kb"] * 1024), size(hugo["rss_kb"] * 1024), ratio(text["rss_kb"], hugo["rss_kb"])))
    if blocks:
        lines.append("| peak RSS, with blocks | %s | %s | %s | |" % (
            size(blocks["rss_kb"] * 1024), size(hugo["rss_kb"] * 1024), ratio(blocks["rss_kb"], hugo["rss_kb"])))
    lines.append("| output per page (index.html), text only | %s (%d pages) | %s (%d pages) | %s | ≤ 40 KB%s |" % (
        size(text["per_page"]), text["pages"], size(hugo["per_page"]), hugo["pages"],
        ratio(text["per_page"], hugo["per_page"]),
        " " + verdict(text["per_page"] <= TARGET_PAGE_BYTES) if a.n == 1000 else " (at 1,000 pages)"))
    lines.append("| output in all, text only | %s | %s | %s | |" % (
        size(text["bytes"]), size(hugo["bytes"]), ratio(text["bytes"], hugo["bytes"])))
    if blocks:
        lines.append("| output in all, with blocks | %s (%s a page) | %s | %s | |" % (
            size(blocks["bytes"]), size(blocks["per_page"]), size(hugo["bytes"]),
            ratio(blocks["bytes"], hugo["bytes"])))
    if warm:
        cold = blocks or text
        lines.append("| warm rebuild after editing one sentence of %s | %s | — | %.0f%% of the cold build | "
                     "≤ 10%% %s |" % (warm["page"], timing(warm), 100 * warm["mean"] / cold["mean"],
                                      verdict(warm["mean"] <= TARGET_WARM_SHARE * cold["mean"])))
    if warm and not bench.no_cache:
        lines += ["", "`kumiki build --help` lists no `--no-cache`: this Kumiki probably keeps no build store, "
                  "so the warm rebuild is a second cold build."]
    if growth:
        lines += ["", "## Growth, text only", "",
                  "hyperfine, %d warm-up and %d runs at each size." % (a.growth_warmup, a.growth_runs), "",
                  "| pages | Kumiki time | Hugo time | ratio | Kumiki peak RSS | Hugo peak RSS | ratio "
                  "| Kumiki output | Hugo output | ratio | Kumiki per page |",
                  "|---:|---|---|---|---|---|---|---|---|---|---|"]
        for n, k, h in growth:
            lines.append("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                n, timing(k), timing(h), ratio(k["mean"], h["mean"]), size(k["rss_kb"] * 1024),
                size(h["rss_kb"] * 1024), ratio(k["rss_kb"], h["rss_kb"]), size(k["bytes"]), size(h["bytes"]),
                ratio(k["bytes"], h["bytes"]), size(k["per_page"])))
        if len(growth) > 1:
            lines += ["", "Growth exponents (time ∝ pages^e between consecutive sizes; 1.0 is linear):", ""]
            for (n1, k1, h1), (n2, k2, h2) in zip(growth, growth[1:]):
                lines.append("- %d → %d pages: Kumiki time %.2f, output %.2f, RSS %.2f; Hugo time %.2f, output %.2f" % (
                    n1, n2, exponent(n1, k1["mean"], n2, k2["mean"]), exponent(n1, k1["bytes"], n2, k2["bytes"]),
                    exponent(n1, k1["rss_kb"], n2, k2["rss_kb"]), exponent(n1, h1["mean"], n2, h2["mean"]),
                    exponent(n1, h1["bytes"], n2, h2["bytes"])))
        by_size = {n: (k, h) for n, k, h in growth}
        checks = []
        if 1000 in by_size and 4000 in by_size:
            k1, k4, h4 = by_size[1000][0], by_size[4000][0], by_size[4000][1]
            checks.append("- 4,000 pages: time %.2f× the 1,000-page time (target ≤ 4.5×) %s; peak RSS %s against "
                          "Hugo's %s (target ≤ Hugo's) %s" % (
                              k4["mean"] / k1["mean"], verdict(k4["mean"] <= TARGET_GROWTH_4X * k1["mean"]),
                              size(k4["rss_kb"] * 1024), size(h4["rss_kb"] * 1024),
                              verdict(k4["rss_kb"] <= h4["rss_kb"])))
        if 10000 in by_size:
            k, h = by_size[10000]
            checks.append("- 10,000 pages: faster than Hugo %s, in less memory %s" % (
                verdict(k["mean"] < h["mean"]), verdict(k["rss_kb"] < h["rss_kb"])))
        if checks:
            lines += ["", "Targets:", ""] + checks
    lines += ["", "Not measured here: `serve` on 1,000 pages (Benchmarks/serve) and the typical block × 60 "
              "environments (`kumiki-bench-layout`); both run under `make bench`.", ""]
    return "\n".join(lines)


# --- the edit of the warm rebuild ---------------------------------------------------------

EDITED = re.compile(r"Edited sentence number (\d+)\.")


def edit_page(path):
    """Changes one sentence of the page: the first one of its introduction the first time,
    the edited one after that (its number goes up, so every build sees a new text)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = EDITED.search(text)
    if found:
        text = text[:found.start()] + "Edited sentence number %d." % (int(found.group(1)) + 1) + text[found.end():]
    else:
        body = text.index("\n---\n", 4) + 5
        start = body + len(text[body:]) - len(text[body:].lstrip("\n"))
        end = text.index(".", start) + 1
        text = text[:start] + "Edited sentence number 1." + text[end:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# --- main ------------------------------------------------------------------------------------


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--edit-page":
        edit_page(sys.argv[2])
        return
    env = os.environ.get
    ap = argparse.ArgumentParser(description="The scale benchmark: Kumiki against Hugo on generated sites.")
    ap.add_argument("--n", type=int, default=1000, help="pages of the main run (1000)")
    ap.add_argument("--b", type=int, default=2, help="layout blocks a page (2)")
    ap.add_argument("--sizes", default="1000 4000 10000",
                    help='page counts of the growth table ("1000 4000 10000"; "" for none)')
    ap.add_argument("--kumiki", default=env("KUMIKI_BIN") or os.path.join(ROOT, ".build", "release", "kumiki"),
                    help="the kumiki binary (KUMIKI_BIN, .build/release/kumiki)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--growth-runs", type=int, help="runs at each growth size (default: --runs)")
    ap.add_argument("--growth-warmup", type=int, help="warm-ups at each growth size (default: --warmup)")
    ap.add_argument("--no-warm", action="store_true", help="skip the warm rebuild")
    ap.add_argument("--workdir", help="folder for the sites and outputs (default: a new temporary folder)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    ap.add_argument("--report", default=os.path.join(ROOT, "artifacts", "bench-scale.md"))
    args = ap.parse_args()
    args.sizes = [int(s) for s in args.sizes.replace(",", " ").split()]
    args.growth_runs = args.runs if args.growth_runs is None else args.growth_runs
    args.growth_warmup = args.warmup if args.growth_warmup is None else args.growth_warmup
    if args.n < 10 or args.b < 0 or args.runs < 1 or any(s < 10 for s in args.sizes):
        ap.error("N and SIZES need at least 10 pages, B ≥ 0, --runs ≥ 1")

    bench = Bench(args)
    try:
        bench.check_tools()
        say("work folder %s; kumiki %s; cold builds %s" % (
            bench.work, bench.kumiki, "use --no-cache" if bench.no_cache else "remove the cache folders"))
        bench.take_blocks()
        main_figures = bench.main_run()
        warm = None if args.no_warm else bench.warm_run()
        growth = bench.growth_run(main_figures) if args.sizes else []
        text = report(bench, main_figures, warm, growth)
        with open(os.path.join(bench.artifacts, "figures.json"), "w") as f:
            json.dump({"main": main_figures, "warm": warm,
                       "growth": [{"pages": n, "kumiki": k, "hugo": h} for n, k, h in growth]}, f, indent=2)
        os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
        with open(args.report, "w", encoding="utf-8") as f:
            f.write(text)
        print("\n" + text)
        say("report written to %s" % os.path.relpath(args.report))
    finally:
        if args.keep or args.workdir:
            say("sites and outputs kept in %s" % bench.work)
        else:
            shutil.rmtree(bench.work, ignore_errors=True)


if __name__ == "__main__":
    main()
