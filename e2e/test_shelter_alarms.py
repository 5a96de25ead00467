"""Smart Shelter's alarms in a real browser at phone size (issue 34, part 7): a cold
reading opens a «too cold» alarm on the open dashboard, a doctor takes it and the card
says who and when; the readings come back within the rules for a quarter of an hour and
the alarm closes by itself, live, its card saying when they came back to normal. The
enclosure and its sensor are made through the API, as the director; axe and the
sideways-scroll check run on the card as the doctor sees it, at 390 and 320 px wide.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import requests
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from support import assert_accessible, heading
from test_shelter import DEMO_PASSWORD, PREFIX, flash, live_text, open_alarm_list, sign_in, tap

# The demo doctor's name and time zone (Seed/ShelterDemoData.swift).
DOCTOR = "doctor@shelter.example"
KYIV = ZoneInfo("Europe/Kyiv")


def rfc3339(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def director_api(base_url: str) -> tuple[str, dict]:
    """The API's address and the demo director's headers, the password typed again."""
    api = f"{base_url}{PREFIX}/api/v1"
    token = requests.post(f"{api}/session", json={"email": "director@shelter.example", "password": DEMO_PASSWORD}, timeout=10).json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    confirmed = requests.post(f"{api}/password-confirmation", json={"password": DEMO_PASSWORD}, headers=headers, timeout=10)
    assert confirmed.status_code == 200, confirmed.text
    return api, headers


def send(api: str, sensor: str, key: str, readings: list[dict]) -> None:
    sent = requests.post(f"{api}/sensors/{sensor}/readings", json={"readings": readings},
                         headers={"Authorization": f"Bearer {key}"}, timeout=10)
    assert sent.status_code == 200, sent.text
    assert sent.json()["stored"] == len(readings), sent.text


def fits_sideways(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_an_alarm_closes_itself_when_the_readings_are_back_to_normal(new_browser, base_url):
    api, headers = director_api(base_url)
    name = f"Ізолятор {secrets.token_hex(2)}"
    made = requests.post(f"{api}/enclosures", json={"name": name}, headers=headers, timeout=10)
    assert made.status_code == 201, made.text
    issued = requests.post(f"{api}/enclosures/{made.json()['id']}/sensors", json={"name": "Датчик", "intervalSeconds": 60},
                           headers=headers, timeout=10)
    assert issued.status_code == 201, issued.text
    sensor, key = issued.json()["sensor"]["id"], issued.json()["key"]

    doctor = new_browser()
    sign_in(doctor, base_url, DOCTOR)
    assert heading(doctor) == "Вольєри"
    card = f"//li[contains(@class,'alarm')][.//h3[contains(.,'{name}') and contains(.,'надто холодно')]]"

    # Twenty minutes ago the room was at 3 °C (the standard range starts at 7.2 °C).
    start = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(minutes=20)
    send(api, sensor, key, [{"at": rfc3339(start), "temperature": 3, "humidity": 45}])
    # The alarms are folded above the enclosures; opened, the fold stays open as the board is redrawn.
    open_alarm_list(doctor)
    assert "Ніхто ще не взявся" in live_text(doctor, card, "3 °C")
    tap(doctor, doctor.find_element(By.XPATH, card + "//button[normalize-space()='Беруся']"))
    assert "нагадувань більше не буде" in flash(doctor)
    open_alarm_list(doctor)
    assert "Хто взявся: Лікар Андрій" in live_text(doctor, card, "Хто взявся:")

    # Warm again from a minute later, every minute: sixteen minutes back within the rules.
    send(api, sensor, key, [{"at": rfc3339(start + timedelta(minutes=m)), "temperature": 20, "humidity": 50} for m in range(1, 18)])
    back = (start + timedelta(minutes=1)).astimezone(KYIV).strftime("%H:%M")

    # The background job (every 30 s) closes it; the board hears it live, no reload.
    def closed(driver):
        try:
            text = driver.find_element(By.XPATH, card).text
        except (NoSuchElementException, StaleElementReferenceException):
            return False
        return text if "Закрилося само" in text else False
    text = WebDriverWait(doctor, 90).until(closed)
    assert f"Повернулося в норму о {back}" in text, text
    assert "Хто взявся:" in text, "who took it stays in its history"
    element = doctor.find_element(By.XPATH, card)
    assert "alarm-resolved" in element.get_attribute("class")
    assert not element.find_elements(By.TAG_NAME, "button"), "a closed alarm has no buttons"
    doctor.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    assert_accessible(doctor)
    assert fits_sideways(doctor)
    doctor.set_window_size(320, 844)
    assert fits_sideways(doctor)
    assert_accessible(doctor)

    # The API says the same: nobody resolved it, and when the readings came back.
    listed = requests.get(f"{api}/alarms", headers=headers, timeout=10).json()
    alarm = next(a for a in listed if a["enclosureName"] == name and a["kind"] == "too_cold")
    assert alarm.get("resolvedBy") is None and alarm["resolvedAt"] and alarm["normalSince"] == rfc3339(start + timedelta(minutes=1))
    assert alarm["acknowledgedByName"]
