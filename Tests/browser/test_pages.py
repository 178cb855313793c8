"""Every page, served under /docs/: it loads cleanly, fits a phone, follows
the dark scheme and passes axe-core."""

from __future__ import annotations

import time

import pytest
from axe_selenium_python import Axe

from conftest import PHONE, Browser, BuiltSite

# What a page's stylesheet has to change in the dark scheme.
BACKGROUND = "getComputedStyle(document.body).backgroundColor"
TEXT = "getComputedStyle(document.body).color"


def test_page_loads_without_console_errors(browser: Browser, site: BuiltSite, page: str):
    browser.open(site.url(page))
    assert browser.js("return document.readyState") == "complete"
    assert browser.driver.title, "the page has a title"
    assert browser.console_errors() == []


def test_the_suite_sees_script_errors_and_failed_loads(browser: Browser, site: BuiltSite):
    """Every "no console errors" assertion relies on this: an error thrown
    by a script and an image that fails to load are both reported."""
    browser.open(site.url("index.html"))
    browser.js("setTimeout(function () { throw new Error('kumiki-probe-error'); }, 0);"
               "const image = new Image(); image.alt = ''; document.body.append(image);"
               "image.src = 'kumiki-probe-missing.png';")
    seen: list[str] = []
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not (
            any("kumiki-probe-error" in e for e in seen) and any("kumiki-probe-missing.png" in e for e in seen)):
        time.sleep(0.1)
        seen += browser.console_errors()
    assert any("kumiki-probe-error" in error for error in seen), seen
    assert any("kumiki-probe-missing.png" in error for error in seen), seen


@pytest.mark.parametrize("language", ["both", "en", "ja"])
def test_header_shows_the_whole_site_title_at_375_px(browser: Browser, site: BuiltSite, language: str):
    """On a phone the search field takes a line of its own, so it neither
    covers the site's title nor squeezes it until the words are cut."""
    browser.emulate(PHONE)
    browser.open(site.url("index.html"))
    browser.js("document.documentElement.setAttribute('data-lang', arguments[0])", language)
    state = browser.js(
        """
        const box = s => document.querySelector(s).getBoundingClientRect();
        const title = document.querySelector('.site-title');
        const words = [...title.querySelectorAll('span')].filter(s => s.getClientRects().length > 0);
        return {
          titleRight: Math.max(...words.map(s => s.getBoundingClientRect().right)),
          titleBottom: box('.site-title').bottom,
          overflows: words.some(s => s.scrollWidth > s.clientWidth + 1),
          lines: words.map(s => s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight)),
          toggleLeft: box('.lang-toggle').left,
          searchTop: box('.site-search').top,
          searchWidth: box('.site-search').width,
          searchShown: !document.querySelector('.site-search').hidden,
        };
        """)
    assert state["searchShown"], "the script shows the search field"
    assert state["titleRight"] <= state["toggleLeft"], f"the title runs under the language switch: {state}"
    assert state["searchTop"] >= state["titleBottom"], f"the search field is beside the title, not under it: {state}"
    assert state["searchWidth"] >= PHONE["width"] / 2, f"the search field is squeezed: {state}"
    assert not state["overflows"], f"the title is cut: {state}"
    assert all(lines < 1.5 for lines in state["lines"]), f"the title wraps: {state}"


@pytest.mark.parametrize("language", ["both", "en", "ja"])
def test_page_does_not_scroll_sideways_at_375_px(browser: Browser, site: BuiltSite, page: str, language: str):
    browser.emulate(PHONE)
    browser.open(site.url(page))
    browser.js("document.documentElement.setAttribute('data-lang', arguments[0])", language)
    # A phone widens the layout viewport to fit content that overflows, so
    # both the viewport and the scrolling width must stay at the phone's.
    state = browser.js(
        """
        const limit = arguments[0];
        const wide = [...document.querySelectorAll('body *')]
          .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().right > limit + 0.5)
          .filter(e => !e.parentElement.closest('.layout-gallery, pre, table'))  // these scroll inside themselves
          .slice(0, 5)
          .map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().split(/\\s+/).join('.') : '')
                    + ' reaches ' + Math.round(e.getBoundingClientRect().right) + ' px');
        return {inner: window.innerWidth, scroll: document.scrollingElement.scrollWidth, wide: wide};
        """, PHONE["width"])
    assert state["inner"] == PHONE["width"] and state["scroll"] <= PHONE["width"], (
        f"at {PHONE['width']} px the page is {state['scroll']} px wide (viewport {state['inner']} px); "
        f"too wide: {state['wide']}")


def test_page_follows_the_dark_colour_scheme(browser: Browser, site: BuiltSite, page: str):
    browser.open(site.url(page))
    light = (browser.js(f"return {BACKGROUND}"), browser.js(f"return {TEXT}"))
    browser.dark()
    dark = (browser.js(f"return {BACKGROUND}"), browser.js(f"return {TEXT}"))
    assert browser.js("return matchMedia('(prefers-color-scheme: dark)').matches")
    assert dark[0] != light[0], "the background changes in the dark scheme"
    assert dark[1] != light[1], "the text colour changes in the dark scheme"
    assert luminance(dark[0]) < luminance(light[0]), f"the dark background {dark[0]} is darker than {light[0]}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_page_has_no_serious_accessibility_violation(
        browser: Browser, site: BuiltSite, axe_core, page: str, scheme: str):
    browser.dark(scheme == "dark")
    browser.open(site.url(page))
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    results = axe.run()
    serious = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)


def luminance(css_colour: str) -> float:
    """Relative luminance of an `rgb(…)`/`rgba(…)` computed colour."""
    inside = css_colour[css_colour.index("(") + 1 : css_colour.index(")")]
    red, green, blue = (float(part) / 255 for part in inside.replace("/", ",").split(",")[:3])

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
