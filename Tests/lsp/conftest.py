"""Fixtures of the `kumiki lsp` suite (make lsp-test).

The server under test is the debug build, `KUMIKI` overrides it. Each test
gets a site of its own in a temporary folder: `kumiki init`'s site (its
kumiki.yml and token file) with the bundled Content/ pages copied in, and
`history: off`, since the folder is not a git repository.
"""

import json
import os
import pathlib
import queue
import shutil
import subprocess
import threading

import pytest
import pytest_lsp.client
from lsprotocol import types

ROOT = pathlib.Path(__file__).resolve().parents[2]
KUMIKI = os.environ.get("KUMIKI", str(ROOT / ".build" / "debug" / "kumiki"))


@pytest_lsp.client.default_feature(types.CLIENT_REGISTER_CAPABILITY)
def register_capability(client: pytest_lsp.client.LanguageClient, params: types.RegistrationParams):
    """Accepts what the server registers, as the editors that offer dynamic
    registration do, and keeps it in `client.registrations` for tests."""
    if not hasattr(client, "registrations"):
        client.registrations = []
    client.registrations.extend(params.registrations)
    return None


@pytest.fixture
def site(tmp_path):
    folder = tmp_path / "site"
    subprocess.run([KUMIKI, "init", str(folder)], check=True, stdout=subprocess.DEVNULL)
    for page in (ROOT / "Content").glob("*.md"):
        shutil.copy(page, folder / "Content" / page.name)
    config = folder / "kumiki.yml"
    config.write_text(config.read_text().replace("history: on", "history: off"))
    return folder


async def finish(client):
    """Ends a pytest-lsp session: `shutdown` and `exit` once initialized;
    before that the client sends nothing, and would wait for ever for a
    server that waits for `exit`, so the server is stopped instead."""
    if client.capabilities is None and client._server is not None and client._server.returncode is None:
        client._server.kill()
        await client._server.wait()
    else:
        await client.shutdown_session()


def line_of(text, needle):
    """The number (0-based) of the first line of `text` that holds `needle`."""
    return next(number for number, line in enumerate(text.splitlines()) if needle in line)


def frame(payload):
    """A message's bytes with its header; `payload` is an object or bytes."""
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class RawServer:
    """`kumiki lsp` driven byte by byte, for what a well-behaved client
    never sends: broken frames, invalid JSON, exit without shutdown."""

    def __init__(self, cwd):
        self.process = subprocess.Popen([KUMIKI, "lsp"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        self.stdout_bytes = bytearray()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    self.messages.put(None)
                    return
                header += byte
                self.stdout_bytes += byte
            fields = dict(line.split(": ", 1) for line in header.decode().strip().split("\r\n"))
            assert set(fields) == {"Content-Length"}, header
            body = stream.read(int(fields["Content-Length"]))
            self.stdout_bytes += body
            self.messages.put(json.loads(body))

    def send(self, payload):
        self.process.stdin.write(payload if isinstance(payload, bytes) else frame(payload))
        self.process.stdin.flush()

    def next_message(self, timeout=20):
        return self.messages.get(timeout=timeout)

    def response(self, id, timeout=20):
        """The response to request `id`, skipping notifications."""
        while True:
            message = self.next_message(timeout)
            assert message is not None, "the server closed its output"
            if "method" not in message and message.get("id") == id:
                return message

    def wait(self, timeout=20):
        self.process.stdin.close()
        return self.process.wait(timeout=timeout)

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def raw_server(site):
    server = RawServer(site)
    yield server
    server.close()


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": None, "capabilities": {}}}
