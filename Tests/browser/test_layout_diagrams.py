"""Layout diagrams and their gallery filters.

The diagrams sit inside `<figure class="layout-block">`, as inline SVG or as
images. The gallery filters are controls carrying `data-filter` inside such a
figure. A site without diagrams or filters skips these tests, naming what is
absent; once they appear, the tests run.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement

from conftest import Browser, BuiltSite

DIAGRAMS = "figure.layout-block svg, figure.layout-block img"
FILTERS = "figure.layout-block [data-filter]"


class LayoutFigures(HTMLParser):
    """Counts, in a page's HTML, the diagrams and filter controls inside
    `figure.layout-block`, so pages without them are not opened."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: list[bool] = []  # open figures: is each a layout block?
        self.diagrams = 0
        self.filters = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attributes = dict(attrs)
        if tag == "figure":
            self.figures.append("layout-block" in (attributes.get("class") or "").split())
        if not any(self.figures):
            return
        if tag in ("svg", "img"):
            self.diagrams += 1
        if "data-filter" in attributes:
            self.filters += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "figure" and self.figures:
            self.figures.pop()


def scan(site: BuiltSite, page: str) -> LayoutFigures:
    parser = LayoutFigures()
    parser.feed((site.folder / page).read_text(encoding="utf-8"))
    return parser


def test_diagrams_load(browser: Browser, site: BuiltSite):
    pages = [page for page in site.pages() if scan(site, page).diagrams]
    if not pages:
        pytest.skip("no layout diagram (svg or img inside figure.layout-block) in the site yet")
    checked = 0
    for page in pages:
        browser.open(site.url(page))
        problems = browser.js(
            """
            const problems = [];
            for (const [i, d] of [...document.querySelectorAll(arguments[0])].entries()) {
              if (d.parentElement.closest('svg')) continue;  // a drawing nested in a drawing
              const box = d.getBoundingClientRect();
              const where = (d.closest('figure.layout-block') || {}).id || ('diagram ' + i);
              if (d.tagName.toLowerCase() === 'img') {
                if (!d.complete || d.naturalWidth === 0) problems.push(where + ': image did not load: ' + d.currentSrc);
              } else if (d.childElementCount === 0) {
                problems.push(where + ': empty svg');
              }
              const hidden = getComputedStyle(d).display === 'none' || d.closest('[hidden]');
              if (!hidden && (box.width === 0 || box.height === 0))
                problems.push(where + ': drawn at ' + box.width + ' x ' + box.height);
            }
            return problems;
            """, DIAGRAMS)
        checked += browser.js("return document.querySelectorAll(arguments[0]).length", DIAGRAMS)
        assert problems == [], f"{page}: {problems}"
        assert browser.console_errors() == [], page
    assert checked > 0


def visible_diagrams(browser: Browser, figure: WebElement) -> list[str]:
    return browser.js(
        """
        return [...arguments[0].querySelectorAll('svg, img')]
          .filter(d => !d.parentElement.closest('svg') && d.getClientRects().length > 0)
          .map((d, i) => d.getAttribute('aria-label') || d.getAttribute('alt') || d.id || String(i));
        """, figure)


def control_state(browser: Browser, control: WebElement) -> tuple:
    return browser.js(
        """
        const c = arguments[0];
        return [c.getAttribute('aria-pressed'), c.getAttribute('aria-checked'),
                c.getAttribute('aria-selected'), c.checked === undefined ? null : c.checked];
        """, control)


def tab_to(browser: Browser, control: WebElement, limit: int = 400) -> None:
    """Presses Tab from the top of the page until `control` has the focus."""
    browser.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    browser.driver.find_element(By.TAG_NAME, "body").click()
    for _ in range(limit):
        ActionChains(browser.driver).send_keys(Keys.TAB).perform()
        if browser.js("return document.activeElement === arguments[0]", control):
            return
    pytest.fail(f"Tab never reached the filter {control.get_attribute('outerHTML')[:120]}")


def test_gallery_filters_work_from_the_keyboard(browser: Browser, site: BuiltSite):
    pages = [page for page in site.pages() if scan(site, page).filters]
    if not pages:
        pytest.skip("no gallery filter (a [data-filter] control inside figure.layout-block) in the site yet")
    tried = 0
    for page in pages:
        browser.open(site.url(page))
        for figure in browser.driver.find_elements(By.CSS_SELECTOR, "figure.layout-block"):
            controls = figure.find_elements(By.CSS_SELECTOR, "[data-filter]")
            if not controls:
                continue
            changed_the_gallery = False
            for control in controls:
                if not control.is_displayed():
                    continue
                tab_to(browser, control)
                before_state, before_shown = control_state(browser, control), visible_diagrams(browser, figure)
                ActionChains(browser.driver).send_keys(Keys.SPACE).perform()
                after_state, after_shown = control_state(browser, control), visible_diagrams(browser, figure)
                label = control.get_attribute("data-filter")
                assert after_state != before_state, f"{page}: Space did not toggle the filter '{label}'"
                changed_the_gallery |= after_shown != before_shown
                assert browser.js("return document.activeElement === arguments[0]", control), \
                    f"{page}: the filter '{label}' lost the focus when toggled"
                # Enter toggles buttons back (a native checkbox takes Space only).
                is_checkbox = browser.js(
                    "return arguments[0].matches('input[type=checkbox], input[type=radio]')", control)
                if not is_checkbox:
                    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
                    assert control_state(browser, control) == before_state, \
                        f"{page}: Enter did not toggle the filter '{label}' back"
                    assert visible_diagrams(browser, figure) == before_shown
                tried += 1
            assert changed_the_gallery, f"{page}: no filter of {figure.get_attribute('id')} changed the diagrams shown"
        assert browser.console_errors() == [], page
    assert tried > 0, "every filter control is hidden"
