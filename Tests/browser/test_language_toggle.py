"""The EN / JA / EN+JA toggle: it shows one column or both, and the choice
survives a reload and a move to another page."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import PHONE, Browser, BuiltSite

VISIBLE_COLUMNS = """
    const shown = lang => [...document.querySelectorAll('.content .bi-row:not(.bi-untranslated) > .bi-col[lang="' + lang + '"]')]
        .filter(column => column.getClientRects().length > 0).length;
    return {en: shown('en'), ja: shown('ja'),
            total: document.querySelectorAll('.content .bi-row:not(.bi-untranslated) > .bi-col').length / 2};
"""


def choose(browser: Browser, choice: str) -> None:
    browser.driver.find_element(By.CSS_SELECTOR, f'.lang-toggle [data-lang-choice="{choice}"]').click()


def follow(browser: Browser, selector: str) -> None:
    """Clicks the first link `selector` finds and waits for the page it
    leads to. WebKit's driver can return from a click before the next page
    has replaced the current one."""
    before = browser.driver.current_url
    browser.driver.find_element(By.CSS_SELECTOR, selector).click()
    WebDriverWait(browser.driver, 20).until(
        lambda driver: driver.current_url != before and driver.execute_script("return document.readyState") == "complete")


def shown_columns(browser: Browser) -> dict:
    return browser.js(VISIBLE_COLUMNS)


def pressed(browser: Browser) -> list[str]:
    return browser.js(
        "return [...document.querySelectorAll('[data-lang-choice][aria-pressed=\"true\"]')]"
        ".map(b => b.getAttribute('data-lang-choice'))")


def assert_showing(browser: Browser, choice: str) -> None:
    columns = shown_columns(browser)
    rows = columns["total"]
    assert rows > 0, "the page has bilingual rows"
    expected = {"en": (rows, 0), "ja": (0, rows), "both": (rows, rows)}[choice]
    assert (columns["en"], columns["ja"]) == expected, f"{choice}: columns shown {columns}"
    assert browser.js("return document.documentElement.getAttribute('data-lang')") == choice
    assert pressed(browser) == [choice], "exactly the chosen button is pressed"


@pytest.fixture
def guideline(site: BuiltSite) -> str:
    pages = site.guideline_pages()
    assert pages, "the bundled site has guideline pages"
    return pages[0]


def test_both_languages_show_until_a_reader_chooses(browser: Browser, site: BuiltSite, guideline: str):
    browser.open(site.url(guideline))
    assert browser.driver.find_element(By.CSS_SELECTOR, ".lang-toggle").is_displayed()
    assert_showing(browser, "both")


@pytest.mark.parametrize("metrics", [None, PHONE], ids=["desktop", "phone"])
def test_each_choice_hides_or_shows_the_columns(browser: Browser, site: BuiltSite, guideline: str, metrics):
    if metrics:
        browser.emulate(metrics)
    browser.open(site.url(guideline))
    for choice in ("ja", "en", "both", "en"):
        choose(browser, choice)
        assert_showing(browser, choice)


def test_the_choice_is_remembered_across_a_reload(browser: Browser, site: BuiltSite, guideline: str):
    browser.open(site.url(guideline))
    choose(browser, "ja")
    browser.driver.refresh()
    assert_showing(browser, "ja")
    assert browser.console_errors() == []


def test_the_choice_is_remembered_on_the_next_page(browser: Browser, site: BuiltSite, guideline: str):
    browser.open(site.url(guideline))
    choose(browser, "en")
    # Leave through the site's own link home, then follow the navigation
    # back to a guideline page.
    follow(browser, "a.site-title")
    assert browser.js("return document.documentElement.getAttribute('data-lang')") == "en"
    assert pressed(browser) == ["en"]
    # The home page's sidebar names the sections; a section's page lists
    # its pages.
    follow(browser, ".site-nav a[href]")
    assert browser.driver.current_url != site.base_url
    assert browser.js("return document.documentElement.getAttribute('data-lang')") == "en"
    follow(browser, ".site-main .card a[href]")
    assert_showing(browser, "en")


def test_the_toggle_works_from_the_keyboard(browser: Browser, site: BuiltSite, guideline: str):
    browser.open(site.url(guideline))
    button = browser.driver.find_element(By.CSS_SELECTOR, '.lang-toggle [data-lang-choice="ja"]')
    browser.js("arguments[0].focus()", button)
    button.send_keys(Keys.ENTER)
    assert_showing(browser, "ja")
    other = browser.driver.find_element(By.CSS_SELECTOR, '.lang-toggle [data-lang-choice="both"]')
    browser.js("arguments[0].focus()", other)
    other.send_keys(Keys.SPACE)
    assert_showing(browser, "both")
