"""Fuctivity in a real browser at phone size: sign up, set up the week, accept a
suggestion, mark it done and rate it, see it in the statistics and switch the chart;
the calendar feed parsed with `icalendar`; delete with undo; a due reminder appearing on
the open page; axe on every page.

Every test makes its own person (a fresh e-mail address), so the suite runs against
any server, again and again.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import requests
from icalendar import Calendar
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from support import assert_accessible, click_and_wait_for_next_page, heading, open_page, switch_language

PREFIX = "/fuctivity"
PASSWORD = "rest-well-1"
KYIV = ZoneInfo("Europe/Kyiv")


def email() -> str:
    return f"rest-{secrets.token_hex(4)}@example.com"


def tap(driver, element) -> None:
    """Clicks after scrolling the element clear of the fixed tab bar, and waits for the next page."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    click_and_wait_for_next_page(driver, element)


def fill(driver, name: str, value: str) -> None:
    field = driver.find_element(By.NAME, name)
    if field.tag_name == "select":
        Select(field).select_by_value(value)
    elif field.get_attribute("type") in ("date", "time", "datetime-local", "number"):
        driver.execute_script("arguments[0].value = arguments[1]", field, value)
    else:
        field.clear()
        field.send_keys(value)


def submit(driver, form_selector: str = "main form") -> None:
    form = driver.find_element(By.CSS_SELECTOR, form_selector)
    tap(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))


def sign_up_and_set_up_week(driver, base_url: str, check_a11y: bool = False) -> str:
    address = email()
    open_page(driver, base_url + PREFIX + "/")
    if check_a11y:
        assert_accessible(driver)
    tap(driver, driver.find_element(By.LINK_TEXT, "Створити обліковий запис"))
    assert heading(driver) == "Створення облікового запису"
    if check_a11y:
        assert_accessible(driver)
    fill(driver, "name", "Марта")
    fill(driver, "email", address)
    fill(driver, "password", PASSWORD)
    fill(driver, "passwordRepeat", PASSWORD)
    submit(driver)
    assert heading(driver) == "Ваш тиждень", driver.current_url
    if check_a11y:
        assert_accessible(driver)
    # Monday to Friday are ticked by default; work 8 h from 09:00, rest 3 h a day.
    assert [box.get_attribute("name") for box in driver.find_elements(By.CSS_SELECTOR, ".weekdays input:checked")] == \
        ["day1", "day2", "day3", "day4", "day5"]
    fill(driver, "restHours", "2")
    submit(driver)
    assert driver.current_url.startswith(base_url + PREFIX + "/week"), driver.current_url
    return address


def test_sign_up_suggestion_done_rated_statistics(browser, base_url):
    sign_up_and_set_up_week(browser, base_url, check_a11y=True)
    assert_accessible(browser)
    # Yesterday's day view offers its free evening; one tap makes it an activity.
    yesterday = (datetime.now(KYIV) - timedelta(days=1)).date()
    open_page(browser, f"{base_url}{PREFIX}/day?day={yesterday.isoformat()}")
    assert_accessible(browser)
    suggestions = browser.find_elements(By.CSS_SELECTOR, ".suggestions button")
    assert [button.text for button in suggestions] == ["+ Відпочити 17:00–19:00"]
    tap(browser, suggestions[0])
    assert "Додано відпочинок 17:00–19:00" in browser.find_element(By.CSS_SELECTOR, ".flash").text
    # Two hours planned: nothing more is suggested for that day.
    assert browser.find_elements(By.CSS_SELECTOR, ".suggestions button") == []
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".activities a"))
    assert_accessible(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Виконано']"))
    assert "Заняття виконано" in browser.find_element(By.CSS_SELECTOR, ".flash").text
    five = browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", five)
    five.click()
    fill(browser, "note", "Гарна прогулянка")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Зберегти оцінку']"))
    assert "Оцінка: 5 з 5." in browser.page_source

    open_page(browser, f"{base_url}{PREFIX}/statistics?day={yesterday.isoformat()}")
    assert_accessible(browser)
    rows = {row.find_element(By.TAG_NAME, "th").text: [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            for row in browser.find_elements(By.CSS_SELECTOR, "table.numbers tbody tr")}
    yesterday_row = next(cells for title, cells in rows.items() if title.endswith(yesterday.strftime("%d.%m")))
    assert yesterday_row == ["2 год", "0 хв", "2 год"]
    assert browser.find_elements(By.CSS_SELECTOR, "svg.chart-bar rect.bar")
    ratings = browser.find_elements(By.CSS_SELECTOR, "section:last-of-type table.numbers tbody tr")
    assert [row.text for row in ratings] == ["Інше 5 1"]
    tap(browser, browser.find_element(By.LINK_TEXT, "Лінія"))
    assert browser.find_elements(By.CSS_SELECTOR, "svg.chart-line polyline.line")
    assert browser.find_element(By.LINK_TEXT, "Лінія").get_attribute("aria-current") == "page"
    assert_accessible(browser)
    switch_language(browser, "en")
    assert heading(browser).startswith("Week ")
    assert browser.find_element(By.LINK_TEXT, "Line").get_attribute("aria-current") == "page"


def test_calendar_feed_has_every_activity_with_its_alarms(browser, base_url):
    sign_up_and_set_up_week(browser, base_url)
    start_day = (datetime.now(KYIV) + timedelta(days=2)).date()
    open_page(browser, f"{base_url}{PREFIX}/activities/new?day={start_day.isoformat()}")
    assert_accessible(browser)
    assert Select(browser.find_element(By.NAME, "categoryId")).first_selected_option.text == "Прогулянка"
    fill(browser, "description", "Прогулянка; з собакою, довга")
    fill(browser, "startTime", "18:30")
    fill(browser, "endTime", "20:00")
    fill(browser, "reminder", "30")
    fill(browser, "remindAt", f"{start_day.isoformat()}T09:00")
    submit(browser)
    assert "Заняття додано" in browser.find_element(By.CSS_SELECTOR, ".flash").text

    open_page(browser, f"{base_url}{PREFIX}/profile")
    assert_accessible(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Створити адресу календаря']"))
    url = browser.find_element(By.ID, "feed-url").get_attribute("value")
    assert url.startswith(base_url + PREFIX + "/calendar/") and url.endswith(".ics")

    answer = requests.get(url, timeout=10)
    assert answer.status_code == 200 and answer.headers["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(answer.content)
    events = [component for component in calendar.walk("VEVENT")]
    assert len(events) == 1
    event = events[0]
    assert str(event["SUMMARY"]) == "Прогулянка: Прогулянка; з собакою, довга"
    start = event.decoded("DTSTART")
    assert start.tzinfo is not None and str(start.tzinfo) == "Europe/Kyiv"
    assert start == datetime.combine(start_day, datetime.min.time(), KYIV).replace(hour=18, minute=30)
    assert event.decoded("DTEND") - start == timedelta(minutes=90)
    assert event.get("UID") and event.get("DTSTAMP")
    assert [zone["TZID"] for zone in calendar.walk("VTIMEZONE")] == ["Europe/Kyiv"]
    triggers = sorted((alarm.decoded("TRIGGER") for alarm in event.walk("VALARM")), key=lambda t: str(type(t)))
    relative = [t for t in triggers if isinstance(t, timedelta)]
    absolute = [t for t in triggers if isinstance(t, datetime)]
    assert relative == [timedelta(minutes=-30)]
    assert absolute == [datetime.combine(start_day, datetime.min.time(), KYIV).replace(hour=9).astimezone(timezone.utc)]

    # Revoked: the address stops working.
    open_page(browser, f"{base_url}{PREFIX}/profile")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Вимкнути календар']"))
    assert requests.get(url, timeout=10).status_code == 404


def test_delete_with_undo_and_the_calendar_views(browser, base_url):
    sign_up_and_set_up_week(browser, base_url)
    day = (datetime.now(KYIV) + timedelta(days=1)).date()
    open_page(browser, f"{base_url}{PREFIX}/activities/new?day={day.isoformat()}")
    fill(browser, "description", "Читання")
    submit(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Видалити']"))
    assert "Заняття видалено." in browser.find_element(By.CSS_SELECTOR, ".undo").text
    assert "Читання" not in browser.find_element(By.ID, "main").text.replace("Заняття видалено.", "")
    assert_accessible(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Повернути']"))
    assert "Заняття повернуто." in browser.find_element(By.CSS_SELECTOR, ".flash").text
    assert "Читання" in heading(browser)
    for view in ("day", "month"):
        open_page(browser, f"{base_url}{PREFIX}/{view}?day={day.isoformat()}")
        assert_accessible(browser)
    open_page(browser, f"{base_url}{PREFIX}/month?day={day.isoformat()}")
    cell = browser.find_element(By.CSS_SELECTOR, f"table.month a[href$='day={day.isoformat()}']")
    assert "1 год" in cell.text


def test_a_due_reminder_appears_on_the_open_page(browser, base_url):
    """A reminder set through the API for a few seconds from now shows on the open
    week page by itself (the server looks for due reminders every ten seconds)."""
    address = email()
    session = requests.post(f"{base_url}{PREFIX}/api/v1/accounts", timeout=10,
                            json={"name": "Марта", "email": address, "password": PASSWORD}).json()
    headers = {"Authorization": f"Bearer {session['token']}"}
    assert requests.put(f"{base_url}{PREFIX}/api/v1/settings", json={"restHours": 2}, headers=headers, timeout=10).ok
    open_page(browser, base_url + PREFIX + "/login")
    fill(browser, "email", address)
    fill(browser, "password", PASSWORD)
    submit(browser)
    assert browser.current_url.startswith(base_url + PREFIX + "/week"), browser.current_url

    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(minutes=30)
    remind_at = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=3)
    created = requests.post(f"{base_url}{PREFIX}/api/v1/activities", headers=headers, timeout=10, json={
        "categoryId": "f0c71000-0000-4000-8000-000000000004", "description": "Книжка на балконі",
        "startsAt": start.isoformat().replace("+00:00", "Z"), "endsAt": (start + timedelta(hours=1)).isoformat().replace("+00:00", "Z"),
        "reminders": [{"at": remind_at.isoformat().replace("+00:00", "Z")}]})
    assert created.status_code == 201, created.text
    banner = WebDriverWait(browser, 30).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".reminder-banner")))
    assert "Час відпочивати!" in banner.text and "Книжка на балконі" in banner.text
    assert banner.get_attribute("role") == "alert"
    assert_accessible(browser)


# The same form sent three times — as a double tap and the browser's own retry do — with
# the one-time token app.js gave it: one activity, and the page shows the first result.
SEND_THREE_TIMES = """
const form = arguments[0];
form.dispatchEvent(new SubmitEvent("submit", {bubbles: true, cancelable: true}));
const token = form.querySelector("input[name=_once]");
if (!token || !token.value) return "no token";
const body = () => new URLSearchParams(new FormData(form));
const sent = [0, 1].map(() => fetch(form.action, {method: "POST", body: body(), redirect: "manual", credentials: "same-origin"}));
Promise.all(sent).then(() => form.submit());
return token.value;
"""


def test_a_form_sent_twice_is_done_once(browser, base_url):
    sign_up_and_set_up_week(browser, base_url)
    yesterday = (datetime.now(KYIV) - timedelta(days=1)).date()
    open_page(browser, f"{base_url}{PREFIX}/day?day={yesterday.isoformat()}")
    suggestion = browser.find_element(By.CSS_SELECTOR, ".suggestions button")
    form = suggestion.find_element(By.XPATH, "./ancestor::form")
    token = browser.execute_script(SEND_THREE_TIMES, form)
    assert token != "no token", "app.js gives every posted form a one-time token"
    WebDriverWait(browser, 30).until(EC.staleness_of(form))
    WebDriverWait(browser, 30).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".flash"))
    assert "Додано відпочинок 17:00–19:00" in browser.find_element(By.CSS_SELECTOR, ".flash").text
    assert len(browser.find_elements(By.CSS_SELECTOR, ".activities a")) == 1, "one activity, not three"
