"""Codes and quick fixes, completion, hover and document symbols of
`kumiki lsp`, asked the way an editor asks for them."""

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import INITIALIZE, KUMIKI, RawServer, finish, line_of
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
        ("Buttons · ボタン", [("A button · ボタン", [("hero", []), ("go", [])]), ("Small · 小", [])]),
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
    # A position past LSP's `uinteger` (2³¹ − 1), up to the largest JSON
    # integer a client could send, is refused, not taken as a line.
    for huge in [2**31, 2**63 - 1]:
        position = {"line": huge, "character": 0}
        document = {"textDocument": {"uri": uri}, "position": position}
        requests += [
            ("textDocument/hover", document),
            ("textDocument/completion", document),
            ("textDocument/references", {**document, "context": {"includeDeclaration": True}}),
            ("textDocument/prepareRename", document),
            ("textDocument/rename", {**document, "newName": "x"}),
            ("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {"start": position, "end": position},
                                         "context": {"diagnostics": []}}),
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


SMALL_BUTTON = """---
title: Sizes
title_ja: 大きさ
---

## Buttons

## ボタン

```layout do
title: A small button | 小さなボタン
devices: phones, pads, iphone-se-1
button go "Go" "進む"
go.centerX = screen.centerX
go.centerY = screen.centerY
go.width = 30
go.height = 30
```
"""


async def test_hover_on_a_view_shows_its_frames_and_findings_in_a_few_environments(client: LanguageClient, site):
    page, _, _ = await opened(client, site, text=SMALL_BUTTON)
    number = line_of(SMALL_BUTTON, "go.width = 30")
    value = (await hover(client, page, number, 1)).contents.value
    declared = line_of(SMALL_BUTTON, "button go") + 1
    assert value.startswith(f"`button` **go**, declared on line {declared} · {declared} 行目で宣言\n\n| environment")
    rows = [line.strip("|").split("|") for line in value.splitlines() if line.startswith("| iP")]
    # The smallest iPhone in portrait, the largest in landscape, an iPad.
    assert [row[0].strip() for row in rows][0] == 'iPhone SE (1st gen, 4"), portrait'
    assert "landscape" in rows[1][0] and rows[1][0].startswith(" iPhone")
    assert rows[2][0].startswith(" iPad") and "portrait" in rows[2][0]
    # Centred on each screen, 30 × 30: x on the 320-point iPhone SE is 145.
    assert [(float(row[3]), float(row[4])) for row in rows] == [(30, 30)] * 3
    assert (float(rows[0][1]), float(rows[0][2])) == (145, 269)
    # The finding on the view, with the guideline it comes from.
    assert "**Findings · 指摘**" in value and "touch-target" in value
    assert "at least 44 × 44 points" in value


async def test_hover_on_a_finding_names_its_guideline(client: LanguageClient, site):
    page, found, _ = await opened(client, site, text=SMALL_BUTTON)
    (warning,) = [item for item in found if item.code == "block.do-block-with-findings"]
    result = await hover(client, page, warning.range.start.line, warning.range.start.character)
    assert result.range == warning.range
    assert result.contents.value.startswith("**Guideline · ガイドライン** (`finding.touch-target`): Controls people tap are at least 44 × 44 points")


async def test_hover_on_settings_and_devices(client: LanguageClient, site):
    page, _, _ = await opened(client, site, text=SMALL_BUTTON)
    number = line_of(SMALL_BUTTON, "devices:")
    line = SMALL_BUTTON.splitlines()[number]
    value = (await hover(client, page, number, 2)).contents.value
    assert value.startswith("**devices**: The devices the block is solved on")
    value = (await hover(client, page, number, line.index("iphone-se-1") + 3)).contents.value
    assert value.startswith('**iPhone SE (1st gen, 4")** (`iphone-se-1`): iPhone, 320 × 568 pt in portrait')
    # kumiki.yml: its keys and the device ids it names.
    config = site / "kumiki.yml"
    text = config.read_text() + "exclude_devices: [iphone-x]\n"
    open_document(client, config, text, language="yaml")
    lines = text.splitlines()
    value = (await hover(client, config, line_of(text, "title_ja:"), 3)).contents.value
    assert value == "**title_ja**: The site's title in Japanese.\n\nサイトの日本語のタイトル。"
    number = len(lines) - 1
    value = (await hover(client, config, number, lines[number].index("iphone-x") + 1)).contents.value
    assert value.startswith("**iPhone X / XS / 11 Pro** (`iphone-x`)")


async def test_document_symbols_list_a_blocks_views_stacks_and_guides(client: LanguageClient, site):
    # A stack whose spacing is a token keeps its place in the outline,
    # whether the site has the token (size.margin) or not (yet).
    block = ("```layout\ntitle: Actions | 操作\nbutton like \"Like\" \"いいね\"\nbutton share \"Share\" \"共有\"\n"
             "stack actions H [like, share] spacing {size.margin}\nstack more H [like, share] spacing {spacing.unknown}\n"
             "guide rail\n```\n")
    text = PAGE.split("```layout")[0] + block
    page, _, _ = await opened(client, site, text=text)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=identifier(page)))
    (heading,) = symbols
    (figure,) = heading.children
    assert [(child.name, child.detail, child.kind) for child in figure.children] == [
        ("like", "button", types.SymbolKind.Variable),
        ("share", "button", types.SymbolKind.Variable),
        ("actions", "stack", types.SymbolKind.Array),
        ("more", "stack", types.SymbolKind.Array),
        ("rail", "guide", types.SymbolKind.Constant),
    ]
    assert figure.children[2].range.start.line == line_of(text, "stack actions")
