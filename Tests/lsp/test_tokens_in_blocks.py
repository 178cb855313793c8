"""`{token}` references in layout blocks: the site's token names completed
after `{`, and a reference leads to the token's line in its file."""

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import finish, KUMIKI
from test_diagnostics import Diagnostics, open_document, start

PAGE = """---
title: Tokens
title_ja: トークン
---

```layout
title: Filled | 塗り
button go "Go" "進む"
go.fill = {color.accent}
go.textColor = {color.ac
```
"""
LINES = PAGE.split("\n")
FILLED = LINES.index("go.fill = {color.accent}")
TYPING = LINES.index("go.textColor = {color.ac")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


@pytest.mark.parametrize("editor", ["neovim", "visual-studio-code"])
async def test_token_names_complete_after_a_brace_and_lead_to_their_line(client: LanguageClient, site, editor):
    page = site / "Content" / "tokens.md"
    tokens = site / "Tokens" / "core.tokens.json"
    await start(client, site, editor=editor)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, PAGE)
    # The site's tokens are known once it has been checked.
    await waiter.at(1)
    found = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=page.as_uri()),
        position=types.Position(line=TYPING, character=len(LINES[TYPING]))))
    (accent,) = [item for item in found.items if item.label == "color.accent"]
    assert accent.kind == types.CompletionItemKind.Color
    assert "color token" in accent.detail
    # It replaces what was typed after the brace.
    assert accent.text_edit.range.start.character == len("go.textColor = {")
    definition = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=page.as_uri()),
        position=types.Position(line=FILLED, character=len("go.fill = {col"))))
    assert definition.uri == tokens.as_uri()
    assert definition.range.start.line == next(
        number for number, line in enumerate(tokens.read_text().split("\n")) if line.strip().startswith('"accent"'))


async def test_hovering_a_token_reference_says_what_it_is(client: LanguageClient, site):
    page = site / "Content" / "tokens.md"
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, PAGE)
    await waiter.at(1)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=page.as_uri()),
        position=types.Position(line=FILLED, character=len("go.fill = {col"))))
    assert hover.contents.value.startswith("**color.accent**: `color` token")
    assert "Tokens/core.tokens.json:" in hover.contents.value
    # The range is the reference with its braces.
    assert (hover.range.start.character, hover.range.end.character) == (len("go.fill = "), len(LINES[FILLED]))
