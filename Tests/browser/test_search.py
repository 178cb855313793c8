"""Search, wherever the site is opened: the results page from the disk and
under the sub-path /docs/, the header's field from the keyboard, and the
results page before axe-core."""

from __future__ import annotations

import re

import time
import urllib.parse
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

from conftest import Browser, BuiltSite

RESULT_LINKS = """
    return [...document.querySelectorAll('#search-results > li')].map(item => {
      const first = item.firstElementChild;
      return first && first.tagName === 'A' ? first.href : null;
    });
"""


def results_page(browser: Browser, address: str, query: str) -> list[str]:
    """Opens the results page for `query` and returns its result links."""
    browser.open(address + "?q=" + urllib.parse.quote(query))
    WebDriverWait(browser.driver, 20).until(
        lambda driver: driver.execute_script(
            "const form = document.querySelector('.search-page-form');"
            "return form && form.getAttribute('data-search-done') === 'true'"))
    return browser.js(RESULT_LINKS)


def lands_on_its_row(browser: Browser, link: str) -> None:
    """Follows a result link and checks the row it names is there and is the
    target."""
    browser.open(link)
    fragment = urllib.parse.unquote(urllib.parse.urlsplit(link).fragment)
    assert fragment, link
    WebDriverWait(browser.driver, 20).until(lambda driver: driver.execute_script("return document.readyState") == "complete")
    state = browser.js(
        "const row = document.getElementById(arguments[0]);"
        "return {exists: !!row, target: !!row && row.matches(':target')};", fragment)
    assert state == {"exists": True, "target": True}, f"{link}: {state}"


@pytest.mark.parametrize("where", ["disk", "sub-path"])
@pytest.mark.parametrize("query, expected", [
    ("破棄", "modality/index.html#confirm-before-discarding-work"),
    ("discarding work", "modality/index.html#confirm-before-discarding-work"),
    ("ｾｰﾌｴﾘｱ", "adaptivity/index.html#safe-area"),
])
def test_the_results_page_links_to_the_row_that_answers(
        browser: Browser, site: BuiltSite, where: str, query: str, expected: str):
    address = site.file_url("search/index.html") if where == "disk" else site.url("search/index.html")
    links = results_page(browser, address, query)
    assert links and all(links), f"every item starts with its link: {links}"
    root = site.file_url("index.html")[: -len("index.html")] if where == "disk" else site.base_url
    assert any(link.startswith(root + expected) for link in links[:5]), links[:5]
    lands_on_its_row(browser, next(link for link in links if link.startswith(root + expected)))
    assert browser.console_errors() == []


def test_back_to_a_results_page_shows_its_own_query_in_the_field(browser: Browser, site: BuiltSite):
    # The browser may bring the page back from its back-forward cache, with
    # the field as the reader left it before searching again.
    results_page(browser, site.url("search/index.html"), "margins")
    field = browser.driver.find_element("css selector", ".search-page-form input[name=q]")
    field.clear()
    field.send_keys("色")
    field.submit()
    WebDriverWait(browser.driver, 20).until(lambda driver: "q=%E8%89%B2" in driver.current_url)
    browser.driver.back()
    WebDriverWait(browser.driver, 20).until(lambda driver: "q=margins" in driver.current_url)
    WebDriverWait(browser.driver, 20).until(lambda driver: driver.execute_script("return document.readyState") == "complete")
    value = "return document.querySelector('.search-page-form input[name=q]').value"
    try:
        WebDriverWait(browser.driver, 5).until(lambda driver: driver.execute_script(value) == "margins")
    except TimeoutException:
        pass
    assert browser.js(value) == "margins"


@pytest.mark.parametrize("half, full", [("ﾎﾞﾀﾝ", "ボタン"), ("ﾃﾞﾊﾞｲｽ", "デバイス"), ("ｶﾞｲﾄﾞ", "ガイド")])
def test_half_width_katakana_with_voiced_marks_finds_what_full_width_finds(
        browser: Browser, site: BuiltSite, half: str, full: str):
    # NFKC joins a half-width kana and its voiced mark into one character.
    address = site.file_url("search/index.html")
    expected = results_page(browser, address, full)
    assert expected, full
    assert results_page(browser, address, half) == expected
    assert browser.console_errors() == []


def test_a_typo_in_a_word_whose_stem_is_shorter_finds_the_word(browser: Browser, site: BuiltSite):
    # `paddng` is one letter from `padding`, whose stem `pad` is three away.
    address = site.file_url("search/index.html")
    meant = results_page(browser, address, "padding")
    assert meant
    assert meant[0] in results_page(browser, address, "paddng")[:5]
    assert browser.console_errors() == []


def test_absent_words_give_no_results_and_suggest_the_other_language(browser: Browser, site: BuiltSite):
    links = results_page(browser, site.file_url("search/index.html"), "pagination carousel")
    assert links == []
    status = browser.js("return document.getElementById('search-status').textContent")
    assert "Japanese" in status and "日本語" in status, status


def test_the_header_field_is_used_from_the_keyboard(browser: Browser, site: BuiltSite):
    browser.open(site.url("adaptivity/index.html"))
    field = browser.driver.find_element(By.ID, "site-search-input")
    assert field.is_displayed()
    browser.driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert browser.js("return document.activeElement.id") == "site-search-input"
    field.send_keys("popovers")
    listbox = browser.driver.find_element(By.ID, "site-search-listbox")
    WebDriverWait(browser.driver, 20).until(lambda driver: listbox.is_displayed())
    assert field.get_attribute("aria-expanded") == "true"
    assert browser.js("return document.querySelectorAll('#site-search-listbox mark').length") > 0
    field.send_keys(Keys.ARROW_DOWN)
    active = field.get_attribute("aria-activedescendant")
    assert active and browser.js("return document.getElementById(arguments[0]).getAttribute('aria-selected')", active) == "true"
    target = browser.js("return document.getElementById(arguments[0]).getAttribute('data-href')", active)
    field.send_keys(Keys.ESCAPE)
    assert not listbox.is_displayed() and field.get_attribute("aria-expanded") == "false"
    field.send_keys(Keys.ARROW_DOWN)
    field.send_keys(Keys.ENTER)
    expected = urllib.parse.urljoin(site.url("adaptivity/index.html"), target)
    WebDriverWait(browser.driver, 20).until(lambda driver: driver.current_url == expected)
    assert "modality/index.html#popovers" in expected
    assert browser.console_errors() == []


def test_escape_before_the_results_arrive_keeps_the_list_closed(browser: Browser, site: BuiltSite):
    # The search on its way when Escape is pressed must not open the list
    # after it, under a field Escape has emptied.
    browser.open(site.url("adaptivity/index.html"))
    field = browser.driver.find_element(By.ID, "site-search-input")
    field.click()
    browser.js("const field = arguments[0]; field.value = 'safe area';"
               "field.dispatchEvent(new Event('input'));"
               "field.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}));", field)
    time.sleep(1)
    listbox = browser.driver.find_element(By.ID, "site-search-listbox")
    assert not listbox.is_displayed() and field.get_attribute("aria-expanded") != "true"
    assert browser.console_errors() == []


def test_the_results_page_has_no_serious_accessibility_violation(browser: Browser, site: BuiltSite, axe_core: Path):
    results_page(browser, site.url("search/index.html"), "safe area")
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)


def test_the_open_listbox_has_no_serious_accessibility_violation(browser: Browser, site: BuiltSite, axe_core: Path):
    browser.open(site.url("modality/index.html"))
    field = browser.driver.find_element(By.ID, "site-search-input")
    field.click()
    field.send_keys("シート")
    WebDriverWait(browser.driver, 20).until(
        lambda driver: driver.find_element(By.ID, "site-search-listbox").is_displayed())
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)


def first_results(browser: Browser, site: BuiltSite, query: str, count: int = 5) -> list[dict]:
    """The first results of `query`, each with its link and its snippet."""
    browser.open(site.file_url("search/index.html"))
    browser.driver.set_script_timeout(20)
    return browser.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.kumikiSearch.query(arguments[0], arguments[1])"
        ".then(results => done(results.map(r => ({href: r.href, snippet: r.snippet}))));", query, count)


def lands_in(results: list[dict], expected: str) -> bool:
    return any(expected in result["href"] for result in results)


@pytest.mark.parametrize("rule, query, expected", [
    # A kanji word typed as its reading in hiragana (the bundled glossary).
    ("reading", "はいけい", "full-screen-iphones/index.html#backgrounds-and-scrolling-content"),
    # A katakana loanword where the page writes the English in Latin letters.
    ("loanword", "スライドオーバー", "adaptivity/index.html#ipad-multitasking"),
    # An adjective with another ending than the page's: 厚み for 厚さ and 厚い.
    ("adjective", "厚み", "materials/index.html#thickness"),
    # A question about an amount, met by the rows that state a measurement.
    ("amount", "how big should a tap target be", "adaptivity/index.html#touch-targets"),
    ("amount", "ボタンの最小サイズは？", "adaptivity/index.html#touch-targets"),
])
def test_a_word_in_another_form_or_a_question_finds_the_section_that_answers(
        browser: Browser, site: BuiltSite, rule: str, query: str, expected: str):
    results = first_results(browser, site, query)
    assert lands_in(results, expected), [r["href"] for r in results]
    assert browser.console_errors() == []


def test_the_snippet_marks_the_form_the_page_writes(browser: Browser, site: BuiltSite):
    results = first_results(browser, site, "せいやく")
    assert any("<mark>制約</mark>" in result["snippet"] for result in results), results


@pytest.mark.parametrize("query, japanese", [("セーフエリア", True), ("ｾｰﾌｴﾘｱ", True), ("safe area", False)])
def test_the_snippet_is_in_the_language_of_the_query(browser: Browser, site: BuiltSite, query: str, japanese: bool):
    # The English form of a Japanese word in the glossary is often two
    # words ("safe" "area"): more marks, but not what the reader typed.
    results = first_results(browser, site, query)
    assert results
    for result in results:
        has_japanese = re.search("[\u3040-\u30ff\u4e00-\u9fff]", re.sub("<[^>]*>", "", result["snippet"])) is not None
        assert has_japanese == japanese, results


def test_a_row_holding_every_word_of_the_query_ranks_above_one_holding_some(browser: Browser, site: BuiltSite):
    # "How materials work" holds マテリアル in its heading; the thickness rows
    # hold both words.
    results = first_results(browser, site, "マテリアルの厚み", 1)
    assert "materials/index.html#thickness" in results[0]["href"], results


def test_a_size_word_outside_a_question_needs_the_word_itself(browser: Browser, site: BuiltSite):
    # "space" alone is not a question about an amount: a row that states a
    # measurement but never says "space" is not a result.
    results = first_results(browser, site, "space", 30)
    assert results and all("<mark>" in result["snippet"] for result in results), results

