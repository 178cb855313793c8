"""Codes and quick fixes, completion, hover and document symbols of
`kumiki lsp`, asked the way an editor asks for them."""

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import INITIALIZE, KUMIKI, RawServer, finish
from test_diagnostics import Diagnostics, change, errors, open_document, start, units

PAGE = """---
title: Sizes
title_ja: 大きさ
---

## Buttons

## ボタン

```layout
title: A button | ボタン
image hero "Image" "画像"
button go "Go" "進む"
go.wdith = 44
go.top = hero.bottom + 8
```

See [the buttons](#buttons) and [modality](modality.md#sheets).

[ボタン](#buttons)と[モーダル](modality.md#sheets)を参照。
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


def line_of(text, needle):
    return next(number for number, line in enumerate(text.splitlines()) if needle in line)


async def opened(client, site, text=PAGE, encodings=None, editor="neovim"):
    page = site / "Content" / "sizes.md"
    await start(client, site, encodings=encodings, editor=editor)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    return page, await waiter.at(1), waiter


def identifier(page):
    return types.TextDocumentIdentifier(uri=page.as_uri())


async def test_a_diagnostic_names_its_rule_and_spans_the_misspelt_word(client: LanguageClient, site):
    page, found, _ = await opened(client, site, encodings=["utf-16"])
    (error,) = errors(found)
    assert error.code == "layout.unknown-anchor"
    assert error.source == "kumiki"
    line = line_of(PAGE, "go.wdith")
    assert (error.range.start.line, error.range.start.character) == (line, 3)
    assert (error.range.end.line, error.range.end.character) == (line, 8)


async def test_a_did_you_mean_is_a_quick_fix_that_fixes_the_page(client: LanguageClient, site):
    page, found, waiter = await opened(client, site, encodings=["utf-16"], editor="visual-studio-code")
    (error,) = errors(found)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=identifier(page), range=error.range,
        context=types.CodeActionContext(diagnostics=[error])))
    (action,) = actions
    assert action.title == "Replace 'wdith' with 'width'"
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred
    assert action.command is None, "a plain workspace edit, no editor-specific command"
    (edit,) = action.edit.changes[page.as_uri()]
    assert edit.new_text == "width"
    assert edit.range == error.range
    # Applied as the editor applies it, the error is gone.
    change(client, page, 2, (edit.range.start.line, edit.range.start.character),
           (edit.range.end.line, edit.range.end.character), edit.new_text)
    assert errors(await waiter.at(2)) == []
    # No fix is offered where there is no diagnostic.
    elsewhere = types.Range(start=types.Position(0, 0), end=types.Position(0, 3))
    assert not await client.text_document_code_action_async(types.CodeActionParams(
        text_document=identifier(page), range=elsewhere, context=types.CodeActionContext(diagnostics=[])))


async def test_a_misspelt_anchor_in_a_link_is_fixed_in_place(client: LanguageClient, site):
    text = PAGE.replace("](#buttons) and", "](#butons) and").replace("go.wdith", "go.width")
    page, found, _ = await opened(client, site, text=text, encodings=["utf-8"])
    (error,) = errors(found)
    assert error.code == "link.unknown-anchor"
    (action,) = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=identifier(page), range=error.range, context=types.CodeActionContext(diagnostics=[error])))
    (edit,) = action.edit.changes[page.as_uri()]
    line = text.splitlines()[edit.range.start.line]
    assert line.encode()[edit.range.start.character:edit.range.end.character].decode() == "butons"
    assert edit.new_text == "buttons"


async def complete(client, page, line, character):
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=identifier(page), position=types.Position(line, character)))
    return result.items


def labels(items):
    return [item.label for item in items]


async def test_completion_in_a_layout_block(client: LanguageClient, site):
    text = PAGE.replace("go.top = hero.bottom + 8", "go.top = hero.bottom + 8 @hi\n"
                        "when width is regular and la {\n}\nbu\ngo.cen")
    page, _, _ = await opened(client, site, text=text, encodings=["utf-16"])
    lines = text.splitlines()
    # At the start of a line: the view kinds, then the block's names.
    number = lines.index("bu")
    items = await complete(client, page, number, 2)
    assert labels(items)[:3] == ["view", "image", "label"]
    assert {"button", "hero", "go"} <= set(labels(items))
    hero = next(item for item in items if item.label == "hero")
    assert hero.kind == types.CompletionItemKind.Variable
    assert hero.detail == f"image, line {line_of(text, 'image hero') + 1} · image、{line_of(text, 'image hero') + 1} 行目"
    assert hero.text_edit.range == types.Range(start=types.Position(number, 0), end=types.Position(number, 2))
    # After a name and a dot: anchors, and properties where the line starts.
    number = lines.index("go.cen")
    items = await complete(client, page, number, len("go.cen"))
    assert {"centerX", "centerY", "top", "edges", "hugging"} <= set(labels(items))
    assert items[0].text_edit.range.start == types.Position(number, len("go."))
    # After `@`: the named priorities, strongest first.
    number = line_of(text, "@hi")
    items = await complete(client, page, number, len(lines[number]))
    assert labels(items) == ["required", "high", "low"]
    assert items[1].detail == "priority 750 · 優先度 750"
    # After `when` or `and`: the traits.
    number = line_of(text, "when width")
    items = await complete(client, page, number, len("when width is regular and la"))
    assert "landscape" in labels(items) and "textSize" in labels(items)
    items = await complete(client, page, number, len("when wi"))
    assert "width" in labels(items)
    items = await complete(client, page, number, len("when width is reg"))
    assert labels(items) == ["compact", "regular"]
    # A setting's value names no view.
    number = line_of(text, "title: A button")
    assert not await complete(client, page, number, len("title: A bu"))


async def test_completion_in_a_link_offers_pages_and_their_anchors(client: LanguageClient, site):
    text = PAGE + "\nSee [colour](co\n\nSee [sheets](modality.md#sh\n\nSee [here](#bu\n"
    page, _, _ = await opened(client, site, text=text)
    lines = text.splitlines()
    number = line_of(text, "[colour](co")
    items = await complete(client, page, number, len(lines[number]))
    assert "color.md" in labels(items) and "modality.md" in labels(items)
    assert "sizes.md" not in labels(items), "not the page itself"
    assert items[0].kind == types.CompletionItemKind.File
    assert items[0].text_edit.range.start.character == lines[number].index("(co") + 1
    number = line_of(text, "[sheets](modality.md#sh")
    items = await complete(client, page, number, len(lines[number]))
    # One anchor a heading, English and Japanese of a row together.
    assert "sheets" in labels(items) and "what-modality-is-for" in labels(items)
    assert len(items) == len(set(labels(items)))
    sheets = next(item for item in items if item.label == "sheets")
    assert sheets.detail == "Sheets · シート" and sheets.kind == types.CompletionItemKind.Reference
    number = line_of(text, "[here](#bu")
    items = await complete(client, page, number, len(lines[number]))
    assert labels(items) == ["buttons"]
    assert items[0].detail == "Buttons · ボタン"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
async def test_completion_ranges_count_in_the_negotiated_encoding(client: LanguageClient, site, encoding):
    # CRLF line endings, and a line of Japanese, an emoji and a combining mark.
    text = (PAGE + "\n日本語😀、e\u0301の[頁](mo\n").replace("\n", "\r\n")
    page, _, _ = await opened(client, site, text=text, encodings=[encoding])
    number = line_of(text, "[頁](mo")
    line = text.splitlines()[number]
    items = await complete(client, page, number, units(line, encoding))
    modality = next(item for item in items if item.label == "modality.md")
    assert modality.text_edit.range.start.character == units(line[:-2], encoding)
    assert modality.text_edit.range.end.character == units(line, encoding)


async def hover(client, page, line, character):
    return await client.text_document_hover_async(types.HoverParams(
        text_document=identifier(page), position=types.Position(line, character)))


async def test_hover_on_a_view_a_link_and_an_anchor(client: LanguageClient, site):
    page, _, _ = await opened(client, site)
    number = line_of(PAGE, "go.top = hero.bottom")
    result = await hover(client, page, number, len("go.top = he"))
    declared = line_of(PAGE, "image hero") + 1
    assert result.contents.value == f"`image` **hero**, declared on line {declared} · {declared} 行目で宣言"
    assert result.range == types.Range(start=types.Position(number, len("go.top = ")),
                                       end=types.Position(number, len("go.top = hero")))
    line = PAGE.splitlines()[line_of(PAGE, "See [the buttons]")]
    number = line_of(PAGE, "See [the buttons]")
    result = await hover(client, page, number, line.index("modality.md") + 2)
    title = next(l for l in (site / "Content" / "modality.md").read_text().splitlines() if l.startswith("title:"))
    assert result.contents.value.startswith("**" + title.split(": ", 1)[1])
    result = await hover(client, page, number, line.index("#sheets") + 3)
    heading = next(l for l in (site / "Content" / "modality.md").read_text().splitlines() if l.endswith("# Sheets"))
    assert result.contents.value.startswith(heading + " · ") and result.contents.value.endswith("\n\n`modality.md`")
    result = await hover(client, page, number, line.index("#buttons") + 2)
    assert result.contents.value == "## Buttons · ボタン\n\n`sizes.md`"
    # Nothing to say between words.
    assert await hover(client, page, line_of(PAGE, "---"), 0) is None


async def test_document_symbols_are_the_headings_with_their_blocks(client: LanguageClient, site):
    text = PAGE + "\n### Small\n\n### 小\n\n## Links\n\n## リンク\n"
    page, _, _ = await opened(client, site, text=text)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier(page)))

    def tree(items):
        return [(item.name, tree(item.children or [])) for item in items]

    assert tree(symbols) == [
        ("Buttons · ボタン", [("A button · ボタン", []), ("Small · 小", [])]),
        ("Links · リンク", []),
    ]
    block = symbols[0].children[0]
    assert block.range.start.line == line_of(text, "```layout")
    assert block.kind == types.SymbolKind.Struct


def test_requests_with_wrong_params_get_invalid_params(raw_server: RawServer, site):
    # pytest-lsp's client types every parameter, so these go as bytes.
    uri = (site / "Content" / "index.md").as_uri()
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    requests = [
        ("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": "one", "character": 0}}),
        ("textDocument/hover", {"textDocument": {"uri": uri}}),
        ("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {}, "context": {}}),
        ("textDocument/documentSymbol", {"textDocument": {}}),
        ("textDocument/completion", []),
    ]
    for number, (method, params) in enumerate(requests, start=2):
        raw_server.send({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
        assert raw_server.response(number)["error"]["code"] == -32602, method
    # A document the server does not hold: an empty answer, not an error.
    position = {"line": 0, "character": 0}
    raw_server.send({"jsonrpc": "2.0", "id": 20, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": uri}, "position": position}})
    assert raw_server.response(20)["result"] is None
    raw_server.send({"jsonrpc": "2.0", "id": 21, "method": "textDocument/completion",
                     "params": {"textDocument": {"uri": uri}, "position": position}})
    assert raw_server.response(21)["result"] == []


async def test_document_symbols_of_a_page_with_lone_carriage_returns(client: LanguageClient, site):
    # Lines may end with a lone "\r"; the block still ends where it ends.
    text = PAGE.replace("\n", "\r")
    page, _, _ = await opened(client, site, text=text)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier(page)))
    (block,) = symbols[0].children
    assert block.range.start.line == PAGE.splitlines().index("```layout")
    # Its fence, five lines of text, its closing fence.
    assert block.range.end.line == block.range.start.line + 6
