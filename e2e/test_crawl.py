"""A crawl of every app as every demo account and as a visitor: what a person sees.

For each app (one test each), the crawl signs in through the app's web sign-in form
(`<prefix>/login`) as every demo account the server prints at start (the
`*DemoData.swift` files' `accounts`), and once more as a signed-out visitor. From the
page the sign-in lands on and from the app's start page it follows every link to the
same app breadth-first, GET only, and on every page it reaches it checks that:

- the page does not scroll sideways at 390 CSS px (the suite's phone) nor at 320 px
  (WCAG 2.1's reflow width), and that nothing in a fixed bar (the bottom tabs) is cut
  off at the right edge nor hidden in a bar that scrolls within itself, nor a slide of
  a swipe box (the questions of a test) is wider than its box. Scrollbars are hidden, as a phone's float over the page, so the
  layout has the whole width; a page is loaded at 320 px and the window widened on it
  rather than the page loaded twice. The report names the widest element that sticks
  out and the outermost ones (whose parent fits), with their widths;
- axe finds no violation of impact serious or critical (once per page, at 320 px, where
  the most boxes scroll and each must be reachable from the keyboard);
- the browser's console has no error (level SEVERE: a script error, a resource refused
  or not found, a failed request) — but a map tile from OpenStreetMap's server that the
  network could not reach (`net::ERR_…`: a machine without internet); a tile refused by
  the page's policy is still an error;
- the answer is not a 5xx, nor a 404 (a broken link); the status is the navigation's
  own (`PerformanceNavigationTiming.responseStatus`), so no request is sent twice.

It never signs out and never follows a link that deletes, downloads (a `download`
attribute, `.ics`, `.csv`, `.json`, exports, backups, photos) or leads out of the app,
to its API (`/api/`), its static files (`/static/`) or its event streams (`/live`); the
browser refuses downloads besides. Every problem on every page for every role is
collected and reported in one failure, grouped by what is wrong.

Deduplication: a URL is visited once per role, its query parameters sorted. Three kinds
of value count as one, so that endless or repetitive links are followed once:
- dates and months in the query (`?day=2026-05-04`, `?month=2026-05`): the calendars'
  «previous/next» links never end;
- the return address a link carries (`?next=`, `?back=`): every sign-in link is the
  same sign-in page;
- a number as a whole path segment (`/author/tests/{id}/questions/7`): a test's
  question editor is one form whichever question it holds; the preview page shows
  every question rendered.
Everything else — each event, animal, test, theory page — is visited: the seeded data is
finite. MAX_PAGES_PER_ROLE bounds a role's crawl so that it always ends; reaching it
FAILS the test (a crawl cut short would hide pages) rather than truncating silently.
Today's demo data needs at most 112 pages for a role (Znoshka's student), 681 page
visits for all 20 roles.

The roles of an app are crawled CRAWL_BROWSERS at a time (a browser each; default 2,
`HROMADA_CRAWL_BROWSERS`): the whole crawl takes about 4 minutes on two cores, 7 when
they are busy with a build besides.
`HROMADA_CRAWL_LIST=FILE` appends every visited page, with its role, to FILE.

Golden Ager's administrator is not a demo account (it is never seeded; `create-admin`
makes one), so its pages are not crawled here.
"""

from __future__ import annotations

import os
import re
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.by import By

from conftest import PHONE_HEIGHT, PHONE_WIDTH, start_chromium
from support import axe_source, blocking_violations, click_and_wait_for_next_page, open_page

REFLOW_WIDTH = 320  # WCAG 2.1 SC 1.4.10: content fits 320 CSS px without sideways scrolling
MAX_PAGES_PER_ROLE = 400
CRAWL_BROWSERS = int(os.environ.get("HROMADA_CRAWL_BROWSERS", "2"))


@dataclass(frozen=True)
class Account:
    role: str
    login: str
    password: str


# Every demo account of every app, as the server prints them at start
# (Sources/<App>/Seed/<App>DemoData.swift, `accounts`).
APPS: dict[str, list[Account]] = {
    "/golden-ager": [
        Account("pensioner", "380671112233", "pensioner-demo"),
        Account("volunteer", "380501112233", "volunteer-demo"),
        Account("volunteer", "380631112233", "volunteer-demo"),
        Account("coordinator", "380951112233", "coordinator-demo"),
        Account("relative", "380661112233", "relative-demo"),
    ],
    "/movejoin": [
        Account("member", "olena@movejoin.example", "movejoin-demo"),
        Account("member", "taras@movejoin.example", "movejoin-demo"),
    ],
    "/fuctivity": [
        Account("member", "marta@fuctivity.example", "fuctivity-demo"),
    ],
    "/znoshka": [
        Account("student", "olena@znoshka.example", "znoshka-demo"),
        Account("author", "author@znoshka.example", "znoshka-demo"),
        Account("admin", "admin@znoshka.example", "znoshka-demo"),
    ],
    "/shelter": [
        Account("director", "director@shelter.example", "shelter-demo"),
        Account("doctor", "doctor@shelter.example", "shelter-demo"),
        Account("storekeeper", "storekeeper@shelter.example", "shelter-demo"),
        Account("pending", "new@shelter.example", "shelter-demo"),
    ],
}

# Paths (under the app's prefix) never followed: they change something, are files, or
# are not pages. Matched against each path segment.
SKIPPED_SEGMENTS = re.compile(
    r"^(logout|sign-?out|delete|remove|download|export|backup|live|photo|thumbnail|api|static)$"
)
SKIPPED_SUFFIXES = (".ics", ".csv", ".json", ".tar", ".gz", ".zip", ".pdf", ".xml",
                    ".webmanifest", ".js", ".css", ".svg", ".png", ".jpg", ".jpeg", ".webp")
# A page whose path has a skipped segment but whose GET only shows a form: the kernel's
# account deletion asks for the password, and deletes on POST.
ALLOWED_PATHS = ("/account/delete",)

DATE_VALUE = re.compile(r"^\d{4}-\d{2}(-\d{2})?([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$")
RETURN_PARAMETERS = {"next", "back", "return", "returnTo", "from"}

# What sticks out at the right edge. Elements inside a box that clips or scrolls
# sideways are left out (that box is measured itself). Of the rest, those in the page
# make it scroll sideways: the widest and the outermost ones (whose parent fits) are
# named. Those in a fixed bar do not widen the page, they are cut off: named too.
SIDEWAYS_SCRIPT = r"""
const root = document.documentElement;
const limit = root.clientWidth;
const scrolls = root.scrollWidth > limit;
const describe = (el) => {
  const parts = [];
  for (let e = el; e && e !== root && parts.length < 4; e = e.parentElement) {
    let s = e.tagName.toLowerCase();
    if (e.id) { parts.unshift(s + '#' + e.id); break; }
    if (e.classList.length) s += '.' + [...e.classList].join('.');
    parts.unshift(s);
  }
  return parts.join(' > ');
};
const where = (el) => {
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (e !== el && style.overflowX !== 'visible') return 'clipped';
    if (style.position === 'fixed') return 'fixed';
  }
  return 'page';
};
const inPage = new Set(), cut = [];
for (const el of document.body.querySelectorAll('*')) {
  const box = el.getBoundingClientRect();
  if ((box.width === 0 && box.height === 0) || box.right <= limit + 0.5) continue;
  const place = where(el);
  if (place === 'page' && scrolls) inPage.add(el);
  if (place === 'fixed') cut.push(el);
}
// A swipe box (scroll-snap along x) shows one slide a screen: a slide wider than the box
// hides its right edge under the next one, though the page itself fits.
const wideSlides = [];
for (const box of document.body.querySelectorAll('*')) {
  if (!getComputedStyle(box).scrollSnapType.startsWith('x')) continue;
  for (const slide of box.children) {
    if (slide.getBoundingClientRect().width > box.clientWidth + 0.5) wideSlides.push(slide);
  }
}
// A fixed bar (the tabs) that scrolls within itself keeps its last items out of view
// until someone thinks of swiping it.
const scrollingBars = [];
for (const bar of document.body.querySelectorAll('*')) {
  const style = getComputedStyle(bar);
  if (style.position !== 'fixed' || style.overflowX === 'visible') continue;
  if (bar.scrollWidth > bar.clientWidth + 1) scrollingBars.push(`${describe(bar)} (${bar.scrollWidth} px of content in ${bar.clientWidth} px)`);
}
const size = (el) => Math.round(el.getBoundingClientRect().width);
const told = (el) => `${describe(el)} (${size(el)} px wide, to ${Math.round(el.getBoundingClientRect().right)} px)`;
const list = [...inPage];
const widest = list.reduce((a, b) => (!a || size(b) > size(a) ? b : a), null);
const outermost = [...new Set(list.filter((el) => !inPage.has(el.parentElement)).map(told))];
return {
  page: root.scrollWidth,
  scrolls: scrolls,
  widest: widest ? told(widest) : '?',
  outermost: outermost.slice(0, 3).join('; ') + (outermost.length > 3 ? `; … ${outermost.length - 3} more` : ''),
  cut: [...new Set(cut.filter((el) => !cut.includes(el.parentElement)).map(told))].slice(0, 3).join('; '),
  wideSlides: wideSlides.slice(0, 3).map((el) => `${told(el)} in a box ${el.parentElement.clientWidth} px wide`).join('; '),
  scrollingBars: scrollingBars.slice(0, 3).join('; '),
};
"""

LINKS_SCRIPT = r"""
return [...document.querySelectorAll('a[href]')].map((a) => [a.href, a.hasAttribute('download')]);
"""

NAVIGATION_SCRIPT = r"""
const entry = performance.getEntriesByType('navigation')[0];
return [entry ? entry.responseStatus : 0, document.contentType, !!window.__hromadaCrawlPrevious];
"""


@dataclass
class Crawl:
    base_url: str
    prefix: str
    role: str
    visited: list[str] = field(default_factory=list)
    problems: list[tuple[str, str, str]] = field(default_factory=list)  # (what, path, role)

    def problem(self, url: str, what: str) -> None:
        self.problems.append((what, self.path(url), self.role))

    def path(self, url: str) -> str:
        return url[len(self.base_url):] if url.startswith(self.base_url) else url


def key(url: str) -> str:
    """The URL a page is known by: no fragment, query sorted, dates, return addresses
    and numbers in the path collapsed (see the module's docstring)."""
    parts = urlsplit(url)
    query = []
    for name, value in sorted(parse_qsl(parts.query, keep_blank_values=True)):
        if name in RETURN_PARAMETERS:
            value = "…"
        elif DATE_VALUE.match(value):
            value = "{date}"
        query.append((name, value))
    path = re.sub(r"/\d+(?=/|$)", "/{n}", parts.path.rstrip("/") or "/")
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query), ""))


def followable(crawl: Crawl, url: str, download: bool = False) -> bool:
    if download or not url.startswith(crawl.base_url + "/"):
        return False
    path = urlsplit(url).path
    if not (path == crawl.prefix or path.startswith(crawl.prefix + "/")):
        return False
    inner = path[len(crawl.prefix):].rstrip("/")
    if inner in ALLOWED_PATHS:
        return True
    if path.lower().endswith(SKIPPED_SUFFIXES):
        return False
    return not any(SKIPPED_SEGMENTS.match(segment) for segment in inner.split("/") if segment)


def sign_in(driver, base_url: str, prefix: str, account: Account) -> None:
    """Signs in through the app's form: the login field is the form's first visible
    input that is not the password (a phone number in Golden Ager, else an e-mail)."""
    open_page(driver, f"{base_url}{prefix}/login")
    form = driver.find_element(By.CSS_SELECTOR, "main form:has(input[name=password])")
    login_field = next(
        field for field in form.find_elements(By.CSS_SELECTOR, "input")
        if field.get_attribute("type") not in ("hidden", "password", "checkbox") and field.is_displayed()
    )
    login_field.send_keys(account.login)
    form.find_element(By.CSS_SELECTOR, "input[name=password]").send_keys(account.password)
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    click_and_wait_for_next_page(driver, button)
    assert "/login" not in urlsplit(driver.current_url).path, (
        f"{account.login} could not sign in to {prefix}: still at {driver.current_url}"
    )


def resize(driver, width: int) -> None:
    driver.set_window_size(width, PHONE_HEIGHT)
    deadline = time.monotonic() + 5
    while (actual := driver.execute_script("return document.documentElement.clientWidth")) != width:
        if time.monotonic() > deadline:
            raise AssertionError(f"the window did not become {width} px wide (the page is {actual} px)")
        time.sleep(0.02)


def check_sideways(crawl: Crawl, driver, url: str, width: int) -> None:
    found = driver.execute_script(SIDEWAYS_SCRIPT)
    if found["scrolls"]:
        crawl.problem(url, f"scrolls sideways at {width} px (the page is {found['page']} px wide): "
                           f"widest {found['widest']}; outermost {found['outermost']}")
    if found["cut"]:
        crawl.problem(url, f"cut off at the right edge at {width} px, in a fixed bar: {found['cut']}")
    if found["wideSlides"]:
        crawl.problem(url, f"a slide wider than its swipe box at {width} px: {found['wideSlides']}")
    if found["scrollingBars"]:
        crawl.problem(url, f"a fixed bar scrolls within itself at {width} px, hiding its last items: {found['scrollingBars']}")


# A tile the network could not fetch, as Chromium logs it: the tile server is not ours and
# a test machine may have no internet. Refusals by the page's policy are worded otherwise.
UNREACHABLE_TILE = re.compile(r"^https://tile\.openstreetmap\.org/\S+ - Failed to load resource: net::ERR_[A-Z_]+$")


def console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser")
            if entry.get("level") == "SEVERE" and not UNREACHABLE_TILE.match(entry["message"])]


def crawl_role(base_url: str, prefix: str, account: Account | None) -> Crawl:
    crawl = Crawl(base_url, prefix, f"{account.role} {account.login}" if account else "visitor")
    driver = start_chromium(PHONE_WIDTH, PHONE_HEIGHT, "uk", console=True)
    try:
        # A phone's scrollbars float over the page; headless Chromium's would take 15 px
        # of the layout's width.
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
        # axe in every page as it opens: cheaper than sending it over for each one.
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": axe_source()})
        if account:
            try:
                sign_in(driver, base_url, prefix, account)
            except (AssertionError, WebDriverException) as error:
                crawl.problem(f"{base_url}{prefix}/login", f"could not sign in: {error}")
                return crawl
        resize(driver, REFLOW_WIDTH)
        console_errors(driver)  # the sign-in's pages are crawled like any other
        queue: deque[str] = deque()
        seen: set[str] = set()
        found_on: dict[str, str] = {}
        for url in ([driver.current_url] if account else []) + [f"{base_url}{prefix}/"]:
            if key(url) not in seen:
                seen.add(key(url))
                queue.append(url)
        while queue:
            if len(crawl.visited) >= MAX_PAGES_PER_ROLE:
                crawl.problem(queue[0], f"the crawl reached its cap of {MAX_PAGES_PER_ROLE} pages with "
                                        f"{len(queue)} still queued: raise MAX_PAGES_PER_ROLE or collapse more URLs")
                break
            url = queue.popleft()
            try:
                visit(crawl, driver, url, found_on.get(key(url)), seen, queue, found_on)
            except (AssertionError, WebDriverException) as error:  # the browser broke on it: say so, go on
                crawl.problem(url, f"could not be checked: {error}")
                resize(driver, REFLOW_WIDTH)
    finally:
        driver.quit()
    return crawl


def visit(crawl: Crawl, driver, url: str, parent: str | None, seen: set, queue: deque, found_on: dict) -> None:
    """Loads url at 320 px and checks it there (axe too: more boxes scroll at 320 px, and
    each must then be reachable from the keyboard), then at 390 px, and queues its links.
    Leaves the window at 320 px."""
    origin = f" (linked from {crawl.path(parent)})" if parent else ""
    driver.execute_script("window.__hromadaCrawlPrevious = true")
    try:
        driver.get(url)
    except TimeoutException:
        crawl.problem(url, f"did not finish loading in time{origin}")
        return
    except WebDriverException as error:
        crawl.problem(url, f"could not be opened: {error.msg}{origin}")
        return
    status, content_type, unchanged = driver.execute_script(NAVIGATION_SCRIPT)
    if unchanged:  # no new page: a download the browser refused, or the like
        return
    final = driver.current_url
    crawl.visited.append(crawl.path(url))
    if key(final) != key(url):
        if key(final) in seen:
            console_errors(driver)
            return  # redirected to a page checked already (e.g. the sign-in page)
        seen.add(key(final))
    if status >= 500 or status == 404:
        crawl.problem(url, f"answered {status}{origin}")
    if content_type != "text/html" or not followable(crawl, final):
        console_errors(driver)
        return
    check_sideways(crawl, driver, url, REFLOW_WIDTH)
    try:
        for violation in blocking_violations(driver):
            nodes = violation["nodes"]
            targets = "; ".join(" ".join(map(str, node["target"])) for node in nodes[:3])
            more = f" and {len(nodes) - 3} more" if len(nodes) > 3 else ""
            crawl.problem(url, f"axe {violation['id']} ({violation['impact']}): {violation['help']}, at {targets}{more}")
    except (WebDriverException, AssertionError) as error:
        crawl.problem(url, f"axe could not run: {error}")
    # The phone's width on the same page: resizing is cheaper than loading it again.
    resize(driver, PHONE_WIDTH)
    check_sideways(crawl, driver, url, PHONE_WIDTH)
    resize(driver, REFLOW_WIDTH)
    for message in console_errors(driver):
        crawl.problem(url, f"console error: {message}")
    for href, download in driver.execute_script(LINKS_SCRIPT):
        if followable(crawl, href, download) and (k := key(href)) not in seen:
            seen.add(k)
            found_on[k] = final
            queue.append(href.split("#")[0])


def report(prefix: str, summary: str, crawls: list[Crawl]) -> str:
    """Every problem, grouped by what is wrong, with the pages of each role it was found on."""
    found: dict[str, dict[str, list[str]]] = {}
    for crawl in crawls:
        for what, path, role in crawl.problems:
            found.setdefault(what, {}).setdefault(role, []).append(path)
    count = sum(len(paths) for roles in found.values() for paths in roles.values())
    lines = [f"{count} problem(s) on {prefix} ({summary}):"]
    for what, roles in found.items():
        lines.append(f"- {what}")
        lines.extend(f"    as {role}, on {len(paths)} page(s): {', '.join(paths)}" for role, paths in roles.items())
    return "\n".join(lines)


@pytest.mark.parametrize("prefix", list(APPS), ids=[prefix.strip("/") for prefix in APPS])
def test_every_page_fits_a_phone_and_is_accessible_for_every_role(base_url, prefix):
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=CRAWL_BROWSERS) as pool:
        crawls = list(pool.map(lambda account: crawl_role(base_url, prefix, account), [None, *APPS[prefix]]))
    summary = ", ".join(f"{crawl.role}: {len(crawl.visited)} pages" for crawl in crawls)
    print(f"\n{prefix}: {summary} ({round(time.monotonic() - started)} s)")
    if listing := os.environ.get("HROMADA_CRAWL_LIST"):
        with open(listing, "a", encoding="utf-8") as out:
            out.writelines(f"{crawl.role}\t{path}\n" for crawl in crawls for path in crawl.visited)
    if any(crawl.problems for crawl in crawls):
        pytest.fail(report(prefix, summary, crawls), pytrace=False)
