"""The live diagram: `workspace/executeCommand` `kumiki.preview` serves the
page as `kumiki serve` does, from the editor's unsaved text, on 127.0.0.1."""

import asyncio
import re
import shutil
import urllib.error
import urllib.parse
import urllib.request

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import INITIALIZE, KUMIKI, ROOT, RawServer, finish, line_of
from test_diagnostics import Diagnostics, change, open_document, start


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


@pytest.fixture
def bundled_site(tmp_path):
    """The bundled site with its tokens, which builds without errors: the
    preview, like `kumiki serve`, serves the last site that built."""
    folder = tmp_path / "bundled"
    folder.mkdir()
    for name in ("Content", "Tokens"):
        shutil.copytree(ROOT / name, folder / name)
    shutil.copy(ROOT / "kumiki.yml", folder / "kumiki.yml")
    return folder


async def preview(client, page, line, character=0):
    return await asyncio.wait_for(client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="kumiki.preview",
        arguments=[{"uri": page.as_uri(), "position": {"line": line, "character": character}}])), timeout=120)


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=20) as response:
        return response.read().decode()


async def served(url, needle, timeout=30):
    """The page at `url` once it holds `needle` (the preview rebuilds after
    each change, a little later)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        html = await loop.run_in_executor(None, get, url)
        if needle in html or loop.time() > deadline:
            return html
        await asyncio.sleep(0.2)


async def test_the_preview_serves_the_block_under_the_cursor_from_the_unsaved_text(client: LanguageClient, bundled_site):
    site = bundled_site
    page = site / "Content" / "materials.md"
    text = page.read_text()
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    await waiter.at(1)

    fence = line_of(text, "```layout do")
    result = await preview(client, page, fence + 3, 4)
    url = urllib.parse.urlsplit(result["url"])
    assert (url.scheme, url.hostname) == ("http", "127.0.0.1")
    assert url.path == "/materials/"
    # The anchor is the id of the block's element on the built page.
    html = get(result["url"])
    (figure,) = re.findall(r'<figure class="[^"]*layout-block[^"]*" id="([^"]+)"', html)
    assert url.fragment == figure
    assert "Content that runs under translucent bars" in html

    # An unsaved edit of the block's title is served, the file untouched.
    title = text.splitlines()[fence + 1]
    column = title.index("Content that runs")
    change(client, page, 2, (fence + 1, column), (fence + 1, column + len("Content")), "Pictures")
    html = await served(result["url"], "Pictures that runs under translucent bars")
    assert "Pictures that runs under translucent bars" in html
    assert page.read_text() == text

    # Asked again, the same preview answers, at the row of another line.
    heading = line_of(text, "## ")
    again = await preview(client, page, heading)
    assert urllib.parse.urlsplit(again["url"]).port == url.port
    anchor = urllib.parse.urlsplit(again["url"]).fragment
    assert anchor and anchor != figure and f'id="{anchor}"' in get(again["url"])


async def test_the_preview_refuses_other_hosts_and_origins_as_kumiki_serve_does(client: LanguageClient, bundled_site):
    site = bundled_site
    page = site / "Content" / "index.md"
    await start(client, site)
    open_document(client, page, page.read_text())
    result = await preview(client, page, 0)
    url = urllib.parse.urlsplit(result["url"])
    # The home page is the root; the front matter is no row.
    assert url.path == "/" and url.fragment == ""
    assert "<html" in get(result["url"])
    # A page on another name (DNS rebinding) gets nothing of the site.
    try:
        get(result["url"], headers={"Host": "attacker.example"})
        raise AssertionError("a foreign Host was served")
    except urllib.error.HTTPError as error:
        assert error.code == 421
    # Work asked by another site's page is refused.
    playground = f"http://127.0.0.1:{url.port}/_kumiki/playground"
    request = urllib.request.Request(playground, data=b"button go", method="POST",
                                     headers={"Origin": "http://attacker.example"})
    try:
        urllib.request.urlopen(request, timeout=20)
        raise AssertionError("a cross-origin request was served")
    except urllib.error.HTTPError as error:
        assert error.code == 403


def test_a_preview_command_with_wrong_arguments_gets_invalid_params(raw_server: RawServer, site):
    raw_server.send(INITIALIZE)
    capabilities = raw_server.response(1)["result"]["capabilities"]
    assert capabilities["executeCommandProvider"] == {"commands": ["kumiki.preview"]}
    raw_server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = (site / "Content" / "index.md").as_uri()
    cases = [
        {"command": "kumiki.build", "arguments": [{"uri": uri, "position": {"line": 0, "character": 0}}]},
        {"command": "kumiki.preview"},
        {"command": "kumiki.preview", "arguments": [{"uri": uri}]},
        {"command": "kumiki.preview", "arguments": [{"uri": "file:///nowhere/page.md", "position": {"line": 0, "character": 0}}]},
    ]
    for number, params in enumerate(cases, start=2):
        raw_server.send({"jsonrpc": "2.0", "id": number, "method": "workspace/executeCommand", "params": params})
        assert raw_server.response(number)["error"]["code"] == -32602, params
