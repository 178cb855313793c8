"""The report of `kumiki diff --format html`, opened from disk as a reviewer
opens a CI artifact: a repository made here with fixed dates, whose second
commit rewords a row in both languages and makes a layout block's button
shorter (a new touch-target finding), and widens a banner only the iPad's
landscape reaches."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import KUMIKI, PHONE, Browser, _add_error_hook

PAGE = """---
title: Buttons
title_ja: ボタン
---

{english}

{japanese}

```layout
title: Save bar | 保存バー
devices: iphone-16-pro, ipad-10
button save "Save(保存)"
save.trailing = safe.trailing - 16
save.bottom = safe.bottom - 16
save.height = {height}
save.width = 200
```

```layout
title: Wide banner | 横長のバナー
devices: ipad-10
view banner
banner.top = safe.top
banner.leading = screen.leading
banner.height = 80
banner.width = screen.width @500
banner.width <= {bound}
```
"""


def _commit(root: Path, date: str, message: str) -> None:
    environment = dict(os.environ, GIT_AUTHOR_NAME="Writer", GIT_AUTHOR_EMAIL="writer@example.org",
                       GIT_COMMITTER_NAME="Writer", GIT_COMMITTER_EMAIL="writer@example.org",
                       GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date, GIT_CONFIG_NOSYSTEM="1")
    subprocess.run(["git", "add", "-A"], cwd=root, check=True)
    subprocess.run(["git", "-c", "commit.gpgsign=false", "commit", "-q", "-m", message], cwd=root, check=True,
                   env=environment)


@pytest.fixture(scope="session")
def report(engine: str, pytestconfig: pytest.Config) -> Path:
    """The report's page, written once per engine."""
    root = Path(pytestconfig.kumiki_workspace) / "diff-report" / engine
    if not (root / "report").exists():
        (root / "Content").mkdir(parents=True)
        (root / "kumiki.yml").write_text("title: Review fixture\n", encoding="utf-8")
        subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
        page = root / "Content" / "buttons.md"
        page.write_text(PAGE.format(english="Buttons sit at the bottom.", japanese="ボタンは下に置きます。", height=50,
                                    bound=900),
                        encoding="utf-8")
        _commit(root, "2026-11-02T09:00:00Z", "Buttons")
        page.write_text(PAGE.format(english="Buttons rest at the bottom edge.", japanese="ボタンは下端に置きます。",
                                    height=30, bound=1000), encoding="utf-8")
        _commit(root, "2026-11-03T09:00:00Z", "Buttons: lower")
        subprocess.run([str(KUMIKI), "diff", "HEAD~1", "HEAD", "--format", "html", "--output", "report"], cwd=root,
                       check=True)
        if engine == "webkit":
            _add_error_hook(root / "report")
    return root / "report" / "index.html"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_report_opens_from_disk_with_no_error_and_no_accessibility_violation(
        browser: Browser, report: Path, axe_core, scheme: str):
    browser.dark(scheme == "dark")
    browser.open(report.as_uri())
    assert browser.console_errors() == []
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    violations = axe.run()["violations"]
    assert violations == [], axe.report(violations)


def test_a_changed_block_is_drawn_side_by_side_and_as_an_overlay(browser: Browser, report: Path):
    browser.open(report.as_uri())
    drawings = browser.js("""
        const block = document.querySelector('section.block');
        const shown = e => e && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
        const pair = [...block.querySelectorAll('.side-by-side svg')];
        const overlay = block.querySelector('.overlay svg');
        return {
          pair: pair.filter(shown).map(s => s.querySelector('title').textContent),
          overlay: shown(overlay) ? overlay.querySelector('title').textContent : null,
          old: overlay.querySelectorAll('rect.old').length,
          dashed: getComputedStyle(overlay.querySelector('rect.old')).strokeDasharray !== 'none',
        };
    """)
    assert drawings["pair"] == ["Before: iphone-16-pro/portrait", "After: iphone-16-pro/portrait"]
    assert drawings["overlay"].startswith("Overlay: iphone-16-pro/portrait")
    assert drawings["old"] == 1
    assert drawings["dashed"]


def test_the_report_fits_a_phone_without_scrolling_sideways(browser: Browser, report: Path):
    """The iPad's landscape drawings (the banner's) are wider than a phone's
    screen holds two of: the pair wraps, before above after."""
    browser.emulate(PHONE)
    browser.open(report.as_uri())
    state = browser.js("""
        const limit = arguments[0];
        const wide = [...document.querySelectorAll('body *')]
          .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().right > limit + 0.5)
          .slice(0, 5).map(e => e.tagName.toLowerCase() + ' reaches ' + Math.round(e.getBoundingClientRect().right) + ' px');
        return {inner: window.innerWidth, scroll: document.scrollingElement.scrollWidth, wide: wide};
    """, PHONE["width"])
    assert state["inner"] == PHONE["width"] and state["scroll"] <= PHONE["width"], (
        f"at {PHONE['width']} px the report is {state['scroll']} px wide; too wide: {state['wide']}")


def test_the_changed_words_are_marked_in_each_language(browser: Browser, report: Path):
    browser.open(report.as_uri())
    marks = browser.js("""
        const marked = (lang, tag) => [...document.querySelectorAll(`table.rows td[lang=${lang}] ${tag}`)]
          .map(e => e.textContent);
        return {en: [marked('en', 'del'), marked('en', 'ins')], ja: [marked('ja', 'del'), marked('ja', 'ins')],
                differs: getComputedStyle(document.querySelector('ins')).backgroundColor
                  !== getComputedStyle(document.querySelector('td')).backgroundColor};
    """)
    assert marks["en"] == [["sit"], ["rest", " edge"]]
    assert marks["ja"] == [[], ["端"]]
    assert marks["differs"]


def test_the_skip_link_and_every_page_link_work_from_the_keyboard(browser: Browser, report: Path):
    browser.open(report.as_uri())
    ActionChains(browser.driver).send_keys(Keys.TAB).perform()
    assert browser.js("return document.activeElement.className") == "skip"
    ActionChains(browser.driver).send_keys(Keys.TAB).perform()
    assert browser.js("return document.activeElement.getAttribute('href')") == "#page-1"
    ActionChains(browser.driver).send_keys(Keys.ENTER).perform()
    assert browser.js("return location.hash") == "#page-1"


@pytest.fixture(scope="session")
def changelog_site(engine: str, report: Path) -> Path:
    """The report's repository built as a site with `changelog: on` (one
    more commit turns it on), opened from disk."""
    root = report.parent.parent
    site = root / "Site"
    if not site.exists():
        (root / "kumiki.yml").write_text("title: Review fixture\nchangelog: on\n", encoding="utf-8")
        _commit(root, "2026-11-04T09:00:00Z", "Turn on the change log")
        subprocess.run([str(KUMIKI), "build", "--no-cache", "--output", "Site"], cwd=root, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if engine == "webkit":
            _add_error_hook(site)
    return site


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_change_log_page_has_no_error_and_no_serious_accessibility_violation(
        browser: Browser, changelog_site: Path, axe_core, scheme: str):
    browser.dark(scheme == "dark")
    browser.open((changelog_site / "changes" / "index.html").as_uri())
    assert browser.console_errors() == []
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)


def test_each_change_links_to_its_row_and_the_footer_to_the_change_log(browser: Browser, changelog_site: Path):
    browser.open((changelog_site / "buttons" / "index.html").as_uri())
    footer = browser.js("return document.querySelector('.footer-changes a').href")
    assert footer == (changelog_site / "changes" / "index.html").as_uri()
    browser.open(footer)
    links = browser.js("return [...document.querySelectorAll('.changes-rows a')].map(a => a.href)")
    assert links, "no row is linked"
    for link in links:
        browser.open(link)
        anchor = link.split("#", 1)[1]
        assert browser.js("return document.getElementById(arguments[0]) !== null", anchor), link
