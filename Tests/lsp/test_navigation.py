"""Go to definition, references and rename: a view's name within its
layout block, links to pages and headings across the site."""

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import finish, KUMIKI
from test_diagnostics import open_document, start, units

PAGE = """---
title: Navigation
title_ja: ナビゲーション
---

## Buttons

## ボタン

```layout
title: Go | 行く
button go "go on" "進む"
go.height = 44
go.top = safe.top inset 8
```

See [colors](color.md) and [the buttons](#buttons).

[色](color.md)と[ボタン](#buttons)を参照。
"""
LINES = PAGE.split("\n")
DECLARATION = LINES.index('button go "go on" "進む"')
HEIGHT = LINES.index("go.height = 44")
TOP = LINES.index("go.top = safe.top inset 8")
JAPANESE = LINES.index("[色](color.md)と[ボタン](#buttons)を参照。")

ENCODINGS = {"neovim": "utf-8", "visual-studio-code": "utf-16"}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


def at(page, line, character):
    return dict(text_document=types.TextDocumentIdentifier(uri=page.as_uri()),
                position=types.Position(line=line, character=character))


def places(locations):
    return sorted((location.range.start.line, location.range.start.character) for location in locations)


async def begin(client, site, editor):
    page = site / "Content" / "navigation.md"
    await start(client, site, encodings=[ENCODINGS[editor]], editor=editor)
    open_document(client, page, PAGE)
    return page


@pytest.mark.parametrize("editor", ENCODINGS)
async def test_a_view_name_leads_to_its_declaration_and_its_uses(client: LanguageClient, site, editor):
    page = await begin(client, site, editor)
    found = await client.text_document_definition_async(types.DefinitionParams(**at(page, HEIGHT, 1)))
    assert found.uri == page.as_uri()
    assert (found.range.start.line, found.range.start.character, found.range.end.character) == (DECLARATION, 7, 9)
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(page, TOP, 0), context=types.ReferenceContext(include_declaration=True)))
    # The label "go on" is not a use, nor is `safe.top`'s anchor.
    assert places(uses) == [(DECLARATION, 7), (HEIGHT, 0), (TOP, 0)]
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(page, TOP, 0), context=types.ReferenceContext(include_declaration=False)))
    assert places(uses) == [(HEIGHT, 0), (TOP, 0)]


@pytest.mark.parametrize("editor", ENCODINGS)
async def test_a_view_is_renamed_within_its_block(client: LanguageClient, site, editor):
    page = await begin(client, site, editor)
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(**at(page, HEIGHT, 1)))
    assert prepared.placeholder == "go"
    assert (prepared.range.start.line, prepared.range.start.character, prepared.range.end.character) == (HEIGHT, 0, 2)
    edit = await client.text_document_rename_async(types.RenameParams(**at(page, HEIGHT, 1), new_name="proceed"))
    edits = edit.changes[page.as_uri()]
    assert sorted((item.range.start.line, item.range.start.character) for item in edits) == [
        (DECLARATION, 7), (HEIGHT, 0), (TOP, 0)]
    assert {item.new_text for item in edits} == {"proceed"}
    # A system guide is not the block's to rename; nor is a name that is not one.
    assert await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(**at(page, TOP, len("go.top = s")))) is None
    with pytest.raises(Exception, match="is not a name"):
        await client.text_document_rename_async(types.RenameParams(**at(page, HEIGHT, 1), new_name="9 lives"))


TITLED = """---
title: Titles
---

```layout
title: titleLabel | 見出し
label titleLabel "titleLabel" "見出し"
# titleLabel sits at the top
titleLabel.top = safe.top // below titleLabel's bar
titleLabel.centerX = safe.centerX
```
"""
TITLED_LINES = TITLED.split("\n")


@pytest.mark.parametrize("editor", ENCODINGS)
async def test_a_rename_changes_the_name_where_the_language_reads_it_and_nowhere_else(client: LanguageClient, site, editor):
    """A line that starts with "title" is not the title setting, and the
    name in a comment, a label or the title is not a use of the view."""
    await start(client, site, encodings=[ENCODINGS[editor]], editor=editor)
    page = site / "Content" / "titles.md"
    open_document(client, page, TITLED)
    top = TITLED_LINES.index("titleLabel.top = safe.top // below titleLabel's bar")
    edit = await client.text_document_rename_async(types.RenameParams(**at(page, top, 1), new_name="heading"))
    edits = edit.changes[page.as_uri()]
    assert sorted((item.range.start.line, item.range.start.character) for item in edits) == [
        (TITLED_LINES.index('label titleLabel "titleLabel" "見出し"'), 6), (top, 0), (top + 1, 0)]
    # A word the language keeps, or a letter with a combining accent, names no view.
    for name in ["safe", "when", "cafe\u0301"]:
        with pytest.raises(Exception, match="is not a name"):
            await client.text_document_rename_async(types.RenameParams(**at(page, top, 1), new_name=name))


@pytest.mark.parametrize("editor", ENCODINGS)
async def test_links_lead_to_pages_and_headings(client: LanguageClient, site, editor):
    page = await begin(client, site, editor)
    encoding = ENCODINGS[editor]
    # On the Japanese line, "color.md" starts after "[色](".
    found = await client.text_document_definition_async(types.DefinitionParams(
        **at(page, JAPANESE, units("[色](co", encoding))))
    assert found.uri == (site / "Content" / "color.md").as_uri() and found.range.start.line == 0
    found = await client.text_document_definition_async(types.DefinitionParams(
        **at(page, JAPANESE, units("[色](color.md)と[ボタン](#bu", encoding))))
    assert found.uri == page.as_uri() and found.range.start.line == LINES.index("## Buttons")
    # Every link to the heading: both rows of this page.
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(page, JAPANESE, units("[色](color.md)と[ボタン](#bu", encoding)),
        context=types.ReferenceContext(include_declaration=True)))
    english = LINES[JAPANESE - 2]
    assert places(uses) == [(JAPANESE - 2, units(english[:english.index("#buttons")], encoding)),
                            (JAPANESE, units("[色](color.md)と[ボタン](", encoding))]
    # Links to color.md from the bundled pages as well as this one.
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(page, JAPANESE, units("[色](co", encoding)), context=types.ReferenceContext(include_declaration=True)))
    assert {use.uri for use in uses} == {page.as_uri(), (site / "Content" / "index.md").as_uri()}
    assert len([use for use in uses if use.uri == page.as_uri()]) == 2


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
async def test_links_are_found_on_their_lines_whatever_ends_them(client: LanguageClient, site, ending):
    # A page on disk and an open page, both written with Windows or old Mac
    # line endings: each link is found on its own line, not on the first.
    other = site / "Content" / "crlf.md"
    other.write_bytes(PAGE.replace("\n", ending).encode())
    page = await begin(client, site, "neovim")
    open_document(client, site / "Content" / "open.md", PAGE.replace("\n", ending))
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(page, JAPANESE, units("[色](color.md)と[ボタン](#bu", "utf-8")),
        context=types.ReferenceContext(include_declaration=True)))
    # Links to this page's heading are in this page only: the other pages'
    # `#buttons` name their own headings.
    assert places(uses) == [(JAPANESE - 2, units(LINES[JAPANESE - 2][:LINES[JAPANESE - 2].index("#buttons")], "utf-8")),
                            (JAPANESE, units("[色](color.md)と[ボタン](", "utf-8"))]
    uses = await client.text_document_references_async(types.ReferenceParams(
        **at(page, JAPANESE, units("[色](co", "utf-8")), context=types.ReferenceContext(include_declaration=True)))
    for name in ["crlf.md", "open.md"]:
        found = sorted((use.range.start.line, use.range.start.character) for use in uses
                       if use.uri == (site / "Content" / name).as_uri())
        english = LINES[JAPANESE - 2]
        assert found == [(JAPANESE - 2, units(english[:english.index("color.md")], "utf-8")),
                         (JAPANESE, units("[色](", "utf-8"))], name
