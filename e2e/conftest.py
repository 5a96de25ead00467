"""Fixtures for the browser suite.

The suite drives Debian's headless Chromium, sized like a phone (390×844),
against a server that is already running at $HROMADA_BASE_URL (scripts/test
starts one; by hand, `swift run hromada` serves http://127.0.0.1:8080).

- `base_url`: the server's address, without a trailing slash.
- `browser`: one fresh browser session (own profile, so no cookies) per test.
- `new_browser`: a factory for several sessions side by side, e.g. a
  pensioner's and a volunteer's; all of them are closed after the test.

When a test fails, the URL and the start of the page of every browser it
opened are added to the report.
"""

import os

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

# Selenium Manager would otherwise try to download a browser or a driver;
# only Debian's packages are reachable here, and they are what we want.
os.environ.setdefault("SE_OFFLINE", "true")

CHROMIUM = os.environ.get("HROMADA_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("HROMADA_CHROMEDRIVER", "/usr/bin/chromedriver")
PHONE_WIDTH, PHONE_HEIGHT = 390, 844
TIMEOUT_SECONDS = 30

_BROWSERS = pytest.StashKey[list]()


@pytest.fixture(scope="session")
def base_url() -> str:
    return os.environ.get("HROMADA_BASE_URL", "http://127.0.0.1:8080").rstrip("/")


def start_chromium(width: int, height: int, language: str, console: bool = False) -> webdriver.Chrome:
    """Starts headless Chromium with a window of width×height.

    `language` is what the browser asks for in Accept-Language: our users'
    browsers ask for Ukrainian, and headless Chromium would otherwise ask for
    English. --no-sandbox is needed when running as root (CI).

    With `console`, the browser keeps its console messages for the test to read
    with `driver.get_log("browser")` (each call returns those since the last
    one), and refuses downloads, so that following a link that turns out to be
    a file leaves nothing behind.
    """
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        f"--lang={language}",
    ):
        options.add_argument(argument)
    prefs = {"intl.accept_languages": language}
    if console:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        prefs["download_restrictions"] = 3  # block every download
    options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(width, height)
    driver.set_page_load_timeout(TIMEOUT_SECONDS)
    driver.set_script_timeout(TIMEOUT_SECONDS)
    return driver


@pytest.fixture
def new_browser(request):
    """Returns start(width=390, height=844, language="uk", console=False) -> WebDriver."""
    drivers = []
    request.node.stash[_BROWSERS] = drivers

    def start(width=PHONE_WIDTH, height=PHONE_HEIGHT, language="uk", console=False):
        driver = start_chromium(width, height, language, console)
        drivers.append(driver)
        return driver

    yield start
    for driver in drivers:
        try:
            driver.quit()
        except Exception:  # a crashed browser must not hide the test's result
            pass


@pytest.fixture
def browser(new_browser):
    return new_browser()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Adds each open browser's URL and page source to a failed test's report."""
    report = yield
    if report.when == "call" and report.failed:
        for number, driver in enumerate(item.stash.get(_BROWSERS, []), start=1):
            try:
                text = f"URL: {driver.current_url}\n\n{driver.page_source[:4000]}"
            except Exception as error:  # the browser may be the thing that broke
                text = f"(could not read the page: {error})"
            report.sections.append((f"browser {number}", text))
    return report
