"""Quick fixes beyond did-you-mean, each a plain workspace edit: a control
raised to the touch-target minimum, a placeholder for a missing
translation, and `kumiki translations ack` for a row that may be out of
date."""

import subprocess

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import KUMIKI, finish, line_of
from test_diagnostics import Diagnostics, change, open_document, start


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


async def opened(client, site, text, name="sizes.md"):
    page = site / "Content" / name
    await start(client, site, encodings=["utf-16"])
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    return page, await waiter.at(1), waiter


async def actions_at(client, page, line, diagnostics=()):
    here = types.Range(start=types.Position(line, 0), end=types.Position(line, 0))
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=page.as_uri()), range=here,
        context=types.CodeActionContext(diagnostics=list(diagnostics))))


def applied(text, edits):
    """`text` with a list of TextEdits applied, as an editor applies them
    (UTF-16 positions; these pages' edited lines are ASCII or BMP)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(position):
        return offsets[position.line] + min(position.character, len(lines[position.line]))

    for edit in sorted(edits, key=lambda edit: offset(edit.range.start), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


def replace_all(client, page, version, old, new):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=page.as_uri(), version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=new)]))


SMALL_BUTTON = """---
title: Sizes
title_ja: 大きさ
---

## Buttons

## ボタン

```layout do
title: A small button | 小さなボタン
devices: phones
button go "Go" "進む"
go.centerX = screen.centerX
go.centerY = screen.centerY
go.width = 30
go.height = 30
```
"""


async def test_a_small_control_is_raised_to_the_touch_target_minimum(client: LanguageClient, site):
    page, found, waiter = await opened(client, site, SMALL_BUTTON)
    assert [item.code for item in found] == ["block.do-block-with-findings"]
    (action,) = await actions_at(client, page, line_of(SMALL_BUTTON, "go.width = 30"))
    assert action.title == "Raise 'go' to the 44-point touch target"
    assert action.kind == types.CodeActionKind.QuickFix and action.command is None
    (edit,) = action.edit.changes[page.as_uri()]
    number = line_of(SMALL_BUTTON, "go.width = 30")
    assert edit.range == types.Range(start=types.Position(number, 11), end=types.Position(number, 13))
    assert edit.new_text == "44"
    text = applied(SMALL_BUTTON, [edit])
    # On the control's declaration, both of its sizes are offered.
    actions = await actions_at(client, page, line_of(SMALL_BUTTON, "button go"))
    assert sorted(edit.range.start.line for action in actions for edit in action.edit.changes[page.as_uri()]) == [
        number, number + 1]
    # Applied, both; the block then passes its checks.
    replace_all(client, page, 2, SMALL_BUTTON, text)
    await waiter.at(2)
    (action,) = await actions_at(client, page, line_of(text, "go.height = 30"))
    text = applied(text, action.edit.changes[page.as_uri()])
    assert "go.width = 44\ngo.height = 44\n" in text
    replace_all(client, page, 3, None, text)
    assert list(await waiter.at(3)) == []
    # Nothing to raise once the control is large enough.
    assert list(await actions_at(client, page, line_of(text, "go.width = 44"))) == []


UNTRANSLATED = """---
title: Sizes
title_ja: 大きさ
---

## Buttons

## ボタン

Tap a button to act.

Hold it to see more.

ボタンをタップすると実行します。

## Links

## リンク

A link opens a page.
"""


async def test_a_placeholder_keeps_a_missing_translation_untranslated_and_in_place(client: LanguageClient, site):
    page, found, waiter = await opened(client, site, UNTRANSLATED)
    untranslated = sorted((item.range.start.line, item.code) for item in found)
    hold, link = line_of(UNTRANSLATED, "Hold it"), line_of(UNTRANSLATED, "A link opens")
    assert untranslated == [(hold, "bilingual.untranslated"), (link, "bilingual.untranslated")]

    # The second English paragraph's partner goes after the first's, so
    # that the two runs still pair position by position.
    (diagnostic,) = [item for item in found if item.range.start.line == hold]
    (first,) = await actions_at(client, page, hold, [diagnostic])
    assert first.title == "Insert a placeholder for the Japanese translation ('（未翻訳）')"
    assert "ボタンをタップすると実行します。\n\n（未翻訳）\n\n## Links" in applied(UNTRANSLATED, first.edit.changes[page.as_uri()])
    # The last paragraph's goes right after it.
    (diagnostic,) = [item for item in found if item.range.start.line == link]
    (second,) = await actions_at(client, page, link, [diagnostic])
    text = applied(UNTRANSLATED, first.edit.changes[page.as_uri()] + second.edit.changes[page.as_uri()])
    assert text.endswith("A link opens a page.\n\n（未翻訳）\n")

    # Both rows are still untranslated (the second two lines lower), and
    # nothing else changed.
    replace_all(client, page, 2, None, text)
    after = await waiter.at(2)
    link = line_of(text, "A link opens")
    assert sorted((item.range.start.line, item.code) for item in after) == [
        (hold, "bilingual.untranslated"), (link, "bilingual.untranslated")]
    # `kumiki check` says the same of the saved page.
    page.write_text(text)
    checked = subprocess.run([KUMIKI, "check"], cwd=site, capture_output=True, text=True).stderr
    assert sorted(line.split(": warning: ")[0] for line in checked.splitlines() if line.startswith("Content/sizes.md:")) == [
        f"Content/sizes.md:{hold + 1}:1", f"Content/sizes.md:{link + 1}:1"]
    assert "has no Japanese partner" in checked


async def test_a_placeholder_in_a_crlf_page_keeps_its_line_endings(client: LanguageClient, site):
    text = UNTRANSLATED.replace("\n", "\r\n")
    page, found, waiter = await opened(client, site, text)
    hold = line_of(UNTRANSLATED, "Hold it")
    (diagnostic,) = [item for item in found if item.range.start.line == hold]
    (action,) = await actions_at(client, page, hold, [diagnostic])
    (edit,) = action.edit.changes[page.as_uri()]
    assert edit.new_text == "\r\n\r\n（未翻訳）"


def git(site, *arguments):
    subprocess.run(["git", "-c", "user.name=Kumiki", "-c", "user.email=kumiki@example.org", *arguments], cwd=site,
                   check=True, capture_output=True)


async def test_an_outdated_row_is_acknowledged_as_kumiki_translations_ack_does(client: LanguageClient, site):
    config = site / "kumiki.yml"
    config.write_text(config.read_text().replace("history: off", "history: on"))
    page = site / "Content" / "sizes.md"
    page.write_text(UNTRANSLATED.replace("Hold it to see more.\n\n", ""))
    git(site, "init", "-q")
    git(site, "add", ".")
    git(site, "commit", "-q", "-m", "Sizes")
    text = page.read_text().replace("Tap a button to act.", "Tap a button to act at once.")
    page.write_text(text)
    _, found, _ = await opened(client, site, text)
    (outdated,) = [item for item in found if item.code == "bilingual.outdated"]
    line = line_of(text, "ボタンをタップ")
    assert outdated.range.start.line == line
    (action,) = await actions_at(client, page, line, [outdated])
    assert action.title == f"Acknowledge the row: it still says the same (kumiki translations ack Content/sizes.md:{line + 1})"
    store = site / "translations-checked.txt"
    assert not store.exists(), "the fix is an edit; the file is written only when the editor applies it"
    create, edit = action.edit.document_changes
    assert create.kind == "create" and create.uri == store.as_uri()
    assert edit.text_document.uri == store.as_uri()
    (inserted,) = edit.edits
    # The same text as the command writes.
    subprocess.run([KUMIKI, "translations", "ack", f"Content/sizes.md:{line + 1}"], cwd=site, check=True,
                   capture_output=True)
    assert inserted.new_text == store.read_text()
