"""Edits inside layout blocks: answered by solving only the edited blocks,
with the diagnostics the full check then confirms."""

import asyncio

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import finish, KUMIKI
from test_diagnostics import Diagnostics, change, errors, open_document, start


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KUMIKI, "lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await finish(lsp_client)


async def every_publish(waiter, version, count, timeout=60):
    """The first `count` diagnostics published for `version`."""
    found = []
    while len(found) < count:
        found.append(await waiter.at(version, timeout=timeout))
    return found


@pytest.mark.parametrize("editor", ["neovim", "visual-studio-code"])
async def test_an_edit_inside_a_block_is_answered_by_the_block_and_confirmed(client: LanguageClient, site, editor):
    page = site / "Content" / "writing-layout-blocks.md"
    text = page.read_text()
    line = text.split("\n").index("go.height = 50")
    await start(client, site, encodings=["utf-16"], editor=editor)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    # The page's diagnostics before the edit (the site's tokens may not be
    # every token the bundled pages use).
    before = errors(await waiter.at(1))
    # "go.height = 50" becomes "go.height = 5x0": a block error, published
    # twice for the version: at once from the block alone, then by the full
    # check, with the same diagnostics.
    change(client, page, 2, (line, 13), (line, 13), "x")
    fast, full = await every_publish(waiter, 2, 2)
    (error,) = [item for item in errors(fast) if item not in before]
    assert error.message == "unexpected 'x0'"
    assert (error.range.start.line, error.range.start.character) == (line, 13)
    assert fast == full
    # Fixed again: the block's stored solve answers.
    change(client, page, 3, (line, 13), (line, 14), "")
    fast, full = await every_publish(waiter, 3, 2)
    assert errors(fast) == before and fast == full


async def test_an_edit_outside_blocks_waits_for_the_full_check(client: LanguageClient, site):
    page = site / "Content" / "writing-layout-blocks.md"
    text = page.read_text()
    await start(client, site)
    waiter = Diagnostics(client, page.as_uri())
    open_document(client, page, text)
    await waiter.at(1)
    # A new line outside any block moves every block below it: only the
    # full check answers, once.
    change(client, page, 2, (0, 0), (0, 0), "\n")
    await waiter.at(2)
    await asyncio.sleep(1)
    assert [params.version for params in waiter.records[waiter.seen:] if params.uri == page.as_uri()] == []
