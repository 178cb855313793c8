"""Which site a document belongs to: the folder holding kumiki.yml found
upwards from it, else the one holding Content/; several sites at once,
and a lone file that belongs to none."""

import shutil

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import finish, KUMIKI
from test_diagnostics import Diagnostics, errors, open_document


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


async def begin(client, folders, editor="neovim"):
    await client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities(editor),
        workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name) for folder in folders]))


def broken(page):
    """`page`'s text with its first link to modality.md misspelt."""
    return page.read_text().replace("(modality.md)", "(modalty.md)", 1)


async def test_two_sites_under_one_workspace_folder_each_check_their_own(client: LanguageClient, site, tmp_path):
    # The workspace folder holds two sites; each page finds its own upwards.
    folder = tmp_path / "docs"
    shutil.copytree(site, folder / "one")
    shutil.copytree(site, folder / "two")
    (folder / "two" / "Content" / "modality.md").unlink()
    await begin(client, [folder])
    one, two = folder / "one" / "Content" / "index.md", folder / "two" / "Content" / "index.md"
    waiter_one, waiter_two = Diagnostics(client, one.as_uri()), Diagnostics(client, two.as_uri())
    open_document(client, one, one.read_text())
    open_document(client, two, two.read_text())
    assert errors(await waiter_one.at(1)) == []
    # Only the second site lacks the page index.md links to.
    assert any("modality.md" in item.message for item in errors(await waiter_two.at(1)))


async def test_a_site_without_kumiki_yml_is_the_folder_holding_content(client: LanguageClient, site, tmp_path):
    bare = tmp_path / "bare"
    shutil.copytree(site / "Content", bare / "Content")
    page = bare / "Content" / "index.md"
    await begin(client, [tmp_path], editor="visual-studio-code")
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, broken(page))
    assert any("modalty.md" in item.message for item in errors(await waiter.at(1)))


async def test_several_workspace_folders(client: LanguageClient, site, tmp_path):
    other = tmp_path / "other"
    shutil.copytree(site, other)
    await begin(client, [site, other])
    first, second = site / "Content" / "index.md", other / "Content" / "index.md"
    waiter_first, waiter_second = Diagnostics(client, first.as_uri()), Diagnostics(client, second.as_uri())
    open_document(client, first, first.read_text())
    open_document(client, second, broken(second))
    assert errors(await waiter_first.at(1)) == []
    assert any("modalty.md" in item.message for item in errors(await waiter_second.at(1)))


async def test_a_lone_file_without_a_site_still_gets_its_features(client: LanguageClient, tmp_path):
    lone = tmp_path / "notes" / "lone.md"
    lone.parent.mkdir()
    text = "# Notes\n\n```layout\ntitle: Lone | ひとり\nbutton go \"Go\" \"行く\"\ngo.height = 44\n```\n"
    lone.write_text(text)
    await begin(client, [lone.parent])
    open_document(client, lone, text)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=lone.as_uri())))
    assert [symbol.name for symbol in symbols] == ["Notes"]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=lone.as_uri()), position=types.Position(line=5, character=1)))
    assert hover is not None and "button" in hover.contents.value
    # No site, no check: the server publishes nothing for it and keeps serving.
    assert lone.as_uri() not in client.diagnostics


async def test_emacs_eglot_capabilities(client: LanguageClient, site):
    # Emacs 29's eglot, as pytest-lsp recorded it.
    await begin(client, [site], editor="emacs")
    page = site / "Content" / "index.md"
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, broken(page))
    assert any("modalty.md" in item.message for item in errors(await waiter.at(1)))
