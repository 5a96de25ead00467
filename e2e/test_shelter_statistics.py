"""Smart Shelter's statistics in a real browser at phone size: the director opens them from
the animals page, reads the last twelve months (the demo's past year of movements), then
narrows the range with the date fields and sees the figures change; a backwards range is
told in the form. axe runs on every screen, and no screen scrolls sideways.
"""

from __future__ import annotations

import datetime

from selenium.webdriver.common.by import By

from support import assert_accessible, heading, open_page
from test_shelter import PREFIX, sign_in, tap
from test_shelter_adoption import fits


def set_day(driver, name: str, day: datetime.date) -> None:
    """Sets a date field as the picker would (typing into one depends on the locale's order)."""
    field = driver.find_element(By.NAME, name)
    driver.execute_script("arguments[0].value = arguments[1]", field, day.isoformat())


def figures(driver) -> tuple[str, str]:
    return (driver.find_element(By.ID, "live-release-rate").text, driver.find_element(By.ID, "median-stay").text)


def test_the_director_reads_the_statistics_and_changes_the_range(browser, base_url):
    sign_in(browser, base_url, "director@shelter.example")
    open_page(browser, base_url + PREFIX + "/animals")
    tap(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Статистика"))
    assert heading(browser) == "Статистика"
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Рівень живих виходів" in main and "Асіломарських угод" in main
    assert len(browser.find_elements(By.CSS_SELECTOR, "main svg.chart")) == 2
    months = browser.find_elements(By.CSS_SELECTOR, "#table-months tbody tr")
    assert len(months) == 12
    year_rate, year_median = figures(browser)
    assert "%" in year_rate and "дн." in year_median
    fits(browser)
    assert_accessible(browser)

    # The last two months only: fewer months, other figures.
    today = datetime.date.today()
    set_day(browser, "from", today - datetime.timedelta(days=60))
    set_day(browser, "to", today)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Показати']"))
    assert heading(browser) == "Статистика"
    assert f"from={(today - datetime.timedelta(days=60)).isoformat()}" in browser.current_url
    assert len(browser.find_elements(By.CSS_SELECTOR, "#table-months tbody tr")) in (2, 3)
    assert figures(browser) != (year_rate, year_median)
    fits(browser)
    assert_accessible(browser)

    # Backwards: told beside the field, no figures.
    set_day(browser, "from", today)
    set_day(browser, "to", today - datetime.timedelta(days=30))
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Показати']"))
    assert "Дата «по» раніша за дату «з»." in browser.find_element(By.TAG_NAME, "main").text
    assert not browser.find_elements(By.ID, "table-months")
    fits(browser)
    assert_accessible(browser)
