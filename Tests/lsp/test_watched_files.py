"""Files on disk: watched by the client when it offers to, else by the
server; an open document's unsaved text stays the truth."""

import asyncio
import time

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import finish, KUMIKI
from test_diagnostics import Diagnostics, errors, open_document, start


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


async def until(condition, waiter, version=1, timeout=60):
    """The first diagnostics of `version` that satisfy `condition`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        found = await waiter.at(version, timeout=max(0.1, deadline - loop.time()))
        if condition(found):
            return found


def breaks_the_link(found):
    return any("modality.md" in item.message for item in errors(found))


async def test_the_server_watches_the_site_when_the_client_does_not(client: LanguageClient, site):
    # Neovim's recorded capabilities offer no dynamic registration of
    # watched files.
    index, target = site / "Content" / "index.md", site / "Content" / "modality.md"
    saved = target.read_text()
    await start(client, site)
    waiter = Diagnostics(client, index.as_uri())
    open_document(client, index, index.read_text())
    assert errors(await waiter.at(1)) == []
    # Another program makes the page index.md links to a draft: no message
    # from the client, and index.md's link breaks.
    await asyncio.sleep(0.3)
    target.write_text(saved.replace("---\n", "---\ndraft: true\n", 1))
    await until(breaks_the_link, waiter)
    # Opened in the editor as it was, unsaved: the editor's text wins.
    open_document(client, target, saved)
    await until(lambda found: not breaks_the_link(found), waiter)


async def test_a_client_that_watches_is_asked_to_and_tells_of_changes(client: LanguageClient, site):
    # VS Code's recorded capabilities register watched files dynamically.
    index, target = site / "Content" / "index.md", site / "Content" / "modality.md"
    await start(client, site, editor="visual-studio-code")
    waiter = Diagnostics(client, index.as_uri())
    open_document(client, index, index.read_text())
    assert errors(await waiter.at(1)) == []
    (registration,) = client.registrations
    assert registration.method == "workspace/didChangeWatchedFiles"
    assert [watcher["globPattern"] for watcher in registration.register_options["watchers"]] == ["**/*"]
    # The client tells of the change it saw.
    target.write_text(target.read_text().replace("---\n", "---\ndraft: true\n", 1))
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=target.as_uri(), type=types.FileChangeType.Changed)]))
    await until(breaks_the_link, waiter)


def test_a_client_that_refuses_to_watch_leaves_it_to_the_server(raw_server, site):
    # The client offers to watch, then answers the registration with an
    # error: the server watches the site itself, and says so.
    index, target = site / "Content" / "index.md", site / "Content" / "modality.md"
    capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
    raw_server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"processId": None, "rootUri": site.as_uri(), "capabilities": capabilities}})
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    while True:
        message = raw_server.next_message()
        if message.get("method") == "client/registerCapability":
            break
    raw_server.send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32603, "message": "not here"}})
    while True:
        message = raw_server.next_message()
        if message.get("method") == "window/logMessage" and "watches them itself" in message["params"]["message"]:
            break
    raw_server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": index.as_uri(), "languageId": "markdown", "version": 1, "text": index.read_text()}}})
    while True:
        message = raw_server.next_message(timeout=60)
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == index.as_uri():
            assert not any("modality.md" in item["message"] for item in message["params"]["diagnostics"])
            break
    # Only the server's own watching can tell it of this change.
    time.sleep(0.5)
    target.write_text(target.read_text().replace("---\n", "---\ndraft: true\n", 1))
    while True:
        message = raw_server.next_message(timeout=60)
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == index.as_uri() \
                and any("modality.md" in item["message"] for item in message["params"]["diagnostics"]):
            break
