"""A site with a history (Scripts/history-fixture-site): the translators'
page and a page with possibly outdated rows pass axe-core in both schemes,
and the translators' page links each row to its anchor on its page."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from axe_selenium_python import Axe

from conftest import REPOSITORY, Browser, built_once


@pytest.fixture(scope="session")
def history_site(engine: str, pytestconfig: pytest.Config) -> Path:
    """The fixture site, built once per engine, opened from disk."""
    root = Path(pytestconfig.kumiki_workspace) / "history" / engine
    return built_once(root, engine, lambda root: subprocess.run(
        [str(REPOSITORY / "Scripts" / "history-fixture-site"), str(root)], check=True))


@pytest.mark.parametrize("history_page", ["translations/index.html", "buttons/index.html"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_history_pages_have_no_serious_accessibility_violation(
        browser: Browser, history_site: Path, axe_core, history_page: str, scheme: str):
    browser.dark(scheme == "dark")
    browser.open((history_site / history_page).as_uri())
    assert browser.console_errors() == []
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)


def test_each_listed_row_links_to_an_element_of_its_page(browser: Browser, history_site: Path):
    browser.open((history_site / "translations/index.html").as_uri())
    links = browser.js("return [...document.querySelectorAll('.translators-table a')].map(a => a.href)")
    assert len(links) == 4, links
    for link in links:
        browser.open(link)
        anchor = link.split("#", 1)[1]
        assert browser.js("return document.getElementById(arguments[0]) !== null", anchor), link
