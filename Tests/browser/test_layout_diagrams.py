"""Layout diagrams and their gallery filters.

The diagrams sit inside `<figure class="layout-block">`, as inline SVG or as
images. The gallery filters are controls carrying `data-filter` inside such a
figure. A site without diagrams or filters skips these tests, naming what is
absent; once they appear, the tests run.
"""

from __future__ import annotations

import io
from html.parser import HTMLParser

import pytest
from PIL import Image, ImageChops
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

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


def tab_to(browser: Browser, control: WebElement, limit: int = 12) -> None:
    """Presses Tab until `control` has the focus, starting from the
    focusable element just before it in document order (or from nothing,
    for the first one): the control must be the next stop of the Tab order,
    not skipped, hidden from it or reachable only by a mouse."""
    # Walking from the top of the page would prove the same for every
    # control at the cost of hundreds of key presses each.
    browser.js(
        """
        const control = arguments[0];
        const stops = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
          .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0);
        const before = stops[stops.indexOf(control) - 1];
        window.scrollTo(0, 0);
        if (before) before.focus(); else if (document.activeElement) document.activeElement.blur();
        """, control)
    if browser.js("return document.activeElement === arguments[0]", control):
        return
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


SAMPLED_DIAGRAMS = 12

# WebKit rasterises the copies <use> makes on a path of their own, so their
# anti-aliased edges differ from inline drawings by a few levels (at most 50
# of 255 on a handful of pixels, measured). A colour that did not reach the
# copies changes whole strokes and fills: far more pixels, far more levels.
WEBKIT_EDGE_LEVELS = 64
WEBKIT_EDGE_SHARE = 0.002


def look_the_same(browser: Browser, first: bytes, second: bytes) -> bool:
    """Whether two captures of a diagram show the same drawing: the same
    bytes (Chromium), or in WebKit the same but for anti-aliased edges."""
    if first == second:
        return True
    if browser.engine != "webkit":
        return False
    one, other = (Image.open(io.BytesIO(png)).convert("RGB") for png in (first, second))
    if one.size != other.size:
        return False
    difference = ImageChops.difference(one, other).getchannel(0)
    for channel in (1, 2):
        difference = ImageChops.lighter(difference, ImageChops.difference(one, other).getchannel(channel))
    far_apart = sum(difference.point(lambda level: 255 if level > WEBKIT_EDGE_LEVELS else 0).histogram()[255:])
    return far_apart <= WEBKIT_EDGE_SHARE * one.size[0] * one.size[1]


def spread(items: list, count: int) -> list:
    """At most `count` of `items`, evenly spaced, first and last included."""
    if len(items) <= count:
        return items
    return [items[round(i * (len(items) - 1) / (count - 1))] for i in range(count)]


def diagram_shots(browser: Browser, diagrams: list[WebElement]) -> list[bytes]:
    return [browser.element_png(diagram) for diagram in diagrams]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_shared_device_frames_draw_from_the_disk(browser: Browser, site: BuiltSite, scheme: str):
    """A page writes each device frame once and its diagrams draw it with
    <use>. Opened from the disk, with the deferred groups moved in by the
    gallery script, every reference must find its frame, and each diagram
    must look exactly as it does with its frames copied in place: the
    copies <use> makes get their colours (light or dark) from the page."""
    pages = [page for page in site.pages() if scan(site, page).diagrams]
    if not pages:
        pytest.skip("no layout diagram in the site yet")
    browser.dark(scheme == "dark")
    for page in pages:
        browser.open(site.file_url(page))
        # A filter pressed (and pressed back) makes the script move its
        # figure's deferred groups in.
        browser.js("for (const b of document.querySelectorAll('.k-filters [data-filter]:first-child')) { b.click(); b.click(); }")
        WebDriverWait(browser.driver, 10).until(
            lambda driver: browser.js("return document.querySelectorAll('template[data-group]').length") == 0)
        unresolved = browser.js(
            """
            return [...document.querySelectorAll('svg.k-diagram use')]
              .map(u => u.getAttribute('href'))
              .filter(h => { const t = document.getElementById(h.slice(1));
                             return !t || t.closest('template') || !t.closest('svg.k-defs'); });
            """)
        assert unresolved == [], f"{page}: <use> without its frame: {unresolved[:5]}"
        # The first diagram of each figure and one the script moved in from
        # a template, among those drawn (a filtered gallery hides some).
        # Every diagram shown, and kept shown while the page scrolls (the
        # gallery script hides filtered ones again when it sees them).
        browser.js("const style = document.createElement('style');"
                   "style.textContent = '.layout-gallery li[hidden] { display: list-item !important; }';"
                   "document.head.append(style);")
        sample = browser.js(
            """
            return [...document.querySelectorAll('figure.layout-block svg.k-diagram')].filter(d => {
              const li = d.closest('li'), box = d.getBoundingClientRect();
              return !!li && (li === li.parentElement.firstElementChild || li === li.parentElement.lastElementChild)
                && box.width > 0 && box.height > 0;
            });
            """)
        # Spread over the page, a dozen drawings compare frames of every
        # kind; every <use> was resolved above.
        sample = spread(sample, SAMPLED_DIAGRAMS)
        shared = diagram_shots(browser, sample)
        browser.js(
            """
            for (const u of document.querySelectorAll('svg.k-diagram use')) {
              const frame = document.getElementById(u.getAttribute('href').slice(1));
              u.replaceWith(...[...frame.children].map(c => c.cloneNode(true)));
            }
            """)
        copied = diagram_shots(browser, sample)
        differ = [i for i, (a, b) in enumerate(zip(shared, copied)) if not look_the_same(browser, a, b)]
        assert differ == [], f"{page} ({scheme}): diagrams {differ} differ when their frames are copied in place"
        assert browser.console_errors() == [], page
