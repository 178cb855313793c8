"""Screenshots for a person to look at: the home page and one guideline page
at a phone's and a desktop's width, whole pages, in artifacts/screenshots/
(Chromium) and artifacts/screenshots/webkit/ (WebKit)."""

from __future__ import annotations

import pytest

from conftest import DESKTOP, PHONE, Browser, BuiltSite


def guideline_to_show(site: BuiltSite) -> str:
    """The first guideline page with a layout block, else the first one."""
    pages = site.guideline_pages()
    assert pages, "the bundled site has guideline pages"
    with_figures = [page for page in pages if "layout-block" in (site.folder / page).read_text(encoding="utf-8")]
    return (with_figures or pages)[0]


def save_whole_page(browser: Browser, name: str) -> None:
    data = browser.page_png()
    assert data.startswith(b"\x89PNG"), name
    browser.screenshots.mkdir(parents=True, exist_ok=True)
    (browser.screenshots / name).write_bytes(data)


@pytest.mark.parametrize("metrics", [PHONE, DESKTOP], ids=["375", "1440"])
@pytest.mark.parametrize("which", ["index", "guideline"])
def test_screenshot(browser: Browser, site: BuiltSite, metrics: dict, which: str):
    page = "index.html" if which == "index" else guideline_to_show(site)
    browser.emulate(metrics)
    browser.open(site.url(page))
    browser.js("return document.fonts.ready")
    slug = "index" if which == "index" else page.split("/")[0]
    save_whole_page(browser, f"{slug}-{metrics['width']}.png")


def test_screenshot_in_the_dark(browser: Browser, site: BuiltSite):
    page = guideline_to_show(site)
    browser.emulate(PHONE)
    browser.dark()
    browser.open(site.url(page))
    browser.js("return document.fonts.ready")
    save_whole_page(browser, f"{page.split('/')[0]}-375-dark.png")
