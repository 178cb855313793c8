"""A page with `tokens` blocks (a colour group with contrast, dimensions,
type): at 375 px it does not scroll sideways in any language, and it passes
axe-core in both schemes. So does the bundled site's Color page, whose
blocks set four contexts side by side with `compare:`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from axe_selenium_python import Axe

from conftest import PHONE, Browser, BuiltSite, built_once

TOKENS = {
    "color": {
        "$type": "color",
        "background": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1]}},
        "system": {
            "black": {
                "$value": {"colorSpace": "srgb", "components": [0, 0, 0]},
                "$description": "Ink for body text, headings and icons on the page background.",
                "$extensions": {"org.kumiki": {"description_ja": "本文、見出し、アイコンに使う墨色。"}},
            },
            "grey": {
                "$value": {"colorSpace": "srgb", "components": [0.4667, 0.4667, 0.4667], "hex": "#777777"},
                "$description": "Quiet text, only at large sizes.",
            },
            "veil": {"$value": {"colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.5}},
            "ink": {"$value": "{color.system.black}", "$deprecated": "use color.system.black"},
        },
    },
    "size": {
        "$type": "dimension",
        "touch": {"$value": {"value": 2.75, "unit": "rem"}},
        "page-width-of-a-very-wide-layout": {"$value": {"value": 1200, "unit": "px"}},
    },
    "type": {
        "$type": "typography",
        "display": {"$value": {
            "fontFamily": "Noto Sans", "fontSize": {"value": 48, "unit": "px"}, "fontWeight": 700,
            "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": 1.2}},
    },
}

PAGE = """---
title: Tokens
---

The site's tokens.

サイトのトークン。

```tokens
group: color.system
background: color.background
title: System colours | システムカラー
```

```tokens
group: size
```

```tokens
group: type
```
"""


@pytest.fixture(scope="session")
def tokens_site(engine: str, pytestconfig: pytest.Config) -> Path:
    """A one-page site with token files, built once per engine, opened from disk."""
    def make(root: Path) -> None:
        (root / "Content").mkdir(parents=True, exist_ok=True)
        (root / "Tokens").mkdir(exist_ok=True)
        (root / "kumiki.yml").write_text("tokens:\n  files: [Tokens/site.tokens.json]\n", encoding="utf-8")
        (root / "Tokens" / "site.tokens.json").write_text(json.dumps(TOKENS, ensure_ascii=False), encoding="utf-8")
        (root / "Content" / "tokens.md").write_text(PAGE, encoding="utf-8")

    return built_once(Path(pytestconfig.kumiki_workspace) / "tokens" / engine, engine, make)


@pytest.mark.parametrize("language", ["both", "en", "ja"])
def test_a_tokens_page_does_not_scroll_sideways_at_375_px(browser: Browser, tokens_site: Path, language: str):
    browser.emulate(PHONE)
    browser.open((tokens_site / "tokens" / "index.html").as_uri())
    browser.js("document.documentElement.setAttribute('data-lang', arguments[0])", language)
    assert browser.js("return document.querySelectorAll('.tokens-row').length") == 7
    state = browser.js(
        """
        const limit = arguments[0];
        const wide = [...document.querySelectorAll('body *')]
          .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().right > limit + 0.5)
          .slice(0, 5)
          .map(e => e.tagName.toLowerCase() + ' reaches ' + Math.round(e.getBoundingClientRect().right) + ' px');
        return {inner: window.innerWidth, scroll: document.scrollingElement.scrollWidth, wide: wide};
        """, PHONE["width"])
    assert state["inner"] == PHONE["width"] and state["scroll"] <= PHONE["width"], (
        f"at {PHONE['width']} px the page is {state['scroll']} px wide; too wide: {state['wide']}")
    assert state["wide"] == [], state["wide"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_tokens_page_has_no_serious_accessibility_violation(
        browser: Browser, tokens_site: Path, axe_core, scheme: str):
    browser.dark(scheme == "dark")
    browser.open((tokens_site / "tokens" / "index.html").as_uri())
    assert browser.console_errors() == []
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)


# The bundled Color page: 18 colours and 5 sizes (the touch target, and
# spacing.s, spacing.m and the two margins), each colour in the four
# contexts of `compare: theme, contrast`.
COLOR_ROWS = 23
COLOR_CONTEXTS = 18 * 4


def _sideways(browser: Browser) -> dict:
    return browser.js(
        """
        const limit = arguments[0];
        const wide = [...document.querySelectorAll('body *')]
          .filter(e => e.getClientRects().length > 0 && e.getBoundingClientRect().right > limit + 0.5)
          .slice(0, 5)
          .map(e => e.tagName.toLowerCase() + '.' + e.className + ' reaches ' + Math.round(e.getBoundingClientRect().right) + ' px');
        return {inner: window.innerWidth, scroll: document.scrollingElement.scrollWidth, wide: wide};
        """, PHONE["width"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["both", "en", "ja"])
def test_the_color_page_does_not_scroll_sideways_at_375_px(browser: Browser, site: BuiltSite, language: str, scheme: str):
    browser.emulate(PHONE)
    browser.dark(scheme == "dark")
    browser.open(site.url("color/index.html"))
    browser.js("document.documentElement.setAttribute('data-lang', arguments[0])", language)
    assert browser.js("return document.querySelectorAll('.tokens-row').length") == COLOR_ROWS
    assert browser.js("return document.querySelectorAll('.tokens-context').length") == COLOR_CONTEXTS
    # Every context's swatch is drawn at its full 40 px, not squeezed.
    widths = browser.js("return [...document.querySelectorAll('.tokens-context .tokens-swatch')]"
                        ".map(s => Math.round(s.getBoundingClientRect().width))")
    assert set(widths) == {40}, widths
    state = _sideways(browser)
    assert state["inner"] == PHONE["width"] and state["scroll"] <= PHONE["width"], (
        f"at {PHONE['width']} px the page is {state['scroll']} px wide; too wide: {state['wide']}")
    assert state["wide"] == [], state["wide"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_color_page_has_no_serious_accessibility_violation(
        browser: Browser, site: BuiltSite, axe_core, scheme: str):
    browser.emulate(PHONE)
    browser.dark(scheme == "dark")
    browser.open(site.url("color/index.html"))
    assert browser.console_errors() == []
    ids = browser.js("return [...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    axe = Axe(browser.driver, script_url=str(axe_core))
    axe.inject()
    serious = [v for v in axe.run()["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], axe.report(serious)
