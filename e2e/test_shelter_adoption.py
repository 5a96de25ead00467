"""Smart Shelter's adoption journey in a real browser at phone size: a visitor, not signed
in, finds a dog on the public page by species, applies for it with the form; the doctor
(a demo account) sees the application and approves it; the dog leaves the public list.
axe runs on every screen, and no screen scrolls sideways.
"""

from __future__ import annotations

import re
import secrets

from selenium.webdriver.common.by import By

from support import assert_accessible, heading, open_page
from test_shelter import PREFIX, fill, flash, sign_in, tap


def fits(driver) -> None:
    width, client = driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width <= client, f"{driver.current_url} scrolls sideways: {width} > {client}"


def test_a_visitor_applies_staff_approve_and_the_animal_leaves_the_list(new_browser, base_url):
    visitor = new_browser()
    open_page(visitor, base_url + PREFIX + "/adopt")
    assert heading(visitor) == "Шукають дім"
    assert "Белла" in visitor.find_element(By.TAG_NAME, "main").text
    fits(visitor)
    assert_accessible(visitor)

    # The species list narrows it: the cat is not among the dogs.
    tap(visitor, visitor.find_element(By.LINK_TEXT, "Собаки"))
    listing = visitor.find_element(By.TAG_NAME, "main").text
    assert "Белла" in listing and "Мурка" not in listing

    tap(visitor, visitor.find_element(By.LINK_TEXT, "Белла"))
    assert heading(visitor) == "Белла"
    main = visitor.find_element(By.TAG_NAME, "main").text
    assert "Лагідна й спокійна" in main
    # How long it has waited, said once under its label (not «Чекає на дім: чекає 2 місяці»).
    assert re.search(r"Чекає на дім\n\d+ (день|дні|днів|місяць|місяці|місяців)\n", main), main
    assert main.lower().count("чекає") == 1, main
    fits(visitor)
    assert_accessible(visitor)

    applicant = f"Марта Тест {secrets.token_hex(3)}"
    fill(visitor, "name", applicant)
    fill(visitor, "phone", "067 123 45 67")
    fill(visitor, "email", f"marta-{secrets.token_hex(4)}@example.org")
    fill(visitor, "home", "Квартира на першому поверсі, поруч парк.")
    tap(visitor, visitor.find_element(By.XPATH, "//button[normalize-space()='Надіслати заявку']"))
    assert heading(visitor) == "Заявку надіслано"
    assert "Белла" in visitor.find_element(By.TAG_NAME, "main").text
    fits(visitor)
    assert_accessible(visitor)

    doctor = new_browser()
    sign_in(doctor, base_url, "doctor@shelter.example")
    open_page(doctor, base_url + PREFIX + "/animals")
    tap(doctor, doctor.find_element(By.LINK_TEXT, "Заявки на усиновлення"))
    assert heading(doctor) == "Заявки на усиновлення"
    fits(doctor)
    assert_accessible(doctor)
    card = doctor.find_element(By.XPATH, f"//li[contains(@class, 'application')][.//h3[contains(., '{applicant}')]]")
    assert "+380 67 123 45 67" in card.text and "Квартира на першому поверсі" in card.text
    tap(doctor, card.find_element(By.XPATH, ".//button[normalize-space()='Схвалити й віддати тварину']"))
    assert "усиновлення записано" in flash(doctor)
    decided = doctor.find_element(By.XPATH, f"//li[contains(@class, 'application')][.//h3[contains(., '{applicant}')]]")
    assert "схвалено" in decided.text

    open_page(visitor, base_url + PREFIX + "/adopt")
    assert "Белла" not in visitor.find_element(By.TAG_NAME, "main").text
    assert "Мурка" in visitor.find_element(By.TAG_NAME, "main").text
