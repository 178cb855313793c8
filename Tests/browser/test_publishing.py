"""Publishing anywhere: under a sub-path of a web server, and straight from
the disk through file://."""

from __future__ import annotations

import csv
import shutil
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from xml.etree import ElementTree

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import Browser, BuiltSite

LINKCHECKER = shutil.which("linkchecker")

# Computed styles that only kumiki.css gives: the browser default body margin
# is 8px and the skip link sits in the flow until the stylesheet moves it.
STYLED = """
    return {
      bodyMargin: getComputedStyle(document.body).margin,
      bodyDisplay: getComputedStyle(document.body).display,
      skipLink: getComputedStyle(document.querySelector('.skip-link')).position,
      scripted: document.documentElement.classList.contains('js'),
      toggleShown: !document.querySelector('.lang-toggle').hidden,
    };
"""


def assert_styled_and_scripted(browser: Browser, where: str) -> None:
    state = browser.js(STYLED)
    assert state["bodyMargin"] == "0px" and state["bodyDisplay"] == "flex", f"{where}: kumiki.css did not apply: {state}"
    assert state["skipLink"] != "static", f"{where}: kumiki.css did not apply: {state}"
    assert state["scripted"] and state["toggleShown"], f"{where}: kumiki.js did not run: {state}"


def arrive(browser: Browser, url: str) -> None:
    """Waits for a navigation a click started: a scripted click returns
    before the next page is there (in WebKit, always)."""
    WebDriverWait(browser.driver, 20).until(
        lambda driver: driver.current_url == url and driver.execute_script("return document.readyState") == "complete")


def test_a_missing_path_gets_the_styled_404_page(browser: Browser, site: BuiltSite):
    for missing in ("no-such-page/", "deep/er/still/missing.html"):
        with pytest.raises(urllib.error.HTTPError) as response:
            urllib.request.urlopen(site.base_url + missing, timeout=5)
        assert response.value.code == 404
        browser.open(site.base_url + missing)
        assert "404" in browser.driver.find_element(By.CSS_SELECTOR, "main").text
        assert_styled_and_scripted(browser, missing)
        # The one expected console error is the 404 status of the page itself.
        errors = [e for e in browser.console_errors() if missing not in e]
        assert errors == []
        # Its links go through the base URL, so they work at any depth.
        browser.driver.find_element(By.CSS_SELECTOR, "a.site-title").click()
        home = (site.base_url, site.base_url + "index.html")
        WebDriverWait(browser.driver, 20).until(
            lambda driver: driver.current_url in home and driver.execute_script("return document.readyState") == "complete")
        assert browser.driver.current_url in home
        assert_styled_and_scripted(browser, "the home page reached from " + missing)


@pytest.fixture(scope="module")
def crawl(server: BuiltSite, tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One linkchecker crawl of the site from its home page under /docs/.

    Every address on 127.0.0.1 is checked, including ones outside /docs/, so
    a link that forgets the sub-path is reported; the anchor plugin checks
    the `#fragment` of every link. Returns the exit status, the CSV rows
    (one per link checked) and the whole output for failure messages.
    """
    if LINKCHECKER is None:
        pytest.fail("linkchecker is missing: run `make browser-deps`")
    work = tmp_path_factory.mktemp("linkchecker")
    # The test server answers with a `LinkChecker` header, which lets
    # linkchecker use this rate instead of its polite default for any host.
    (work / "linkcheckerrc").write_text("[checking]\nmaxrequestspersecond=100\n[AnchorCheck]\n", encoding="utf-8")
    result = subprocess.run(
        [LINKCHECKER, "--config", str(work / "linkcheckerrc"), "--no-status", "--verbose", "--output=csv",
         "--check-extern", r"--ignore-url=^(?!http://127\.0\.0\.1[:/])", "--recursion-level=-1",
         "--threads=4", "--timeout=10", server.base_url],
        # A page's diagrams refer to their shared device frames by `#id`
        # (over a thousand on the adaptivity page), and linkchecker checks
        # each fragment; the crawl takes one to two minutes, and over five
        # on a machine busy with other work.
        capture_output=True, text=True, timeout=900, cwd=work)
    lines = [line for line in result.stdout.splitlines() if line and not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter=";"))
    return {"status": result.returncode, "rows": rows, "report": result.stdout + result.stderr}


def test_linkchecker_finds_no_broken_link_under_the_sub_path(crawl: dict):
    # An anchor that is missing is a warning to linkchecker; any warning
    # counts here, since a clean site has none.
    broken = [f"{row['url']} (linked from {row['parentname']}): {row['result']} {row['warningstring']}".strip()
              for row in crawl["rows"] if row["valid"] != "True" or row["warningstring"]]
    assert broken == [], "\n".join(broken)
    assert crawl["status"] == 0, crawl["report"]


def test_linkchecker_reaches_every_page_from_the_home_page(crawl: dict, server: BuiltSite):
    reached = {row["url"].split("#")[0] for row in crawl["rows"]}
    for page in server.pages():
        if page == "404.html":
            continue  # reached only through a missing path
        if page == "search/index.html":
            continue  # reached only through the search field, which only shows with JavaScript
        assert server.url(page) in reached or server.base_url + page in reached, \
            f"{page} was not reached from the home page; crawled: {sorted(reached)}"


def test_every_address_in_the_sitemap_is_served(server: BuiltSite):
    with urllib.request.urlopen(server.base_url + "sitemap.xml", timeout=5) as response:
        sitemap = ElementTree.fromstring(response.read())
    namespace = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    addresses = [loc.text for loc in sitemap.findall("s:url/s:loc", namespace)]
    # The search results page shows nothing of its own, and the translators'
    # page is the writers' working list: neither is in the sitemap.
    expected = [server.url(page) for page in server.pages()
                if page not in ("404.html", "search/index.html", "translations/index.html")]
    assert sorted(addresses) == sorted(expected)
    for address in addresses:
        with urllib.request.urlopen(address, timeout=5) as response:
            assert response.status == 200, address


def test_every_link_opened_from_the_disk_reaches_a_file(browser: Browser, site: BuiltSite):
    pages = [p for p in site.pages() if p != "404.html"]  # 404.html links through the base URL on purpose
    for page in pages:
        browser.open(site.file_url(page))
        assert_styled_and_scripted(browser, page)
        targets = browser.js(
            "return [...document.querySelectorAll('a[href], link[href], script[src], img[src]')]"
            ".map(e => e.href || e.src)")
        for target in targets:
            parts = urllib.parse.urlsplit(target)
            if parts.scheme != "file":
                continue
            path = Path(urllib.parse.unquote(parts.path))
            assert path.is_file(), f"{page}: {target} is not a file (from file:// a folder shows a listing)"
            if parts.fragment and path.suffix == ".html":
                html = path.read_text(encoding="utf-8")
                assert f'id="{parts.fragment}"' in html, f"{page}: {target} has no element with that id"
        assert browser.console_errors() == [], page


def test_the_site_can_be_walked_from_the_disk(browser: Browser, site: BuiltSite):
    browser.open(site.file_url("index.html"))
    for page in site.guideline_pages():
        # The home page lists every page; the sidebar lists only sections
        # there (a page's sidebar opens its own section). The translators'
        # page is linked from the footer.
        link = browser.driver.find_element(
            By.CSS_SELECTOR, f'.site-main a[href$="{page}"], .site-footer a[href$="{page}"]')
        # Followed as a click would follow it; where the card's link lies
        # under the sticky header is not what this walk is about.
        browser.js("arguments[0].click()", link)
        arrive(browser, site.file_url(page))
        assert browser.driver.current_url == site.file_url(page)
        assert_styled_and_scripted(browser, page)
        browser.driver.find_element(By.CSS_SELECTOR, '.lang-toggle [data-lang-choice="ja"]').click()
        browser.driver.find_element(By.CSS_SELECTOR, "a.site-title").click()
        arrive(browser, site.file_url("index.html"))
        assert browser.driver.current_url == site.file_url("index.html")
        # The language choice is remembered on file:// too.
        assert browser.js("return document.documentElement.getAttribute('data-lang')") == "ja"
        browser.driver.find_element(By.CSS_SELECTOR, '.lang-toggle [data-lang-choice="both"]').click()
    assert browser.console_errors() == []
