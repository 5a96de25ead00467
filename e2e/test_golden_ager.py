"""Golden Ager in a real browser: a volunteer and a pensioner meet live, the
pensioner's screens follow the size rules for older people, every page passes
axe, English works, and bad input is explained where it was typed.

Every test signs its own people up through the UI with fresh phone numbers
(see golden_ager.py). The suite needs the server's demo data (scripts/test runs
the server with it on, the default): volunteers pick the organisation «Життєлюб»,
one of the three it seeds, and the board is checked as the demo coordinator.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PHONE_HEIGHT, PHONE_WIDTH, start_chromium
from golden_ager import (
    LIVE_BUDGET_SECONDS,
    PREFIX,
    SIGN_UP_STEPS,
    DEMO_COORDINATOR,
    answer_dialog,
    answer_join_step,
    approve_as_demo_coordinator,
    assert_not_reloaded,
    assert_screen_rules,
    attribute_of,
    first_view_problems,
    go_offline,
    go_online,
    join_step_path,
    log_in,
    main_text,
    mark_no_reload,
    minutes_in,
    new_pensioner,
    new_volunteer,
    online_toggle,
    open_dialog,
    path_of,
    screen_problems,
    sign_up,
    sign_up_approved_volunteer,
    submit_button,
    tap,
    tap_and_wait,
    tap_in_live_region_and_wait,
    unique_phone,
    url,
    wait_for_appearance,
    wait_until_live,
    watch_appearances,
)
from support import (
    assert_accessible,
    heading,
    open_page,
    page_language,
    switch_language,
    wait,
)

TASK_CARD = "#inbox article.task-card"
CARD = f"{TASK_CARD}[data-task-id]"
ORDER_STATE = "#order-status .order[data-status]"


# ------------------------------------------------------------------ steps shared by the tests


def open_first_category(driver) -> None:
    """Taps the first category tile that lists tasks (not the consultation)."""
    tile = wait(driver).until(EC.element_to_be_clickable(
        (By.CSS_SELECTOR, "main a.tile:not(.tile-consultation)")))
    tap_and_wait(driver, tile)


def open_first_task(driver) -> tuple[str, int]:
    """Taps the first task in the category; returns its title and minutes."""
    choice = wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "main a.choice")))
    tap_and_wait(driver, choice)
    assert path_of(driver).startswith(f"{PREFIX}/templates/")
    title = heading(driver)
    minutes = minutes_in(driver.find_element(By.CSS_SELECTOR, "main .duration").text)
    return title, minutes


def press_order(driver) -> None:
    """Taps «Замовити» on a task's page; the confirmation question opens."""
    button = submit_button(driver, f"{PREFIX}/orders")
    assert button.text.strip() == "Замовити"
    tap(driver, button)
    open_dialog(driver)


def order_id(driver) -> str:
    path = path_of(driver)
    assert path.startswith(f"{PREFIX}/orders/"), f"not an order's page: {driver.current_url}"
    return path.rsplit("/", 1)[1]


def order_state(driver) -> str | None:
    return attribute_of(driver, ORDER_STATE, "data-status")


def wait_for_order_state(driver, state: str, seconds: float = 10) -> None:
    WebDriverWait(driver, seconds, poll_frequency=0.05).until(
        lambda d: order_state(d) == state, f"the order page did not show «{state}»")


def press_in_order(driver, action: str) -> None:
    """Taps the order page's «Виконано» (complete) or «Скасувати» (cancel); the
    confirmation question opens. Waits first until the page is live (its first
    self-refresh done): a refresh while the question is open detaches the form
    the question belongs to, and «Так» then does nothing (see
    test_pensioner_can_still_cancel_when_a_volunteer_accepts_meanwhile)."""
    wait_until_live(driver, "#order-status")
    tap(driver, driver.find_element(By.CSS_SELECTOR, f'#order-status form[action$="/{action}"] button'))
    open_dialog(driver)


def accept_from_inbox(driver, task_id: str) -> None:
    wait_until_live(driver, "#inbox")
    tap_in_live_region_and_wait(driver, f'{TASK_CARD}[data-task-id="{task_id}"] form[action$="/accept"] button')
    assert path_of(driver) == f"{PREFIX}/tasks/{task_id}", f"accepting did not open the task: {driver.current_url}"


def volunteer_says(driver, task_id: str, action: str) -> None:
    """The volunteer's «Я на місці» (`arrive`) or «Виконано» (`finish`, which asks first)
    on the task's page."""
    open_page(driver, f"{driver.current_url.split(PREFIX)[0]}{PREFIX}/tasks/{task_id}")
    button = driver.find_element(By.CSS_SELECTOR, f'main form[action$="/tasks/{task_id}/{action}"] button')
    if action == "finish":
        tap(driver, button)
        answer_dialog(driver, yes=True)
    else:
        tap_and_wait(driver, button)


def hours_minutes(driver) -> int:
    return int(attribute_of(driver, "#hours .hours-total", "data-minutes"))


def hours_tasks(driver) -> int:
    return int(attribute_of(driver, "#hours .hours-tasks", "data-tasks"))


# ------------------------------------------------------------------ 1. the journey


def test_volunteer_sees_the_order_live_and_the_pensioner_sees_the_volunteer_live(new_browser, base_url):
    volunteer_browser, pensioner_browser = new_browser(), new_browser()

    # A volunteer signs up in Київ with «Життєлюб», waits until the organisation's
    # coordinator has checked their document, and goes online with the tab.
    volunteer = new_volunteer()
    sign_up_approved_volunteer(volunteer_browser, new_browser(), base_url, volunteer)
    assert online_toggle(volunteer_browser).get_attribute("aria-pressed") == "false", "a new volunteer starts offline"
    go_online(volunteer_browser)
    assert path_of(volunteer_browser) == f"{PREFIX}/inbox"
    assert online_toggle(volunteer_browser).text.strip() == "На зв’язку"
    volunteer_browser.find_element(By.CSS_SELECTOR, '#inbox [data-online="true"]')
    wait_until_live(volunteer_browser, "#inbox")
    mark_no_reload(volunteer_browser)
    watch_appearances(volunteer_browser, CARD, "data-task-id")

    # A pensioner signs up step by step in the same city and orders a task.
    pensioner = new_pensioner()
    sign_up(pensioner_browser, base_url, pensioner)
    open_first_category(pensioner_browser)
    title, minutes = open_first_task(pensioner_browser)
    press_order(pensioner_browser)
    assert title in open_dialog(pensioner_browser).text
    confirmed_at = time.time()
    answer_dialog(pensioner_browser, yes=True)
    task_id = order_id(pensioner_browser)
    order_loaded_at = time.time()
    assert "Шукаємо волонтера…" in pensioner_browser.find_element(By.ID, "order-status").text
    assert order_state(pensioner_browser) == "searching"
    assert pensioner_browser.find_elements(By.CSS_SELECTOR, "[data-flash]"), "the order is confirmed in a flash banner"

    # Without a reload, the task reaches the volunteer within a second.
    appeared_at = wait_for_appearance(volunteer_browser, CARD, task_id)
    assert appeared_at - confirmed_at <= LIVE_BUDGET_SECONDS, (
        f"the task reached the volunteer's inbox {appeared_at - confirmed_at:.2f} s after «Так» "
        f"({appeared_at - order_loaded_at:.2f} s after the order page loaded); the spec says within a second")
    assert_not_reloaded(volunteer_browser)
    card = volunteer_browser.find_element(By.CSS_SELECTOR, f'{TASK_CARD}[data-task-id="{task_id}"]')
    assert card.is_displayed()
    assert title in card.text, "the volunteer sees what is to be done before accepting"
    assert minutes_in(card.find_element(By.CSS_SELECTOR, ".task-meta").text) == minutes

    # The volunteer accepts; without a reload the pensioner sees who is coming.
    wait_until_live(pensioner_browser, "#order-status")
    mark_no_reload(pensioner_browser)
    watch_appearances(pensioner_browser, ORDER_STATE, "data-status")
    accepted_at = time.time()
    accept_from_inbox(volunteer_browser, task_id)
    shown_at = wait_for_appearance(pensioner_browser, ORDER_STATE, "accepted")
    assert shown_at - accepted_at <= LIVE_BUDGET_SECONDS, (
        f"the pensioner's page showed the volunteer {shown_at - accepted_at:.2f} s after «Прийняти»")
    assert_not_reloaded(pensioner_browser)
    print(f"live: the task reached the inbox {appeared_at - confirmed_at:.3f} s after «Так» "
          f"({appeared_at - order_loaded_at:+.3f} s from the order page's load); "
          f"the pensioner's page showed the volunteer {shown_at - accepted_at:.3f} s after «Прийняти»")
    status = pensioner_browser.find_element(By.ID, "order-status")
    assert volunteer.full_name in status.text
    assert not pensioner_browser.find_elements(By.CSS_SELECTOR, "[data-flash]"), (
        "the banner saying we are looking for a volunteer must go once one accepted")
    assert "Життєлюб" in status.text
    call = status.find_element(By.CSS_SELECTOR, 'a[href^="tel:"]')
    assert call.get_attribute("href") == f"tel:+{volunteer.phone}"
    assert call.is_displayed()

    # The volunteer now sees the pensioner's address and phone, and their own wording.
    task_page = main_text(volunteer_browser)
    assert "Ви взялися допомогти" in task_page and "Волонтер іде" not in task_page
    assert pensioner.full_name in task_page and pensioner.address in task_page
    volunteer_browser.find_element(By.CSS_SELECTOR, f'main a[href="tel:+{pensioner.phone}"]')

    # The volunteer watches their hours; the pensioner says the task is done.
    open_page(volunteer_browser, url(base_url, "/assignments"))
    wait_until_live(volunteer_browser, "#hours")
    hours_before, tasks_before = hours_minutes(volunteer_browser), hours_tasks(volunteer_browser)
    mark_no_reload(volunteer_browser)

    press_in_order(pensioner_browser, "complete")
    answer_dialog(pensioner_browser, yes=True)
    assert order_state(pensioner_browser) == "done"
    assert "Виконано. Дякуємо!" in pensioner_browser.find_element(By.ID, "order-status").text

    WebDriverWait(volunteer_browser, 5, poll_frequency=0.05).until(
        lambda d: hours_tasks(d) == tasks_before + 1,
        f"the done task did not appear in the volunteer's hours ({tasks_before} before) without a reload")
    assert_not_reloaded(volunteer_browser)
    # The real time from acceptance to done is credited (seconds here), not the template's expected time.
    assert hours_before <= hours_minutes(volunteer_browser) <= hours_before + 1, (
        f"{hours_minutes(volunteer_browser) - hours_before} min credited for a task done seconds after it was accepted")
    assert title in main_text(volunteer_browser), "the done task is listed under «Мої завдання»"


def test_pensioner_can_still_cancel_when_a_volunteer_accepts_meanwhile(new_browser, base_url):
    """The order page refreshes itself while the confirmation question is open:
    the pensioner taps «Скасувати», and before they answer, a volunteer accepts.
    «Так» must still cancel (cancelling an accepted order is allowed), not
    silently do nothing."""
    volunteer_browser, pensioner_browser = new_browser(), new_browser()
    volunteer = new_volunteer()
    sign_up_approved_volunteer(volunteer_browser, new_browser(), base_url, volunteer)
    go_online(volunteer_browser)

    sign_up(pensioner_browser, base_url, new_pensioner())
    open_first_category(pensioner_browser)
    open_first_task(pensioner_browser)
    press_order(pensioner_browser)
    answer_dialog(pensioner_browser, yes=True)
    task_id = order_id(pensioner_browser)

    press_in_order(pensioner_browser, "cancel")
    accept_from_inbox(volunteer_browser, task_id)
    wait_for_order_state(pensioner_browser, "accepted")
    assert open_dialog(pensioner_browser).is_displayed(), "the question is still open"

    answer_dialog(pensioner_browser, yes=True)
    wait_for_order_state(pensioner_browser, "cancelled")


# ------------------------------------------------------------------ 2 and 3. every pensioner screen


@dataclass
class Screen:
    name: str
    path: str
    size_problems: list[str]
    axe_problem: str | None


@dataclass
class Walk:
    screens: list[Screen] = field(default_factory=list)

    def record(self, driver, name: str, main_action: str | None = None) -> None:
        """Measures the size rules and runs axe on the current screen; with
        `main_action` (a selector), also checks that it is on the first view."""
        problems = screen_problems(driver)
        if main_action:
            problems += first_view_problems(driver, main_action)
        try:
            assert_accessible(driver)
            axe = None
        except AssertionError as error:
            axe = str(error)
        self.screens.append(Screen(name, path_of(driver), problems, axe))

    def names(self) -> list[str]:
        return [screen.name for screen in self.screens]


@pytest.fixture(scope="module")
def pensioner_walk(base_url):
    """Walks a new pensioner through every screen of theirs, once for both the
    size-rule test and the axe test: welcome, sign-in, the seven sign-up steps,
    categories, a category, a task, the order in each state with its
    confirmation questions, the orders, the profile, the instructions and the
    consultation. A volunteer (a second browser) accepts the order."""
    pensioner_browser = start_chromium(PHONE_WIDTH, PHONE_HEIGHT, "uk")
    volunteer_browser = start_chromium(PHONE_WIDTH, PHONE_HEIGHT, "uk")
    coordinator_browser = start_chromium(PHONE_WIDTH, PHONE_HEIGHT, "uk")
    walk = Walk()
    try:
        b = pensioner_browser
        open_page(b, url(base_url, "/"))
        walk.record(b, "welcome")
        open_page(b, url(base_url, "/login"))
        walk.record(b, "sign-in")
        b.find_element(By.CSS_SELECTOR, 'main input[name="phone"]').send_keys(unique_phone())
        b.find_element(By.CSS_SELECTOR, 'main input[name="password"]').send_keys("not-the-password")
        tap_and_wait(b, submit_button(b, f"{PREFIX}/login"))
        assert "Неправильний номер телефону або пароль." in main_text(b)
        walk.record(b, "sign-in with wrong details")

        pensioner = new_pensioner()
        sign_up(b, base_url, pensioner, on_step=lambda d, n: walk.record(
            d, f"sign-up step {n}", main_action='main form button[type="submit"]'))
        walk.record(b, "categories (just signed up)")
        open_page(b, url(base_url, "/orders"))
        walk.record(b, "orders (none yet)")

        open_page(b, url(base_url, "/categories"))
        open_first_category(b)
        walk.record(b, "a category")
        open_first_task(b)
        walk.record(b, "a task", main_action=f'main form[action="{PREFIX}/orders"] button')
        press_order(b)
        walk.record(b, "order: confirmation question")
        answer_dialog(b, yes=True)
        task_id = order_id(b)
        walk.record(b, "order: searching")
        # The step after ordering: when it suits them, and a note for the volunteer.
        tap_and_wait(b, b.find_element(By.CSS_SELECTOR, f'main a[href="{PREFIX}/orders/{task_id}/details"]'))
        walk.record(b, "order: when and what")
        tap(b, b.find_element(By.CSS_SELECTOR, 'input[name="preferredPart"][value="morning"]'))
        note = b.find_element(By.CSS_SELECTOR, 'textarea[name="note"]')
        # A phone in the note is pointed out while it is typed, not after sending.
        note.send_keys("Подзвоніть на 067 123 45 67")
        warning = b.find_element(By.ID, "field-note-warning")
        WebDriverWait(b, 5).until(lambda _: "Приберіть номер телефону" in warning.text)
        walk.record(b, "order: a phone typed into the note")
        note.clear()
        note.send_keys("До кардіолога")
        WebDriverWait(b, 5).until(lambda _: warning.text == "")
        tap_and_wait(b, submit_button(b, f"{PREFIX}/orders/{task_id}/details"))
        assert "Примітка: До кардіолога" in main_text(b), main_text(b)[:300]
        walk.record(b, "order: searching, with when and what")
        open_page(b, url(base_url, "/categories"))
        walk.record(b, "categories with an open order")
        open_page(b, url(base_url, f"/orders/{task_id}"))
        wait_until_live(b, "#order-status")

        volunteer = new_volunteer()
        sign_up_approved_volunteer(volunteer_browser, coordinator_browser, base_url, volunteer)
        go_online(volunteer_browser)
        accept_from_inbox(volunteer_browser, task_id)
        wait_for_order_state(b, "accepted")
        walk.record(b, "order: accepted (updated live)")
        open_page(b, url(base_url, f"/orders/{task_id}"))
        walk.record(b, "order: accepted")
        assert b.find_element(By.CSS_SELECTOR, ".door-code-digits").text.strip().isdigit(), "the door code is shown"

        # Both sides close the visit: the volunteer's «Я на місці» and «Виконано»…
        wait_until_live(b, "#order-status")
        volunteer_says(volunteer_browser, task_id, "arrive")
        WebDriverWait(b, 10, poll_frequency=0.05).until(
            lambda d: "Волонтер на місці" in d.find_element(By.ID, "order-status").text, "«на місці» did not reach the pensioner")
        walk.record(b, "order: the volunteer is at the door")
        volunteer_says(volunteer_browser, task_id, "finish")
        wait_for_order_state(b, "finished")
        walk.record(b, "order: «all good?» (updated live)")
        # …and the pensioner's «Щось не так» (looked at, not sent) or «Усе добре».
        tap_and_wait(b, b.find_element(By.CSS_SELECTOR, f'#order-status a[href="{PREFIX}/orders/{task_id}/report"]'))
        walk.record(b, "report: something was wrong", main_action='main form button[type="submit"]')
        open_page(b, url(base_url, f"/orders/{task_id}"))
        walk.record(b, "order: «all good?»")
        tap_in_live_region_and_wait(b, f'#order-status form[action$="/{task_id}/complete"] button')
        assert order_state(b) == "done"
        walk.record(b, "order: done")

        open_page(b, url(base_url, "/categories"))
        open_first_category(b)
        open_first_task(b)
        press_order(b)
        answer_dialog(b, yes=True)
        press_in_order(b, "cancel")
        walk.record(b, "order: «cancel?» question")
        answer_dialog(b, yes=True)
        assert order_state(b) == "cancelled"
        walk.record(b, "order: cancelled")

        open_page(b, url(base_url, "/orders"))
        walk.record(b, "orders")
        open_page(b, url(base_url, "/profile"))
        walk.record(b, "profile")
        open_page(b, url(base_url, "/instructions"))
        walk.record(b, "instructions")
        open_page(b, url(base_url, "/categories"))
        tap_and_wait(b, b.find_element(By.CSS_SELECTOR, "main a.tile-consultation"))
        walk.record(b, "consultation")
        yield walk
    finally:
        for driver in (pensioner_browser, volunteer_browser, coordinator_browser):
            try:
                driver.quit()
            except Exception:  # a crashed browser must not hide the test's result
                pass


PENSIONER_SCREENS = [
    "welcome", "sign-in", "sign-in with wrong details",
    *[f"sign-up step {n}" for n in range(1, SIGN_UP_STEPS + 1)],
    "categories (just signed up)", "orders (none yet)", "a category", "a task",
    "order: confirmation question", "order: searching", "order: when and what", "order: a phone typed into the note",
    "order: searching, with when and what",
    "categories with an open order",
    "order: accepted (updated live)", "order: accepted", "order: the volunteer is at the door",
    "order: «all good?» (updated live)", "report: something was wrong", "order: «all good?»", "order: done",
    "order: «cancel?» question", "order: cancelled", "orders", "profile", "instructions", "consultation",
]


def test_every_pensioner_screen_follows_the_size_rules(pensioner_walk):
    """Text ≥ 20 px; links, buttons and fields ≥ 64 px tall and ≥ 20 px apart, main
    actions ≥ 100 px;
    ≤ 4 buttons in <main>; icons labelled; «Так» green and «Ні» red."""
    assert pensioner_walk.names() == PENSIONER_SCREENS
    failures = [f"{s.name} ({s.path}):\n    " + "\n    ".join(s.size_problems)
                for s in pensioner_walk.screens if s.size_problems]
    assert not failures, "size rules broken on pensioner screens:\n" + "\n".join(failures)


def test_every_pensioner_screen_passes_axe(pensioner_walk):
    assert pensioner_walk.names() == PENSIONER_SCREENS
    failures = [f"{s.name}: {s.axe_problem}" for s in pensioner_walk.screens if s.axe_problem]
    assert not failures, "\n".join(failures)


# The pages' Content-Security-Policy ignores style="" attributes; styles set
# through the CSSOM (element.style) apply.
_BROKEN_SCREEN = """
const main = document.querySelector("main");
const box = document.createElement("div");
const add = (parent, html, style = {}) => {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const element = template.content.firstElementChild;
  Object.assign(element.style, { display: "flex", marginBottom: "40px" }, style);
  parent.append(element);
  return element;
};
add(box, `<p>Дрібний текст</p>`, { fontSize: "14px" });
add(box, `<a href="#low" class="button">Низька кнопка</a>`, { minHeight: "0", height: "40px" });
const row = add(box, `<div></div>`, { gap: "4px" });
add(row, `<a href="#a" class="button">Ліва</a>`, { marginBottom: "0" });
add(row, `<a href="#b" class="button">Права</a>`, { marginBottom: "0" });
add(box, `<a href="#icon" class="button"><span aria-hidden="true">🔧</span></a>`);
for (let n = 1; n <= 5; n++) add(box, `<button type="button">Кнопка ${n}</button>`);
add(box, `<button type="button" class="button button-yes">Низький головний</button>`, { minHeight: "0", height: "80px" });
main.prepend(box);
"""

_SWAPPED_DIALOG = """
const dialog = document.createElement("dialog");
dialog.className = "confirm";
dialog.innerHTML = `<p>Питання?</p><div class="actions">
  <button type="button" class="button button-yes">Так</button>
  <button type="button" class="button button-no">Ні</button></div>`;
dialog.querySelector(".button-yes").style.background = "#b3261e";
dialog.querySelector(".button-no").style.background = "#146c2e";
document.body.append(dialog);
dialog.showModal();
"""


def test_the_size_rules_catch_what_they_should(browser, base_url):
    """The measuring script itself: on a screen broken on purpose, it reports
    each kind of problem (so that a pass elsewhere means something)."""
    open_page(browser, url(base_url, "/"))
    assert screen_problems(browser) == []
    browser.execute_script(_BROKEN_SCREEN)
    report = "\n".join(screen_problems(browser))
    for expected in ("«Дрібний текст»: font-size 14 px < 20 px",
                     "«Низька кнопка»: height 40 px < 64 px",
                     "«Ліва» and a.button «Права»: 4 px apart < 20 px",
                     "main action button.button.button-yes «Низький головний»: height 80 px < 100 px",
                     "buttons in main > 4",
                     "in a.button «🔧» has no visible text label"):
        assert expected in report, f"not reported: {expected}\n{report}"

    open_page(browser, url(base_url, "/"))
    browser.execute_script(_SWAPPED_DIALOG)
    report = "\n".join(screen_problems(browser))
    assert "«Так»: background rgb(179, 38, 30) is not green" in report, report
    assert "«Ні»: background rgb(20, 108, 46) is not red" in report, report


# ------------------------------------------------------------------ 3. axe on the volunteer's and staff pages


def test_volunteer_pages_pass_axe(new_browser, base_url):
    volunteer_browser, pensioner_browser = new_browser(), new_browser()
    failures = []

    def check(name):
        try:
            assert_accessible(volunteer_browser)
        except AssertionError as error:
            failures.append(f"{name}: {error}")
        # Issue 33: the inbox with task cards scrolled sideways at 390 px.
        scroll, client = volunteer_browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        if scroll > client:
            failures.append(f"{name}: {scroll} px wide in {client} px")

    volunteer = new_volunteer()
    sign_up(volunteer_browser, base_url, volunteer, on_step=lambda d, n: check(f"volunteer sign-up step {n}"))
    check("inbox, waiting for approval")
    coordinator = new_browser()
    approve_as_demo_coordinator(coordinator, base_url, volunteer)
    open_page(volunteer_browser, url(base_url, "/inbox"))
    check("inbox, offline")
    go_online(volunteer_browser)
    check("inbox, online")

    pensioner = new_pensioner()
    sign_up(pensioner_browser, base_url, pensioner)
    open_first_category(pensioner_browser)
    open_first_task(pensioner_browser)
    press_order(pensioner_browser)
    answer_dialog(pensioner_browser, yes=True)
    task_id = order_id(pensioner_browser)

    card = f'{TASK_CARD}[data-task-id="{task_id}"]'
    wait(volunteer_browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, card)))
    check("inbox with a task")
    open_page(volunteer_browser, url(base_url, f"/tasks/{task_id}"))
    check("task, before accepting")
    open_page(volunteer_browser, url(base_url, "/inbox"))
    accept_from_inbox(volunteer_browser, task_id)
    check("task, accepted (with the pensioner's contact and the withdraw form)")
    open_page(volunteer_browser, url(base_url, "/assignments"))
    check("my tasks and hours")
    open_page(volunteer_browser, url(base_url, "/hours/certificate"))
    check("certificate of hours")
    open_page(volunteer_browser, url(base_url, "/profile"))
    check("profile")
    open_page(volunteer_browser, url(base_url, "/instructions"))
    check("instructions")

    # Tidy up: the pensioner cancels, the volunteer goes offline.
    open_page(pensioner_browser, url(base_url, f"/orders/{task_id}"))
    press_in_order(pensioner_browser, "cancel")
    answer_dialog(pensioner_browser, yes=True)
    open_page(volunteer_browser, url(base_url, "/inbox"))
    go_offline(volunteer_browser)
    check("inbox, offline again")

    assert not failures, "\n".join(failures)


def test_coordinator_board_passes_axe(browser, base_url):
    """The board as the demo coordinator (the suite runs against demo data)."""
    log_in(browser, base_url, *DEMO_COORDINATOR)
    assert path_of(browser) == f"{PREFIX}/board", "the demo coordinator could not sign in: is demo data on?"
    failures = []
    for path in ("/board", "/admin/accounts", "/admin/accounts?q=380671112233", "/profile"):
        open_page(browser, url(base_url, path))
        try:
            assert_accessible(browser)
        except AssertionError as error:
            failures.append(str(error))
        scroll, client = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        if scroll > client:
            failures.append(f"{path}: {scroll} px wide in {client} px")
    assert not failures, "\n".join(failures)


# ------------------------------------------------------------------ 4. English


def test_english_is_available_and_sticks(browser, base_url):
    open_page(browser, url(base_url, "/"))
    assert page_language(browser) == "uk"
    assert heading(browser) == "Допомога волонтера"
    switch_language(browser, "en")
    assert page_language(browser) == "en"
    assert path_of(browser) == f"{PREFIX}/", "the switch returns to the same page"
    assert heading(browser) == "Help from a volunteer"

    def in_english(driver, number):
        assert page_language(driver) == "en"
        assert f"Step {number} of {SIGN_UP_STEPS}" in main_text(driver)

    pensioner = new_pensioner()
    sign_up(browser, base_url, pensioner, on_step=in_english)
    assert heading(browser) == "How can we help?"
    tabs = [tab.text.strip() for tab in browser.find_elements(By.CSS_SELECTOR, "nav.tabs a")]
    assert tabs == ["Categories", "Instructions", "My orders", "Profile"]

    open_page(browser, url(base_url, "/orders"))
    assert page_language(browser) == "en"
    assert heading(browser) == "My orders"
    open_page(browser, url(base_url, "/categories"))
    open_first_category(browser)
    open_first_task(browser)
    assert submit_button(browser, f"{PREFIX}/orders").text.strip() == "Order"
    tap(browser, submit_button(browser, f"{PREFIX}/orders"))
    dialog = open_dialog(browser)
    assert [b.text.strip() for b in dialog.find_elements(By.CSS_SELECTOR, "button")] == ["Yes", "No"]
    answer_dialog(browser, yes=False, navigates=False)
    WebDriverWait(browser, 5).until_not(EC.presence_of_element_located((By.CSS_SELECTOR, "dialog.confirm")))
    assert path_of(browser).startswith(f"{PREFIX}/templates/"), "«No» places no order"

    switch_language(browser, "uk")
    assert page_language(browser) == "uk"
    open_page(browser, url(base_url, "/categories"))
    assert page_language(browser) == "uk"
    assert heading(browser) == "Чим допомогти?"
    assert browser.find_element(By.CSS_SELECTOR, "nav.tabs a").text.strip() == "Категорії"


# ------------------------------------------------------------------ 5. bad input


def field_error(driver, name: str) -> str:
    """The inline error tied to the field, and checks that it is tied to it."""
    control = driver.find_element(By.CSS_SELECTOR, f'main [name="{name}"]')
    assert control.get_attribute("aria-invalid") == "true"
    error = driver.find_element(By.ID, f"field-{name}-error")
    assert error.get_attribute("id") in (control.get_attribute("aria-describedby") or "").split()
    assert error.is_displayed()
    return error.text.strip()


def test_sign_up_explains_a_wrong_phone_and_an_impossible_birthday(browser, base_url):
    person = new_pensioner()
    open_page(browser, base_url + join_step_path("pensioner", 1))

    # A phone number that is too short: the message stays on step 1, beside the field.
    phone = browser.find_element(By.CSS_SELECTOR, 'main input[name="phone"]')
    phone.send_keys("12345")
    tap_and_wait(browser, submit_button(browser, join_step_path("pensioner", 1)))
    assert path_of(browser) == join_step_path("pensioner", 1)
    assert "Крок 1 з 7" in main_text(browser)
    assert field_error(browser, "phone").startswith("Напишіть український номер мобільного з 10 цифр")
    assert browser.find_element(By.CSS_SELECTOR, 'main input[name="phone"]').get_attribute("value") == "12345", (
        "what was typed is kept")
    browser.find_element(By.CSS_SELECTOR, 'main [role="alert"]')
    assert_screen_rules(browser)
    assert_accessible(browser)

    # The number as people write it is accepted.
    digits = person.phone
    typed = f"+{digits[:3]} {digits[3:5]} {digits[5:8]} {digits[8:10]} {digits[10:]}"
    phone = browser.find_element(By.CSS_SELECTOR, 'main input[name="phone"]')
    phone.clear()
    phone.send_keys(typed)
    tap_and_wait(browser, submit_button(browser, join_step_path("pensioner", 1)))
    for number in (2, 3):
        answer_join_step(browser, person, number)
        tap_and_wait(browser, submit_button(browser, join_step_path("pensioner", number)))

    # A date that does not exist.
    assert path_of(browser) == join_step_path("pensioner", 4)
    birthday = browser.find_element(By.CSS_SELECTOR, 'main input[name="birthday"]')
    birthday.send_keys("31.02.1950")
    tap_and_wait(browser, submit_button(browser, join_step_path("pensioner", 4)))
    assert path_of(browser) == join_step_path("pensioner", 4)
    assert "Крок 4 з 7" in main_text(browser)
    assert field_error(browser, "birthday").startswith("Такої дати немає")
    assert_screen_rules(browser)
    assert_accessible(browser)

    birthday = browser.find_element(By.CSS_SELECTOR, 'main input[name="birthday"]')
    birthday.clear()
    birthday.send_keys("12.03.1950")
    tap_and_wait(browser, submit_button(browser, join_step_path("pensioner", 4)))
    assert path_of(browser) == join_step_path("pensioner", 5), "a real date moves on to the next question"

    # A city no organisation serves (the demo's serve Київ, Львів, Одеса, Харків and
    # Дніпро) is named as such the moment it is chosen, with the number to call.
    city = Select(browser.find_element(By.CSS_SELECTOR, 'main select[name="city"]'))
    warning = browser.find_element(By.ID, "field-city-warning")
    city.select_by_value("vinnytsia")
    WebDriverWait(browser, 5).until(lambda _: "поки немає волонтерської організації" in warning.text)
    assert "0 800 50 03 35" in warning.text, warning.text
    assert_screen_rules(browser)
    assert_accessible(browser)
    city.select_by_value("lviv")
    WebDriverWait(browser, 5).until(lambda _: warning.text == "")


def test_pensioner_pages_fit_at_200_percent_zoom(new_browser, base_url):
    """At 200 % zoom a 390-px-wide phone is 195 CSS px wide: every pensioner page
    still fits it without scrolling sideways (the header wraps, grids go to one column)."""
    b = new_browser()
    sign_up(b, base_url, new_pensioner())
    b.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": PHONE_WIDTH // 2, "height": PHONE_HEIGHT // 2, "deviceScaleFactor": 2, "mobile": True})
    try:
        paths = ["/", "/categories", "/orders", "/profile", "/instructions", "/relatives"]
        open_page(b, url(base_url, "/categories"))
        open_first_category(b)
        paths.append(path_of(b).removeprefix(PREFIX))
        open_first_task(b)
        paths.append(path_of(b).removeprefix(PREFIX))
        press_order(b)
        answer_dialog(b, yes=True)
        task_id = order_id(b)
        paths += [f"/orders/{task_id}", f"/orders/{task_id}/details"]
        too_wide = []
        for path in paths:
            open_page(b, url(base_url, path))
            scroll, client = b.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            if scroll > client:
                too_wide.append(f"{path}: {scroll} px wide in {client} px")
        assert not too_wide, "scrolls sideways at 200 % zoom:\n" + "\n".join(too_wide)
    finally:
        b.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_the_password_can_be_shown_while_typing(browser, base_url):
    """Older people mistype on small keyboards: «Показати пароль» turns the field to
    text and back, on sign-in as on the sign-up's last step."""
    open_page(browser, url(base_url, "/login"))
    password = browser.find_element(By.CSS_SELECTOR, 'main input[name="password"]')
    password.send_keys("my-secret")
    reveal = browser.find_element(By.CSS_SELECTOR, f'main button[data-reveal="{password.get_attribute("id")}"]')
    assert reveal.is_displayed() and reveal.text.strip() == "Показати пароль"
    tap(browser, reveal)
    assert password.get_attribute("type") == "text" and reveal.get_attribute("aria-pressed") == "true"
    assert password.get_attribute("value") == "my-secret"
    tap(browser, reveal)
    assert password.get_attribute("type") == "password" and reveal.get_attribute("aria-pressed") == "false"
    assert_screen_rules(browser)


def test_going_online_offers_notifications_with_the_apps_service_worker(browser, base_url):
    """A volunteer who goes online is offered notifications for when the page is closed:
    the app's service worker registers (scoped to the app) and the button appears; it is
    never offered before. Headless Chromium reaches no push service, so pressing the
    button cannot subscribe here: the server's side of a subscription, and a push to a
    service on loopback, are tested in the Swift suite (WebPushTests, PushTests)."""
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": base_url, "permissions": ["notifications"]})
    log_in(browser, base_url, "380631112233", "volunteer-demo")
    open_page(browser, url(base_url, "/inbox"))
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-push-subscribe]"), "not offered while offline"
    go_online(browser)
    try:
        button = WebDriverWait(browser, 10).until(
            EC.visibility_of_element_located((By.CSS_SELECTOR, '[data-push-subscribe][data-push-ready="true"]')))
        assert button.text.strip() == "Сповіщати про нові завдання, коли сторінку закрито"
        scope = browser.execute_async_script("""
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.getRegistration("/golden-ager/").then((r) => done(r ? r.scope : null));
        """)
        assert scope == f"{base_url}/golden-ager/", scope
        assert_accessible(browser)
    finally:
        go_offline(browser)  # offline again: other tests count on the demo volunteers


def test_a_relative_links_with_the_pensioners_code_and_orders_for_them(new_browser, base_url):
    """The seed's survey was answered mostly by young relatives: a relative signs up
    with a name, types the code the pensioner's profile shows (the pensioner sees them
    appear without a reload), orders for the pensioner and cancels; the pensioner sees
    who ordered. Every screen on the way passes axe."""
    pensioner_browser, relative_browser = new_browser(), new_browser()
    pensioner = new_pensioner()
    sign_up(pensioner_browser, base_url, pensioner)

    # The pensioner: «Профіль» → «Родичі» → «Показати код для родича».
    open_page(pensioner_browser, url(base_url, "/profile"))
    tap_and_wait(pensioner_browser, pensioner_browser.find_element(By.CSS_SELECTOR, f'main a[href="{PREFIX}/relatives"]'))
    assert_accessible(pensioner_browser)
    tap_and_wait(pensioner_browser, submit_button(pensioner_browser, "/relatives/code"))
    code = pensioner_browser.find_element(By.CSS_SELECTOR, ".code-digits").text.strip()
    assert len(code.replace(" ", "")) == 6 and code.replace(" ", "").isdigit(), code
    assert_accessible(pensioner_browser)
    wait_until_live(pensioner_browser, "#relatives-list")
    mark_no_reload(pensioner_browser)

    # The relative joins in four steps: phone, names, password.
    relative_phone, password = unique_phone("38066"), "pass-relative"
    open_page(relative_browser, url(base_url, "/"))
    tap_and_wait(relative_browser, relative_browser.find_element(By.CSS_SELECTOR, f'main a[href="{join_step_path("relative", 1)}"]'))
    for number, (name, value) in enumerate([("phone", relative_phone), ("firstName", "Дмитро"),
                                            ("lastName", pensioner.last_name), ("password", password)], start=1):
        assert path_of(relative_browser) == join_step_path("relative", number)
        relative_browser.find_element(By.CSS_SELECTOR, f'main input[name="{name}"]').send_keys(value)
        tap_and_wait(relative_browser, submit_button(relative_browser, join_step_path("relative", number)))
    assert path_of(relative_browser) == f"{PREFIX}/relatives", relative_browser.current_url
    assert_accessible(relative_browser)

    # A wrong code is explained at the field; the right one, typed as shown, links.
    def link(typed_code: str) -> None:
        for name, value in (("phone", pensioner.phone), ("code", typed_code)):
            box = relative_browser.find_element(By.CSS_SELECTOR, f'main input[name="{name}"]')
            box.clear()
            box.send_keys(value)
        tap_and_wait(relative_browser, submit_button(relative_browser, f"{PREFIX}/relatives"))

    link("000000" if code.replace(" ", "") != "000000" else "000001")
    assert "код не підходить" in relative_browser.find_element(By.ID, "field-code-error").text
    assert_accessible(relative_browser)
    link(code)
    assert pensioner.full_name in main_text(relative_browser)
    WebDriverWait(pensioner_browser, 10, poll_frequency=0.05).until(
        lambda d: "Дмитро" in d.find_element(By.ID, "relatives-list").text,
        "the relative did not appear on the pensioner's page without a reload")
    assert_not_reloaded(pensioner_browser)

    # The relative orders for the pensioner through the same large screens.
    tap_and_wait(relative_browser, wait(relative_browser).until(EC.element_to_be_clickable(
        (By.CSS_SELECTOR, 'main form[action$="/order"] button'))))
    assert f"Замовлення для: {pensioner.full_name}." in main_text(relative_browser)
    assert_accessible(relative_browser)
    open_first_category(relative_browser)
    title, _ = open_first_task(relative_browser)
    press_order(relative_browser)
    answer_dialog(relative_browser, yes=True)
    task_id = order_id(relative_browser)
    assert f"Для: {pensioner.full_name}" in main_text(relative_browser)
    assert order_state(relative_browser) == "searching"
    assert_accessible(relative_browser)

    # The pensioner sees the order as their own, and who placed it.
    open_page(pensioner_browser, url(base_url, f"/orders/{task_id}"))
    assert f"Замовив(ла) для вас: Дмитро {pensioner.last_name}" in main_text(pensioner_browser)
    assert title in heading(pensioner_browser)

    # The relative cancels it.
    press_in_order(relative_browser, "cancel")
    answer_dialog(relative_browser, yes=True)
    wait_for_order_state(relative_browser, "cancelled")


# ------------------------------------------------------------------ the door check, a caller


def portrait_png(path, side: int = 240) -> None:
    """A PNG of a drawn face (a disc on a plain ground), written with zlib alone."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = bytearray()
    for y in range(side):
        rows.append(0)
        for x in range(side):
            inside = (x - side / 2) ** 2 + (y - side / 2.4) ** 2 < (side / 3.2) ** 2
            rows += bytes((214, 170, 140) if inside else (200, 220, 240))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b""))
    path.write_bytes(png)


def page_fits(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_the_door_check_shows_the_same_face_and_code_to_both(new_browser, base_url, tmp_path):
    """Only 31.6 % of the seed's young respondents would trust volunteers with their
    relatives: the volunteer puts up a photo, and once they accept, the pensioner sees
    that face, the name, the organisation and a three-digit code the volunteer's phone
    shows too. After the visit the pensioner tells the coordinators something was wrong."""
    volunteer_browser, pensioner_browser = new_browser(), new_browser()
    volunteer = new_volunteer()
    sign_up_approved_volunteer(volunteer_browser, new_browser(), base_url, volunteer)

    # The photo, from the profile: the page's script draws it down before sending.
    open_page(volunteer_browser, url(base_url, "/profile"))
    assert "Додайте своє фото" in main_text(volunteer_browser)
    photo = tmp_path / "face.png"
    portrait_png(photo)
    volunteer_browser.find_element(By.CSS_SELECTOR, 'form.photo-form input[type="file"]').send_keys(str(photo))
    tap_and_wait(volunteer_browser, volunteer_browser.find_element(By.CSS_SELECTOR, 'form.photo-form button[type="submit"]'))
    assert "Фото збережено." in main_text(volunteer_browser), main_text(volunteer_browser)[:300]
    assert volunteer_browser.execute_script("return document.querySelector('img.person-photo').complete"
                                            " && document.querySelector('img.person-photo').naturalWidth > 0")
    go_online(volunteer_browser)

    pensioner = new_pensioner()
    sign_up(pensioner_browser, base_url, pensioner)
    open_first_category(pensioner_browser)
    open_first_task(pensioner_browser)
    press_order(pensioner_browser)
    answer_dialog(pensioner_browser, yes=True)
    task_id = order_id(pensioner_browser)
    wait_until_live(pensioner_browser, "#order-status")
    open_page(volunteer_browser, url(base_url, "/inbox"))
    accept_from_inbox(volunteer_browser, task_id)
    wait_for_order_state(pensioner_browser, "accepted")

    status = pensioner_browser.find_element(By.ID, "order-status")
    assert volunteer.full_name in status.text and "Життєлюб" in status.text
    face = status.find_element(By.CSS_SELECTOR, "img.person-photo")
    WebDriverWait(pensioner_browser, 5).until(lambda d: d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", face), "the volunteer's photo did not load")
    assert volunteer.full_name in face.get_attribute("alt")
    code = status.find_element(By.CSS_SELECTOR, ".door-code-digits").text.strip()
    assert len(code) == 3 and code.isdigit(), code
    assert code in volunteer_browser.find_element(By.CSS_SELECTOR, "main .door-code-digits").text, "both see the same code"
    assert page_fits(pensioner_browser) and page_fits(volunteer_browser)
    assert_accessible(pensioner_browser)
    assert_accessible(volunteer_browser)

    volunteer_says(volunteer_browser, task_id, "arrive")
    volunteer_says(volunteer_browser, task_id, "finish")
    assert path_of(volunteer_browser) == f"{PREFIX}/inbox", "free for the next task at once"
    wait_for_order_state(pensioner_browser, "finished")
    tap_and_wait(pensioner_browser, pensioner_browser.find_element(By.CSS_SELECTOR, f'#order-status a[href$="/{task_id}/report"]'))
    pensioner_browser.find_element(By.CSS_SELECTOR, 'main textarea[name="text"]').send_keys("Прийшла інша людина, не з фото")
    tap_and_wait(pensioner_browser, submit_button(pensioner_browser, f"{PREFIX}/orders/{task_id}/report"))
    assert "Координатори отримали ваше повідомлення" in main_text(pensioner_browser)
    assert order_state(pensioner_browser) == "done"
    assert "Ви розповіли координаторам" in main_text(pensioner_browser)

    coordinator = new_browser()
    log_in(coordinator, base_url, *DEMO_COORDINATOR)
    open_page(coordinator, url(base_url, "/board"))
    assert "Прийшла інша людина, не з фото" in main_text(coordinator), "the report is on the coordinators' board"
    assert page_fits(coordinator)


def test_a_coordinator_orders_for_a_pensioner_who_phoned(new_browser, base_url):
    """The consultation line is how many older people come in: the coordinator finds the
    caller by the number they say, orders for them through the same catalogue, and the
    pensioner's page says who placed it."""
    pensioner_browser, coordinator = new_browser(), new_browser()
    pensioner = new_pensioner()
    sign_up(pensioner_browser, base_url, pensioner)

    log_in(coordinator, base_url, *DEMO_COORDINATOR)
    spoken = f"0{pensioner.phone[3:5]} {pensioner.phone[5:8]} {pensioner.phone[8:10]} {pensioner.phone[10:]}"
    open_page(coordinator, url(base_url, "/admin/accounts"))
    search = coordinator.find_element(By.CSS_SELECTOR, 'main input[name="q"]')
    search.send_keys(spoken)
    tap_and_wait(coordinator, search.find_element(By.XPATH, "ancestor::form//button[@type='submit']"))
    assert pensioner.full_name in main_text(coordinator), main_text(coordinator)[:400]
    tap_and_wait(coordinator, coordinator.find_element(By.CSS_SELECTOR, 'main form[action$="/order"] button'))
    assert path_of(coordinator) == f"{PREFIX}/categories"
    assert pensioner.full_name in main_text(coordinator), "the catalogue says whom the order is for"
    change = coordinator.find_element(By.CSS_SELECTOR, "main .ordering-for a")
    assert change.get_attribute("href").endswith(f"{PREFIX}/admin/accounts"), "«Змінити» leads where a coordinator picks a caller"
    open_first_category(coordinator)
    title, _ = open_first_task(coordinator)
    press_order(coordinator)
    answer_dialog(coordinator, yes=True)
    task_id = order_id(coordinator)
    assert f"Для: {pensioner.full_name}" in main_text(coordinator)
    assert page_fits(coordinator)
    assert_accessible(coordinator)

    open_page(pensioner_browser, url(base_url, f"/orders/{task_id}"))
    assert "Замовив(ла) за вас координатор" in main_text(pensioner_browser)
    assert title in main_text(pensioner_browser)
