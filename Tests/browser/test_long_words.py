"""A title or a heading made of one long identifier, as API guidelines have
(`UICollectionViewCompositionalLayoutSectionProvider`): it breaks rather than
make the page, its table of contents or its neighbour's previous/next link
scroll sideways on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import PHONE, Browser, built_once

WORD = "UICollectionViewCompositionalLayoutSectionProvider"

PAGES = {
    "a.md": f"""---
title: {WORD}
title_ja: レイアウトの提供
---

## {WORD}

Provides each section.

各セクションを提供します。

## {WORD} の使い方

Return a section.

セクションを返します。
""",
    "b.md": """---
title: Next
title_ja: 次
---

After the long one.

長いものの後。
""",
}


@pytest.fixture(scope="session")
def long_word_site(engine: str, pytestconfig: pytest.Config) -> Path:
    """Two pages, the first titled with one long word, built once per engine."""
    def make(root: Path) -> None:
        (root / "Content").mkdir(parents=True, exist_ok=True)
        (root / "kumiki.yml").write_text("title: Long words\n", encoding="utf-8")
        for name, text in PAGES.items():
            (root / "Content" / name).write_text(text, encoding="utf-8")

    return built_once(Path(pytestconfig.kumiki_workspace) / "long-words" / engine, engine, make)


@pytest.mark.parametrize("slug", ["a", "b"])
@pytest.mark.parametrize("language", ["both", "en"])
def test_a_long_word_does_not_make_the_page_scroll_sideways_at_375_px(
        browser: Browser, long_word_site: Path, slug: str, language: str):
    browser.emulate(PHONE)
    browser.open((long_word_site / slug / "index.html").as_uri())
    browser.js("document.documentElement.setAttribute('data-lang', arguments[0])", language)
    state = browser.js(
        """
        const limit = arguments[0];
        const wide = [...document.querySelectorAll('body *')]
          .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().right > limit + 0.5)
          .slice(0, 5)
          .map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).trim().split(/\\s+/).join('.') : '')
                    + ' reaches ' + Math.round(e.getBoundingClientRect().right) + ' px');
        return {inner: window.innerWidth, scroll: document.scrollingElement.scrollWidth, wide: wide,
                shown: document.body.textContent.includes(arguments[1])};
        """, PHONE["width"], WORD)
    assert state["shown"], "the long word is on the page"
    assert state["inner"] == PHONE["width"] and state["scroll"] <= PHONE["width"], (
        f"at {PHONE['width']} px the page is {state['scroll']} px wide; too wide: {state['wide']}")
    assert state["wide"] == [], state["wide"]
