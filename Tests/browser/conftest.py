"""The bundled site as a reader meets it, in Chromium and in WebKit.

Before any test is collected, the bundled site (Content/ + Templates/) is
built with the debug `kumiki` once per engine, each for its own base URL
http://127.0.0.1:PORT/docs/. nginx serves each under the sub-path /docs/ on
its loopback port, the way a host publishes a project site. Chromium sees
the site exactly as built; WebKit sees the same build with `error_hook.js`
first in every page's <head>, because WebKit's driver cannot read the
console (see engines.py).

Every page of the site is a test parameter (`page`), so a failure names the
page it happened on; every test that takes `browser` runs in each engine
chosen with `--engines` (both by default; `make browser-test ENGINES=webkit`).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from engines import (BLANK_PAGE, DESKTOP, ENGINES, PHONE, PHONE_FRAME_PAGE, Browser, ChromiumBrowser,
                     VirtualDisplay, WebKitBrowser, recorded_errors_hook)

__all__ = ["PHONE", "DESKTOP", "Browser", "BuiltSite", "SCREENSHOTS"]

REPOSITORY = Path(__file__).resolve().parents[2]
KUMIKI = REPOSITORY / ".build" / "debug" / "kumiki"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SCREENSHOTS = REPOSITORY / "artifacts" / "screenshots"


@dataclass(frozen=True)
class BuiltSite:
    """One build of the site, served by its own nginx."""

    folder: Path
    port: int

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/docs/"

    def pages(self) -> list[str]:
        """Every HTML page, as a path relative to the site root
        (`index.html`, `adaptivity/index.html`, `404.html`)."""
        return sorted(p.relative_to(self.folder).as_posix() for p in self.folder.rglob("*.html"))

    def guideline_pages(self) -> list[str]:
        """The pages written in Content/, the home page, 404 and the search
        results page apart."""
        return [p for p in self.pages() if p not in ("index.html", "404.html", "search/index.html")]

    def url(self, page: str) -> str:
        """The page's address on the server; a folder's index.html is
        addressed by the folder, as links from outside the site do."""
        return self.base_url + (page[: -len("index.html")] if page.endswith("index.html") else page)

    def file_url(self, page: str) -> str:
        return (self.folder / page).as_uri()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _build_site(output: Path, port: int) -> None:
    if not KUMIKI.exists():
        raise pytest.UsageError(f"{KUMIKI} is missing: run `make build` (or `make browser-test`) first")
    command = [str(KUMIKI), "build", "--no-cache", "--output", str(output),
               "--base-url", f"http://127.0.0.1:{port}/docs/"]
    result = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
    if result.returncode != 0:
        raise pytest.UsageError(f"kumiki build failed:\n{result.stderr}{result.stdout}")


def built_once(root: Path, engine: str, make) -> Path:
    """`root`'s site, built once per session into `root/Site` (with the error
    hook in WebKit), after `make(root)` writes the site's files."""
    if not (root / "Site").exists():
        make(root)
        subprocess.run([str(KUMIKI), "build", "--no-cache", "--output", "Site"], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
        if engine == "webkit":
            _add_error_hook(root / "Site")
    return root / "Site"


def _add_error_hook(folder: Path) -> None:
    """Puts error_hook.js right after each page's charset declaration."""
    hook = recorded_errors_hook()
    for page in folder.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        marked, count = re.subn(r"(<meta charset=\"utf-8\">)", lambda m: m.group(1) + hook, html, count=1)
        if count != 1:
            raise pytest.UsageError(f"{page}: no <meta charset=\"utf-8\"> to put the error hook after")
        page.write_text(marked, encoding="utf-8")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--engines", default=",".join(ENGINES),
                     help="comma-separated browser engines to run the suite in (default: %(default)s)")


def pytest_configure(config: pytest.Config) -> None:
    engines = [name.strip() for name in config.getoption("--engines").split(",") if name.strip()]
    unknown = [name for name in engines if name not in ENGINES]
    if unknown or not engines:
        raise pytest.UsageError(f"--engines takes {', '.join(ENGINES)}; got {config.getoption('--engines')!r}")
    workspace = Path(tempfile.mkdtemp(prefix="kumiki-browser-"))
    # nginx workers may run as another user: let them read the site.
    workspace.chmod(0o755)
    config.kumiki_workspace = workspace
    config.kumiki_engines = engines
    # Chromium's site is the one linkchecker and the sitemap test read too:
    # the site exactly as built.
    sites = {}
    for engine in ["chromium"] + [e for e in engines if e != "chromium"]:
        port = _free_port()
        folder = workspace / engine / "docs"
        _build_site(folder, port)
        if engine == "webkit":
            _add_error_hook(folder)
        sites[engine] = BuiltSite(folder=folder, port=port)
    config.kumiki_sites = sites
    config.kumiki_site = sites["chromium"]


def pytest_unconfigure(config: pytest.Config) -> None:
    workspace = getattr(config, "kumiki_workspace", None)
    if workspace is not None:
        shutil.rmtree(workspace, ignore_errors=True)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    site: BuiltSite = metafunc.config.kumiki_site
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", metafunc.config.kumiki_engines, scope="session")
    if "page" in metafunc.fixturenames:
        metafunc.parametrize("page", site.pages())
    if "guideline_page" in metafunc.fixturenames:
        metafunc.parametrize("guideline_page", site.guideline_pages())


# -- nginx -------------------------------------------------------------------

NGINX_CONF = """\
# Generated for one test run: the site under /docs/ on a loopback port.
{user}
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log warn;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {work}/nginx-access.log;
    client_body_temp_path {work}/client_body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port};
        server_name localhost;
        error_page 404 /docs/404.html;
        # Tells linkchecker it may crawl this server at full speed.
        add_header LinkChecker local always;
        location = /docs {{ return 301 /docs/; }}
        location /docs/ {{
            alias {site}/;
            index index.html;
        }}
        # The harness's own pages beside the site (a phone frame, a blank
        # page for clearing storage), outside /docs/ so no crawl finds them.
        location = /phone-frame.html {{ root {work}/harness; }}
        location = /blank.html {{ root {work}/harness; }}
    }}
}}
"""


class Nginx:
    """nginx serving one BuiltSite at http://127.0.0.1:PORT/docs/."""

    def __init__(self, site: BuiltSite, work: Path):
        work.mkdir(parents=True)
        (work / "harness").mkdir()
        (work / "harness" / "phone-frame.html").write_text(
            PHONE_FRAME_PAGE.replace("{width}", str(PHONE["width"])).replace("{height}", str(PHONE["height"])),
            encoding="utf-8")
        (work / "harness" / "blank.html").write_text(BLANK_PAGE, encoding="utf-8")
        # As root the master hands requests to workers of the `user` directive;
        # keep them as root so they read the temporary folder. As anyone else
        # the directive is ignored with a warning, so it is left out.
        user = "user root;" if os.geteuid() == 0 else ""
        conf = work / "nginx.conf"
        conf.write_text(NGINX_CONF.format(user=user, work=work, port=site.port, site=site.folder))
        self.process = subprocess.Popen(
            [NGINX, "-p", str(work), "-c", str(conf)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen(site.base_url, timeout=1) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError):
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                errors = (work / "nginx-error.log").read_text() if (work / "nginx-error.log").exists() else ""
                pytest.fail(f"nginx did not start on port {site.port}:\n{self.process.stderr.read()}{errors}")
            time.sleep(0.05)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture(scope="session")
def servers(pytestconfig: pytest.Config):
    """Starts nginx for a site when first asked; stops them all at the end."""
    started: dict[str, Nginx] = {}

    def serve(engine: str) -> BuiltSite:
        site = pytestconfig.kumiki_sites[engine]
        if engine not in started:
            started[engine] = Nginx(site, Path(pytestconfig.kumiki_workspace) / "nginx" / engine)
        return site

    yield serve
    for nginx in started.values():
        nginx.stop()


@pytest.fixture(scope="session")
def server(servers) -> BuiltSite:
    """The site exactly as built, served under /docs/ (for tests that
    involve no browser: linkchecker, the sitemap)."""
    return servers("chromium")


@pytest.fixture(scope="session")
def site(engine: str, servers) -> BuiltSite:
    """The build the engine under test is shown, already served."""
    return servers(engine)


# -- the engines ---------------------------------------------------------------


@pytest.fixture(scope="session")
def engine_browser(engine: str, site: BuiltSite, pytestconfig: pytest.Config):
    """One browser of the engine under test for the whole run."""
    if engine == "chromium":
        browser = ChromiumBrowser(site, SCREENSHOTS)
        display = None
    else:
        display = VirtualDisplay()
        workspace = Path(pytestconfig.kumiki_workspace) / "webkit-harness"
        workspace.mkdir(exist_ok=True)
        browser = WebKitBrowser(site, SCREENSHOTS / "webkit", display, workspace)
    yield browser
    browser.quit()
    if display is not None:
        display.close()


# -- axe-core -----------------------------------------------------------------


def _axe_core_scripts() -> list[tuple[tuple[int, ...], Path]]:
    """The axe-core scripts the installed Python packages ship, with their
    versions. axe-selenium-python 2.x (the newest on Python 3.11) bundles
    axe-core 3.1; selenium-axe-python bundles a current 4.x, which knows
    many more rules."""
    found = []
    for module, relative in (("axe_selenium_python", "node_modules/axe-core/axe.min.js"),
                             ("selenium_axe_python", "axe-core/axe.min.js")):
        try:
            package = __import__(module)
        except ImportError:
            continue
        script = Path(package.__file__).parent / relative
        if not script.exists():
            continue
        match = re.search(r"axe v(\d+)\.(\d+)\.(\d+)", script.read_text(encoding="utf-8")[:400])
        if match:
            found.append((tuple(int(part) for part in match.groups()), script))
    return sorted(found)


@pytest.fixture(scope="session")
def axe_core() -> Path:
    """The newest axe-core available, to inject through axe-selenium-python."""
    scripts = _axe_core_scripts()
    if not scripts:
        pytest.fail("no axe-core: run `make browser-deps`")
    version, script = scripts[-1]
    if version < (4, 0, 0):
        warnings.warn(f"axe-core {'.'.join(map(str, version))} is old; `make browser-deps` installs a 4.x")
    return script


@pytest.fixture
def browser(engine_browser: Browser) -> Browser:
    """The browser in its default state: desktop size, light scheme, no
    remembered language."""
    engine_browser.reset()
    return engine_browser
