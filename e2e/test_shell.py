"""The web shell every app shares: landing page, languages, error pages,
small screens, security headers, health and metrics."""

from urllib.parse import urlparse

import requests
from selenium.webdriver.common.by import By

from support import (
    assert_accessible,
    click_and_wait_for_next_page,
    heading,
    open_page,
    page_language,
    switch_language,
)

APP_COUNT = 5  # Golden Ager, MoveJoin, Fuctivity, Znoshka, Smart Shelter
HTTP_TIMEOUT = 10
HTML = {"Accept": "text/html"}


def test_landing_page_lists_every_app_in_ukrainian(browser, base_url):
    open_page(browser, f"{base_url}/")

    assert page_language(browser) == "uk"
    assert "Громада" in heading(browser)
    apps = browser.find_elements(By.CSS_SELECTOR, "#apps li.app")
    assert len(apps) == APP_COUNT
    assert all(app.text.strip() for app in apps), "every app has a name and a line about it"

    # Only mounted apps are links; each must open.
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#apps a")]
    broken = {}
    for link in links:
        status = requests.get(link, headers=HTML, timeout=HTTP_TIMEOUT).status_code
        if status != 200:
            broken[link] = status
    assert not broken, f"app links that do not answer 200: {broken}"

    assert_accessible(browser)


def test_english_sticks_across_pages_until_switched_back(browser, base_url):
    open_page(browser, f"{base_url}/")
    assert page_language(browser) == "uk"

    switch_language(browser, "en")
    assert page_language(browser) == "en"
    assert "Hromada" in heading(browser)
    assert urlparse(browser.current_url).path == "/", "the switch returns to the same page"

    open_page(browser, f"{base_url}/")
    assert page_language(browser) == "en"
    open_page(browser, f"{base_url}/no-such-page")
    assert page_language(browser) == "en"
    assert "Page not found" in heading(browser)

    open_page(browser, f"{base_url}/")
    switch_language(browser, "uk")
    assert page_language(browser) == "uk"
    open_page(browser, f"{base_url}/no-such-page")
    assert page_language(browser) == "uk"
    assert "Сторінку не знайдено" in heading(browser)
    open_page(browser, f"{base_url}/")
    assert page_language(browser) == "uk"


def test_unknown_page_is_a_ukrainian_404(browser, base_url):
    url = f"{base_url}/definitely-missing"
    response = requests.get(url, headers=HTML, timeout=HTTP_TIMEOUT)
    assert response.status_code == 404
    assert response.headers.get("Content-Type", "").startswith("text/html")

    open_page(browser, url)
    assert page_language(browser) == "uk"
    assert "Сторінку не знайдено" in heading(browser)
    assert_accessible(browser)


def test_landing_page_fits_a_360px_screen(browser, base_url):
    browser.set_window_size(360, 800)
    open_page(browser, f"{base_url}/")
    heading(browser)

    viewport = browser.execute_script("return window.innerWidth")
    content = browser.execute_script("return document.documentElement.scrollWidth")
    assert viewport <= 360, f"the window did not shrink to 360 px (viewport {viewport} px)"
    assert content <= viewport, f"horizontal scroll: content {content} px, viewport {viewport} px"


def csp_directives(header: str) -> dict:
    """'a b c; d e' -> {'a': ['b', 'c'], 'd': ['e']} (directive names lower-cased)."""
    directives = {}
    for part in header.split(";"):
        tokens = part.split()
        if tokens:
            directives[tokens[0].lower()] = tokens[1:]
    return directives


def test_pages_carry_security_headers(base_url):
    response = requests.get(f"{base_url}/", headers=HTML, timeout=HTTP_TIMEOUT)
    assert response.status_code == 200

    csp = csp_directives(response.headers.get("Content-Security-Policy", ""))
    assert "'none'" in csp.get("frame-ancestors", []), csp
    assert "'self'" in csp.get("script-src", []), csp
    assert "'unsafe-inline'" not in csp.get("script-src", []), csp
    assert response.headers.get("X-Content-Type-Options", "").lower() == "nosniff"
    assert response.headers.get("Referrer-Policy")


def test_language_switch_is_protected_against_csrf(browser, base_url):
    open_page(browser, f"{base_url}/")
    form = browser.find_element(By.CSS_SELECTOR, "form.lang-switch")
    assert (form.get_attribute("method") or "").lower() == "post"
    token = form.find_element(By.CSS_SELECTOR, 'input[type="hidden"][name="_csrf"]')
    assert token.get_attribute("value"), "the CSRF token is not empty"

    forged = requests.post(
        f"{base_url}/locale",
        data={"locale": "en", "back": "/"},
        headers=HTML,
        allow_redirects=False,
        timeout=HTTP_TIMEOUT,
    )
    assert forged.status_code == 403


def test_health_and_metrics(base_url):
    health = requests.get(f"{base_url}/health", timeout=HTTP_TIMEOUT)
    assert health.status_code == 200

    metrics = requests.get(f"{base_url}/metrics", timeout=HTTP_TIMEOUT)
    assert metrics.status_code == 200
    assert "http_requests_total" in metrics.text


# Words split across two lines inside buttons, tabs and table headers («Прийнят/и»,
# «Статистик/а», «Завдан/ня»). Each word (letters, digits and apostrophes; a hyphen is a
# fair place to break) is measured with a Range: one that spans two lines has boxes
# at two heights.
SPLIT_WORDS_SCRIPT = r"""
const split = [];
for (const el of document.querySelectorAll('button, .button, nav.tabs a, th')) {
  if (el.getClientRects().length === 0) continue;  // not shown
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[\p{L}\p{N}’']+/gu)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
      if (lines.size > 1) split.push(`«${m[0]}» in <${el.tagName.toLowerCase()} class="${el.className}">`);
    }
  }
}
return split;
"""

# Signed in as each app's demo account (printed at start): the pages people use most.
NARROW_PAGES = [
    ("/golden-ager", "phone", "380671112233", "pensioner-demo",
     ["/categories", "/instructions", "/orders", "/profile", "/relatives"]),
    ("/golden-ager", "phone", "380661112233", "relative-demo", ["/relatives", "/categories", "/orders", "/profile"]),
    ("/golden-ager", "phone", "380501112233", "volunteer-demo", ["/inbox", "/assignments", "/hours/certificate", "/profile"]),
    ("/golden-ager", "phone", "380951112233", "coordinator-demo", ["/board", "/admin/accounts"]),
    ("/movejoin", "email", "olena@movejoin.example", "movejoin-demo",
     ["/events", "/events/new", "/history", "/notifications", "/profile"]),
    ("/fuctivity", "email", "marta@fuctivity.example", "fuctivity-demo",
     ["/week", "/day", "/month", "/statistics", "/activities/new", "/profile"]),
]


def sign_in(driver, base_url: str, prefix: str, field: str, login: str, password: str) -> None:
    open_page(driver, f"{base_url}{prefix}/login")
    driver.find_element(By.CSS_SELECTOR, f'main input[name="{field}"]').send_keys(login)
    driver.find_element(By.CSS_SELECTOR, 'main input[name="password"]').send_keys(password)
    click_and_wait_for_next_page(driver, driver.find_element(By.CSS_SELECTOR, 'main form button[type="submit"]'))
    assert "/login" not in driver.current_url, f"{login} could not sign in: {driver.current_url}"


TABS_ON_SCREEN_SCRIPT = r"""
const tabs = document.querySelector('nav.tabs');
if (!tabs) return 'no tabs';
const box = tabs.getBoundingClientRect();
return box.top >= 0 && box.bottom <= window.innerHeight ? '' : `tabs at ${Math.round(box.top)}–${Math.round(box.bottom)} px`;
"""


def test_no_button_tab_or_table_header_breaks_inside_a_word_at_360px(new_browser, base_url):
    """On a 360 px phone, every page of every app: words stay whole in buttons, tabs
    and table headers, and the tabs are on screen as the page opens (not after a
    long page's content)."""
    failures = []
    for prefix, field, login, password, paths in NARROW_PAGES:
        driver = new_browser(width=360, height=800)
        sign_in(driver, base_url, prefix, field, login, password)
        for path in paths:
            open_page(driver, f"{base_url}{prefix}{path}")
            failures += [f"{prefix}{path} ({login}): {word}" for word in driver.execute_script(SPLIT_WORDS_SCRIPT)]
            if problem := driver.execute_script(TABS_ON_SCREEN_SCRIPT):
                failures.append(f"{prefix}{path} ({login}): {problem}")
        driver.quit()
    assert not failures, "at 360 px:\n" + "\n".join(failures)
