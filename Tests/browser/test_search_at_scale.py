"""Search on a site many times the bundled one: the scale benchmark's
text-only site (Benchmarks/scale/make_site.py, 150 pages of bilingual
filler, about 3,000 rows), where the same few hundred words fill every
page. That is where a common word risks losing rows, a phrase drowns among
rows that merely hold its words, and a long list of results needs more
than one round.

The site is generated once, then built and served per engine the way the
bundled site is (conftest.py): built with the debug `kumiki` for the base
URL http://127.0.0.1:PORT/docs/, served by nginx under /docs/, and given
error_hook.js for WebKit. The words the tests search for are picked from
the built index's page scripts (search/p/*.js), so the tests follow the
generator if its vocabulary changes.
"""

from __future__ import annotations

import collections
import json
import re
import subprocess
import sys
import time
import unicodedata
import urllib.parse
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import KUMIKI, REPOSITORY, Browser, BuiltSite, Nginx, _add_error_hook, _free_port

GENERATOR = REPOSITORY / "Benchmarks" / "scale" / "make_site.py"
# Enough pages for words to fill hundreds of rows, few enough to build in
# about a second.
PAGES = 150
# What the results page shows before the reader asks for more.
PER_ROUND = 20
KANJI = "\u4e00-\u9fff"

RESULT_LINKS = """
    return [...document.querySelectorAll('#search-results > li')].map(item => {
      const first = item.firstElementChild;
      return first && first.tagName === 'A' ? first.href : null;
    });
"""

SEARCH_DONE = ("const form = document.querySelector('.search-page-form');"
               "return !!form && form.getAttribute('data-search-done') === 'true'")


def normalised(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


# -- the generated site's rows -------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One row of the index: a heading or paragraph, in both languages."""

    slug: str
    anchor: str
    english: str
    japanese: str

    @cached_property
    def text(self) -> str:
        return normalised(self.english + "\n" + self.japanese)

    @cached_property
    def words(self) -> frozenset[str]:
        return frozenset(re.findall(r"[a-z0-9]+", self.text))

    @property
    def target(self) -> str:
        """Where a result for this row links, relative to the site root."""
        return f"{self.slug}/index.html" + (f"#{self.anchor}" if self.anchor else "")

    def holds(self, words: str) -> bool:
        """Whether the row holds `words`: Latin words whole, anything else
        as written."""
        words = normalised(words)
        if re.fullmatch(r"[a-z0-9]+", words):
            return words in self.words
        if re.fullmatch(r"[a-z0-9 ]+", words):
            return re.search(r"(?<![a-z0-9])" + re.escape(words) + r"(?![a-z0-9])", self.text) is not None
        return words in self.text


class SiteRows:
    """Every row of a built site, read from its page scripts, and the
    words the tests search for, picked from them."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.rows: list[Row] = []
        for script in sorted((folder / "search" / "p").glob("*.js")):
            found = re.fullmatch(r"kumikiSearch\.page\((\".*?\"),(.*)\);\s*",
                                 script.read_text(encoding="utf-8"), re.S)
            assert found, f"{script}: not a page script"
            slug = json.loads(found.group(1))
            self.rows.extend(Row(slug, anchor, english, japanese)
                             for anchor, _level, english, japanese in json.loads(found.group(2)))
        self.by_target: dict[str, list[Row]] = collections.defaultdict(list)
        for row in self.rows:
            self.by_target[row.target].append(row)

    def holding(self, words: str) -> list[Row]:
        return [row for row in self.rows if row.holds(words)]

    def targets_holding(self, words: str) -> set[str]:
        return {row.target for row in self.holding(words)}

    def at(self, target: str) -> list[Row]:
        return self.by_target.get(target, [])

    @cached_property
    def english_words(self) -> collections.Counter:
        """Each English word, with the number of rows that hold it."""
        counts = collections.Counter()
        for row in self.rows:
            counts.update(set(re.findall(r"[a-z]+", normalised(row.english))))
        return counts

    @cached_property
    def kanji_words(self) -> collections.Counter:
        """Each two-kanji word standing alone between kana (関係 in
        の関係が, not 画面 in 画面端), with the number of rows that hold it."""
        counts = collections.Counter()
        for row in self.rows:
            counts.update(set(re.findall(rf"(?<![{KANJI}])[{KANJI}]{{2}}(?![{KANJI}])", normalised(row.japanese))))
        return counts

    def common_word(self, language: str) -> str:
        """The word in the most rows."""
        counts = self.english_words if language == "en" else self.kanji_words
        return counts.most_common(1)[0][0]

    def english_word(self, preferred: str) -> str:
        """`preferred` if the site writes it in many rows, else the site's
        most common word as long."""
        if self.english_words[preferred] >= 50:
            return preferred
        return next(word for word, _ in self.english_words.most_common() if len(word) >= len(preferred))

    @cached_property
    def japanese_phrase(self) -> str:
        """A 5-character run 名詞を動詞 (two kanji words joined by を, the
        second a verb's stem, as in 余白を調整します) that few rows hold
        verbatim while many hold both words apart: the phrase a reader
        copies from a page, made of words found all over the site."""
        runs = collections.Counter()
        for row in self.rows:
            runs.update({m.group(0) for m in re.finditer(
                rf"(?<![{KANJI}])([{KANJI}]{{2}})を([{KANJI}]{{2}})(?=し)", normalised(row.japanese))
                if m.group(1) != m.group(2)})
        return max(runs, key=lambda run: (self._apart(run[:2], run[3:]) - runs[run], run))

    @cached_property
    def english_phrase(self) -> str:
        """Two different words side by side in some rows, apart in many
        more."""
        pairs = collections.Counter()
        for row in self.rows:
            for sentence in re.split(r"[.:]", normalised(row.english)):
                words = sentence.split()
                pairs.update({f"{a} {b}" for a, b in zip(words, words[1:]) if a != b})
        # The most frequent pairs are enough to find a good one quickly.
        candidates = [pair for pair, _ in pairs.most_common(200)]
        return max(candidates, key=lambda pair: (self._apart(*pair.split()) - pairs[pair], pair))

    def _apart(self, first: str, second: str) -> int:
        """The rows that hold both words, side by side or not."""
        return sum(1 for row in self.rows if row.holds(first) and row.holds(second))


# -- the generated site, built and served --------------------------------------


# Session-wide: pytest may set a module's fixtures up more than once when
# it reorders parametrised tests, and a site is built and served only once.
@pytest.fixture(scope="session")
def scale_source(pytestconfig: pytest.Config) -> Path:
    """The generated site's sources (kumiki.yml and Content/), once."""
    folder = Path(pytestconfig.kumiki_workspace) / "scale-source"
    result = subprocess.run([sys.executable, str(GENERATOR), str(folder), str(PAGES), "0"],
                            capture_output=True, text=True)
    assert result.returncode == 0, f"make_site.py failed:\n{result.stderr}{result.stdout}"
    return folder


@pytest.fixture(scope="session")
def scale_servers(scale_source: Path, pytestconfig: pytest.Config):
    """Builds the generated site for an engine and starts its nginx when
    first asked; stops them all at the end of the session."""
    started: dict[str, tuple[BuiltSite, Nginx]] = {}
    workspace = Path(pytestconfig.kumiki_workspace) / "scale"

    def serve(engine: str) -> BuiltSite:
        if engine not in started:
            port = _free_port()
            site = BuiltSite(folder=workspace / engine / "docs", port=port)
            # As the bundled site is built: nothing read from or left in a
            # build store beside the generated sources.
            result = subprocess.run(
                [str(KUMIKI), "build", "--no-cache", "--output", str(site.folder),
                 "--base-url", site.base_url],
                cwd=scale_source, capture_output=True, text=True)
            assert result.returncode == 0, f"kumiki build failed:\n{result.stderr}{result.stdout}"
            if engine == "webkit":
                _add_error_hook(site.folder)
            started[engine] = (site, Nginx(site, workspace / "nginx" / engine))
        return started[engine][0]

    yield serve
    for _, nginx in started.values():
        nginx.stop()


@pytest.fixture(scope="module")
def scale_site(engine: str, scale_servers) -> BuiltSite:
    """The generated site as the engine under test is shown it, served."""
    return scale_servers(engine)


@pytest.fixture(scope="module")
def scale_rows(scale_site: BuiltSite) -> SiteRows:
    return SiteRows(scale_site.folder)


# -- helpers ---------------------------------------------------------------------


def results_address(site: BuiltSite, where: str, query: str) -> str:
    page = site.file_url("search/index.html") if where == "disk" else site.url("search/index.html")
    return page + "?q=" + urllib.parse.quote(query)


def site_root(site: BuiltSite, where: str) -> str:
    return site.file_url("index.html")[: -len("index.html")] if where == "disk" else site.base_url


def open_results(browser: Browser, address: str, wait: float = 20) -> list[str]:
    """Opens a results page and returns its result links once the first
    results (or the empty state) are shown."""
    browser.open(address)
    WebDriverWait(browser.driver, wait).until(lambda driver: driver.execute_script(SEARCH_DONE),
                                              f"{address}: no results nor empty state within {wait} s")
    return browser.js(RESULT_LINKS)


def relative(link: str, root: str) -> str:
    """A result link as a target relative to the site root."""
    assert link and link.startswith(root), f"{link} is not under {root}"
    return urllib.parse.unquote(link[len(root):])


def ranked(browser: Browser, site: BuiltSite, query: str, limit: int, where: str = "disk") -> list[str]:
    """The targets of the first `limit` results of `query`, best first, as
    `window.kumikiSearch.query` ranks them on the results page opened from
    the disk or under /docs/."""
    page = site.file_url("search/index.html") if where == "disk" else site.url("search/index.html")
    browser.open(page)
    browser.driver.set_script_timeout(20)
    hrefs = browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.kumikiSearch.query(arguments[0], arguments[1])"
        ".then(results => done(results.map(r => r.href)), error => done(['error: ' + error]));", query, limit)
    # The hrefs are relative to the results page, as its links are written.
    return [relative(urllib.parse.urljoin(page, href), site_root(site, where)) for href in hrefs]


def ids_of(site: BuiltSite, page: str) -> set[str]:
    return set(re.findall(r"\bid=\"([^\"]+)\"", (site.folder / page).read_text(encoding="utf-8")))


# -- the tests -------------------------------------------------------------------


@pytest.mark.parametrize("where", ["disk", "sub-path"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_word_in_a_great_many_rows_finds_rows_that_hold_it(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows, language: str, where: str):
    word = scale_rows.common_word(language)
    # The word has to be common for the test to mean anything: in
    # hundreds of rows, far more than one round of results.
    assert len(scale_rows.holding(word)) > 10 * PER_ROUND, word
    links = open_results(browser, results_address(scale_site, where, word))
    assert len(links) == PER_ROUND, f"{word!r}: {len(links)} results on the first round"
    root = site_root(scale_site, where)
    for link in links:
        target = relative(link, root)
        page, _, anchor = target.partition("#")
        assert (scale_site.folder / page).exists(), f"{word!r}: {link} names no page"
        # The row the link names is on its page, and holds the word.
        assert not anchor or anchor in ids_of(scale_site, page), f"{word!r}: no #{anchor} on {page}"
        rows = scale_rows.at(target)
        assert rows and any(row.holds(word) for row in rows), \
            f"{word!r}: {target} holds {[(row.english, row.japanese) for row in rows]}"
    assert browser.console_errors() == []


@pytest.mark.parametrize("where", ["disk", "sub-path"])
def test_a_verbatim_japanese_phrase_ranks_a_row_that_holds_it_in_the_top_five(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows, where: str):
    phrase = scale_rows.japanese_phrase
    verbatim = scale_rows.targets_holding(phrase)
    # Both of its words, apart, are in many more rows than the phrase: the
    # ranking, not the lookup, has to put the phrase first.
    assert len(scale_rows.holding(phrase[:2])) > 5 * len(verbatim), phrase
    top = ranked(browser, scale_site, phrase, 5, where)
    assert set(top) & verbatim, f"{phrase!r}: top five {top}; rows holding it: {sorted(verbatim)}"
    assert browser.console_errors() == []


@pytest.mark.parametrize("where", ["disk", "sub-path"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_quoted_phrase_finds_only_rows_that_hold_the_phrase(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows, language: str, where: str):
    phrase = scale_rows.english_phrase if language == "en" else scale_rows.japanese_phrase
    query = f"\"{phrase}\"" if language == "en" else f"「{phrase}」"
    verbatim = scale_rows.targets_holding(phrase)
    assert verbatim, phrase
    targets = ranked(browser, scale_site, query, 200, where)
    assert targets, f"{query}: no results; rows holding it: {sorted(verbatim)}"
    strays = [(target, [(row.english, row.japanese) for row in scale_rows.at(target)])
              for target in targets if not any(row.holds(phrase) for row in scale_rows.at(target))]
    assert strays == [], f"{query}: results without the phrase"
    assert browser.console_errors() == []


@pytest.mark.parametrize("where", ["disk", "sub-path"])
@pytest.mark.parametrize("query", ["zorbleflux", "蝸牛"])
def test_an_absent_word_says_so_in_both_languages_without_hanging(
        browser: Browser, scale_site: BuiltSite, query: str, where: str):
    started = time.monotonic()
    links = open_results(browser, results_address(scale_site, where, query), wait=5)
    assert time.monotonic() - started < 5, f"{query!r}: {time.monotonic() - started:.1f} s"
    assert links == []
    said = browser.js(
        "const status = document.getElementById('search-status');"
        "const text = lang => [...status.querySelectorAll(':scope > span[lang=' + lang + ']')]"
        "  .map(span => span.textContent.trim()).join(' ');"
        "return {en: text('en'), ja: text('ja')};")
    assert said["en"] and said["ja"], f"{query!r}: status {said}"
    assert not browser.js("return document.getElementById('search-more').offsetParent !== null")
    assert browser.console_errors() == []


def suggestions(browser: Browser) -> list[dict]:
    return browser.js("return [...document.querySelectorAll('#search-status .search-suggestions a')]"
                      ".map(a => ({text: a.textContent, href: a.href}))")


def test_a_misspelt_common_word_finds_results_or_suggests_the_word(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows):
    word = scale_rows.english_word("keyboard")
    # Two letters swapped, as a fast typist does: keyboard → keybaord.
    at = len(word) - 4
    misspelt = word[:at] + word[at + 1] + word[at] + word[at + 2:]
    assert misspelt != word and scale_rows.english_words[misspelt] == 0, misspelt
    links = open_results(browser, results_address(scale_site, "disk", misspelt))
    # Results, if any, are those of the word the reader meant.
    root = site_root(scale_site, "disk")
    strays = [link for link in links if not any(row.holds(word) for row in scale_rows.at(relative(link, root)))]
    assert strays == [], f"{misspelt!r}: results without {word!r}"
    if not links:
        offered = [item["text"].lower() for item in suggestions(browser)]
        assert word in offered, f"{misspelt!r}: no results, suggestions {offered}"
    assert browser.console_errors() == []


@pytest.mark.parametrize("where", ["disk", "sub-path"])
def test_a_word_one_letter_too_long_finds_the_word_and_two_letters_suggest_it(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows, where: str):
    word = scale_rows.english_word("padding")
    # One letter too long is one edit from the word: its rows are found,
    # though the word's stem (`pad`) is further from what was typed.
    links = open_results(browser, results_address(scale_site, where, word + "z"))
    root = site_root(scale_site, where)
    assert links, f"{word + 'z'!r}: no results"
    strays = [link for link in links if not any(row.holds(word) for row in scale_rows.at(relative(link, root)))]
    assert strays == [], f"{word + 'z'!r}: results without {word!r}"
    # Two edits away finds nothing, and suggests the word: a fast typist's
    # swap and a letter too many (keyboard → keybaordz).
    word = scale_rows.english_word("keyboard")
    at = len(word) - 4
    query = word[:at] + word[at + 1] + word[at] + word[at + 2:] + "z"
    assert scale_rows.english_words[query] == 0, query
    links = open_results(browser, results_address(scale_site, where, query))
    assert links == [], f"{query!r} is no word of the site, yet found {links[:3]}"
    offered = suggestions(browser)
    assert any(item["text"].lower() == word for item in offered), f"{query!r}: suggestions {offered}"
    # The suggestion is a search of its own, on the same site.
    link = next(item["href"] for item in offered if item["text"].lower() == word)
    assert link.startswith(site_root(scale_site, where) + "search/index.html?q="), link
    assert open_results(browser, link), f"{link}: no results"
    assert browser.console_errors() == []


@pytest.mark.parametrize("where", ["disk", "sub-path"])
def test_scrolling_to_the_end_of_the_results_loads_more(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows, where: str):
    word = scale_rows.common_word("en")
    links = open_results(browser, results_address(scale_site, where, word))
    assert len(links) == PER_ROUND, f"{word!r}: {len(links)} results before scrolling"
    more = browser.driver.find_element("id", "search-more")
    assert more.is_displayed(), "the button for more results is hidden after the first round"
    browser.js("arguments[0].scrollIntoView()", more)
    WebDriverWait(browser.driver, 20).until(
        lambda driver: driver.execute_script("return document.querySelectorAll('#search-results > li').length")
        > PER_ROUND)
    links = browser.js(RESULT_LINKS)
    assert len(links) == len(set(links)), f"{word!r}: duplicates {[l for l, n in collections.Counter(links).items() if n > 1]}"
    rounds = browser.js("return document.querySelector('.search-page-form').getAttribute('data-search-rounds')")
    assert rounds is not None and int(rounds) >= 2, rounds
    assert browser.console_errors() == []


@pytest.mark.parametrize("language", ["en", "ja"])
def test_asking_for_more_reaches_every_row_that_holds_a_quoted_phrase(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows, language: str):
    # Rounds end where the ranking ends, not where a round comes back with
    # fewer rows than it could show: most rows that hold the phrase's words
    # fail its check, and the first round is no sign of the last.
    phrase = scale_rows.english_phrase if language == "en" else scale_rows.japanese_phrase
    query = f"\"{phrase}\"" if language == "en" else f"「{phrase}」"
    verbatim = scale_rows.targets_holding(phrase)
    open_results(browser, results_address(scale_site, "disk", query))
    more = browser.driver.find_element("id", "search-more")
    for _ in range(100):
        if not more.is_displayed():
            break
        rounds = browser.js("return document.querySelector('.search-page-form').getAttribute('data-search-rounds')")
        browser.js("arguments[0].click()", more)
        WebDriverWait(browser.driver, 20).until(lambda driver: driver.execute_script(
            "return document.querySelector('.search-page-form').getAttribute('data-search-rounds')") != rounds)
    assert not more.is_displayed(), f"{query}: still more after 100 rounds"
    root = site_root(scale_site, "disk")
    found = {relative(link, root) for link in browser.js(RESULT_LINKS)}
    assert found == verbatim, f"{query}: missing {sorted(verbatim - found)[:5]}, strays {sorted(found - verbatim)[:5]}"
    assert browser.console_errors() == []


def test_a_snippet_shows_and_marks_the_phrase_its_row_holds(browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows):
    # The window of a long row is cut around the phrase as typed, not
    # around the first character pair of it found anywhere in the row.
    phrase = scale_rows.japanese_phrase
    page = scale_site.file_url("search/index.html")
    browser.open(page)
    browser.driver.set_script_timeout(20)
    results = browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.kumikiSearch.query(arguments[0], 5).then(done, error => done([{error: String(error)}]));", phrase)
    holding = [result for result in results
               if any(row.holds(phrase) for row in scale_rows.at(relative(urllib.parse.urljoin(page, result["href"]),
                                                                        site_root(scale_site, "disk"))))]
    assert holding, f"{phrase!r}: no row holding it in the top five"
    for result in holding:
        marks = re.findall(r"<mark>(.*?)</mark>", result["snippet"] + result["partner"])
        assert any(phrase in mark for mark in marks), f"{phrase!r}: marks {marks} in {result['snippet']!r}"
    assert browser.console_errors() == []


def test_a_quoted_phrase_is_not_found_across_the_end_of_a_sentence(
        browser: Browser, scale_site: BuiltSite, scale_rows: SiteRows):
    # Two words on either side of a full stop ("… notch. Height …") are no
    # phrase: such a row is not a result for "notch height".
    crossings = collections.Counter()
    for row in scale_rows.rows:
        crossings.update(re.findall(r"\b([a-z]+)\. ([a-z]+)\b", normalised(row.english)))
    assert crossings, "the site has no sentence that follows another on a row"
    (first, second), _ = crossings.most_common(1)[0]
    phrase = f"{first} {second}"
    targets = ranked(browser, scale_site, f"\"{phrase}\"", 200)
    strays = [target for target in targets if not any(row.holds(phrase) for row in scale_rows.at(target))]
    assert strays == [], f"\"{phrase}\": results where it runs across a sentence's end: {strays[:3]}"
    assert browser.console_errors() == []
