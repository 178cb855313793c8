"""Diagnostics of `kumiki check`, published while the document changes."""

import asyncio
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import finish, KUMIKI

PAGE = ("---\r\ntitle: Encoding\r\ntitle_ja: エンコーディング\r\n---\r\n\r\n"
        "## Spacing\r\n\r\n## 余白\r\n\r\nSee [the spacing](#spacing).\r\n\r\n[余白](#spacing)を参照。\r\n")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


async def start(client, site, encodings=None, editor="neovim"):
    capabilities = client_capabilities(editor)
    if encodings is not None:
        capabilities.general = types.GeneralClientCapabilities(position_encodings=encodings)
    await client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=site.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=site.as_uri(), name="site")]))


class Diagnostics:
    """Every publishDiagnostics the client receives, kept in order: the
    client's own waiter keeps one future per method, and two documents'
    diagnostics arriving together would lose one."""

    def __init__(self, client, uri):
        self.uri = uri
        self.received = []
        protocol = client.protocol
        handle = protocol._handle_notification
        if not getattr(handle, "records", None):
            def recording(method, params):
                if method == "textDocument/publishDiagnostics":
                    recording.records.append(params)
                return handle(method, params)
            recording.records = []
            protocol._handle_notification = recording
        self.records = protocol._handle_notification.records
        self.seen = len(self.records)

    async def at(self, version, timeout=60):
        """The next diagnostics of the document at `version`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            while self.seen < len(self.records):
                params = self.records[self.seen]
                self.seen += 1
                if params.uri == self.uri and params.version == version:
                    return params.diagnostics
            await asyncio.sleep(0.02)
        raise TimeoutError(f"no diagnostics of {self.uri} at version {version}")


def open_document(client, path, text, version=1, language="markdown"):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=path.as_uri(), language_id=language, version=version, text=text)))


def change(client, path, version, start, end, text):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text)]))


def units(text, encoding):
    """How many units of `encoding` `text` takes, as LSP counts them."""
    return {"utf-8": len(text.encode("utf-8")), "utf-16": len(text.encode("utf-16-le")) // 2, "utf-32": len(text)}[encoding]


def errors(diagnostics):
    return [item for item in diagnostics if item.severity == types.DiagnosticSeverity.Error]


async def test_the_diagnostics_of_kumiki_check_for_an_unsaved_page(client: LanguageClient, site):
    page = site / "Content" / "index.md"
    text = page.read_text().replace("(modality.md)", "(modalty.md)")
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    found = await waiter.at(1)
    # The same words as `kumiki check` on the saved text.
    page.write_text(text)
    checked = subprocess.run([KUMIKI, "check"], cwd=site, capture_output=True, text=True).stderr
    assert [item.message for item in errors(found)] == [
        line.split(": error: ", 1)[1] for line in checked.splitlines() if line.startswith("Content/index.md:") and ": error: " in line]
    # The link is written in both languages: each place is an error.
    both = errors(found)
    assert len(both) == 2 and both[0].range.start.line != both[1].range.start.line
    for diagnostic in both:
        assert diagnostic.source == "kumiki"
        line = text.splitlines()[diagnostic.range.start.line]
        # Neovim negotiates utf-8: the range covers the link's target.
        assert line.encode()[diagnostic.range.start.character:diagnostic.range.end.character].decode() == "modalty.md"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
async def test_ranges_count_in_the_negotiated_encoding(client: LanguageClient, site, encoding):
    page = site / "Content" / "encoding.md"
    prefix = "日本語と😀、e\u0301 の"
    text = PAGE.replace("[余白](#spacing)", prefix + "[余白](#nowhere)")
    await start(client, site, encodings=[encoding])
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    (diagnostic,) = [item for item in await waiter.at(1) if "nowhere" in item.message]
    assert diagnostic.range.start.line == 11
    target = units(prefix + "[余白](", encoding)
    assert diagnostic.range.start.character == target
    assert diagnostic.range.end.character == target + units("#nowhere", encoding)


async def test_a_problem_at_a_quoted_text_underlines_all_of_it(client: LanguageClient, site):
    # A third label, and a label whose quote is never closed: the range is
    # the quoted text, to its closing quote or to the line's end.
    page = site / "Content" / "labels.md"
    lines = ['button save "Save" "保存" "extra"', 'button w "unterminated']
    text = "---\ntitle: Labels\n---\n\n```layout\n" + "\n".join(lines) + "\n```\n"
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    found = errors(await waiter.at(1))
    underlined = {}
    for item in found:
        line = text.split("\n")[item.range.start.line]
        if line in lines and item.range.start.line == item.range.end.line:
            underlined[line] = line.encode()[item.range.start.character:item.range.end.character].decode()
    assert underlined == {lines[0]: '"extra"', lines[1]: '"unterminated'}


async def test_incremental_edits_introduce_and_fix_an_error(client: LanguageClient, site):
    page = site / "Content" / "edited.md"
    await start(client, site, encodings=["utf-16"], editor="visual-studio-code")
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, PAGE)
    assert errors(await waiter.at(1)) == []
    # Line 11 (CRLF endings) is "[余白](#spacing)を参照。": misspell the anchor.
    anchor = units("[余白](#", "utf-16")
    change(client, page, 2, (11, anchor), (11, anchor + len("spacing")), "spaicng")
    (error,) = errors(await waiter.at(2))
    assert "spaicng" in error.message
    assert (error.range.start.line, error.range.start.character) == (11, anchor - 1)
    # Two more changes in quick succession: only the last one's version
    # needs an answer, and the error is gone.
    change(client, page, 3, (11, anchor), (11, anchor + len("spaicng")), "spac")
    change(client, page, 4, (11, anchor + len("spac")), (11, anchor + len("spac")), "ing")
    assert errors(await waiter.at(4)) == []
    # Version 3 was stale before its check could start: never published.
    assert not [params for params in waiter.records if params.uri == page.as_uri() and params.version == 3]


async def test_a_whole_text_change_replaces_the_document(client: LanguageClient, site):
    page = site / "Content" / "whole.md"
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, PAGE)
    assert errors(await waiter.at(1)) == []
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=page.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=PAGE.replace("(#spacing)", "(#gone)"))]))
    # The anchor is written in both languages: an error at each.
    gone = errors(await waiter.at(2))
    assert len(gone) == 2 and all("#gone" in error.message for error in gone)


async def test_an_open_page_is_the_truth_for_pages_that_link_to_it(client: LanguageClient, site):
    index = site / "Content" / "index.md"
    target = site / "Content" / "modality.md"
    await start(client, site)
    waiter = Diagnostics(client, index.as_uri())
    open_document(client, index, index.read_text())
    assert errors(await waiter.at(1)) == []
    # The page index.md links to, open with different front matter: a
    # draft page is not built, so the link to it breaks.
    text = target.read_text().replace("---\n", "---\ndraft: true\n", 1)
    open_document(client, target, text)
    found = await waiter.at(1)
    assert any("modality.md" in item.message for item in errors(found))


async def test_kumiki_yml_and_token_files_get_their_diagnostics(client: LanguageClient, site):
    config = site / "kumiki.yml"
    tokens = site / "Tokens" / "core.tokens.json"
    await start(client, site)
    waiter = Diagnostics(client, config.as_uri())
    open_document(client, config, config.read_text().replace("raw_html: false", "raw_html: sometimes"), language="yaml")
    found = await waiter.at(1)
    assert any(item.range.start.line == next(number for number, line in enumerate(config.read_text().splitlines())
                                             if line.startswith("raw_html")) for item in found), found
    waiter = Diagnostics(client, tokens.as_uri())
    open_document(client, tokens, tokens.read_text().replace('"{color.accent}"', '"{color.nothing}"'), language="json")
    found = await waiter.at(1)
    assert any("color.nothing" in item.message for item in found), found


async def test_closing_a_document_clears_its_diagnostics(client: LanguageClient, site):
    page = site / "Content" / "closed.md"
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, PAGE.replace("(#spacing)", "(#gone)"))
    assert errors(await waiter.at(1)) != []
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=page.as_uri())))
    await asyncio.sleep(0.5)
    assert list(client.diagnostics[page.as_uri()]) == []


async def test_a_second_place_is_related_information(client: LanguageClient, site):
    copy = site / "Content" / "copy.md"
    other = site / "Content" / "materials.md"
    await start(client, site)
    copy_waiter, other_waiter = Diagnostics(client, copy.as_uri()), Diagnostics(client, other.as_uri())
    open_document(client, other, other.read_text())
    open_document(client, copy, "---\ntitle: Copy\ntitle_ja: コピー\nslug: materials\n---\n")
    found = {copy.as_uri(): await copy_waiter.at(1), other.as_uri(): await other_waiter.at(1)}
    ((uri, diagnostic),) = [(uri, item) for uri, items in found.items() for item in items
                            if "two pages have the slug 'materials'" in item.message]
    (related,) = diagnostic.related_information
    assert related.message == "the other page is here"
    assert related.location.uri != uri
    # The copy's `slug:` line, or the first line of the page without one.
    assert related.location.range.start.line == (3 if related.location.uri == copy.as_uri() else 0)
