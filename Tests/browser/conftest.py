"""The bundled site as a reader meets it.

Before any test is collected, the bundled site (Content/ + Templates/) is
built with the debug `kumiki` into a temporary folder, for the base URL
http://127.0.0.1:PORT/docs/. nginx serves that folder under the sub-path
/docs/ on the loopback port, the way a host publishes a project site, and one
headless Chromium, driven by Selenium through Debian's chromedriver (never
Selenium Manager: there is no network), visits it.

Every page of the site is a test parameter (`page`), so a failure names the
page it happened on.
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
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPOSITORY = Path(__file__).resolve().parents[2]
KUMIKI = REPOSITORY / ".build" / "debug" / "kumiki"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SCREENSHOTS = REPOSITORY / "artifacts" / "screenshots"

# Widths a reader brings: a small phone and a desktop.
PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True}
DESKTOP = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}


@dataclass(frozen=True)
class BuiltSite:
    """The site built once for the whole run."""

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
        """The pages written in Content/, the home page and 404 apart."""
        return [p for p in self.pages() if p not in ("index.html", "404.html")]

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
    command = [str(KUMIKI), "build", "--output", str(output), "--base-url", f"http://127.0.0.1:{port}/docs/"]
    result = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True)
    if result.returncode != 0:
        raise pytest.UsageError(f"kumiki build failed:\n{result.stderr}{result.stdout}")


def pytest_configure(config: pytest.Config) -> None:
    workspace = Path(tempfile.mkdtemp(prefix="kumiki-browser-"))
    # nginx workers may run as another user: let them read the site.
    workspace.chmod(0o755)
    port = _free_port()
    _build_site(workspace / "Site", port)
    config.kumiki_workspace = workspace
    config.kumiki_site = BuiltSite(folder=workspace / "Site", port=port)


def pytest_unconfigure(config: pytest.Config) -> None:
    workspace = getattr(config, "kumiki_workspace", None)
    if workspace is not None:
        shutil.rmtree(workspace, ignore_errors=True)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    site: BuiltSite = metafunc.config.kumiki_site
    if "page" in metafunc.fixturenames:
        metafunc.parametrize("page", site.pages())
    if "guideline_page" in metafunc.fixturenames:
        metafunc.parametrize("guideline_page", site.guideline_pages())


@pytest.fixture(scope="session")
def site(pytestconfig: pytest.Config) -> BuiltSite:
    return pytestconfig.kumiki_site


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
    }}
}}
"""


@pytest.fixture(scope="session")
def server(site: BuiltSite, pytestconfig: pytest.Config):
    """nginx serving the site at http://127.0.0.1:PORT/docs/."""
    work = Path(pytestconfig.kumiki_workspace) / "nginx"
    work.mkdir()
    # As root the master hands requests to workers of the `user` directive;
    # keep them as root so they read the temporary folder. As anyone else
    # the directive is ignored with a warning, so it is left out.
    user = "user root;" if os.geteuid() == 0 else ""
    conf = work / "nginx.conf"
    conf.write_text(NGINX_CONF.format(user=user, work=work, port=site.port, site=site.folder))
    process = subprocess.Popen(
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
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            errors = (work / "nginx-error.log").read_text() if (work / "nginx-error.log").exists() else ""
            pytest.fail(f"nginx did not start on port {site.port}:\n{process.stderr.read()}{errors}")
        time.sleep(0.05)
    yield site
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()


# -- Chromium ----------------------------------------------------------------


class Browser:
    """One headless Chromium, reset before each test."""

    def __init__(self, driver: webdriver.Chrome, site: BuiltSite):
        self.driver = driver
        self.site = site

    def cdp(self, command: str, arguments: dict | None = None):
        return self.driver.execute_cdp_cmd(command, arguments or {})

    def reset(self) -> None:
        self.emulate(DESKTOP)
        self.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        self.driver.get("about:blank")
        # Forget the language choice on both origins the tests use.
        for origin in (f"http://127.0.0.1:{self.site.port}", "file://"):
            self.cdp("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
        self.console_errors()

    def emulate(self, metrics: dict) -> None:
        self.cdp("Emulation.setDeviceMetricsOverride", metrics)

    def dark(self, on: bool = True) -> None:
        value = "dark" if on else "light"
        self.cdp("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})

    def open(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *arguments):
        return self.driver.execute_script(script, *arguments)

    def console_errors(self) -> list[str]:
        """SEVERE console entries since the last call (the log is drained)."""
        return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.fixture(scope="session")
def chromium(site: BuiltSite):
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not tool.exists():
            pytest.fail(f"{tool} is missing: run `make browser-deps`")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1440,900", "--hide-scrollbars", "--lang=en-US",
                     "--disable-extensions", "--no-first-run", "--disable-background-networking"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # Selenium Manager is never asked for anything: the driver path is given.
    service = Service(executable_path=str(CHROMEDRIVER))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(30)
    yield Browser(driver, site)
    driver.quit()


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
def browser(chromium: Browser, server: BuiltSite) -> Browser:
    """The browser in its default state: desktop size, light scheme, no
    remembered language."""
    chromium.reset()
    return chromium
