"""Smart Shelter's director at phone size: the password prompt keeps the change it
interrupted (a new enclosure's typed name survives it, and the enclosure is made), and a
person taken off the staff loses their open session at once and cannot sign in again; a
retired sensor's key is refused, a moved one's still works where it hangs now. axe runs on every new screen. The director is the demo account; the dismissed person signs
up afresh, so the demo staff stay for the other tests.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import assert_accessible, heading, open_page
from test_shelter import DEMO_PASSWORD, PREFIX, fill, flash, sign_in, tap

DIRECTOR = "director@shelter.example"


def confirm_in_place(driver) -> None:
    """Answers the password prompt that stands in place of the director's change."""
    assert heading(driver) == "Підтвердьте пароль"
    assert "Зміну ще не збережено" in driver.page_source
    assert_accessible(driver)
    fill(driver, "confirm_password", DEMO_PASSWORD)
    tap(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))


def test_a_new_enclosure_survives_the_password_prompt(new_browser, base_url):
    director = new_browser()
    sign_in(director, base_url, DIRECTOR)
    name = f"Котячий дім {secrets.token_hex(2)}"
    fill(director, "name", name)
    fill(director, "description", "Другий поверх, біля вікна")
    tap(director, director.find_element(By.XPATH, "//button[normalize-space()='Додати вольєр']"))
    confirm_in_place(director)
    assert heading(director) == name
    assert "Вольєр додано." in flash(director)


def test_a_dismissed_member_is_signed_out_and_cannot_sign_in(new_browser, base_url):
    email = f"staff-{secrets.token_hex(4)}@example.com"
    member = new_browser()
    open_page(member, base_url + PREFIX + "/signup")
    fill(member, "name", "Петро Звільнений")
    fill(member, "email", email)
    fill(member, "password", "shelter-pass-1")
    fill(member, "passwordRepeat", "shelter-pass-1")
    tap(member, member.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert heading(member) == "Чекаємо на роль"

    director = new_browser()
    sign_in(director, base_url, DIRECTOR)
    open_page(director, base_url + PREFIX + "/staff")
    card = director.find_element(By.XPATH, f"//li[contains(@class,'staff-member')][.//span[normalize-space()='{email}']]")
    Select(card.find_element(By.NAME, "role")).select_by_value("doctor")
    tap(director, card.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    confirm_in_place(director)
    member.refresh()
    assert heading(member) == "Вольєри"

    # Taking someone off the staff is folded away: open it, read what it means, confirm.
    card = director.find_element(By.XPATH, f"//li[contains(@class,'staff-member')][.//span[normalize-space()='{email}']]")
    tap_summary = card.find_element(By.XPATH, ".//summary[normalize-space()='Зняти з персоналу']")
    director.execute_script("arguments[0].scrollIntoView({block: 'center'})", tap_summary)
    tap_summary.click()
    assert "більше не зможе увійти" in card.text
    assert_accessible(director)
    tap(director, card.find_element(By.CSS_SELECTOR, "details button[type=submit]"))
    assert "Петро Звільнений більше не в персоналі" in flash(director)
    assert email not in director.page_source

    # Their open page stops working at the next request; signing in again is refused.
    member.refresh()
    assert "/login" in member.current_url
    sign_in(member, base_url, email, "shelter-pass-1")
    assert "знято з персоналу" in member.page_source
    assert_accessible(member)


def new_sensor_settings(director, base_url):
    """The director adds a sensor to «Карантин» and opens its folded settings; returns the
    sensor's id, its key and the settings element."""
    from test_shelter import add_sensor
    sensor, key = add_sensor(director, base_url, "Карантин")
    tap(director, director.find_element(By.XPATH, "//a[normalize-space()='Готово, ключ записано']"))
    settings = director.find_element(By.XPATH, f"//details[contains(@class,'sensor-settings')][.//form[contains(@action,'{sensor}')]]")
    summary = settings.find_element(By.TAG_NAME, "summary")
    director.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
    summary.click()
    return sensor, key, settings


def post_reading(base_url, sensor, key) -> int:
    """A device's reading with the sensor's key, now; the answer's status."""
    return requests.post(f"{base_url}{PREFIX}/api/v1/sensors/{sensor}/readings",
                         json={"at": datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z"), "temperature": 21, "humidity": 50},
                         headers={"Authorization": f"Bearer {key}"}, timeout=10).status_code


def test_a_retired_sensor_s_key_is_refused(new_browser, base_url):
    director = new_browser()
    sensor, key, settings = new_sensor_settings(director, base_url)
    assert "Ключ датчика перестане діяти одразу" in settings.text
    assert_accessible(director)
    retire = settings.find_element(By.XPATH, ".//button[normalize-space()='Вивести з роботи']")
    director.execute_script("arguments[0].scrollIntoView({block: 'center'})", retire)
    retire.click()
    dialog = director.find_element(By.CSS_SELECTOR, "dialog.confirm[open]")
    tap(director, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))
    assert "виведено з роботи" in flash(director)
    assert sensor not in director.page_source
    assert post_reading(base_url, sensor, key) == 401


def test_a_moved_sensor_keeps_its_key_in_its_new_enclosure(new_browser, base_url):
    director = new_browser()
    sensor, key, settings = new_sensor_settings(director, base_url)
    assert "лишається в історії попереднього вольєра" in settings.text
    place = Select(settings.find_element(By.NAME, "enclosureId"))
    assert place.first_selected_option.text == "Карантин"
    place.select_by_visible_text("Котяча кімната")
    assert_accessible(director)
    tap(director, settings.find_element(By.XPATH, ".//button[normalize-space()='Зберегти датчик']"))
    if heading(director) == "Підтвердьте пароль":
        confirm_in_place(director)
    assert heading(director) == "Котяча кімната"
    assert "перенесено сюди" in flash(director)
    assert sensor in director.page_source
    assert post_reading(base_url, sensor, key) == 200
