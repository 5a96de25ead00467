"""MoveJoin in a real browser at phone size: sign up, create an event, find it with
filters, join, the waitlist and its promotion, calendars, deleting the account, axe.

Every test makes its own people (fresh e-mail addresses), so the suite runs against
any server, again and again.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import requests
from icalendar import Calendar
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from support import assert_accessible, click_and_wait_for_next_page, heading, open_page, switch_language, wait

PREFIX = "/movejoin"
PASSWORD = "browser-pass"
KYIV = ZoneInfo("Europe/Kyiv")


def email(name: str) -> str:
    return f"{name}-{secrets.token_hex(4)}@example.com"


def tap(driver, element) -> None:
    """Clicks an element after scrolling it to the middle of the screen, clear of the
    fixed tab bar at the bottom, and waits for the next page."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    click_and_wait_for_next_page(driver, element)


def submit(driver, form_selector: str = "main form.event-form, main form") -> None:
    form = driver.find_element(By.CSS_SELECTOR, form_selector)
    tap(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))


def fill(driver, name: str, value: str) -> None:
    field = driver.find_element(By.NAME, name)
    if field.tag_name == "select":
        Select(field).select_by_value(value)
    elif field.get_attribute("type") in ("date", "time"):
        # Chromium's date and time inputs take their value most reliably from script.
        driver.execute_script("arguments[0].value = arguments[1]", field, value)
    else:
        field.clear()
        field.send_keys(value)


def sign_up(driver, base_url: str, address: str, name: str, city: str = "kyiv", check_a11y: bool = False) -> None:
    open_page(driver, base_url + PREFIX + "/")
    if check_a11y:
        assert_accessible(driver)
    tap(driver, driver.find_element(By.LINK_TEXT, "Зареєструватися"))
    assert heading(driver) == "Створення облікового запису"
    if check_a11y:
        assert_accessible(driver)
    fill(driver, "email", address)
    fill(driver, "password", PASSWORD)
    fill(driver, "passwordRepeat", PASSWORD)
    submit(driver)
    assert heading(driver) == "Про вас"
    if check_a11y:
        assert_accessible(driver)
    fill(driver, "name", name)
    fill(driver, "surname", "Тестовий")
    fill(driver, "cityId", city)
    submit(driver)
    assert driver.current_url.endswith(PREFIX + "/events"), driver.current_url


def create_event(driver, base_url: str, title: str, start: datetime, capacity: int = 10, sport: str = "football",
                 skill: str = "intermediate", min_players: int | None = None, decide_hours: int | None = None) -> str:
    open_page(driver, base_url + PREFIX + "/events/new")
    fill(driver, "sportTypeId", sport)
    fill(driver, "title", title)
    fill(driver, "description", "Беріть воду й гарний настрій.")
    fill(driver, "cityId", "kyiv")
    fill(driver, "venue", "Стадіон «Динамо», вул. Грушевського, 3")
    fill(driver, "startDate", start.strftime("%Y-%m-%d"))
    fill(driver, "startTime", start.strftime("%H:%M"))
    fill(driver, "durationMinutes", "90")
    fill(driver, "capacity", str(capacity))
    fill(driver, "skillLevel", skill)
    if min_players is not None:
        fill(driver, "minPlayers", str(min_players))
        fill(driver, "decideAt", str(decide_hours))
    submit(driver, "main form.event-form")
    assert heading(driver) == title
    return driver.current_url


def press(driver, label: str) -> None:
    tap(driver, driver.find_element(By.XPATH, f"//main//button[normalize-space()='{label}']"))


def confirm(driver) -> None:
    dialog = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog.confirm[open]"))
    tap(driver, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))


def tomorrow_at(hour: int, minute: int = 0) -> datetime:
    day = datetime.now(KYIV) + timedelta(days=2)
    return day.replace(hour=hour, minute=minute, second=0, microsecond=0)


def test_create_find_join_waitlist_promotion(new_browser, base_url):
    organiser, second, third = new_browser(), new_browser(), new_browser()
    sign_up(organiser, base_url, email("org"), "Олеся", check_a11y=True)
    assert_accessible(organiser)

    # A bad form: the server's inline errors (the browser's own checks switched off, so
    # the server's are what is seen), nothing created.
    open_page(organiser, base_url + PREFIX + "/events/new")
    assert_accessible(organiser)
    organiser.execute_script("document.querySelector('form.event-form').noValidate = true")
    fill(organiser, "title", "")
    fill(organiser, "capacity", "1")
    submit(organiser, "main form.event-form")
    errors = organiser.find_elements(By.CSS_SELECTOR, ".field-error")
    assert any("від 2 до 100" in e.text for e in errors), [e.text for e in errors]
    assert organiser.find_element(By.ID, "field-title").get_attribute("aria-invalid") == "true"
    assert_accessible(organiser)

    title = f"Футбол {secrets.token_hex(3)}"
    start = tomorrow_at(19, 30)
    event_url = create_event(organiser, base_url, title, start, capacity=2)
    assert "19:30" in organiser.find_element(By.CSS_SELECTOR, ".event-facts").text
    assert_accessible(organiser)

    # The second person finds it with filters and joins.
    sign_up(second, base_url, email("second"), "Борис")
    open_page(second, base_url + PREFIX + "/events")
    second.find_element(By.CSS_SELECTOR, ".filters summary").click()
    fill(second, "sport", "football")
    fill(second, "skill", "intermediate")
    fill(second, "q", title.split()[1])
    submit(second, "form.filters")
    cards = second.find_elements(By.CSS_SELECTOR, ".event-card")
    assert [c.find_element(By.TAG_NAME, "h2").text for c in cards] == [title]
    assert "Лишилося 1 місце" in cards[0].text
    assert_accessible(second)
    tap(second, cards[0].find_element(By.TAG_NAME, "a"))
    press(second, "Приєднатися")
    assert "Ви йдете" in second.find_element(By.ID, "event-people").text

    # The third finds it full and joins the waitlist.
    sign_up(third, base_url, email("third"), "Віктор")
    open_page(third, event_url)
    assert "Місць немає" in third.find_element(By.ID, "event-people").text
    press(third, "Стати в чергу")
    assert "Ви в черзі: 1" in third.find_element(By.ID, "event-people").text
    assert_accessible(third)

    # The second leaves (with a confirmation): the third is promoted, and the third's
    # open page shows it by itself.
    third.execute_script("window.__stayed = true")
    open_page(second, event_url)
    leave_button = second.find_element(By.XPATH, "//main//button[normalize-space()='Не піду']")
    second.execute_script("arguments[0].scrollIntoView({block: 'center'})", leave_button)
    leave_button.click()
    confirm(second)
    wait(third).until(lambda d: "Ви йдете" in d.find_element(By.ID, "event-people").text)
    assert third.execute_script("return window.__stayed === true"), "the page reloaded instead of updating itself"
    open_page(third, base_url + PREFIX + "/events")
    assert "Звільнилося місце" in third.find_element(By.CSS_SELECTOR, ".notices").text


def test_a_place_freed_within_a_day_is_offered_and_taken(new_browser, base_url):
    organiser, second, third = new_browser(), new_browser(), new_browser()
    sign_up(organiser, base_url, email("org"), "Ольга")
    title = f"Волейбол {secrets.token_hex(3)}"
    start = (datetime.now(KYIV) + timedelta(hours=6)).replace(second=0, microsecond=0)
    event_url = create_event(organiser, base_url, title, start, capacity=2)
    sign_up(second, base_url, email("second"), "Богдан")
    open_page(second, event_url)
    press(second, "Приєднатися")
    sign_up(third, base_url, email("third"), "Валя")
    open_page(third, event_url)
    press(third, "Стати в чергу")

    # Six hours before the start the freed place is not handed over: it is held for the
    # first in line, who sees it on their open page and answers there.
    open_page(second, event_url)
    leave_button = second.find_element(By.XPATH, "//main//button[normalize-space()='Не піду']")
    second.execute_script("arguments[0].scrollIntoView({block: 'center'})", leave_button)
    leave_button.click()
    confirm(second)
    wait(third).until(lambda d: "Місце для вас до" in d.find_element(By.ID, "event-people").text)
    open_page(third, event_url)
    offer = third.find_element(By.CSS_SELECTOR, "section.offer")
    assert "Для вас звільнилося місце" in offer.text and "Воно чекає на вас до" in offer.text, offer.text
    assert_accessible(third)
    press(third, "Беру місце")
    assert "Місце ваше" in third.find_element(By.CSS_SELECTOR, ".flash").text
    assert "Ви йдете" in third.find_element(By.ID, "event-people").text
    assert not third.find_elements(By.CSS_SELECTOR, "section.offer")


def test_a_game_short_of_players_is_called_off_at_its_decision_time(new_browser, base_url):
    organiser, player = new_browser(), new_browser()
    sign_up(organiser, base_url, email("org"), "Оксана")
    title = f"Баскетбол {secrets.token_hex(3)}"
    # Decided an hour before a start just over an hour away: within two minutes.
    start = (datetime.now(KYIV) + timedelta(minutes=62)).replace(second=0, microsecond=0)
    event_url = create_event(organiser, base_url, title, start, capacity=8, sport="basketball", min_players=4, decide_hours=1)
    assert "Потрібно ще гравців: 3" in organiser.find_element(By.ID, "event-people").text
    assert_accessible(organiser)
    sign_up(player, base_url, email("player"), "Петро")
    open_page(player, base_url + PREFIX + "/events")
    card = next(c for c in player.find_elements(By.CSS_SELECTOR, ".event-card") if title in c.text)
    assert "потрібно ще 3" in card.text, card.text
    open_page(player, event_url)
    press(player, "Приєднатися")
    assert "Потрібно ще гравців: 2" in player.find_element(By.ID, "event-people").text

    def called_off(driver) -> bool:
        open_page(driver, event_url)
        return "Гру скасовано: забракло гравців." in driver.find_element(By.CSS_SELECTOR, "main").text

    WebDriverWait(player, 200, poll_frequency=10).until(called_off)
    assert_accessible(player)
    open_page(player, base_url + PREFIX + "/notifications")
    assert f"Гру «{title}» скасовано: забракло гравців." in player.find_element(By.CSS_SELECTOR, ".notice-list").text
    open_page(organiser, base_url + PREFIX + "/notifications")
    assert f"Гру «{title}» скасовано: забракло гравців." in organiser.find_element(By.CSS_SELECTOR, ".notice-list").text


def test_the_map_view_shows_an_event_placed_by_tapping_the_form_map(new_browser, base_url):
    organiser = new_browser()
    sign_up(organiser, base_url, email("org"), "Мирослава")
    title = f"Теніс {secrets.token_hex(3)}"
    open_page(organiser, base_url + PREFIX + "/events/new")
    picker = wait(organiser).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-pick-map]:not([hidden]) .leaflet-container, "
                                                                               ".leaflet-container[data-pick-map]"))
    organiser.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
    ActionChains(organiser).move_to_element(picker).click().perform()
    latitude = organiser.find_element(By.NAME, "latitude").get_attribute("value")
    longitude = organiser.find_element(By.NAME, "longitude").get_attribute("value")
    assert latitude and longitude, "tapping the map fills the place"
    assert abs(float(latitude) - 50.4501) < 0.05 and abs(float(longitude) - 30.5234) < 0.05, (latitude, longitude)
    assert organiser.find_elements(By.CSS_SELECTOR, "[data-pick-map] .leaflet-marker-icon"), "the tapped place is marked"
    assert_accessible(organiser)
    start = tomorrow_at(18, 0)
    for name, value in [("sportTypeId", "tennis"), ("title", title), ("venue", "Корти в парку"), ("startDate", start.strftime("%Y-%m-%d")),
                        ("startTime", "18:00"), ("durationMinutes", "60"), ("capacity", "4")]:
        fill(organiser, name, value)
    submit(organiser, "main form.event-form")
    assert heading(organiser) == title

    # The Events tab offers the map; the new event is a marker there, its card a link to it.
    open_page(organiser, base_url + PREFIX + "/events")
    tap(organiser, organiser.find_element(By.LINK_TEXT, "Мапа"))
    assert heading(organiser) == "Події на мапі: Київ"
    marker = wait(organiser).until(lambda d: d.find_element(By.CSS_SELECTOR, f".leaflet-marker-icon[title='{title}']"))
    assert_accessible(organiser)
    ActionChains(organiser).move_to_element(marker).click().perform()
    card = wait(organiser).until(lambda d: d.find_element(By.CSS_SELECTOR, ".leaflet-popup-content .map-card"))
    assert title in card.text and "Лишилося 3 місця" in card.text, card.text
    tap(organiser, card.find_element(By.LINK_TEXT, title))
    assert heading(organiser) == title


def test_calendars_parse_with_times_zones_and_alarm(new_browser, base_url):
    driver = new_browser()
    sign_up(driver, base_url, email("cal"), "Катерина")
    start = tomorrow_at(8, 15)
    event_url = create_event(driver, base_url, "Ранкова йога", start, sport="yoga", skill="any")
    cookies = {c["name"]: c["value"] for c in driver.get_cookies()}

    ics = requests.get(event_url + "/calendar.ics", cookies=cookies, timeout=10)
    assert ics.status_code == 200 and ics.headers["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(ics.content)
    events = [c for c in calendar.walk("VEVENT")]
    assert len(events) == 1
    event = events[0]
    assert str(event["SUMMARY"]) == "Ранкова йога"
    begins = event.decoded("DTSTART")
    assert begins.tzinfo is not None and begins.astimezone(KYIV).strftime("%H:%M") == "08:15"
    assert begins.astimezone(ZoneInfo("UTC")) == start.astimezone(ZoneInfo("UTC"))
    assert (event.decoded("DTEND") - begins) == timedelta(minutes=90)
    assert calendar.walk("VTIMEZONE")[0]["TZID"] == "Europe/Kyiv"

    # The personal feed: made in the profile, fetched without cookies, with the alarm.
    open_page(driver, base_url + PREFIX + "/profile")
    assert_accessible(driver)
    press(driver, "Отримати посилання")
    feed_url = driver.find_element(By.ID, "feed-url").get_attribute("value")
    assert feed_url.startswith(base_url + PREFIX + "/calendar/")
    assert_accessible(driver)
    feed = Calendar.from_ical(requests.get(feed_url, timeout=10).content)
    feed_events = feed.walk("VEVENT")
    assert [str(e["SUMMARY"]) for e in feed_events] == ["Ранкова йога"]
    alarms = feed_events[0].walk("VALARM")
    assert len(alarms) == 1 and alarms[0].decoded("TRIGGER") == timedelta(hours=-1)
    assert feed_events[0].decoded("DTSTART").astimezone(KYIV).strftime("%H:%M") == "08:15"

    # Revoked: the address stops working.
    press(driver, "Вимкнути посилання")
    assert requests.get(feed_url, timeout=10).status_code == 404


def test_a_shared_link_opens_without_an_account_and_joining_comes_back(new_browser, base_url):
    organiser, friend = new_browser(), new_browser()
    sign_up(organiser, base_url, email("sharer"), "Софія")
    event_url = create_event(organiser, base_url, "Волейбол у парку", tomorrow_at(18), capacity=8, sport="volleyball")

    # A friend taps the link in a group chat: no account, no sign-in page in the way.
    open_page(friend, event_url)
    assert heading(friend) == "Волейбол у парку"
    main = friend.find_element(By.TAG_NAME, "main").text
    assert "Лишилося 7 місць" in main and "Софія" not in main
    preview = friend.find_element(By.CSS_SELECTOR, "meta[property='og:title']").get_attribute("content")
    assert preview == "Волейбол у парку"
    assert friend.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert_accessible(friend)

    tap(friend, friend.find_element(By.PARTIAL_LINK_TEXT, "Приєднатися"))
    assert heading(friend) == "Створення облікового запису"
    fill(friend, "email", email("friend"))
    fill(friend, "password", PASSWORD)
    fill(friend, "passwordRepeat", PASSWORD)
    submit(friend)
    fill(friend, "name", "Ліна")
    fill(friend, "surname", "Тестова")
    fill(friend, "cityId", "kyiv")
    submit(friend)
    assert friend.current_url == event_url, friend.current_url
    press(friend, "Приєднатися")
    assert "Ви йдете" in friend.find_element(By.TAG_NAME, "main").text


def test_delete_account_cancels_own_events(new_browser, base_url):
    owner, guest = new_browser(), new_browser()
    address = email("leaver")
    sign_up(owner, base_url, address, "Лев")
    event_url = create_event(owner, base_url, "Теніс перед роботою", tomorrow_at(7), sport="tennis", skill="advanced")
    sign_up(guest, base_url, email("guest"), "Гість")
    open_page(guest, event_url)
    press(guest, "Приєднатися")

    open_page(owner, base_url + PREFIX + "/account/delete")
    assert_accessible(owner)
    fill(owner, "password", "not-my-password")
    submit(owner, "main form")
    assert "Неправильний пароль" in owner.find_element(By.CSS_SELECTOR, ".field-error").text
    fill(owner, "password", PASSWORD)
    submit(owner, "main form")
    assert owner.current_url.endswith(PREFIX + "/")
    open_page(owner, base_url + PREFIX + "/events")
    assert "/login" in owner.current_url

    open_page(guest, event_url)
    assert "Організатор скасував цю подію" in guest.find_element(By.TAG_NAME, "main").text
    open_page(guest, base_url + PREFIX + "/notifications")
    assert "Теніс перед роботою" in guest.find_element(By.CSS_SELECTOR, ".notice-list").text
    assert_accessible(guest)


def test_english_and_sign_in(new_browser, base_url):
    driver = new_browser()
    address = email("en")
    sign_up(driver, base_url, address, "Emma")
    switch_language(driver, "en")
    assert heading(driver).startswith("Events:")
    open_page(driver, base_url + PREFIX + "/profile")
    tap(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Log out']"))
    open_page(driver, base_url + PREFIX + "/login")
    assert heading(driver) == "Sign in"
    fill(driver, "email", address)
    fill(driver, "password", "wrong-password")
    submit(driver, "main form")
    assert "Wrong e-mail or password." in driver.find_element(By.TAG_NAME, "main").text
    fill(driver, "password", PASSWORD)
    submit(driver, "main form")
    assert driver.current_url.endswith(PREFIX + "/events")
    assert_accessible(driver)
