"""Diagnostics pulled by the client (`textDocument/diagnostic`), for clients
that declare pulling and can be told to pull again."""

import asyncio

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import finish, KUMIKI
from test_diagnostics import Diagnostics, errors, open_document


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


def pulling_neovim():
    """Neovim 0.11's recorded capabilities (which declare pulling) with
    refresh support, as a client that pulls declares it."""
    capabilities = client_capabilities("neovim")
    assert capabilities.text_document.diagnostic is not None
    capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    return capabilities


async def begin(client, site, capabilities):
    return await client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=site.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=site.as_uri(), name="site")]))


async def refreshed(client, seen, timeout=60):
    """Waits until the server has asked for more than `seen` pulls; the
    count then."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while client.diagnostic_refresh_count <= seen:
        if loop.time() > deadline:
            raise TimeoutError("no workspace/diagnostic/refresh")
        await asyncio.sleep(0.02)
    return client.diagnostic_refresh_count


async def pull(client, path, previous=None):
    return await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), previous_result_id=previous))


async def test_a_pulling_client_is_told_to_pull_and_gets_result_ids(client: LanguageClient, site):
    index = site / "Content" / "index.md"
    result = await begin(client, site, pulling_neovim())
    assert result.capabilities.diagnostic_provider.inter_file_dependencies
    pushed = Diagnostics(client, index.as_uri())
    open_document(client, index, index.read_text().replace("(modality.md)", "(modalty.md)"))
    seen = await refreshed(client, 0)
    report = await pull(client, index)
    assert report.kind == "full"
    # The link is written in both languages: an error at each place.
    found = errors(report.items)
    assert len(found) == 2 and all("modalty.md" in error.message and error.source == "kumiki" for error in found)
    # Nothing changed since: the same result.
    again = await pull(client, index, previous=report.result_id)
    assert again.kind == "unchanged" and again.result_id == report.result_id
    # Another page opened as a draft breaks index.md's link to it: the
    # server asks for a new pull, which finds it.
    modality = site / "Content" / "modality.md"
    fixed = index.read_text()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=index.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    open_document(client, modality, modality.read_text().replace("---\n", "---\ndraft: true\n", 1))
    for _ in range(10):
        seen = await refreshed(client, seen)
        later = await pull(client, index, previous=report.result_id)
        if later.kind == "full" and any("modality.md" in item.message for item in errors(later.items)):
            break
    else:
        raise AssertionError("no pulled diagnostic for the link to the draft page")
    assert later.result_id != report.result_id
    # Pulled, never pushed.
    assert [params for params in pushed.records if params.uri == index.as_uri()] == []


async def test_a_client_that_cannot_be_told_to_pull_gets_diagnostics_pushed(client: LanguageClient, site):
    result = await begin(client, site, client_capabilities("neovim"))
    assert result.capabilities.diagnostic_provider is None
