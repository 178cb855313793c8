#!/usr/bin/env python3
"""The search benchmark (`make bench-search`; never part of `make test`).

1. Relevance on the bundled site: the query set through Kumiki's search
   (from file://) and through Pagefind (run over the built site as a user
   would, `python -m pagefind --site SITE`, served over HTTP because it
   needs a server), both in headless Chromium (`relevance.py`). Then the
   second set, `questions.json` (natural questions, paraphrases, body
   phrases, Japanese orthographic variants, typos, mixed script), through
   Kumiki's search alone, with its totals for each kind.
2. Index bytes: the site's `search/` folder against Pagefind's `pagefind/`.
3. Scale: the 1,000-page sites of the scale benchmark (`../scale/make_site.py`,
   text only, and with B=2 blocks from the bundled content at e0d992f), each a
   git repository as there, so history is on. Each is built cold
   (`--no-cache`) with and without search (`--no-search`), alternating (each
   first in every other round), RUNS times each, once with the output on
   each OUTPUT_FOLDER (default: /dev/shm when there is one, a tmpfs, which
   leaves out the file system's own cost, and then the work folder, on
   disk). Each is named with its file system,
   and an ext4 with whether it keeps a journal (see `file_system`). Then the
   text site, copied into each folder, is built the same way with the build
   store on and emptied before each build, as a first `kumiki build` is: the
   store holds every page's search entries and the postings, so search adds
   their writing. Wall time, mean and median, and CPU time (user + system)
   are reported, the median of each round's ratio of the two, and a 95%
   interval of what search adds, the rounds resampled (`added_interval`).
   To measure on an ext4 with a journal when the disk has none (as root):
       truncate -s 12G /var/tmp/ext4.img && mkfs.ext4 -q /var/tmp/ext4.img
       mkdir -p /mnt/ext4 && mount -o loop /var/tmp/ext4.img /mnt/ext4
   then pass `--output-folder /mnt/ext4` (wait a minute after mounting: the
   kernel first fills in the new inode tables in the background), or pass
   `--journaled-ext4`, which does the same in the work folder with the
   tables filled in at once, adds it to the output folders and removes it
   at the end.
   Then Callgrind counts the instructions of a cold build of the text site
   with and without search (`kumiki-bench-build`, needs Debian's valgrind):
   unlike wall time, the count does not move with the machine's load.
   Then `perf` samples three cold builds of the text site with their call
   stacks (the output on the first output folder), and the share of
   samples in search's own work is reported: a time figure measured within
   each build, which the swings between runs leave alone (`search_share`).
   Then `kumiki-bench-search-index` times indexing alone on the text site's
   rows, on one core. Last, in headless Chromium from file://, the bytes a
   query loads on the blocks site (the index scripts it adds to the page) and
   its answer time, the first time (scripts loading) and again once loaded.

Search on the 1,000- and 10,000-page sites with a query set drawn from their
own text, judged and measured per query against the issue's targets, is
`at_scale.py` (`make bench-search-scale`).

    run.py --kumiki .build/release/kumiki --pagefind-python VENV/bin/python [--runs 10] [--n 1000]
           [--output-folder DIR ...] [--fresh-folders] [--journaled-ext4] [--bench-index .build/release/kumiki-bench-search-index]
           [--bench-build .build/release/kumiki-bench-build]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import resource
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
sys.path.insert(1, str(HERE.parent / "scale"))
from relevance import chromium  # noqa: E402
from site_repository import commit_all  # noqa: E402

SCALE_QUERIES = ["keyboard anchor", "toolbar sheet", "divider pointer", "typeface breakpoint",
                 "触れる範囲", "既定値と幅", "文字組み", "アイコンの行"]


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(kumiki: Path, site: Path, output: Path, *extra: str, store: bool = False) -> float:
    started = time.perf_counter()
    # Standard error is kept for a failed build: a timed series would
    # otherwise print the theme's note once a build.
    done = subprocess.run([str(kumiki), "build", *([] if store else ["--no-cache"]), "--output", str(output), *extra],
                          cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise subprocess.CalledProcessError(done.returncode, done.args)
    return time.perf_counter() - started


# How long one build under Callgrind may take before it is taken as stuck.
INSTRUCTIONS_TIMEOUT = 900


def timed_build(kumiki: Path, site: Path, output: Path, *extra: str, store: bool = False) -> tuple[float, float]:
    """A cold build's wall time and its CPU time (user + system), in seconds.
    With `store`, the build store is on and emptied first (a first
    `kumiki build`), else off (`--no-cache`)."""
    shutil.rmtree(output, ignore_errors=True)
    if store:
        shutil.rmtree(site / ".kumiki-cache", ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = build(kumiki, site, output, *extra, store=store)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def file_system(folder: Path) -> str:
    """The type of the file system a folder is on (`ext4`, `tmpfs`), and for
    ext4 whether it keeps a journal.

    The journal matters here: without one, ext4 skips inodes freed in the
    last minutes when it looks for a free one (`find_inode_bit` checks
    `recently_deleted` only when `s_journal` is NULL), so every file a build
    creates right after thousands were deleted costs far more than on an
    ext4 with a journal, which `mkfs.ext4` makes by default."""
    kind, device = mount_entry(folder)
    if kind is None:
        found = subprocess.run(["stat", "-f", "-c", "%T", str(folder)], capture_output=True, text=True)
        return found.stdout.strip() or "unknown"
    if kind in ("ext3", "ext4") and Path("/proc/fs/jbd2").is_dir():
        journaled = any(entry.name.rsplit("-", 1)[0] == device for entry in Path("/proc/fs/jbd2").iterdir())
        return f"{kind}, {'with a journal' if journaled else 'no journal'}"
    return kind


def mount_entry(folder: Path) -> tuple[str | None, str | None]:
    """The type of the file system the folder is on and the name of the
    device it is mounted from (`vda`, `loop0`), from /proc/self/mountinfo."""
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None, None
    target, best, found = str(folder.resolve()), -1, (None, None)
    for line in lines:
        fields = line.split()
        if "-" not in fields:
            continue
        point, separator = fields[4], fields.index("-")
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) > best:
            best, found = len(point), (fields[separator + 1], Path(fields[separator + 2]).name)
    return found


@contextlib.contextmanager
def journaled_ext4(work: Path):
    """An ext4 with a journal, the default of `mkfs.ext4`, in a sparse image
    in the work folder, mounted through a loop device for as long as the
    context lasts (root only). Its inode tables and journal are written at
    once, so no background thread competes with the timed builds."""
    image, mount_point = work / "ext4.img", work / "ext4"
    subprocess.run(["truncate", "-s", "8G", str(image)], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-E", "lazy_itable_init=0,lazy_journal_init=0", str(image)], check=True)
    mount_point.mkdir()
    subprocess.run(["mount", "-o", "loop", str(image), str(mount_point)], check=True)
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", str(mount_point)], check=False)
        image.unlink(missing_ok=True)


def overhead(arguments, name: str, site: Path, outputs: Path, where: str, store: bool = False) -> Path:
    """Cold builds with and without search, alternating; returns the output with search.
    With `store`, the build store is on, emptied before each build.

    With `--fresh-folders` each build writes into a new folder and none is
    deleted until the series ends. On an ext4 without a journal, deleting
    thousands of files just before each build makes every file the build
    creates cost more (see `file_system`); this shows a build without that
    cost."""
    with_search, without = [], []
    for run in range(arguments.runs):
        suffix = f"-{run}" if arguments.fresh_folders else ""
        # Each build goes first in every other round: the second build of a
        # round was at times slower for coming second, whichever it was.
        rounds = [(without, f"{name}-plain{suffix}", ["--no-search"]), (with_search, f"{name}-search{suffix}", [])]
        for times, folder, extra in (rounds if run % 2 == 0 else rounds[::-1]):
            times.append(timed_build(arguments.kumiki, site, outputs / folder, *extra, store=store))

    def summary(runs):
        walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
        return statistics.mean(walls), statistics.median(walls), statistics.mean(cpus)

    (plain_mean, plain_median, plain_cpu), (mean, median, cpu) = summary(without), summary(with_search)
    kind = "cold build with the build store on (emptied before each), store and output" if store else "cold build, output"
    print(f"scale {arguments.n} pages, {name}, {kind} on {where}"
          f"{' (a new folder each build)' if arguments.fresh_folders else ''}, {arguments.runs} runs each, alternating:")
    print(f"  without search: wall mean {plain_mean:.3f} s, median {plain_median:.3f} s; CPU mean {plain_cpu:.3f} s")
    print(f"  with search:    wall mean {mean:.3f} s, median {median:.3f} s; CPU mean {cpu:.3f} s")
    print(f"  search adds:    wall mean {100 * (mean - plain_mean) / plain_mean:+.1f}%, "
          f"median {100 * (median - plain_median) / plain_median:+.1f}%; CPU {100 * (cpu - plain_cpu) / plain_cpu:+.1f}%")
    # Each round's two builds ran one after the other, so they share the
    # machine's load of the moment: the median of the rounds' own ratios
    # leaves out more of its swings than the ratio of the means.
    paired_wall = statistics.median(searched[0] / plain[0] for searched, plain in zip(with_search, without))
    paired_cpu = statistics.median(searched[1] / plain[1] for searched, plain in zip(with_search, without))
    print(f"  paired rounds:  median of the rounds' ratios, wall {100 * (paired_wall - 1):+.1f}%, "
          f"CPU {100 * (paired_cpu - 1):+.1f}%")
    (wall_low, wall_high), (cpu_low, cpu_high) = (added_interval(with_search, without, measure) for measure in (0, 1))
    print(f"  95% interval of what search adds (rounds resampled): wall {100 * wall_low:+.1f}% to {100 * wall_high:+.1f}%, "
          f"CPU {100 * cpu_low:+.1f}% to {100 * cpu_high:+.1f}%")
    return outputs / f"{name}-search" if not arguments.fresh_folders else outputs / f"{name}-search-0"


def added_interval(with_search, without, measure: int, resamples: int = 4000) -> tuple[float, float]:
    """A 95% bootstrap interval of the ratio of the means, minus one: the
    rounds (each a build with search and one without, side by side) drawn
    again with replacement. On a machine whose speed swings from minute to
    minute, a mean alone says too little; the interval says whether a
    target is met or merely not ruled out. Seeded, so a run repeats."""
    rounds = list(zip(with_search, without))
    draw = random.Random(30)
    ratios = []
    for _ in range(resamples):
        sample = [rounds[draw.randrange(len(rounds))] for _ in rounds]
        ratios.append(sum(searched[measure] for searched, _ in sample) / sum(plain[measure] for _, plain in sample) - 1)
    ratios.sort()
    return ratios[int(0.025 * resamples)], ratios[int(0.975 * resamples) - 1]


def relevance(arguments, site: Path, work: Path) -> None:
    subprocess.run([sys.executable, str(HERE / "relevance.py"), str(site)], check=True)
    print("second query set (questions.json: questions, paraphrases, body phrases, variants, typos, mixed script):",
          flush=True)
    subprocess.run([sys.executable, str(HERE / "relevance.py"), str(site), "--queries", str(HERE / "questions.json"),
                    "--by-kind"], check=True)
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


def overheads(arguments, folders: list[Path], text_site: Path, site: Path, work: Path) -> Path:
    """What search adds to a cold build of both scale sites, with the output
    on each folder in turn. Keeps the first folder's builds with search as
    `work/out-text` and `work/out`, and returns the first."""
    text_output = None
    for folder in folders:
        outputs = Path(tempfile.mkdtemp(prefix="kumiki-bench-search-", dir=folder))
        where = f"{folder} ({file_system(outputs)})"
        try:
            overhead(arguments, "text", text_site, outputs, where)
            output = overhead(arguments, "blocks", site, outputs, where)
            # A first `kumiki build` writes the build store beside the site:
            # the site is copied to the folder, so the store is written there.
            stored_site = Path(shutil.copytree(text_site, outputs / "site-text", symlinks=True))
            overhead(arguments, "text", stored_site, outputs, where, store=True)
            if text_output is None:
                text_output = Path(shutil.copytree(outputs / ("text-search-0" if arguments.fresh_folders else "text-search"),
                                                   work / "out-text"))
                shutil.copytree(output, work / "out")
        finally:
            shutil.rmtree(outputs, ignore_errors=True)
    return text_output


def instructions(arguments, text_site: Path, work: Path) -> None:
    """What search adds to the instructions of a cold build of the text site,
    counted by Callgrind: a figure that this machine's swings in wall time
    leave alone. `kumiki-bench-build` builds as `kumiki build --no-cache`
    does (Valgrind cannot run `kumiki`, see its source), from a copy with
    its debug information stripped, which Valgrind's reader refuses. The two
    builds run at once: Valgrind runs a program's threads one at a time.
    git's own instructions (page history) are left out of both."""
    valgrind, strip = shutil.which("valgrind"), shutil.which("strip")
    if valgrind is None or strip is None or not arguments.bench_build.exists():
        print("instructions: skipped (needs valgrind, strip and kumiki-bench-build)")
        return
    binary = work / "kumiki-bench-build"
    shutil.copy(arguments.bench_build, binary)
    subprocess.run([strip, "--strip-debug", str(binary)], check=True)
    builds = {"plain": ["--no-search"], "search": []}

    def start(name):
        counts = work / f"callgrind-{name}.out"
        return counts, subprocess.Popen(
            [valgrind, "--tool=callgrind", f"--callgrind-out-file={counts}", str(binary), str(work / f"instructions-{name}"),
             *builds[name]], cwd=text_site, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    # Under Valgrind, which runs one thread at a time, a build now and then
    # stops making progress in libdispatch and never ends. A build that
    # takes more than INSTRUCTIONS_TIMEOUT seconds (one takes about three
    # minutes here) is stopped and started again, up to three times; the
    # attempt counts the same work.
    running = {name: start(name) for name in builds}
    totals = {}
    for name in builds:
        for _ in range(3):
            counts, process = running[name]
            try:
                _, errors = process.communicate(timeout=INSTRUCTIONS_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
                print(f"instructions: the {name} build under Callgrind stopped making progress; running it again",
                      flush=True)
                running[name] = start(name)
                continue
            if process.returncode != 0:
                raise SystemExit(f"callgrind, {name} build: exit {process.returncode}\n{errors[-2000:]}")
            totals[name] = next(int(line.split()[1]) for line in counts.read_text().splitlines()
                                if line.startswith("totals:"))
            break
        if name not in totals:
            print(f"instructions: skipped (the {name} build under Callgrind did not finish in three attempts)")
            for _, process in running.values():
                process.kill()
            return
    added = totals["search"] - totals["plain"]
    print(f"instructions of a cold build of the text site (Callgrind): {totals['plain'] / 1e6:,.0f}M without search, "
          f"{totals['search'] / 1e6:,.0f}M with: search adds {added / 1e6:,.0f}M, {100 * added / totals['plain']:+.1f}%")


# The frames of search's own work in a build with search: indexing a page
# (its rows, terms, table and script), writing the index, the glossary and
# the stored postings. Names as `swift demangle` spells them.
SEARCH_FRAMES = re.compile(r"searchEntries|searchRows|PageSearchEntries|SiteBuilder\.index(<.*)?$|writeSearchIndex|"
                           r"writeSearchGlossary|SearchIndexState|KumikiSearch\.")


def is_search_frame(frame: str) -> bool:
    """Whether a demangled frame is one of search's functions: its name is
    matched before its parameter list, where the types of a function that
    only passes search's values along (the render stage's) would match."""
    return bool(SEARCH_FRAMES.search(frame.split("(", 1)[0]))


def search_share(arguments, text_site: Path, work: Path, outputs: Path, builds: int = 3) -> None:
    """Search's share of a cold build's CPU, sampled within the build itself:
    `perf` samples one `kumiki build --no-cache` of the text site with its
    call stacks, and a sample is search's when a frame of its stack is
    (`SEARCH_FRAMES`). Both parts are measured in the same run, so the
    machine's swings between runs, which move the wall-time ratios above
    by several points, leave it alone. It is an estimate of what search
    adds: it leaves out what search costs the rest of the build by taking
    cache and memory bandwidth. The output goes to `outputs`, the first
    output folder (a tmpfs when there is one), as the timed builds' does."""
    perf, swift = shutil.which("perf"), shutil.which("swift")
    if perf is None or swift is None:
        print("search's share of a build's CPU samples: skipped (needs perf and swift)")
        return
    shares = []
    for number in range(builds):
        data, output = work / f"perf-{number}.data", outputs / f"kumiki-bench-search-perf-{number}"
        recorded = subprocess.run([perf, "record", "-q", "-F", "999", "--call-graph", "dwarf,16384", "-o", str(data), "--",
                                   str(arguments.kumiki), "build", "--no-cache", "--output", str(output)],
                                  cwd=text_site, capture_output=True, text=True)
        if recorded.returncode != 0:
            print(f"search's share of a build's CPU samples: skipped (perf record: {recorded.stderr.strip()[-300:]})")
            return
        script = subprocess.run([perf, "script", "-i", str(data), "-F", "comm,tid,ip,sym"], check=True,
                                capture_output=True, text=True).stdout
        stacks = subprocess.run([swift, "demangle"], input=script, check=True, capture_output=True, text=True).stdout
        total = searching = 0
        for sample in stacks.split("\n\n"):
            if sample.strip():
                total += 1
                searching += any(is_search_frame(frame) for frame in sample.splitlines()[1:])
        data.unlink()
        shutil.rmtree(output, ignore_errors=True)
        shares.append(searching / total)
    share = statistics.median(shares)
    print(f"search's share of a cold build's CPU samples (perf, text site, median of {builds} builds): "
          f"{100 * share:.1f}% ({', '.join(f'{100 * s:.1f}%' for s in shares)}): search adds about "
          f"{100 * share / (1 - share):.1f}% to the rest")


def scale(arguments, work: Path) -> None:
    blocks = work / "blocks"
    blocks.mkdir()
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", "e0d992f", "Content"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(blocks)], input=archive, check=True)
    text_site, site = work / "scale-text", work / "scale"
    subprocess.run([sys.executable, str(REPOSITORY / "Benchmarks/scale/make_site.py"), str(text_site), str(arguments.n),
                    "0"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, str(REPOSITORY / "Benchmarks/scale/make_site.py"), str(site), str(arguments.n), "2",
                    "--unique", "--blocks-from", str(blocks / "Content")], check=True, stdout=subprocess.DEVNULL)
    commit_all(text_site)
    commit_all(site)
    folders = arguments.output_folder or ([Path("/dev/shm")] if Path("/dev/shm").is_dir() else []) + [work]
    with contextlib.ExitStack() as mounted:
        if arguments.journaled_ext4:
            folders = folders + [mounted.enter_context(journaled_ext4(work))]
        text_output = overheads(arguments, folders, text_site, site, work)
        instructions(arguments, text_site, work)
        search_share(arguments, text_site, work, folders[0])
        if arguments.bench_index.exists():
            print("indexing alone on the text site's rows (kumiki-bench-search-index, one core, best of 5):")
            result = subprocess.run([str(arguments.bench_index), str(text_output), "5"], check=True,
                                    capture_output=True, text=True).stdout.splitlines()
            print("  " + result[0] + "\n  " + result[-1])
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
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--output-folder", type=Path, action="append",
                        help="where the timed builds write; may be given more than once (default: /dev/shm, then the work folder)")
    parser.add_argument("--fresh-folders", action="store_true",
                        help="write each timed build into a new folder, deleting none until the series ends")
    parser.add_argument("--journaled-ext4", action="store_true",
                        help="also measure on an ext4 with a journal, made and mounted in the work folder (root only)")
    parser.add_argument("--bench-index", type=Path, default=REPOSITORY / ".build/release/kumiki-bench-search-index")
    parser.add_argument("--bench-build", type=Path, default=REPOSITORY / ".build/release/kumiki-bench-build")
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--skip-scale", action="store_true")
    arguments = parser.parse_args()
    if arguments.journaled_ext4 and (os.geteuid() != 0 or shutil.which("mkfs.ext4") is None):
        parser.error("--journaled-ext4 needs root and mkfs.ext4 (it mounts an ext4 image through a loop device)")
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
