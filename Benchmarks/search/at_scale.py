#!/usr/bin/env python3
"""Site search at scale (`make bench-search-scale`; never part of `make test`).

Generates the scale workload's text-only sites (by default 1,000 and 10,000
pages, `gen_kumiki_site.py OUT N 0` from ../shared/bench), builds each cold
with the given `kumiki`, draws a query set from the site's own text and runs
every query from file:// in headless Chromium, on a freshly loaded results
page (`search/index.html`), through `window.kumikiSearch.query(q, 10)`.

The query set is drawn with a seed, printed first so that a run can be
repeated (`--seed`). For English and for Japanese it holds:

  * single words from every band of document frequency (the share of rows
    holding the word: everywhere ≥ 10%, common 1–10%, medium 0.1–1%, rare
    below that but in two rows or more, single: in one row). Japanese words
    are the runs of two to four kanji or katakana in the text (調整, 配置);
  * pairs: two words of one row, not side by side;
  * verbatim phrases: three to six consecutive English words of one
    sentence, or five to twelve consecutive Japanese characters inside a
    sentence, without punctuation (配置を調整);
  * absent words: made-up English words and Japanese words the site lacks.

What is measured, per query: the results, the bytes of the search scripts
the query made the page load (every `<script src>` under `search/` in the
page's head once the query has answered, summed from the files on disk, so
nothing here depends on how the index is laid out in files), the first
call's wall time (scripts loading) and the answer time: the same query again
in the same page, with every script it needs already loaded.

What is judged, with matching computed in Python on the rows of the page
scripts (`search/p/*.js`), text normalised as the search does (NFKC, lower
case, katakana folded to hiragana, U+30FC and U+30FB dropped):

  (a) a query with a matching row (a row whose English and Japanese text
      together hold every word of the query: an English word as a whole word
      or the start of one, a Japanese word anywhere in the text) gives at
      least one result;
  (b) a verbatim phrase has a row holding the phrase in its top five
      results (a result's link, SLUG/index.html#ANCHOR, names its row; a
      link without an anchor names the rows at the top of the page, whose
      anchor is empty);
  (c) absent words: how many gave no result (they should give none, or
      suggestions for a near word); reported, not judged.

Targets: the bytes a query loads, median ≤ 300 KB and max ≤ 600 KB at 1,000
pages, median ≤ 400 KB at 10,000 pages; every answer within 100 ms once the
index scripts have arrived; (a) and (b) for every query. The search folder's
total bytes per page is printed for each size, to check that the index grows
linearly. Exits 1 when a target fails, after printing everything.

    at_scale.py [--kumiki .build/release/kumiki] [--pages 1000 10000] [--seed S]
                [--queries 60] [--json PATH] [--work DIR] [--generator PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from bisect import bisect_left
from pathlib import Path
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
sys.path.insert(0, str(HERE))
from relevance import chromium  # noqa: E402

KB = 1000
# Targets of the issue: bytes a query loads, per site size, and answer time.
BYTES_MEDIAN = {1000: 300 * KB, 10000: 400 * KB}
BYTES_MAX = {1000: 600 * KB}
ANSWER_MS = 100.0

# The search drops these English words from a query (search.js, stopWords),
# so a query made of them alone answers nothing by design.
STOP_WORDS = set(("a an the and or but of to in on at by for with from as is are was were be been it its this "
                  "that these those there how what when where which who why should can could would will do does did i you your we my "
                  "me if so than then into about much many any some not no").split())

# Document-frequency bands, as a share of the site's rows, highest first.
BANDS = [("everywhere", 0.10), ("common", 0.01), ("medium", 0.001), ("rare", None), ("single", None)]

# Words that stand for "not on the site". The made-up English ones are
# joined by more made up from the seed; each is kept only if no row holds it.
ABSENT_ENGLISH = ["zorbleflux", "quindrapex", "vextronomy", "glimmerwock", "plontaric"]
ABSENT_JAPANESE = ["蝸牛", "紫陽花", "蜃気楼", "万華鏡", "羅針盤", "鍾乳洞", "琥珀", "竜巻", "顕微鏡", "金木犀"]


# ---- Text as the search sees it ----

def normalise(text: str) -> str:
    """NFKC, lower case, katakana folded to hiragana, U+30FC (ー) and U+30FB
    (・) dropped: what search.js matches on."""
    out = []
    for character in unicodedata.normalize("NFKC", text).lower():
        code = ord(character)
        if code in (0x30FC, 0x30FB):
            continue
        out.append(chr(code - 0x60) if 0x30A1 <= code <= 0x30F6 else character)
    return "".join(out)


def is_kanji(code: int) -> bool:
    return (code in (0x3005, 0x3006) or 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF
            or 0xF900 <= code <= 0xFAFF or 0x20000 <= code <= 0x2FFFF)


def is_katakana(code: int) -> bool:
    return 0x30A1 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF


# Latin words and numbers, the way the search splits English (after normalising).
LATIN_WORD = re.compile("[^\\W_\u3005\u3006\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
                        "\uf900-\ufaff\U00020000-\U0002ffff]+")
# A run of kanji and katakana: what the benchmark calls a Japanese word.
JAPANESE_WORD = re.compile("[\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
                           "\u30a1-\u30ff\u31f0-\u31ff]+")
# Where a Japanese phrase may not run across: punctuation, brackets, spaces.
JAPANESE_BREAK = re.compile(r"[\s、。，．,.!?！？「」『』（）()：:；;・/]+")
ENGLISH_SENTENCE_BREAK = re.compile(r"[.!?;:()]+")


def english_words(text: str) -> list[str]:
    """The Latin words of a text, normalised."""
    return LATIN_WORD.findall(normalise(text))


def japanese_words(text: str) -> list[str]:
    """Runs of two to four kanji or katakana, as written."""
    return [w for w in JAPANESE_WORD.findall(unicodedata.normalize("NFKC", text)) if 2 <= len(w) <= 4]


# ---- The site's rows ----

class Row:
    __slots__ = ("slug", "anchor", "english", "japanese", "text", "words")

    def __init__(self, slug: str, anchor: str, english: str, japanese: str):
        self.slug, self.anchor, self.english, self.japanese = slug, anchor, english, japanese
        # Both languages together: the search indexes a row's two texts as one.
        self.text = normalise(english) + "\n" + normalise(japanese)
        self.words = english_words(english) + english_words(japanese)


PAGE_SCRIPT = re.compile(r'^\s*kumikiSearch\.page\((".*?"),(.*)\);\s*$', re.S)


def read_rows(site: Path) -> list[Row]:
    """Every row of the built site, from its page scripts: each is
    `kumikiSearch.page("slug",[[anchor, sectionRow, "English", "Japanese"], ...]);`."""
    rows = []
    for script in sorted((site / "search" / "p").glob("*.js")):
        found = PAGE_SCRIPT.match(script.read_text(encoding="utf-8"))
        if not found:
            raise SystemExit(f"{script}: not a page script")
        slug = json.loads(found.group(1))
        for row in json.loads(found.group(2)):
            rows.append(Row(slug, row[0], row[2], row[3]))
    return rows


class Matcher:
    """Which rows hold a query's words: an English word as a whole word or as
    the start of one (so `margin` finds `margins`), a Japanese word anywhere
    in the row's normalised text."""

    def __init__(self, rows: list[Row]):
        self.rows = rows
        self.postings: dict[str, set[int]] = {}
        for number, row in enumerate(rows):
            for word in row.words:
                self.postings.setdefault(word, set()).add(number)
        self.vocabulary = sorted(self.postings)

    def rows_with_word(self, word: str) -> set[int]:
        word = normalise(word)
        if LATIN_WORD.fullmatch(word):
            found: set[int] = set()
            at = bisect_left(self.vocabulary, word)
            while at < len(self.vocabulary) and self.vocabulary[at].startswith(word):
                found |= self.postings[self.vocabulary[at]]
                at += 1
            return found
        return {number for number, row in enumerate(self.rows) if word in row.text}

    def matching_rows(self, query: str) -> set[int]:
        words = [w for w in query.split() if normalise(w) not in STOP_WORDS]
        found = None
        for word in words:
            here = self.rows_with_word(word)
            found = here if found is None else found & here
            if not found:
                return set()
        return found or set()


def holds_phrase(row: Row, phrase: str, language: str) -> bool:
    """A row holds an English phrase when its words appear in it one after
    another; a Japanese phrase when its normalised characters do."""
    if language == "ja":
        return normalise(phrase) in row.text
    wanted = english_words(phrase)
    words = row.words
    return any(words[i:i + len(wanted)] == wanted for i in range(len(words) - len(wanted) + 1))


# ---- The query set ----

def band_of(frequency: int, rows: int) -> str:
    if frequency == 1:
        return "single"
    for name, share in BANDS:
        if share is not None and frequency >= share * rows:
            return name
    return "rare"


def word_bands(rows: list[Row], language: str) -> dict[str, list[str]]:
    """The site's words in each band of document frequency: the number of
    rows in whose text (of that language) the word stands. Japanese words
    count where they stand as a whole run of kanji and katakana, which spares
    searching every row for every word."""
    frequency: dict[str, int] = {}
    for row in rows:
        if language == "en":
            words = {w for w in english_words(row.english) if w not in STOP_WORDS}
        else:
            words = set(japanese_words(row.japanese))
        for word in words:
            frequency[word] = frequency.get(word, 0) + 1
    bands: dict[str, list[str]] = {name: [] for name, _ in BANDS}
    for word in sorted(frequency):
        bands[band_of(frequency[word], len(rows))].append(word)
    return bands


def english_sentences(text: str) -> list[list[str]]:
    """Sentences of a text as lists of its words, as written."""
    sentences = []
    for sentence in ENGLISH_SENTENCE_BREAK.split(text):
        words = LATIN_WORD.findall(sentence)
        if words:
            sentences.append(words)
    return sentences


def english_phrase(row: Row, draw: random.Random) -> str | None:
    sentences = [s for s in english_sentences(row.english) if len(s) >= 3]
    if not sentences:
        return None
    words = draw.choice(sentences)
    length = draw.randint(3, min(6, len(words)))
    start = draw.randint(0, len(words) - length)
    return " ".join(words[start:start + length]).lower()


def japanese_phrase(row: Row, draw: random.Random) -> str | None:
    """Five to twelve consecutive characters of one stretch of a sentence
    between punctuation. When it can, it starts where a word of kanji or
    katakana starts and ends where one ends (配置を調整, not を調整し or
    配置を調), as a reader would type it: a word cut in two is a different
    query."""
    pieces = [p for p in JAPANESE_BREAK.split(unicodedata.normalize("NFKC", row.japanese)) if len(p) >= 5]
    if not pieces:
        return None
    piece = draw.choice(pieces)

    def word_like(at: int) -> bool:
        return 0 <= at < len(piece) and (is_kanji(ord(piece[at])) or is_katakana(ord(piece[at])))
    spans = [(start, end) for start in range(len(piece)) for end in range(start + 5, min(start + 12, len(piece)) + 1)]
    natural = [(start, end) for start, end in spans
               if word_like(start) and not word_like(start - 1) and word_like(end - 1) and not word_like(end)]
    start, end = draw.choice(natural or spans)
    return piece[start:end]


def pair(row: Row, language: str, draw: random.Random) -> str | None:
    """Two different words of one row that do not stand side by side."""
    if language == "en":
        words = english_words(row.english)
        positions = [i for i, w in enumerate(words) if w not in STOP_WORDS]
    else:
        words = japanese_words(row.japanese)
        positions = list(range(len(words)))
    options = [(i, j) for i in positions for j in positions
               if j - i >= 2 and normalise(words[i]) != normalise(words[j])]
    if not options:
        return None
    i, j = draw.choice(options)
    return f"{words[i]} {words[j]}"


def made_up_word(draw: random.Random) -> str:
    syllables = ["zor", "qua", "vex", "blim", "trok", "plu", "snar", "gliv", "dax", "wump", "frel", "yon"]
    return "".join(draw.choice(syllables) for _ in range(3))


def draw_queries(rows: list[Row], matcher: Matcher, total: int, draw: random.Random) -> list[dict]:
    """About `total` queries, half in each language: a third single words
    spread over the frequency bands, a fifth pairs, a third phrases, the rest
    absent words."""
    queries = []
    per_language = max(total // 2, 5)
    singles = round(per_language / 3)
    pairs = round(per_language / 5)
    phrases = round(per_language / 3)
    absent = max(per_language - singles - pairs - phrases, 1)
    for language in ("en", "ja"):
        bands = word_bands(rows, language)
        # The bands take turns; one the site has no word left in gives its
        # turn to the next, so each word is asked once.
        filled = [name for name, _ in BANDS if bands[name]]
        turn = 0
        while sum(1 for q in queries if q["language"] == language) < singles and filled:
            band = filled[turn % len(filled)]
            word = draw.choice(bands[band])
            bands[band].remove(word)
            if not bands[band]:
                filled.remove(band)
            else:
                turn += 1
            queries.append({"kind": f"word {band}", "language": language, "query": word})
        for kind, wanted, make in (("pair", pairs, lambda row: pair(row, language, draw)),
                                   ("phrase", phrases, lambda row: english_phrase(row, draw) if language == "en"
                                    else japanese_phrase(row, draw))):
            made, tries = 0, 0
            while made < wanted and tries < 1000 * wanted:
                tries += 1
                text = make(draw.choice(rows))
                if text and not any(q["query"] == text for q in queries):
                    queries.append({"kind": kind, "language": language, "query": text})
                    made += 1
        candidates = list(ABSENT_ENGLISH if language == "en" else ABSENT_JAPANESE)
        draw.shuffle(candidates)
        if language == "en":
            candidates += [made_up_word(draw) for _ in range(20)]
        made = 0
        for word in candidates:
            if made == absent:
                break
            if not matcher.matching_rows(word):
                queries.append({"kind": "absent", "language": language, "query": word})
                made += 1
    return queries


# ---- Running queries in Chromium ----

# Runs one query twice on a freshly loaded page: the first call loads the
# scripts it needs (timed as the first wall time), the second finds them
# loaded (the answer time). Returns the search scripts in the page's head
# before and after the first call, and the first call's results.
RUN_QUERY = """
const [query, limit] = arguments;
const done = arguments[arguments.length - 1];
const scripts = () => [...document.head.querySelectorAll('script[src]')].map(s => s.src);
const before = scripts();
const started = performance.now();
window.kumikiSearch.query(query, limit).then(results => {
  const first = performance.now() - started;
  const after = scripts();
  const again = performance.now();
  return window.kumikiSearch.query(query, limit).then(second => {
    done({first: first, answer: performance.now() - again, before: before, after: after,
          results: results.map(r => ({href: r.href, slug: r.slug})), again: second.length});
  });
}).catch(error => done({error: String(error)}));
"""


def search_scripts(sources: list[str], search: Path) -> list[Path]:
    """The files under the site's search/ folder among script URLs."""
    found = []
    for source in sources:
        parts = urlsplit(source)
        if parts.scheme != "file":
            continue
        path = Path(unquote(parts.path))
        if path.is_relative_to(search):
            found.append(path)
    return found


def run_queries(site: Path, queries: list[dict]) -> None:
    """Adds each query's measurements to its record."""
    search = (site / "search").resolve()
    page = (search / "index.html").as_uri()
    driver = chromium()
    try:
        for query in queries:
            # A fresh load for every query, so that what it loads is what a
            # query costs a reader who has just opened the page.
            driver.get(page)
            outcome = driver.execute_async_script(RUN_QUERY, query["query"], 10)
            if "error" in outcome:
                raise SystemExit(f"query {query['query']!r}: {outcome['error']}")
            # On a fresh page every search script in the head was loaded for
            # this query (those in `before` too, if the page ever starts
            # loading the index as it opens), so all of them count.
            loaded = sorted(set(search_scripts(outcome["after"], search)))
            query.update({
                "results": [{"href": r["href"], "slug": r["slug"], "anchor": unquote(urlsplit(r["href"]).fragment)}
                            for r in outcome["results"]],
                "scripts": [str(p.relative_to(search)) for p in loaded],
                "scripts_before_query": len(search_scripts(outcome["before"], search)),
                "bytes": sum(p.stat().st_size for p in loaded),
                "first_ms": outcome["first"],
                "answer_ms": outcome["answer"],
                "results_again": outcome["again"],
            })
    finally:
        driver.quit()


def judge(queries: list[dict], rows: list[Row], matcher: Matcher) -> None:
    """Marks each query passed or not (see the module's description)."""
    by_anchor: dict[tuple[str, str], list[Row]] = {}
    for row in rows:
        by_anchor.setdefault((row.slug, row.anchor), []).append(row)
    for query in queries:
        matching = matcher.matching_rows(query["query"])
        query["matching_rows"] = len(matching)
        got = len(query["results"])
        if query["kind"] == "absent":
            # Reported only: none, or suggestions for a near word.
            query["passed"] = None
            continue
        passed = got > 0 if matching else True
        if query["kind"] == "phrase":
            top = query["results"][:5]
            hits = [any(holds_phrase(row, query["query"], query["language"])
                        for row in by_anchor.get((result["slug"], result["anchor"]), []))
                    for result in top]
            query["phrase_rank"] = hits.index(True) + 1 if True in hits else None
            passed = passed and any(hits)
        query["passed"] = passed


# ---- Report ----

def kib(value: float) -> str:
    return f"{value / KB:.1f}"


def table(size: int, queries: list[dict]) -> None:
    print(f"\n{size} pages: {len(queries)} queries")
    header = f"{'kind':<18} {'lang':<4} {'count':>5} {'passed':>7} {'no result':>9} " \
             f"{'KB median':>9} {'KB max':>8} {'answer ms med':>13} {'max':>7} {'first ms med':>12} {'max':>7}"
    print(header)
    print("-" * len(header))
    kinds = []
    for query in queries:
        key = (query["kind"], query["language"])
        if key not in kinds:
            kinds.append(key)
    groups = [(kind, language, [q for q in queries if (q["kind"], q["language"]) == (kind, language)])
              for kind, language in kinds]
    groups.append(("all", "", queries))
    for kind, language, members in groups:
        judged = [q for q in members if q["passed"] is not None]
        passed = f"{sum(q['passed'] for q in judged)}/{len(judged)}" if judged else "-"
        empty = sum(1 for q in members if not q["results"])
        sizes = [q["bytes"] for q in members]
        answers = [q["answer_ms"] for q in members]
        firsts = [q["first_ms"] for q in members]
        print(f"{kind:<18} {language:<4} {len(members):>5} {passed:>7} {empty:>9} "
              f"{kib(statistics.median(sizes)):>9} {kib(max(sizes)):>8} "
              f"{statistics.median(answers):>13.1f} {max(answers):>7.1f} "
              f"{statistics.median(firsts):>12.1f} {max(firsts):>7.1f}")


def failures_of(query: dict) -> str:
    results = ", ".join(f"{r['slug']}#{r['anchor']}" for r in query["results"][:3])
    why = "no result" if not query["results"] else "phrase not in the top five"
    return (f"  {query['kind']} {query['language']} {query['query']!r}: {why} "
            f"({query['matching_rows']} rows match; got {len(query['results'])}{': ' + results if results else ''})")


def check_targets(size: int, queries: list[dict]) -> list[str]:
    """The targets that failed at this size, each as a line."""
    failed = []
    sizes = [q["bytes"] for q in queries]
    median, largest = statistics.median(sizes), max(sizes)
    if size in BYTES_MEDIAN and median > BYTES_MEDIAN[size]:
        failed.append(f"{size} pages: bytes a query loads, median {kib(median)} KB > {kib(BYTES_MEDIAN[size])} KB")
    if size in BYTES_MAX and largest > BYTES_MAX[size]:
        failed.append(f"{size} pages: bytes a query loads, max {kib(largest)} KB > {kib(BYTES_MAX[size])} KB")
    slow = [q for q in queries if q["answer_ms"] > ANSWER_MS]
    if slow:
        failed.append(f"{size} pages: {len(slow)} answers over {ANSWER_MS:.0f} ms once loaded "
                      f"(max {max(q['answer_ms'] for q in slow):.1f} ms)")
    unanswered = [q for q in queries if q["passed"] is False and not q["results"]]
    if unanswered:
        failed.append(f"{size} pages: {len(unanswered)} queries with a matching row gave no result")
    misplaced = [q for q in queries if q["passed"] is False and q["results"]]
    if misplaced:
        failed.append(f"{size} pages: {len(misplaced)} phrases without a row holding them in the top five")
    return failed


# ---- Sites ----

def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def make_site(arguments, work: Path, size: int) -> Path:
    """Generates and builds the text-only site of `size` pages; returns the
    built site."""
    source, output = work / f"site-{size}", work / f"out-{size}"
    shutil.rmtree(source, ignore_errors=True)
    shutil.rmtree(output, ignore_errors=True)
    subprocess.run([sys.executable, str(arguments.generator), str(source), str(size), "0"], check=True,
                   stdout=subprocess.DEVNULL)
    started = time.perf_counter()
    subprocess.run([str(arguments.kumiki), "build", "--no-cache", "--output", str(output)], cwd=source, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"{size} pages: built in {time.perf_counter() - started:.1f} s ({output})", flush=True)
    # The sources are not needed any more; the built site is.
    shutil.rmtree(source, ignore_errors=True)
    return output


def default_generator() -> Path:
    reference = REPOSITORY.parent / "shared" / "bench" / "gen_kumiki_site.py"
    return reference if reference.exists() else REPOSITORY / "Benchmarks" / "scale" / "make_site.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kumiki", type=Path, default=REPOSITORY / ".build/release/kumiki")
    parser.add_argument("--pages", type=int, nargs="+", default=[1000, 10000], help="site sizes (default: 1000 10000)")
    parser.add_argument("--seed", type=int, help="seed of the query set (default: a random one, printed)")
    parser.add_argument("--queries", type=int, default=200, help="about how many queries per site (default: 200)")
    parser.add_argument("--json", type=Path, help="write every query's record here")
    parser.add_argument("--work", type=Path,
                        help="where the sites go, kept afterwards (default: a temporary folder in /dev/shm, removed)")
    parser.add_argument("--generator", type=Path, default=default_generator(),
                        help="the workload's generator, called as GENERATOR OUT N 0 "
                             "(default: ../shared/bench/gen_kumiki_site.py, else Benchmarks/scale/make_site.py)")
    arguments = parser.parse_args()
    # Line by line even into a file or a pipe: a 10,000-page run takes minutes.
    sys.stdout.reconfigure(line_buffering=True)
    seed = arguments.seed if arguments.seed is not None else random.randrange(2 ** 32)
    print(f"seed {seed} (repeat with --seed {seed})", flush=True)
    arguments.kumiki = arguments.kumiki.resolve()
    if not arguments.kumiki.exists():
        parser.error(f"no kumiki at {arguments.kumiki}")

    if arguments.work:
        arguments.work.mkdir(parents=True, exist_ok=True)
        work, temporary = arguments.work.resolve(), None
    else:
        temporary = tempfile.TemporaryDirectory(prefix="kumiki-search-scale-",
                                                dir="/dev/shm" if Path("/dev/shm").is_dir() else None)
        work = Path(temporary.name)
    records, failed, totals = {}, [], []
    try:
        for size in arguments.pages:
            site = make_site(arguments, work, size)
            rows = read_rows(site)
            matcher = Matcher(rows)
            # The same seed and size give the same queries.
            queries = draw_queries(rows, matcher, arguments.queries, random.Random(f"{seed}-{size}"))
            started = time.perf_counter()
            run_queries(site, queries)
            judge(queries, rows, matcher)
            print(f"{size} pages: {len(rows)} rows; {len(queries)} queries run in "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
            total = folder_bytes(site / "search")
            totals.append((size, total))
            records[size] = queries
            table(size, queries)
            for query in queries:
                if query["passed"] is False:
                    print(failures_of(query))
            absent = [q for q in queries if q["kind"] == "absent"]
            print(f"absent words: {sum(1 for q in absent if not q['results'])} of {len(absent)} gave no result"
                  + "".join(f"; {q['query']!r} gave {len(q['results'])}" for q in absent if q["results"]))
            failed += check_targets(size, queries)
    finally:
        if temporary:
            temporary.cleanup()

    print("\nsearch/ folder, all files:")
    for size, total in totals:
        print(f"  {size:>6} pages: {total / 1e6:.1f} MB, {total / size / KB:.1f} KB a page")
    if len(totals) > 1:
        first, last = totals[0], totals[-1]
        print(f"  per page at {last[0]} against {first[0]}: x{(last[1] / last[0]) / (first[1] / first[0]):.2f} "
              "(1.00 is linear growth)")
    print("\ntargets: bytes a query loads median ≤ 300 KB and max ≤ 600 KB at 1,000 pages, median ≤ 400 KB "
          f"at 10,000 pages; answer ≤ {ANSWER_MS:.0f} ms once loaded; every query with a matching row answered; "
          "every phrase's row in the top five")
    for line in failed:
        print(f"  FAILED {line}")
    if not failed:
        print("  all met")
    if arguments.json:
        arguments.json.write_text(json.dumps({"seed": seed, "kumiki": str(arguments.kumiki),
                                              "sites": {str(size): {"search_bytes": total, "queries": records[size]}
                                                        for size, total in totals}},
                                             ensure_ascii=False, indent=1))
        print(f"wrote {arguments.json}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
