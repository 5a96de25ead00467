"""The kernel's account pages in a phone-sized browser: a forgotten password reset by
an e-mailed link (Fuctivity; the test reads the mail the server sent to the SMTP sink
that scripts/test runs, $HROMADA_MAILDIR), and by the code a coordinator issues on
screen (Golden Ager, where people have only a phone)."""

from __future__ import annotations

import email
import email.policy
import os
import re
import time
from pathlib import Path

from selenium.webdriver.common.by import By

import golden_ager as ga
from support import assert_accessible, click_and_wait_for_next_page, heading, open_page
from test_fuctivity import PREFIX as FX, fill, sign_up_and_set_up_week, submit, tap

MAIL_WAIT_SECONDS = 20


def mail_to(address: str, after: float) -> email.message.EmailMessage:
    """The newest message the sink received for `address` after `after`, waiting for the
    server's mail worker to send it."""
    maildir = Path(os.environ["HROMADA_MAILDIR"])
    deadline = time.monotonic() + MAIL_WAIT_SECONDS
    while time.monotonic() < deadline:
        for path in sorted(maildir.glob("*.eml"), key=lambda p: p.stat().st_mtime, reverse=True):
            if path.stat().st_mtime < after:
                break
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if address in message.get("X-Sink-Rcpt-To", ""):
                return message
        time.sleep(0.2)
    raise AssertionError(f"no mail to {address} within {MAIL_WAIT_SECONDS} s in {maildir}")


def test_a_forgotten_password_is_reset_by_the_emailed_link(browser, base_url):
    address = sign_up_and_set_up_week(browser, base_url)
    open_page(browser, base_url + FX + "/profile")
    submit(browser, f'main form[action="{FX}/logout"]')

    open_page(browser, base_url + FX + "/login")
    tap(browser, browser.find_element(By.LINK_TEXT, "Забули пароль?"))
    assert heading(browser) == "Відновлення пароля"
    assert_accessible(browser)
    asked_at = time.time() - 1
    fill(browser, "email", address)
    submit(browser)
    assert "Якщо з цією поштою є обліковий запис" in browser.find_element(By.TAG_NAME, "main").text

    message = mail_to(address, asked_at)
    assert message["Subject"] == "Fuctivity: відновлення пароля"
    text = message.get_body(preferencelist=("plain",)).get_content()
    link = re.search(r"https?://\S+/reset-password\?token=\S+", text).group(0)
    assert link.startswith(base_url), f"the link {link} does not point at the server {base_url}"

    open_page(browser, link)
    assert heading(browser) == "Новий пароль"
    assert_accessible(browser)
    fill(browser, "newPassword", "a-new-rest-password")
    fill(browser, "newPasswordRepeat", "a-new-rest-password")
    submit(browser)
    assert "Пароль змінено" in browser.find_element(By.TAG_NAME, "main").text

    open_page(browser, link)
    assert "вже використано" in browser.find_element(By.TAG_NAME, "main").text, "a used link must not work twice"

    open_page(browser, base_url + FX + "/login")
    fill(browser, "email", address)
    fill(browser, "password", "a-new-rest-password")
    submit(browser)
    assert browser.current_url.startswith(base_url + FX + "/week"), browser.current_url


def test_a_coordinator_issues_a_code_and_the_volunteer_sets_a_new_password(new_browser, base_url):
    volunteer_browser, coordinator = new_browser(), new_browser()
    volunteer = ga.new_volunteer()
    ga.sign_up(volunteer_browser, base_url, volunteer)
    volunteer_browser.delete_all_cookies()

    ga.log_in(coordinator, base_url, *ga.DEMO_COORDINATOR)
    open_page(coordinator, ga.url(base_url, f"/admin/accounts?q={volunteer.phone}"))
    button = coordinator.find_element(By.XPATH, "//main//button[contains(., 'Видати код для нового пароля')]")
    click_and_wait_for_next_page(coordinator, button)
    flash = ga.main_text(coordinator)
    code = re.search(r"\b(\d{8})\b", flash)
    assert code, f"no code on the coordinator's screen: {flash}"
    assert_accessible(coordinator)

    b = volunteer_browser
    open_page(b, ga.url(base_url, "/login"))
    click_and_wait_for_next_page(b, b.find_element(By.LINK_TEXT, "Забули пароль?"))
    assert "зателефонуйте" in ga.main_text(b)
    assert_accessible(b)
    click_and_wait_for_next_page(b, b.find_element(By.LINK_TEXT, "У мене є код"))
    for name, value in (("phone", volunteer.phone), ("code", code.group(1)),
                        ("newPassword", "new-volunteer-pass"), ("newPasswordRepeat", "new-volunteer-pass")):
        b.find_element(By.CSS_SELECTOR, f'main input[name="{name}"]').send_keys(value)
    assert_accessible(b)
    click_and_wait_for_next_page(b, b.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert "Пароль змінено" in ga.main_text(b)

    ga.log_in(b, base_url, volunteer.phone, "new-volunteer-pass")
    assert ga.path_of(b) == f"{ga.PREFIX}/inbox"
