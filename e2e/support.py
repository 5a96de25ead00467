"""Helpers for browser tests: waiting for pages, reading them, axe checks.

Tests import them with `from support import ...` (pytest puts e2e/ on the
import path, as it has no __init__.py).
"""

import functools
import sys
import warnings
from pathlib import Path

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT_SECONDS = 10

# scripts/test puts a current axe-core here (see AXE_CORE_VERSION there); the
# copy bundled with axe-selenium-python 2.x is axe-core 3.1 from 2018.
AXE_CORE = Path(sys.prefix) / "share" / "axe-core" / "axe.min.js"
BLOCKING_IMPACTS = {"serious", "critical"}


def wait(driver: WebDriver, seconds: float = WAIT_SECONDS) -> WebDriverWait:
    return WebDriverWait(driver, seconds)


def page_language(driver: WebDriver) -> str:
    return driver.execute_script("return document.documentElement.lang")


def heading(driver: WebDriver) -> str:
    """The text of the page's first h1, once it is visible."""
    element = wait(driver).until(EC.visibility_of_element_located((By.TAG_NAME, "h1")))
    return element.text.strip()


def open_page(driver: WebDriver, url: str) -> None:
    """Loads url and waits until the page has finished loading."""
    driver.get(url)
    wait_until_loaded(driver)


def wait_until_loaded(driver: WebDriver) -> None:
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


def click_and_wait_for_next_page(driver: WebDriver, element: WebElement) -> None:
    """Clicks something that navigates (a link, a form's button) and waits for
    the next page: a marker set on the old page's window is gone, and the new
    page has finished loading. (Waiting for the old <html> element to go stale
    is flaky: chromedriver sometimes answers with an inspector error instead of
    a stale-element error while the page is being replaced.)"""
    driver.execute_script("window.__hromadaPreviousPage = true")
    element.click()
    wait(driver).until(
        lambda d: d.execute_script(
            "return !window.__hromadaPreviousPage && document.readyState === 'complete'"
        )
    )


def switch_language(driver: WebDriver, language: str) -> None:
    """Presses the language switch's button for `language` ("uk" or "en")."""
    button = wait(driver).until(
        EC.element_to_be_clickable(
            (By.CSS_SELECTOR, f'form.lang-switch button[value="{language}"]')
        )
    )
    click_and_wait_for_next_page(driver, button)


# Runs axe on arguments[0] (a CSS selector, or the whole page) and answers only the
# serious and critical violations, and of them only what describe_violations reads:
# `resultTypes` spares axe collecting every node that passes, and the answer stays small.
AXE_RUN_SCRIPT = """
const done = arguments[arguments.length - 1];
const blocking = arguments[1];
axe.run(arguments[0] || document, {resultTypes: ['violations']}).then(
  (results) => done(results.violations.filter((v) => blocking.includes(v.impact)).map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({target: n.target})),
  }))),
  (error) => done({error: String(error)}),
);
"""


@functools.cache
def axe_source() -> str:
    """axe-core's script: the current one scripts/test puts in the venv, else the
    older copy bundled with axe-selenium-python."""
    if AXE_CORE.is_file():
        return AXE_CORE.read_text(encoding="utf-8")
    warnings.warn(f"{AXE_CORE} missing (run scripts/test); using the older bundled axe-core")
    return Path(Axe(None).script_url).read_text(encoding="utf-8")


def blocking_violations(driver: WebDriver, context=None) -> list:
    """Runs axe on the current page (or `context`, a CSS selector) and returns
    the violations whose impact is serious or critical (id, impact, help and
    each node's target). axe is injected unless the page already has it."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    answer = driver.execute_async_script(AXE_RUN_SCRIPT, context, sorted(BLOCKING_IMPACTS))
    if isinstance(answer, dict):
        raise AssertionError(f"axe failed on {driver.current_url}: {answer['error']}")
    return answer


def assert_accessible(driver: WebDriver, context=None) -> None:
    """Runs axe on the current page (or `context`, a CSS selector) and fails
    on any violation whose impact is serious or critical."""
    blocking = blocking_violations(driver, context)
    assert not blocking, describe_violations(driver.current_url, blocking)


def describe_violations(url: str, violations: list) -> str:
    lines = [f"{len(violations)} serious or critical accessibility violation(s) on {url}:"]
    for violation in violations:
        lines.append(f"- {violation['id']} ({violation['impact']}): {violation['help']}")
        nodes = violation.get("nodes", [])
        for node in nodes[:5]:
            lines.append(f"    at {' '.join(map(str, node.get('target', [])))}")
        if len(nodes) > 5:
            lines.append(f"    … and {len(nodes) - 5} more")
    return "\n".join(lines)
