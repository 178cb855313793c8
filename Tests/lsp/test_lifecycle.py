"""Initialize with recorded clients, encodings, errors and the lifecycle."""

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import finish, INITIALIZE, KUMIKI, RawServer


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


def initialize_params(site, capabilities):
    return types.InitializeParams(capabilities=capabilities, root_uri=site.as_uri(),
                                  workspace_folders=[types.WorkspaceFolder(uri=site.as_uri(), name="site")])


@pytest.mark.parametrize("editor, encoding", [("neovim", "utf-8"), ("visual-studio-code", "utf-16")])
async def test_initialize_with_recorded_capabilities(client: LanguageClient, site, editor, encoding):
    result = await client.initialize_session(initialize_params(site, client_capabilities(editor)))
    capabilities = result.capabilities
    # Neovim offers utf-8 first; VS Code 1.65 offers nothing, so utf-16.
    assert capabilities.position_encoding == encoding
    sync = capabilities.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Incremental
    assert sync.save is not None
    assert result.server_info.name == "kumiki"
    # A token's name is offered as the brace is typed, in editors that
    # open completion only on a trigger character.
    assert "{" in capabilities.completion_provider.trigger_characters


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
async def test_a_client_offering_one_encoding_gets_it(client: LanguageClient, site, encoding):
    capabilities = types.ClientCapabilities(general=types.GeneralClientCapabilities(position_encodings=[encoding]))
    result = await client.initialize_session(initialize_params(site, capabilities))
    assert result.capabilities.position_encoding == encoding


async def test_an_unknown_method_is_not_found(client: LanguageClient, site):
    await client.initialize_session(initialize_params(site, client_capabilities("neovim")))
    with pytest.raises(JsonRpcException) as raised:
        await client.protocol.send_request_async("kumiki/noSuchMethod", {"x": 1})
    assert raised.value.code == -32601


def test_wrong_parameter_types_are_invalid_params(raw_server: RawServer):
    # pytest-lsp's client types every parameter, so these go as bytes.
    raw_server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"processId": "not a number", "capabilities": {}}})
    assert raw_server.response(1)["error"]["code"] == -32602
    raw_server.send({"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": {"processId": 1, "capabilities": []}})
    assert raw_server.response(2)["error"]["code"] == -32602
    raw_server.send({"jsonrpc": "2.0", "id": 3, "method": "initialize",
                     "params": {"capabilities": {"general": {"positionEncodings": ["utf-8", 32]}}}})
    assert raw_server.response(3)["error"]["code"] == -32602
    # A refused initialize leaves the server waiting for a good one.
    raw_server.send({"jsonrpc": "2.0", "id": 4, "method": "initialize",
                     "params": {"capabilities": {"general": {"positionEncodings": ["utf-32"]}}}})
    assert raw_server.response(4)["result"]["capabilities"]["positionEncoding"] == "utf-32"


def test_broken_frames_and_invalid_json_leave_the_server_serving(raw_server: RawServer):
    raw_server.send(b"Content-Type: text/plain\r\n\r\n{}")  # no Content-Length
    raw_server.send(b"Content-Length: banana\r\n\r\n{}")
    raw_server.send(b"Content-Length: 99999999999\r\n\r\n")  # larger than any message may be
    raw_server.send(b"this is not a header\r\n\r\n")
    raw_server.send(b"Content-Length: 9\r\n\r\n{not json")
    error = raw_server.response(None)
    assert error["error"]["code"] == -32700
    raw_server.send(b'Content-Length: 7\r\n\r\n[1,2,3]')
    assert raw_server.response(None)["error"]["code"] == -32600
    # A notification that cannot be read is logged and dropped.
    raw_server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 5}})
    raw_server.send(INITIALIZE)
    response = raw_server.response(1)
    assert response["result"]["capabilities"]["positionEncoding"] == "utf-16"
    raw_server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw_server.response(2)["result"] is None
    raw_server.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw_server.process.wait(timeout=20) == 0
    # Every byte on standard output was a frame (RawServer checks each
    # header); the log went to the client as window/logMessage.


def test_stray_bytes_before_a_frame_cost_only_themselves(raw_server: RawServer):
    # Bytes run into the next header, and a body one byte longer than its
    # length (a length counted in UTF-16, say): the frames after are read.
    raw_server.send(b"xyz")
    raw_server.send(INITIALIZE)
    assert "capabilities" in raw_server.response(1)["result"]
    raw_server.send(b'Content-Length: 2\r\n\r\n{}}')
    raw_server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw_server.response(2)["result"] is None


def test_a_request_with_a_null_id_is_answered(raw_server: RawServer):
    # JSON-RPC makes it a request, and LSP's ids are numbers or strings.
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "id": None, "method": "textDocument/hover",
                     "params": {"textDocument": {"uri": "file:///x.md"}, "position": {"line": 0, "character": 0}}})
    assert raw_server.response(None)["error"]["code"] == -32600


def test_a_request_before_initialize_is_refused(raw_server: RawServer):
    # pytest-lsp's client will not send one, so this is sent as bytes.
    raw_server.send({"jsonrpc": "2.0", "id": "early", "method": "textDocument/hover", "params": {}})
    assert raw_server.response("early")["error"]["code"] == -32002
    raw_server.send({"jsonrpc": "2.0", "id": 7, "method": "shutdown"})
    assert raw_server.response(7)["error"]["code"] == -32002
    raw_server.send(INITIALIZE)
    assert "capabilities" in raw_server.response(1)["result"]


def test_logs_say_what_was_skipped(raw_server: RawServer):
    raw_server.send(b"Content-Length: banana\r\n\r\n{}")
    message = raw_server.next_message()
    assert message["method"] == "window/logMessage"
    assert message["params"]["type"] == 1
    assert "banana" in message["params"]["message"]


def test_shutdown_then_exit_ends_with_status_0(raw_server: RawServer):
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    raw_server.response(2)
    raw_server.send({"jsonrpc": "2.0", "id": 3, "method": "kumiki/anything"})
    assert raw_server.response(3)["error"]["code"] == -32600
    raw_server.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw_server.process.wait(timeout=20) == 0


def test_exit_alone_ends_with_status_1(raw_server: RawServer):
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw_server.process.wait(timeout=20) == 1


def test_exit_before_initialize_ends_with_status_1(raw_server: RawServer):
    raw_server.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw_server.process.wait(timeout=20) == 1


def test_the_end_of_input_without_shutdown_ends_with_status_1(raw_server: RawServer):
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    assert raw_server.wait() == 1


def test_a_ten_megabyte_document_and_a_flood_of_changes(raw_server: RawServer, site):
    import time
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    uri = (site / "Content" / "huge.md").as_uri()
    line = "日本語の段落と😀 and English words, e\u0301 again.\r\n"
    text = "---\ntitle: Huge\ntitle_ja: 巨大\n---\n\n" + line * (10_000_000 // len(line.encode()))
    raw_server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
    started = time.monotonic()
    for version in range(2, 202):
        raw_server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": 5 + version, "character": 3},
                                          "end": {"line": 5 + version, "character": 4}}, "text": "語"}]}})
    raw_server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    assert raw_server.response(2, timeout=120)["result"] is None
    raw_server.send({"jsonrpc": "2.0", "method": "exit"})
    assert raw_server.process.wait(timeout=120) == 0
    print(f"a 10 MB document and 200 changes answered in {time.monotonic() - started:.1f} s")


def test_a_request_cancelled_while_it_waits_is_answered_request_cancelled(raw_server: RawServer, site):
    from conftest import frame
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    page = site / "Content" / "huge.md"
    line = "A paragraph of words to keep the server busy for a moment.\n"
    text = "---\ntitle: Huge\ntitle_ja: 巨大\n---\n\n" + line * (10_000_000 // len(line))
    position = {"line": 0, "character": 0}
    # One write: the document, changes that keep the server busy applying
    # them, then requests each cancelled right after it was sent. The
    # server reads ahead of what it handles, so the cancels reach it while
    # the requests still wait their turn.
    burst = frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": page.as_uri(), "languageId": "markdown", "version": 1, "text": text}}})
    for version in range(2, 12):
        burst += frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": page.as_uri(), "version": version},
            "contentChanges": [{"text": text + "x" * version}]}})
    ids = list(range(10, 30))
    for id in ids:
        burst += frame({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
                        "params": {"textDocument": {"uri": page.as_uri()}, "position": position}})
        burst += frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": id}})
    raw_server.send(burst)
    answers = [raw_server.response(id, timeout=120) for id in ids]
    cancelled = [answer for answer in answers if "error" in answer]
    assert cancelled, "no request was still waiting when its cancel arrived"
    assert all(answer["error"]["code"] == -32800 and "result" not in answer for answer in cancelled)
    # A cancel for a request already answered changes nothing: the next
    # request is answered as usual, and nothing else arrives for the old one.
    raw_server.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 10}})
    raw_server.send({"jsonrpc": "2.0", "id": 40, "method": "shutdown"})
    assert raw_server.response(40, timeout=60)["result"] is None


def published(server: RawServer, uri):
    """The first diagnostics the server publishes for `uri`."""
    while True:
        message = server.next_message()
        assert message is not None, "the server closed its output"
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
            return message["params"]["diagnostics"]


def test_a_page_with_a_byte_order_mark_is_read_as_kumiki_check_reads_it(raw_server: RawServer, site):
    # The mark is not text: front matter still opens the page, and the
    # error is on the line and at the column `kumiki check` names.
    page = site / "Content" / "marked.md"
    text = ("\ufeff---\ntitle: Marked\ntitle_ja: 印\n---\n\nText.\n\n文。\n\n"
            "```layout\nbutton b \"B\" \"ビ\"\nb.top = safe.tpo\n```\n")
    page.write_text(text, encoding="utf-8")
    raw_server.send(dict(INITIALIZE, params=dict(INITIALIZE["params"], rootUri=site.as_uri())))
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    raw_server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": page.as_uri(), "languageId": "markdown", "version": 1, "text": text}}})
    diagnostics = published(raw_server, page.as_uri())
    assert [(d["range"]["start"], d["message"]) for d in diagnostics] == [
        ({"line": 11, "character": 13}, "unknown anchor 'tpo'; did you mean 'top'?")]


def test_an_untitled_buffer_is_outside_every_site_and_still_answered(raw_server: RawServer):
    # A buffer never saved has no path, so no site: no diagnostics, and no
    # preview, said so; its layout blocks still get completion and symbols.
    uri = "untitled:Untitled-1"
    raw_server.send(INITIALIZE)
    raw_server.response(1)
    raw_server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    raw_server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "markdown", "version": 1,
        "text": "# Draft\n\nText.\n\n```layout\nbutton b \"B\" \"ビ\"\nb.top = safe.\n```\n"}}})
    document = {"uri": uri}
    raw_server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
                     "params": {"textDocument": document, "position": {"line": 6, "character": 13}}})
    labels = [item["label"] for item in raw_server.response(2)["result"]["items"]]
    assert "top" in labels
    raw_server.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol",
                     "params": {"textDocument": document}})
    assert raw_server.response(3)["result"][0]["children"][0]["name"] == "layout block 1"
    raw_server.send({"jsonrpc": "2.0", "id": 4, "method": "textDocument/diagnostic",
                     "params": {"textDocument": document}})
    assert raw_server.response(4)["result"] == {"kind": "full", "items": []}
    raw_server.send({"jsonrpc": "2.0", "id": 5, "method": "workspace/executeCommand", "params": {
        "command": "kumiki.preview", "arguments": [{"uri": uri, "position": {"line": 6, "character": 0}}]}})
    error = raw_server.response(5)["error"]
    assert error["code"] == -32602 and "is in no site" in error["message"]
