"""Helpers for the Golden Ager browser tests: people who sign up through the UI,
the confirmation dialog, live regions, and the size rules for older people.

Every test makes its own people with fresh phone numbers (38067 + 7 random
digits), so tests do not depend on demo data or on each other and can run
against any server, again and again.

The rules for the pensioner's screens come from the spec
(../shared/specs/golden-ager.md, part A "UI rules" and part B "UI"):

- body text at least 20 px;
- every target (link, button, form control) at least 64 px tall;
- on pensioners', relatives' and signing-up people's pages, every main action (a
  yes/no or full-width button, a form's submit, the call button, the confirmation
  question's answers) at least 100 px tall: the seed's 16.5 mm on a 390-px phone;
- at least 20 px between any two targets (issue 33: the seed's gaps up to 12.7 mm);
- at most four buttons in <main> per screen — one decision per screen. Lists of
  choices (category tiles, task choices, orders) are links, one choice each, so
  they do not count as buttons;
- every icon (an svg, image or aria-hidden element inside a button or link, an
  element whose class names an icon, an emoji) next to visible text;
- the confirmation question's «Так» is green and «Ні» red;
- one page, one task: where a screen asks one thing (a sign-up step, a task
  with «Замовити»), its answer button is on the first view, whole and not under
  a fixed bar (`first_view_problems`).

`screen_problems(driver)` measures all of them on the current screen (or the open
confirmation dialog) and returns what is wrong, one line each, with the element
and the measured value; `assert_screen_rules(driver)` fails on any.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass, field

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from support import click_and_wait_for_next_page, open_page, wait

PREFIX = "/golden-ager"
SIGN_UP_STEPS = 7

MIN_TEXT_PX = 20
MIN_TARGET_PX = 64
MIN_MAIN_ACTION_PX = 100
MIN_GAP_PX = 20
MAX_BUTTONS_IN_MAIN = 4
# How far an icon may be from its text label and still be "next to" it.
MAX_ICON_TO_LABEL_PX = 24
# The spec: the volunteer's inbox and the pensioner's "searching…" page update
# by themselves within a second.
LIVE_BUDGET_SECONDS = 1.0
# After a live region's fetch finished, the time live-refresh.js needs to swap
# the answer in.
SETTLE_SECONDS = 0.15
# Sub-pixel layout (e.g. 63.999 px from rem arithmetic) is not a violation.
EPSILON_PX = 0.05


# ------------------------------------------------------------------ people


def unique_phone(prefix: str = "38067") -> str:
    """A valid Ukrainian mobile number nobody else uses: prefix + 7 random digits."""
    return prefix + f"{secrets.randbelow(10**7):07d}"


@dataclass
class Person:
    role: str  # "pensioner" or "volunteer"
    phone: str = field(default_factory=unique_phone)
    first_name: str = ""
    last_name: str = ""
    birthday: str = ""  # typed like 12.03.1950
    city: str = "kyiv"  # a City id: the <select>'s value, the same in every language
    address: str = ""  # pensioners
    organisation: str = ""  # volunteers: the organisation's name, as listed
    password: str = field(default_factory=lambda: "pass-" + secrets.token_hex(4))

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"


def new_pensioner(**changes) -> Person:
    tag = secrets.token_hex(2)
    values = dict(first_name="Галина", last_name=f"Тестова-{tag}", birthday="12.03.1950",
                  address=f"вул. Січових Стрільців, {secrets.randbelow(90) + 1}, кв. 7")
    values.update(changes)
    return Person(role="pensioner", **values)


def new_volunteer(**changes) -> Person:
    tag = secrets.token_hex(2)
    values = dict(first_name="Андрій", last_name=f"Волонтер-{tag}", birthday="01.07.2001",
                  organisation="Життєлюб")
    values.update(changes)
    return Person(role="volunteer", **values)


def url(base_url: str, path: str = "/") -> str:
    return f"{base_url}{PREFIX}{path}"


def path_of(driver: WebDriver) -> str:
    return driver.execute_script("return location.pathname")


# ------------------------------------------------------------------ sign-up, sign-in


def scroll_into_view(driver: WebDriver, element: WebElement) -> WebElement:
    """Scrolls like a person would, so that `element` sits in the middle of the
    screen (clear of anything pinned to the top or bottom of the viewport)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)
    return element


def tap(driver: WebDriver, element: WebElement) -> None:
    """Scrolls `element` into view and clicks it (no navigation expected)."""
    scroll_into_view(driver, element).click()


def tap_and_wait(driver: WebDriver, element: WebElement) -> None:
    """Scrolls `element` into view, clicks it and waits for the next page."""
    click_and_wait_for_next_page(driver, scroll_into_view(driver, element))


def join_step_path(role: str, number: int) -> str:
    return f"{PREFIX}/join/{role}/{number}"


def submit_button(driver: WebDriver, action_suffix: str) -> WebElement:
    """The submit button of the form in <main> whose action ends with action_suffix."""
    return wait(driver).until(EC.element_to_be_clickable(
        (By.CSS_SELECTOR, f'main form[action$="{action_suffix}"] button[type="submit"]')))


def answer_join_step(driver: WebDriver, person: Person, number: int) -> None:
    """Fills in the one question of sign-up step `number` (does not submit)."""
    assert path_of(driver) == join_step_path(person.role, number), (
        f"expected sign-up step {number}, got {driver.current_url}")
    if number == 5:
        Select(driver.find_element(By.CSS_SELECTOR, 'main select[name="city"]')).select_by_value(person.city)
        return
    if number == 6 and person.role == "volunteer":
        Select(driver.find_element(By.CSS_SELECTOR, 'main select[name="organisationId"]')).select_by_visible_text(
            person.organisation)
        return
    name, value = {
        1: ("phone", person.phone),
        2: ("firstName", person.first_name),
        3: ("lastName", person.last_name),
        4: ("birthday", person.birthday),
        6: ("address", person.address),
        7: ("password", person.password),
    }[number]
    field_element = driver.find_element(By.CSS_SELECTOR, f'main input[name="{name}"]')
    field_element.clear()
    field_element.send_keys(value)


def sign_up(driver: WebDriver, base_url: str, person: Person, on_step=None) -> None:
    """Signs `person` up through the step-by-step screens, one question each,
    from the welcome page's button. `on_step(driver, number)` is called on each
    step's screen before it is answered (for checks). Ends on the person's home
    page (categories or inbox)."""
    open_page(driver, url(base_url, "/"))
    start = driver.find_element(By.CSS_SELECTOR, f'main a[href="{join_step_path(person.role, 1)}"]')
    tap_and_wait(driver, start)
    for number in range(1, SIGN_UP_STEPS + 1):
        if on_step:
            on_step(driver, number)
        answer_join_step(driver, person, number)
        tap_and_wait(driver, submit_button(driver, join_step_path(person.role, number)))
    home = f"{PREFIX}/categories" if person.role == "pensioner" else f"{PREFIX}/inbox"
    assert path_of(driver) == home, (
        f"after the last sign-up step expected {home}, got {driver.current_url}: {main_text(driver)[:300]}")


def log_in(driver: WebDriver, base_url: str, phone: str, password: str) -> None:
    open_page(driver, url(base_url, "/login"))
    driver.find_element(By.CSS_SELECTOR, 'main input[name="phone"]').send_keys(phone)
    driver.find_element(By.CSS_SELECTOR, 'main input[name="password"]').send_keys(password)
    tap_and_wait(driver, submit_button(driver, f"{PREFIX}/login"))


# The demo coordinator of «Життєлюб» in Київ (printed at start).
DEMO_COORDINATOR = ("380951112233", "coordinator-demo")


def approve_as_demo_coordinator(coordinator: WebDriver, base_url: str, volunteer: Person) -> None:
    """The demo coordinator opens «Облікові записи», finds the new volunteer at the
    top among those waiting, ticks that they saw an identity document and approves
    them. `volunteer` must be of «Життєлюб», the coordinator's organisation."""
    log_in(coordinator, base_url, *DEMO_COORDINATOR)
    open_page(coordinator, url(base_url, "/admin/accounts"))
    card = coordinator.find_element(
        By.XPATH, f"//main//article[contains(@class, 'pending-volunteer')][.//h3[normalize-space()='{volunteer.full_name}']]")
    tap(coordinator, card.find_element(By.CSS_SELECTOR, 'input[name="documentChecked"]'))
    tap_and_wait(coordinator, card.find_element(By.CSS_SELECTOR, 'form[action$="/approve"] button[type="submit"]'))
    assert "підтверджено" in main_text(coordinator), main_text(coordinator)[:300]


def sign_up_approved_volunteer(volunteer_browser: WebDriver, coordinator: WebDriver, base_url: str, volunteer: Person) -> None:
    """A volunteer signs up, waits for approval (no online switch meanwhile), is
    approved by the demo coordinator, and opens the inbox again."""
    sign_up(volunteer_browser, base_url, volunteer)
    assert "Чекаємо на підтвердження" in main_text(volunteer_browser)
    assert not volunteer_browser.find_elements(By.CSS_SELECTOR, "nav.tabs form.tab-toggle"), "a pending volunteer cannot go online"
    approve_as_demo_coordinator(coordinator, base_url, volunteer)
    open_page(volunteer_browser, url(base_url, "/inbox"))


def main_text(driver: WebDriver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text


# ------------------------------------------------------------------ the confirmation dialog


def open_dialog(driver: WebDriver) -> WebElement:
    return wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.confirm[open]")))


def answer_dialog(driver: WebDriver, yes: bool = True, navigates: bool = True) -> None:
    """Presses «Так» (yes) or «Ні» in the open confirmation dialog."""
    dialog = open_dialog(driver)
    button = dialog.find_element(By.CSS_SELECTOR, ".button-yes" if yes else ".button-no")
    if navigates:
        label = button.text.strip()
        try:
            tap_and_wait(driver, button)
        except TimeoutException:
            raise AssertionError(f"«{label}» in the confirmation dialog did not lead to a new page "
                                 f"(still on {driver.current_url})") from None
    else:
        tap(driver, button)


# ------------------------------------------------------------------ volunteers


def online_toggle(driver: WebDriver) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, "nav.tabs form.tab-toggle button")


def go_online(driver: WebDriver) -> None:
    """Presses the online tab (a toggle button in the bottom tabs) if it is off."""
    toggle = online_toggle(driver)
    if toggle.get_attribute("aria-pressed") != "true":
        tap_and_wait(driver, toggle)
    assert online_toggle(driver).get_attribute("aria-pressed") == "true", "the online tab is not pressed"


def go_offline(driver: WebDriver) -> None:
    """Presses «На зв’язку», which asks first (a stray tap would silently stop new
    tasks reaching the volunteer), and answers «Так»."""
    tap(driver, online_toggle(driver))
    assert "Вийти зі зв’язку?" in open_dialog(driver).text
    answer_dialog(driver, yes=True)
    assert online_toggle(driver).get_attribute("aria-pressed") == "false", "the online tab is still pressed"


# ------------------------------------------------------------------ live regions


def wait_until_live(driver: WebDriver, region: str, seconds: float = 20) -> None:
    """Waits until the page's event stream is connected: live-refresh.js reloads
    every live region once the stream (re)connects, so a finished fetch of the
    region's data-refresh-url means events from now on reach the page. The wait
    is long because three Chromiums share two cores with the server: a stream
    whose first try fails is tried again after a second, and one full run met
    the 10 s this used to allow."""
    refresh_url = driver.find_element(By.CSS_SELECTOR, region).get_attribute("data-refresh-url")
    assert refresh_url, f"{region} has no data-refresh-url"
    WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: d.execute_script(
        "return performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === arguments[0])",
        refresh_url), f"{region}: the event stream did not connect (no refresh of {refresh_url})")
    # The fetch has finished; let live-refresh.js put its answer into the region.
    time.sleep(SETTLE_SECONDS)


def tap_in_live_region_and_wait(driver: WebDriver, selector: str, attempts: int = 3) -> None:
    """Taps `selector` inside a live region and waits for the next page. The
    region may be re-rendered between finding and tapping (an event arrived);
    then the fresh element is tapped, as a person would tap what they now see."""
    for attempt in range(attempts):
        try:
            tap_and_wait(driver, wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, selector))))
            return
        except StaleElementReferenceException:
            if attempt == attempts - 1:
                raise


def attribute_of(driver: WebDriver, selector: str, name: str) -> str | None:
    """Reads an attribute in one step (no stale element when a live region
    re-renders between finding and reading)."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null",
        selector, name)


def mark_no_reload(driver: WebDriver) -> None:
    """Marks the current window; `assert_not_reloaded` fails if the page was replaced."""
    driver.execute_script("window.__gaNoReload = true")


def assert_not_reloaded(driver: WebDriver) -> None:
    assert driver.execute_script("return window.__gaNoReload === true"), "the page was reloaded"


# Records, in the page, the time (Date.now()) each element matching a selector
# first appeared, keyed by an attribute's value.
_WATCH_SCRIPT = """
const [selector, key] = arguments;
window.__gaSeen = window.__gaSeen || {};
const seen = window.__gaSeen[selector] = window.__gaSeen[selector] || {};
const note = () => {
  for (const element of document.querySelectorAll(selector)) {
    const value = element.getAttribute(key);
    if (value !== null && !(value in seen)) seen[value] = Date.now();
  }
};
note();
new MutationObserver(note).observe(document.body, { childList: true, subtree: true, attributes: true });
"""


def watch_appearances(driver: WebDriver, selector: str, key: str) -> None:
    """From now on, the page notes when each `selector` element with a new
    `key` attribute value appears (without reloading)."""
    driver.execute_script(_WATCH_SCRIPT, selector, key)


def wait_for_appearance(driver: WebDriver, selector: str, key_value: str, seconds: float = 10) -> float:
    """Waits until the watched `selector` element with key `key_value` has appeared;
    returns when it appeared (epoch seconds, the browser's clock = this machine's)."""
    appeared_ms = WebDriverWait(driver, seconds, poll_frequency=0.05).until(
        lambda d: d.execute_script(
            "const seen = (window.__gaSeen || {})[arguments[0]] || {}; return seen[arguments[1]] || null",
            selector, key_value),
        f"{selector} [{key_value}] did not appear within {seconds} s")
    return appeared_ms / 1000


# ------------------------------------------------------------------ durations


def minutes_in(text: str) -> int:
    """"Займе приблизно 1 год 30 хв" / "about 1 h 30 min" -> 90."""
    hours = re.search(r"(\d+)\s*(?:год|h)\b", text)
    minutes = re.search(r"(\d+)\s*(?:хв|min)\b", text)
    assert hours or minutes, f"no duration in {text!r}"
    return (int(hours.group(1)) * 60 if hours else 0) + (int(minutes.group(1)) if minutes else 0)


# ------------------------------------------------------------------ size rules

# One script measures everything, so that a page costs one round trip. It returns
# a list of problems, each a sentence naming the element and the measured value.
_SCREEN_RULES_SCRIPT = r"""
const [MIN_TEXT, MIN_TARGET, MIN_GAP, MAX_BUTTONS, MAX_ICON_GAP, EPS, MIN_MAIN_ACTION] = arguments;
const problems = [];
const dialog = document.querySelector("dialog[open]");
// With a modal dialog open, the page behind it is inert: only the dialog counts.
const scopes = dialog ? [dialog] : [...document.querySelectorAll("header.topbar, main, nav.tabs")];
const px = (n) => `${Math.round(n * 10) / 10} px`;

function describe(element) {
  let name = element.tagName.toLowerCase();
  if (element.id) name += `#${element.id}`;
  for (const c of element.classList) name += `.${c}`;
  const text = (element.innerText || element.value || element.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ");
  return text ? `${name} «${text.slice(0, 40)}»` : name;
}

function visible(element) {
  if (element.closest(".skip-link")) return false;
  const style = getComputedStyle(element);
  if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return false;
  const rect = element.getBoundingClientRect();
  // 1×1 px clipped text (.visually-hidden) is for screen readers only.
  return rect.width > 1 && rect.height > 1;
}

const within = (selector) => scopes.flatMap((scope) => [...scope.querySelectorAll(selector)]);

// 1. Text: every visible piece of text, and every form control, at least MIN_TEXT.
for (const scope of scopes) {
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => /\S/.test(node.data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT,
  });
  const reported = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || reported.has(element) || !visible(element)) continue;
    if (element.closest("script, style, template, option")) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < MIN_TEXT - EPS) {
      reported.add(element);
      problems.push(`text ${describe(element)}: font-size ${px(size)} < ${MIN_TEXT} px`);
    }
  }
}
for (const control of within("input:not([type=hidden]), select, textarea, button")) {
  if (!visible(control)) continue;
  const size = parseFloat(getComputedStyle(control).fontSize);
  if (size < MIN_TEXT - EPS) problems.push(`control ${describe(control)}: font-size ${px(size)} < ${MIN_TEXT} px`);
}

// 2. Targets: links, buttons and form controls.
const TARGETS = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";
const targets = [...new Set(within(TARGETS))].filter(visible);
for (const target of targets) {
  const height = target.getBoundingClientRect().height;
  if (height < MIN_TARGET - EPS) problems.push(`target ${describe(target)}: height ${px(height)} < ${MIN_TARGET} px`);
}
// 2b. Main actions on older people's pages (and sign-up, sign-in): taller still.
if (document.body.matches(".role-pensioner, .role-relative, .role-guest")) {
  const MAIN_ACTIONS = "main .button-yes, main .button-no, main .button-block, main .button-call, main form button[type=submit], dialog.confirm .button";
  for (const action of [...new Set(within(MAIN_ACTIONS))].filter(visible)) {
    const height = action.getBoundingClientRect().height;
    if (height < MIN_MAIN_ACTION - EPS) problems.push(`main action ${describe(action)}: height ${px(height)} < ${MIN_MAIN_ACTION} px`);
  }
}

// 3. Gaps. Targets that scroll with the page are compared in page coordinates;
// targets in a fixed or sticky bar (the bottom tabs) among themselves, and
// against the page's targets with the page scrolled to the end nearest the bar
// (so: can the last button be scrolled clear of the tabs?).
function pinned(element) {
  for (let e = element; e && e !== document.body; e = e.parentElement) {
    const position = getComputedStyle(e).position;
    if (position === "fixed" || position === "sticky") return true;
  }
  return false;
}
function gap(a, b) {
  const dx = Math.max(0, b.left - a.right, a.left - b.right);
  const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
  return Math.max(dx, dy);
}
function pageRect(element) {
  const r = element.getBoundingClientRect();
  return { left: r.left + scrollX, right: r.right + scrollX, top: r.top + scrollY, bottom: r.bottom + scrollY };
}
const reportedPairs = new Set();
function checkPairs(list, rectOf, where) {
  const rects = list.map(rectOf);
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      if (list[i].contains(list[j]) || list[j].contains(list[i])) {
        problems.push(`targets ${describe(list[i])} and ${describe(list[j])} are nested`);
        continue;
      }
      const g = gap(rects[i], rects[j]);
      const key = `${i}/${j}`;
      if (g < MIN_GAP - EPS && !reportedPairs.has(key)) {
        reportedPairs.add(key);
        problems.push(`targets ${describe(list[i])} and ${describe(list[j])}${where}: ${px(g)} apart < ${MIN_GAP} px`);
      }
    }
  }
}
const flowing = targets.filter((t) => !pinned(t));
const bars = targets.filter(pinned);
checkPairs(flowing, pageRect, "");
checkPairs(bars, (t) => t.getBoundingClientRect(), " (in the fixed bar)");
if (!dialog && bars.length && flowing.length) {
  const saved = [scrollX, scrollY];
  for (const end of ["top", "bottom"]) {
    window.scrollTo(0, end === "top" ? 0 : document.documentElement.scrollHeight);
    for (const bar of bars) {
      const barRect = bar.getBoundingClientRect();
      const barAtBottom = barRect.top > innerHeight / 2;
      if ((end === "bottom") !== barAtBottom) continue;
      for (const target of flowing) {
        const g = gap(target.getBoundingClientRect(), barRect);
        if (g < MIN_GAP - EPS) {
          problems.push(`target ${describe(target)} cannot be scrolled ${px(MIN_GAP)} clear of ${describe(bar)} in the fixed bar: ${px(g)} apart at the page's ${end}`);
        }
      }
    }
  }
  window.scrollTo(saved[0], saved[1]);
}

// 4. One decision per screen: at most MAX_BUTTONS buttons in <main>.
if (!dialog) {
  const buttons = [...document.querySelectorAll("main button, main [role=button]")].filter(visible);
  if (buttons.length > MAX_BUTTONS) {
    problems.push(`${buttons.length} buttons in main > ${MAX_BUTTONS}: ${buttons.map(describe).join(", ")}`);
  }
}

// 5. Icons: aria-hidden things in targets, pictures, and emoji-only elements,
// each with visible text beside it (within MAX_ICON_GAP px).
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const LETTERS = /[\p{L}\p{N}]{2,}/u;
const icons = new Set([
  ...within("a [aria-hidden=true], button [aria-hidden=true], a svg, button svg, a img, button img, [class*=icon]"),
  ...within("*").filter((e) => e.children.length === 0 && PICTOGRAPH.test(e.textContent) && !LETTERS.test(e.textContent)),
]);
for (const icon of icons) {
  if (!visible(icon)) continue;
  const container = icon.closest("a, button") || icon.parentElement;
  const iconRect = icon.getBoundingClientRect();
  let nearest = Infinity;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (icon.contains(node) || !LETTERS.test(node.data)) continue;
    const owner = node.parentElement;
    if (!owner || owner.closest("[aria-hidden=true]") || !visible(owner)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) nearest = Math.min(nearest, gap(iconRect, r));
  }
  if (nearest === Infinity) problems.push(`icon ${describe(icon)} in ${describe(container)} has no visible text label`);
  else if (nearest > MAX_ICON_GAP + EPS) problems.push(`icon ${describe(icon)} is ${px(nearest)} from its text label (> ${MAX_ICON_GAP} px)`);
}

// 6. The confirmation question: «Так» green, «Ні» red.
if (dialog) {
  const channels = (element) => (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
  const yes = dialog.querySelector(".button-yes"), no = dialog.querySelector(".button-no");
  if (!yes || !no) problems.push("the confirmation dialog lacks .button-yes or .button-no");
  else {
    const [yr, yg, yb] = channels(yes), [nr, ng, nb] = channels(no);
    if (!(yg > yr && yg > yb)) problems.push(`confirm ${describe(yes)}: background rgb(${yr}, ${yg}, ${yb}) is not green`);
    if (!(nr > ng && nr > nb)) problems.push(`confirm ${describe(no)}: background rgb(${nr}, ${ng}, ${nb}) is not red`);
  }
}
return problems;
"""


def screen_problems(driver: WebDriver) -> list[str]:
    """Every size-rule violation on the current screen (or its open confirmation
    dialog): text < 20 px, targets < 64 px tall or < 12 px apart, more than four
    buttons in <main>, icons without a text label, «Так»/«Ні» not green/red."""
    return driver.execute_script(_SCREEN_RULES_SCRIPT, MIN_TEXT_PX, MIN_TARGET_PX, MIN_GAP_PX,
                                 MAX_BUTTONS_IN_MAIN, MAX_ICON_TO_LABEL_PX, EPSILON_PX, MIN_MAIN_ACTION_PX)


_FIRST_VIEW_SCRIPT = r"""
const [element, MIN_GAP] = arguments;
window.scrollTo(0, 0);
const rect = element.getBoundingClientRect();
const name = `${element.tagName.toLowerCase()} «${element.innerText.trim().slice(0, 40)}»`;
if (rect.top < 0 || rect.bottom > innerHeight) {
  return [`${name} is not on the first view: it spans ${Math.round(rect.top)}–${Math.round(rect.bottom)} px, the screen ${innerHeight} px`];
}
const problems = [];
for (const bar of document.querySelectorAll("body *")) {
  if (bar.contains(element) || getComputedStyle(bar).position !== "fixed") continue;
  const r = bar.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) continue;
  const overlapX = Math.min(rect.right, r.right) - Math.max(rect.left, r.left);
  const overlapY = Math.min(rect.bottom, r.bottom) - Math.max(rect.top, r.top);
  if (overlapX > 0 && overlapY > -MIN_GAP) {
    problems.push(`${name} (${Math.round(rect.top)}–${Math.round(rect.bottom)} px) is covered by the fixed ${bar.tagName.toLowerCase()}.${[...bar.classList].join(".")} (from ${Math.round(r.top)} px) on the first view of a ${innerHeight} px screen`);
  }
}
return problems;
"""


def first_view_problems(driver: WebDriver, selector: str) -> list[str]:
    """One screen, one decision: the screen's main action (`selector`) is on the
    first view, whole, and not under the fixed tab bar, without scrolling."""
    elements = driver.find_elements(By.CSS_SELECTOR, selector)
    if not elements:
        return [f"no {selector} on the screen"]
    return driver.execute_script(_FIRST_VIEW_SCRIPT, elements[0], MIN_GAP_PX)


def assert_screen_rules(driver: WebDriver) -> None:
    problems = screen_problems(driver)
    assert not problems, f"{path_of(driver)}:\n  " + "\n  ".join(problems)
