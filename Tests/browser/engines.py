"""The two browser engines the suite drives, behind one small interface.

Chromium is what most desktop readers use; WebKit is Safari's engine, the
one every iPhone and iPad reader meets. Each test that takes the `browser`
fixture runs once per engine, and its id says which (`[chromium-…]`,
`[webkit-…]`).

Chromium runs headless through Debian's chromedriver and is steered with
the DevTools protocol (device metrics, colour scheme, whole-page captures,
its console log).

WebKit runs as WebKitGTK's MiniBrowser in automation mode, driven by
Debian's WebKitWebDriver, on a private Xvfb display (it has no working
headless mode). Three things it cannot do through WebDriver are done
another way, each said where it is done:

- a phone's width: the window cannot be made narrower than its header bar
  (about 450 px), so a phone is a 375 × 812 frame on a page of the same
  origin, and the test works inside that frame;
- the dark colour scheme: WebKitGTK follows the GTK theme, so a second
  MiniBrowser started with `GTK_THEME=Adwaita:dark` serves the dark scheme;
- console errors: there is no log endpoint, so the pages WebKit is shown
  carry `error_hook.js` first in their <head> and record errors themselves.
"""

from __future__ import annotations

import base64
import io
import os
import subprocess
import urllib.parse
from pathlib import Path

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
WEBKITDRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")

ENGINES = ("chromium", "webkit")

# The longest a script may run: axe-core over the longest page (over two
# hundred diagrams) takes tens of seconds on a busy machine.
SCRIPT_TIMEOUT = 120

# Widths a reader brings: a small phone and a desktop.
PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 2, "mobile": True}
DESKTOP = {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False}

# The page that holds a phone-sized frame in WebKit. It is served from the
# origin of the page it frames (nginx, or a file beside file:// pages), so
# the framed page keeps its own storage rather than a partitioned copy.
PHONE_FRAME_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>phone frame</title>
<style>html, body { margin: 0; } iframe { border: 0; display: block; }</style></head>
<body><iframe title="page" width="{width}" height="{height}"></iframe>
<script>document.querySelector('iframe').src = decodeURIComponent(location.hash.slice(1));</script>
</body></html>
"""

# A page of the site's origin with nothing on it, for clearing storage.
BLANK_PAGE = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>blank</title></head></html>\n"

# Reads and empties what error_hook.js recorded on the current origin.
DRAIN_RECORDED_ERRORS = """
    let found = [];
    try {
      found = JSON.parse(sessionStorage.getItem('kumiki-test-errors') || '[]');
      sessionStorage.removeItem('kumiki-test-errors');
    } catch (storageRefused) {}
    found = found.concat(window.__kumikiTestErrors || []);
    window.__kumikiTestErrors = [];
    return found;
"""

# The tallest whole-page capture WebKit draws here, in CSS pixels.
WEBKIT_CAPTURE_LIMIT = 8000

# Resolves after the next two frames have been drawn.
NEXT_PAINT = """
    const done = arguments[arguments.length - 1];
    requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
"""


class Browser:
    """What a test may ask of either engine. `driver` is the Selenium
    driver to find elements with; everything that differs between the
    engines goes through the methods below."""

    engine: str
    screenshots: Path

    def __init__(self, site, screenshots: Path):
        self.site = site
        self.screenshots = screenshots

    @property
    def driver(self) -> webdriver.Remote:
        raise NotImplementedError

    def reset(self) -> None:
        """Desktop size, light scheme, no remembered language, nothing open."""
        raise NotImplementedError

    def emulate(self, metrics: dict) -> None:
        """Shows the next pages opened at `metrics` (PHONE or DESKTOP)."""
        raise NotImplementedError

    def dark(self, on: bool = True) -> None:
        """Switches the colour scheme; the open page follows."""
        raise NotImplementedError

    def open(self, url: str) -> None:
        raise NotImplementedError

    def js(self, script: str, *arguments):
        return self.driver.execute_script(script, *arguments)

    def console_errors(self) -> list[str]:
        """Errors since the last call (the record is drained)."""
        raise NotImplementedError

    def page_png(self) -> bytes:
        """The whole page, beyond the viewport, as PNG."""
        raise NotImplementedError

    def element_png(self, element: WebElement) -> bytes:
        """Exactly the box of `element`, as PNG."""
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError


# -- Chromium ----------------------------------------------------------------


class ChromiumBrowser(Browser):
    """One headless Chromium, steered through the DevTools protocol."""

    engine = "chromium"

    def __init__(self, site, screenshots: Path):
        super().__init__(site, screenshots)
        for tool in (CHROMIUM, CHROMEDRIVER):
            if not tool.exists():
                raise RuntimeError(f"{tool} is missing: run `make browser-deps`")
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1440,900", "--hide-scrollbars", "--lang=en-US",
                         "--disable-extensions", "--no-first-run", "--disable-background-networking"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        # Selenium Manager is never asked for anything: the driver path is given.
        self._driver = webdriver.Chrome(service=ChromeService(executable_path=str(CHROMEDRIVER)), options=options)
        self._driver.set_page_load_timeout(30)
        self._driver.set_script_timeout(SCRIPT_TIMEOUT)

    @property
    def driver(self) -> webdriver.Remote:
        return self._driver

    def cdp(self, command: str, arguments: dict | None = None):
        return self._driver.execute_cdp_cmd(command, arguments or {})

    def reset(self) -> None:
        self.emulate(DESKTOP)
        self.dark(False)
        self._driver.get("about:blank")
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
        self._driver.get(url)

    def console_errors(self) -> list[str]:
        return [entry["message"] for entry in self._driver.get_log("browser") if entry["level"] == "SEVERE"]

    def page_png(self) -> bytes:
        size = self.cdp("Page.getLayoutMetrics")["cssContentSize"]
        return self._capture({"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1})

    def element_png(self, element: WebElement) -> bytes:
        box = self.js("const r = arguments[0].getBoundingClientRect();"
                      "return [r.left + scrollX, r.top + scrollY, r.width, r.height]", element)
        return self._capture({"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1})

    def _capture(self, clip: dict) -> bytes:
        shot = self.cdp("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        return base64.b64decode(shot["data"])

    def quit(self) -> None:
        self._driver.quit()


# -- WebKit ------------------------------------------------------------------


class VirtualDisplay:
    """A private Xvfb display for WebKitGTK, which needs one."""

    def __init__(self):
        if not XVFB.exists():
            raise RuntimeError(f"{XVFB} is missing: run `make browser-deps`")
        read, write = os.pipe()
        # Large enough for a desktop window; taller windows for whole-page
        # captures are allowed beyond the screen.
        self.process = subprocess.Popen(
            [str(XVFB), "-displayfd", str(write), "-screen", "0", "2560x1600x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as announced:
            number = announced.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


class WebKitBrowser(Browser):
    """WebKitGTK's MiniBrowser: one window per colour scheme, started when
    first needed, with the active one behind `driver`."""

    engine = "webkit"

    def __init__(self, site, screenshots: Path, display: VirtualDisplay, workspace: Path):
        super().__init__(site, screenshots)
        for tool in (MINIBROWSER, WEBKITDRIVER):
            if not tool.exists():
                raise RuntimeError(f"{tool} is missing: run `make browser-deps`")
        self.display = display
        self.scheme = "light"
        self.phone: dict | None = None
        self.sessions: dict[str, webdriver.Remote] = {}
        self.chrome_height: dict[str, int] = {}  # the window's header bar, per session
        # The file:// twins of what nginx serves for this engine.
        self.file_frame = workspace / "phone-frame.html"
        self.file_frame.write_text(PHONE_FRAME_PAGE.replace("{width}", str(PHONE["width"]))
                                   .replace("{height}", str(PHONE["height"])), encoding="utf-8")
        self.file_blank = workspace / "blank.html"
        self.file_blank.write_text(BLANK_PAGE, encoding="utf-8")

    @property
    def driver(self) -> webdriver.Remote:
        return self._session(self.scheme)

    def _session(self, scheme: str) -> webdriver.Remote:
        if scheme not in self.sessions:
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
            options = Options()
            options.binary_location = str(MINIBROWSER)
            options.add_argument("--automation")
            environment = dict(os.environ, DISPLAY=self.display.name, LANG="en_US.UTF-8")
            environment.pop("WAYLAND_DISPLAY", None)
            if scheme == "dark":
                environment["GTK_THEME"] = "Adwaita:dark"
            else:
                environment["GTK_THEME"] = "Adwaita"
            service = Service(executable_path=str(WEBKITDRIVER), env=environment, log_output=subprocess.DEVNULL)
            driver = webdriver.WebKitGTK(options=options, service=service)
            driver.set_page_load_timeout(30)
            driver.set_script_timeout(SCRIPT_TIMEOUT)
            self.sessions[scheme] = driver
            self._size_viewport(scheme, DESKTOP["width"], DESKTOP["height"])
        return self.sessions[scheme]

    def _size_viewport(self, scheme: str, width: int, height: int) -> None:
        """Sizes the window so that its page viewport is `width` × `height`
        (starting the scheme's window if it was not yet)."""
        driver = self._session(scheme)
        if scheme not in self.chrome_height:
            driver.set_window_size(width, height)
            self.chrome_height[scheme] = height - driver.execute_script("return window.innerHeight")
        driver.set_window_size(width, height + self.chrome_height[scheme])

    def reset(self) -> None:
        self.phone = None
        for scheme, driver in self.sessions.items():
            driver.switch_to.default_content()
            self._size_viewport(scheme, DESKTOP["width"], DESKTOP["height"])
            # Forget the language choice and any recorded error on both
            # origins the tests use: WebDriver cannot clear storage, a page
            # of each origin can.
            for blank in (self.site.base_url + "../blank.html", self.file_blank.as_uri()):
                driver.get(blank)
                driver.execute_script("localStorage.clear(); sessionStorage.clear();")
            driver.get("about:blank")
        self.scheme = "light"

    def emulate(self, metrics: dict) -> None:
        self.phone = metrics if metrics.get("mobile") else None
        if self.phone is None:
            self._size_viewport(self.scheme, metrics["width"], metrics["height"])

    def dark(self, on: bool = True) -> None:
        scheme = "dark" if on else "light"
        if scheme == self.scheme:
            return
        # The other scheme is another window: the open page moves there.
        address = None
        if self.scheme in self.sessions:
            address = self.js("return location.href")
        self.scheme = scheme
        driver = self._session(scheme)
        if self.phone is None:
            self._size_viewport(scheme, DESKTOP["width"], DESKTOP["height"])
        if address and address != "about:blank":
            self.open(address)
        else:
            driver.switch_to.default_content()

    def open(self, url: str) -> None:
        driver = self.driver
        driver.switch_to.default_content()
        if self.phone is None:
            driver.get(url)
            return
        frame_page = (self.site.base_url + "../phone-frame.html" if url.startswith("http")
                      else self.file_frame.as_uri())
        driver.get(frame_page + "#" + urllib.parse.quote(url, safe=""))
        driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def console_errors(self) -> list[str]:
        return self.driver.execute_script(DRAIN_RECORDED_ERRORS)

    def page_png(self) -> bytes:
        driver = self.driver
        # WebKit captures only what its window shows, so the window grows to
        # the page. X windows stop at 32,767 px, WebKitGTK draws nothing into
        # one much taller than its largest texture, and a window of tens of
        # thousands of pixels keeps it busy for many seconds after: longer
        # pages are captured down to this height.
        height = min(self.js("return document.documentElement.scrollHeight"), WEBKIT_CAPTURE_LIMIT)
        if self.phone is None:
            width = self.js("return window.innerWidth")
            self._size_viewport(self.scheme, width, height)
            driver.execute_async_script(NEXT_PAINT)
            png = driver.get_screenshot_as_png()
            self._size_viewport(self.scheme, DESKTOP["width"], DESKTOP["height"])
            driver.execute_async_script(NEXT_PAINT)
            return png
        # A phone: the frame grows to the page's height, and the window to the frame's.
        driver.switch_to.default_content()
        frame = driver.find_element(By.TAG_NAME, "iframe")
        self.js("arguments[0].style.height = arguments[1] + 'px'", frame, height)
        self._size_viewport(self.scheme, DESKTOP["width"], height)
        driver.switch_to.frame(frame)
        driver.execute_async_script(NEXT_PAINT)
        driver.switch_to.default_content()
        png = frame.screenshot_as_png
        self.js("arguments[0].style.height = arguments[1] + 'px'", frame, self.phone["height"])
        self._size_viewport(self.scheme, DESKTOP["width"], DESKTOP["height"])
        driver.switch_to.frame(frame)
        driver.execute_async_script(NEXT_PAINT)
        return png

    def element_png(self, element: WebElement) -> bytes:
        # WebKitWebDriver refuses element captures of many SVG elements, and
        # draws others blank: the element is brought into the middle of the
        # viewport, and its box cut out of a capture of the viewport.
        self.js("arguments[0].scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'})", element)
        self.driver.execute_async_script(NEXT_PAINT)
        left, top, right, bottom, scale = self.js(
            "const r = arguments[0].getBoundingClientRect();"
            "return [r.left, r.top, r.right, r.bottom, window.devicePixelRatio]", element)
        viewport = Image.open(io.BytesIO(self.driver.get_screenshot_as_png()))
        box = tuple(round(value * scale) for value in (left, top, right, bottom))
        if box[2] <= box[0] or box[3] <= box[1]:
            raise AssertionError(f"nothing to capture: {element.tag_name} drawn at {box} in a {viewport.size} viewport")
        cut = io.BytesIO()
        viewport.crop(box).save(cut, format="PNG")
        return cut.getvalue()

    def quit(self) -> None:
        for driver in self.sessions.values():
            driver.quit()
        self.sessions.clear()


def recorded_errors_hook() -> str:
    """error_hook.js as an inline <script>, ready to put into a page."""
    source = (Path(__file__).parent / "error_hook.js").read_text(encoding="utf-8")
    return "<script>" + source + "</script>"

