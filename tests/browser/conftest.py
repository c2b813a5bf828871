"""Playwright (sync API) driving Debian's chromium against pytest-django's live server."""

from __future__ import annotations

import os
import shutil
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ViewportSize
    from pytest_django.live_server_helper import LiveServer

# Playwright's sync API runs an event loop in this thread; Django must still let it use the ORM.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Debian's chromium-headless-shell where it is installed (scripts/ensure-chromium installs it): the
# same Chromium (same version, same Blink) built for headless use only, as Playwright's own
# headless runs use. The full browser opens a window with its address bar for each new context,
# which starts the address bar's pop-up page in a renderer of its own: about 0.3 s per context,
# and the suite opens some 400 contexts.
CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 900}  # wide enough for the header on one row
ARTIFACTS = Path(__file__).resolve().parents[2] / "var" / "browser"
AXE = Path(__file__).resolve().parents[2] / "var" / "axe" / "axe.min.js"  # scripts/ensure-axe vendors it


# Each context's address, for walk.signed_in (Playwright keeps a context's base_url to itself).
BASE_URLS: weakref.WeakKeyDictionary[BrowserContext, str] = weakref.WeakKeyDictionary()


def _patient_expectations() -> None:
    """Playwright's expect() waits 5 s by default. With the whole suite on two workers a live
    server's first page of a kind (a lesson's scope, the card's matrices) can take longer, so a
    result that does come was reported missing: wait up to 15 s, as actions do (a result that
    never comes still fails)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)


_patient_expectations()


@pytest.fixture
def page(browser: object, live_server: LiveServer) -> Iterator[object]:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(
        base_url=live_server.url,
        viewport=DESKTOP,
    )
    context.set_default_timeout(10_000)
    BASE_URLS[context] = live_server.url
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def contexts(browser: object, live_server: LiveServer) -> Iterator[Callable[..., BrowserContext]]:
    """`contexts(viewport)` opens a browser context on the live server (desktop size unless told;
    `bypass_csp` for a test that injects a script, as axe is; `touch`: a phone's touch screen); all
    are closed at the end, so no browser connection outlives the live server. A context that sets
    the policy aside has axe (when vendored) put in each of its pages as the page begins, by the
    browser itself: injecting its 550 kB script into each page audited took about a third of the
    accessibility walk."""
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    made: list[BrowserContext] = []

    def new(
        viewport: ViewportSize = DESKTOP,
        *,
        bypass_csp: bool = False,
        touch: bool = False,
        base_url: str = "",
    ) -> BrowserContext:
        context = browser.new_context(
            base_url=base_url or live_server.url,
            viewport=viewport,
            bypass_csp=bypass_csp,
            has_touch=touch,
            is_mobile=touch,
        )
        context.set_default_timeout(15_000)
        BASE_URLS[context] = base_url or live_server.url
        if bypass_csp and AXE.exists():
            context.add_init_script(path=AXE)
        made.append(context)
        return context

    try:
        yield new
    finally:
        for context in made:
            context.close()


@pytest.fixture
def asgi_server(live_server: LiveServer) -> Iterator[str]:
    """The site served by uvicorn (cfmj.asgi, as production serves its streams) in a thread of
    this process, on the live server's database: for pages that hold a stream open, which the
    live server (WSGI) cannot serve. Its address, for contexts(base_url=...)."""
    import socket
    import threading
    import time

    import uvicorn

    from cfmj.asgi import application

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(application, host="127.0.0.1", port=port, lifespan="off", log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        # Streams the browsers still hold would keep a graceful exit waiting its whole timeout.
        server.should_exit = server.force_exit = True
        thread.join(timeout=10)


BROWSER_RERUNS = 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test that fails is run again, up to twice (pytest-rerunfailures), before it counts
    as failed: with the whole suite on two cores a page's first answer was now and then not back
    within the wait, a different test each run, each passing alone. A failure that repeats fails;
    the report lists every rerun."""
    browser_dir = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.fspath)).resolve().parent == browser_dir:
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))
