"""Smart Shelter's doctor at phone size keeps people records and places an animal in
foster care: a fosterer added (a fault shown beside its field first), the animal sent to
them from its page, and back. axe runs on every new screen. The animal is taken in afresh,
so the demo animals stay as the other tests expect them.
"""

from __future__ import annotations

import secrets

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from support import assert_accessible, heading
from test_shelter import fill, sign_in, tap

DOCTOR = "doctor@shelter.example"


def test_a_doctor_adds_a_fosterer_and_places_an_animal_in_foster_care(browser, base_url):
    sign_in(browser, base_url, DOCTOR)
    tap(browser, browser.find_element(By.LINK_TEXT, "Тварини"))
    tap(browser, browser.find_element(By.LINK_TEXT, "Люди: усиновлювачі, опікуни, власники"))
    assert heading(browser) == "Люди"
    assert_accessible(browser)

    fosterer = f"Ганна Левченко {secrets.token_hex(2)}"
    browser.find_element(By.XPATH, "//summary[normalize-space()='Новий запис']").click()
    fill(browser, "name", fosterer)
    Select(browser.find_element(By.NAME, "kind")).select_by_visible_text("Тимчасовий опікун")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Додати']"))
    # Neither a phone nor an e-mail: said beside the field, the name kept.
    assert "Вкажіть телефон або e-mail" in browser.find_element(By.TAG_NAME, "main").text
    assert browser.find_element(By.NAME, "name").get_attribute("value") == fosterer
    assert_accessible(browser)
    fill(browser, "phone", "067 765 43 21")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Додати']"))
    assert heading(browser) == fosterer
    assert "+380 67 765 43 21" in browser.find_element(By.TAG_NAME, "main").text

    # A new animal, taken in, goes to her.
    tap(browser, browser.find_element(By.LINK_TEXT, "Тварини"))
    tap(browser, browser.find_element(By.LINK_TEXT, "Прийняти тварину"))
    animal = f"Бровко {secrets.token_hex(2)}"
    fill(browser, "name", animal)
    Select(browser.find_element(By.NAME, "species")).select_by_visible_text("Собака")
    tap(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert heading(browser) == animal
    movement = "form[action$='/movements'] "
    Select(browser.find_element(By.CSS_SELECTOR, movement + "select[name=kind]")).select_by_visible_text("У тимчасову сім’ю")
    people = Select(browser.find_element(By.CSS_SELECTOR, movement + "select[name=personId]"))
    people.select_by_index(next(i for i, option in enumerate(people.options) if option.text.startswith(fosterer)))
    tap(browser, browser.find_element(By.CSS_SELECTOR, movement + "button[type=submit]"))
    assert heading(browser) == animal
    facts = browser.find_element(By.CSS_SELECTOR, "dl.facts").text
    assert "У тимчасовій сім’ї" in facts
    assert_accessible(browser)

    # Back from foster care: the form now offers the return.
    Select(browser.find_element(By.CSS_SELECTOR, movement + "select[name=kind]")).select_by_visible_text("Повернення з тимчасової сім’ї")
    tap(browser, browser.find_element(By.CSS_SELECTOR, movement + "button[type=submit]"))
    assert "Без вольєра" in browser.find_element(By.CSS_SELECTOR, "dl.facts").text
    history = browser.find_element(By.CSS_SELECTOR, "section[aria-labelledby=movements]").text
    assert "У тимчасову сім’ю" in history and "Повернення з тимчасової сім’ї" in history
