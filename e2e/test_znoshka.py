"""Znoshka in a real browser at phone size: a student signs up, takes a topic test
(answers saved as given, a reload keeps them, the strip follows the swipe, a flag, a
number typed with a comma), finishes it, reads the review, works on the mistake in
«Робота над помилками» and sees the statistics; an author previews theory with a
formula (and a script that must not run) and imports a test, with a broken file named
at its fault. axe runs on every screen.

The right answers come from the seeded test file in the repository, so the test knows
which answer is right without the server telling. The author is the demo author (the
server runs with its demo data, the default).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import secrets
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import PHONE_HEIGHT, PHONE_WIDTH
from support import assert_accessible, click_and_wait_for_next_page, heading, open_page

PREFIX = "/znoshka"
PASSWORD = "learn-well-1"
LETTERS = "АБВГД"
SEED = Path(__file__).resolve().parent.parent / "Sources" / "Znoshka" / "Seed" / "tests"
PERCENTAGES = json.loads((SEED / "mathematics-topic-percentages.json").read_text(encoding="utf-8"))
MATHS_SIMULATION = json.loads((SEED / "mathematics-simulation-1.json").read_text(encoding="utf-8"))
# A percentages paper is drawn from every question on the topic: the topic test's own, the
# simulation's tagged «Відсотки», and the templates on it (asked with new numbers each time).
PERCENTAGES_BANK = PERCENTAGES["questions"] + [q for q in MATHS_SIMULATION["questions"] if q.get("topic") == PERCENTAGES["topic"]]
PERCENTAGES_TEMPLATES = [q for path in (SEED.parent / "templates").glob("*.json")
                         for test in [json.loads(path.read_text(encoding="utf-8"))] if test.get("topic") == PERCENTAGES["topic"]
                         for q in test["questions"]]


def template_value(expression: str, values: dict) -> float:
    """A template's expression (`TemplateExpression`'s subset the seed uses) for `values`."""
    python = re.sub(r"!(?!=)", " not ", expression.replace("^", "**").replace("&&", " and ").replace("||", " or "))
    names = {"sqrt": math.sqrt, "abs": abs, "min": min, "max": max, "floor": math.floor, "ceil": math.ceil,
             "round": lambda x, digits=0: math.floor(abs(x) * 10 ** digits + 0.5) / 10 ** digits * (1 if x >= 0 else -1),
             "log": lambda base, x: math.log(x) / math.log(base), "ln": math.log, "lg": math.log10}
    return float(eval(python, {"__builtins__": {}}, {**names, **values}))  # the repository's own seed, not user input


def template_number(value: float) -> str:
    """As `TemplateNumber.plain`: whole numbers as such, else at most six decimals."""
    rounded = round(value * 1_000_000) / 1_000_000
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.6f}".rstrip("0")


def template_fill(text: str, values: dict) -> str:
    """Every `{{expression}}` of `text` filled as the server fills it (a decimal comma; `{,}` in a formula)."""
    result, in_formula, index = "", False, 0
    while index < len(text):
        if text[index] == "$":
            in_formula = not in_formula
        end = text.find("}}", index + 2)
        if text.startswith("{{", index) and not text.startswith("{", index + 2) and end >= 0:
            number = template_number(template_value(text[index + 2:end], values))
            result += number.replace(".", "{,}" if in_formula else ",")
            index = end + 2
        else:
            result += text[index]
            index += 1
    return result


def template_variant(template: dict, shown: str) -> dict | None:
    """The variant of `template` the student reads as `shown` (its numbers found by trying
    every draw), as a seed question: its options in the order shown and its answer."""
    def choices(parameter):
        if "values" in parameter:
            return parameter["values"]
        step = parameter.get("step", 1)
        return [parameter["from"] + i * step for i in range(int((parameter["to"] - parameter["from"]) / step + 1e-9) + 1)]
    names = [parameter["name"] for parameter in template["parameters"]]
    for draw in itertools.product(*(choices(parameter) for parameter in template["parameters"])):
        values = dict(zip(names, draw))
        try:
            if "condition" in template and not template_value(template["condition"], values):
                continue
            text = template_fill(template["text"], values)
        except (ZeroDivisionError, ValueError):
            continue
        if not shown.startswith(" ".join(text.split())):
            continue
        variant = {"type": template["type"], "text": text}
        if template["type"] == "number":
            variant["answer"] = template_number(template_value(template["answer"].strip()[2:-2], values))
            return variant
        options = [template_fill(option, values) for option in template["options"]]
        right = options[LETTERS.index(template["answer"])]
        if all(re.fullmatch(r"-?\d+(,\d+)?", option) for option in options):
            options.sort(key=lambda option: float(option.replace(",", ".")))  # as the server orders numbers
        # The options, lettered, follow the text (then the flag's label).
        if not shown.startswith("|".join([" ".join(text.split()), *[f"{LETTERS[i]} {option}" for i, option in enumerate(options)]])):
            continue
        variant.update(options=options, answer=LETTERS[options.index(right)])
        return variant
    return None


def tap(driver, element) -> None:
    """Clicks after scrolling the element clear of the fixed tab bar, and waits for the next page."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    click_and_wait_for_next_page(driver, element)


def press(driver, element) -> None:
    """Clicks something that does not navigate (a radio, a checkbox)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def fill(driver, name: str, value: str) -> None:
    field = driver.find_element(By.NAME, name)
    field.clear()
    field.send_keys(value)


def publish_solution(driver, text: str) -> None:
    """Writes a solution in the discussion's own form (each solution's comment field is
    also named `text`, so the field is found by its form) and publishes it."""
    form = driver.find_element(By.CSS_SELECTOR, "[aria-labelledby=new-solution] form")
    field = form.find_element(By.NAME, "text")
    field.clear()
    field.send_keys(text)
    tap(driver, form.find_element(By.XPATH, ".//button[normalize-space()='Опублікувати']"))


def cell(driver, number: int):
    return driver.find_element(By.CSS_SELECTOR, f'.strip [data-cell="{number}"]')


def wait_for_cell(driver, number: int, state: str) -> None:
    WebDriverWait(driver, 10).until(lambda d: state in cell(d, number).get_attribute("class").split())


def section(driver, number: int):
    return driver.find_element(By.ID, f"q-{number}")


def show(driver, number: int) -> None:
    """Swipes to question `number` as a finger would: the questions' box scrolls sideways."""
    driver.execute_script("const box = document.getElementById('questions');"
                          "box.scrollTo({left: arguments[0].offsetLeft - box.offsetLeft, behavior: 'instant'})",
                          section(driver, number))
    WebDriverWait(driver, 10).until(lambda d: cell(d, number).get_attribute("aria-current") == "true")


def right_option(question: dict) -> int:
    return LETTERS.index(question["answer"])


def drawn_questions(driver) -> list[dict]:
    """The open percentages paper's tasks, in order, as the seed files have them (with their
    answers). Each names its `task`: the seeded question's text, or for a template's
    variant the template's, since all its variants share one discussion."""
    def known(shown: str) -> dict:
        words = " ".join(shown.split())
        seeded = next((q for q in PERCENTAGES_BANK if words.startswith(" ".join(q["text"].split()))), None)
        if seeded:
            return dict(seeded, task=seeded["text"])
        return next(dict(v, task=t["text"]) for t in PERCENTAGES_TEMPLATES if (v := template_variant(t, words)) is not None)
    return [known(text) for text in paper_tasks(driver)]


def plain_single_task(driver) -> tuple[int, dict]:
    """The first single-choice task of an open mathematics simulation (drawn from the
    subject's bank) whose text has no formula, so it reads as the seed files write it:
    its number and its seed entry."""
    pool = [q for q in MATHS_SIMULATION["questions"] + PERCENTAGES["questions"] + json.loads(
        (SEED / "mathematics-topic-powers-roots.json").read_text(encoding="utf-8"))["questions"] if q["type"] == "single" and "$" not in q["text"]]
    for number, text in enumerate(paper_tasks(driver), start=1):
        words = " ".join(text.split())
        task = next((q for q in pool if words.startswith(" ".join(q["text"].split()))), None)
        if task:
            return number, task
    raise AssertionError("no single-choice task without a formula on the paper")


def finish_summary(driver) -> list[tuple[str, list[str]]]:
    """The lines above «Завершити тест»: each label with the task numbers it links to."""
    return [(line.get_attribute("textContent").split(":")[0] + ":", [link.text for link in line.find_elements(By.CSS_SELECTOR, "a.task-link")])
            for line in driver.find_elements(By.CSS_SELECTOR, ".finish-summary p")]


def mark_pairs(driver, form, question: dict, names: str) -> None:
    """Marks a matching question's right pairs on its answer grid, a letter per row."""
    for prompt, letter in question["answer"].items():
        cell = form.find_element(By.CSS_SELECTOR, f"input[name='{names}pair-{int(prompt) - 1}'][value='{LETTERS.index(letter)}']")
        press(driver, cell)
        assert cell.is_selected()


def answer_right(driver, form, question: dict) -> None:
    """Gives `question`'s right answer (as the seed file has it) in its form."""
    if question["type"] == "single":
        press(driver, form.find_elements(By.CSS_SELECTOR, "input[name=option]")[right_option(question)])
    elif question["type"] == "number":
        form.find_element(By.CSS_SELECTOR, "input[name=number]").send_keys(question["answer"].replace(".", ","))
    elif question["type"] == "matching":
        mark_pairs(driver, form, question, "")
    else:
        raise AssertionError(f"no way to answer a {question['type']} question here")


def start_the_percentages_test(driver, base_url: str) -> None:
    """A new student signs up and starts the percentages topic test."""
    sign_up(driver, base_url)
    open_the_percentages_test(driver)


def open_the_percentages_test(driver) -> None:
    """From the subjects, the percentages topic test, started (or, once done, taken again)."""
    tap(driver, driver.find_element(By.LINK_TEXT, "Предмети"))
    tap(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "Математика"))
    tap(driver, driver.find_element(By.PARTIAL_LINK_TEXT, PERCENTAGES["title"]))
    tap(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Почати тест' or normalize-space()='Пройти ще раз']"))


def sign_up(driver, base_url: str) -> None:
    open_page(driver, base_url + PREFIX + "/")
    assert_accessible(driver)
    tap(driver, driver.find_element(By.LINK_TEXT, "Зареєструватися"))
    assert heading(driver) == "Реєстрація"
    assert_accessible(driver)
    fill(driver, "name", "Олена")
    fill(driver, "email", f"exam-{secrets.token_hex(4)}@example.com")
    fill(driver, "password", PASSWORD)
    fill(driver, "passwordRepeat", PASSWORD)
    tap(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert heading(driver) == "Предмети", driver.current_url


def test_take_a_test_review_it_and_work_on_the_mistake(browser, base_url):
    sign_up(browser, base_url)
    assert_accessible(browser)
    tap(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Математика"))
    assert heading(browser) == "Математика"
    assert_accessible(browser)
    tap(browser, browser.find_element(By.PARTIAL_LINK_TEXT, PERCENTAGES["title"]))
    assert heading(browser) == PERCENTAGES["title"]
    assert "Поріг і бали 100–200 цього тесту — наша оцінка" in browser.find_element(By.TAG_NAME, "main").text
    assert_accessible(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Почати тест']"))
    attempt_url = browser.current_url
    assert "/znoshka/attempts/" in attempt_url
    assert "Залишилось" in browser.find_element(By.CSS_SELECTOR, ".timer").text
    assert_accessible(browser)
    # At 320 px (WCAG's reflow width) each question is still one screen of the swipe box:
    # none is wider than the box, where its right edge would hide under the next one.
    browser.set_window_size(320, PHONE_HEIGHT)
    box, *slides = browser.execute_script(
        "const box = document.querySelector('.questions');"
        "return [box.clientWidth, ...[...box.children].map((q) => q.getBoundingClientRect().width)]")
    assert box < 320 and max(slides) <= box + 0.5, (box, slides)
    browser.set_window_size(PHONE_WIDTH, PHONE_HEIGHT)

    questions = drawn_questions(browser)
    assert len(questions) == len(PERCENTAGES["questions"])
    # 1: right, saved as it is tapped (no button pressed).
    press(browser, section(browser, 1).find_elements(By.CSS_SELECTOR, "input[name=option]")[right_option(questions[0])])
    wait_for_cell(browser, 1, "answered")
    # 2: wrong, and flagged to come back to.
    show(browser, 2)
    wrong = (right_option(questions[1]) + 1) % len(questions[1]["options"])
    press(browser, section(browser, 2).find_elements(By.CSS_SELECTOR, "input[name=option]")[wrong])
    wait_for_cell(browser, 2, "answered")
    press(browser, section(browser, 2).find_element(By.CSS_SELECTOR, "input[name=flagged]"))
    wait_for_cell(browser, 2, "flagged")
    # The first numeric question, typed with a decimal comma.
    number = next(index for index, q in enumerate(questions) if q["type"] == "number") + 1
    show(browser, number)
    field = section(browser, number).find_element(By.CSS_SELECTOR, "input[name=number]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    field.send_keys(questions[number - 1]["answer"].replace(".", ",") + ",0", Keys.TAB)
    wait_for_cell(browser, number, "answered")
    # A phone's decimal keypad may have no minus: the button beside the field changes the
    # sign, and each change is saved before the next.
    sign = section(browser, number).find_element(By.CSS_SELECTOR, "button.sign-toggle")
    assert sign.is_displayed() and sign.accessible_name == "Змінити знак: плюс або мінус"
    for negative in (True, False):
        status = section(browser, number).find_element(By.CSS_SELECTOR, ".save-status")
        browser.execute_script("arguments[0].textContent = ''", status)
        press(browser, sign)
        assert field.get_attribute("value").startswith("-") == negative
        WebDriverWait(browser, 10).until(lambda _: status.text == "Відповідь збережено.")

    # Before finishing, the tasks still open and the flagged one, each a link: redrawn as
    # the answers were saved, and drawn so by the server after a reload.
    open_tasks = [str(n) for n in range(1, len(questions) + 1) if n not in (1, 2, number)]
    assert finish_summary(browser) == [("Без відповіді:", open_tasks), ("Позначені, щоб повернутися:", ["2"])]

    # A reload (or another device) resumes the same attempt with every answer.
    open_page(browser, attempt_url)
    assert section(browser, 1).find_elements(By.CSS_SELECTOR, "input[name=option]")[right_option(questions[0])].is_selected()
    assert "flagged" in cell(browser, 2).get_attribute("class").split()
    assert section(browser, number).find_element(By.CSS_SELECTOR, "input[name=number]").get_attribute("value").endswith(",0")
    assert "Відповіли на 3 з 9." in browser.find_element(By.CSS_SELECTOR, ".answered-count").text
    assert finish_summary(browser) == [("Без відповіді:", open_tasks), ("Позначені, щоб повернутися:", ["2"])]
    # A task's link in the summary brings it into view.
    press(browser, browser.find_element(By.CSS_SELECTOR, f".finish-summary a[aria-label='Завдання {open_tasks[0]}']"))
    WebDriverWait(browser, 10).until(lambda _: cell(browser, int(open_tasks[0])).get_attribute("aria-current") == "true")

    finish = browser.find_element(By.XPATH, "//button[normalize-space()='Завершити тест']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", finish)
    finish.click()
    dialog = WebDriverWait(browser, 10).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.confirm[open]")))
    assert dialog.text.startswith(f"Без відповіді: {', '.join(open_tasks)}. Позначені, щоб повернутися: 2. Завершити тест?"), dialog.text
    tap(browser, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))
    assert browser.current_url.endswith("/result"), browser.current_url
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "3 з 14 тестових балів" in main, main[:400]
    assert "Не склав" not in main and "балів" in main
    reviewed = browser.find_elements(By.CSS_SELECTOR, "article.review")
    assert len(reviewed) == 9
    assert "Правильно" in reviewed[0].text and "Пояснення" in reviewed[0].text
    # The demo has too few answers to a task for a share of right ones (20 are needed).
    assert "Неправильно" in reviewed[1].text and "Правильно відповіли" not in reviewed[1].text
    assert_accessible(browser)

    # The second question's discussion: publish a solution with a formula.
    result_url = browser.current_url
    tap(browser, reviewed[1].find_element(By.LINK_TEXT, "Розв’язання й обговорення"))
    assert heading(browser) == "Розв’язання й обговорення"
    assert "Розв’язань ще немає" in browser.find_element(By.TAG_NAME, "main").text
    publish_solution(browser, "Ділимо на сто: $\\frac{12}{100} \\cdot 250 = 30$.")
    assert "Розв’язання опубліковано." in browser.find_element(By.CSS_SELECTOR, ".flash").text
    solution = browser.find_element(By.CSS_SELECTOR, "article.solution")
    assert solution.find_elements(By.TAG_NAME, "math") and "рейтинг 0" in solution.text
    assert not solution.find_elements(By.XPATH, ".//button[normalize-space()='Подобається']"), "no rating of one's own"
    assert_accessible(browser)
    open_page(browser, result_url)

    # The mistake and the six tasks left blank wait in «Робота над помилками»; each
    # answered right comes back later. (Which of the seven comes first is not fixed.)
    tap(browser, browser.find_element(By.LINK_TEXT, "Повторення"))
    assert heading(browser) == "Робота над помилками"
    main = browser.find_element(By.TAG_NAME, "main")
    assert "На сьогодні 7 питань." in main.text
    assert_accessible(browser)
    shown = [q for q in questions if q["text"][:40] in main.text]
    assert len(shown) == 1 and shown[0] is not questions[0], [q["text"][:40] for q in shown]
    answer_right(browser, browser.find_element(By.CSS_SELECTOR, "main form"), shown[0])
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Перевірити']"))
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Правильно" in main and "Наступне повторення цього питання" in main
    assert "На сьогодні 6 питань." in main
    assert_accessible(browser)

    tap(browser, browser.find_element(By.LINK_TEXT, "Статистика"))
    maths = browser.find_element(By.ID, "stats-mathematics").find_element(By.XPATH, "..")
    assert "1 тест пройдено" in maths.text and "Точність: 21 %" in maths.text
    assert maths.find_elements(By.CSS_SELECTOR, "svg.chart circle.point")
    assert_accessible(browser)


def test_the_strip_follows_the_swipe_and_a_bad_number_is_explained(browser, base_url):
    start_the_percentages_test(browser, base_url)
    assert cell(browser, 1).get_attribute("aria-current") == "true"
    for number in (4, 2, 9):
        show(browser, number)
        assert [c.get_attribute("data-cell") for c in browser.find_elements(By.CSS_SELECTOR, '.strip [aria-current="true"]')] == [str(number)]
    number = next(index for index, q in enumerate(drawn_questions(browser)) if q["type"] == "number") + 1
    show(browser, number)
    field = section(browser, number).find_element(By.CSS_SELECTOR, "input[name=number]")
    field.send_keys("два", Keys.TAB)
    status = section(browser, number).find_element(By.CSS_SELECTOR, ".save-status")
    WebDriverWait(browser, 10).until(lambda d: "Введіть число" in status.text)
    assert "answered" not in cell(browser, number).get_attribute("class").split()
    assert_accessible(browser)


def test_an_author_previews_theory_and_imports_a_test(browser, base_url):
    open_page(browser, base_url + PREFIX + "/login")
    fill(browser, "email", "author@znoshka.example")
    fill(browser, "password", "znoshka-demo")
    tap(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    tap(browser, browser.find_element(By.LINK_TEXT, "Профіль"))
    tap(browser, browser.find_element(By.LINK_TEXT, "Для авторів"))
    assert heading(browser) == "Для авторів"
    assert_accessible(browser)

    Select(browser.find_element(By.NAME, "subject")).select_by_value("mathematics")
    fill(browser, "topic", "Відсотки")
    page_title = f"Складні відсотки {secrets.token_hex(2)}"
    fill(browser, "title", page_title)
    fill(browser, "markdown", "Сума через $n$ років: $S = S_0 \\cdot (1 + \\frac{p}{100})^n$.\n\n<script>window.__owned = true</script>")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Попередній перегляд']"))
    preview = browser.find_element(By.CSS_SELECTOR, "article.preview")
    assert preview.find_elements(By.TAG_NAME, "math")
    assert not preview.find_elements(By.TAG_NAME, "script") and "<script>" in preview.text
    assert browser.execute_script("return window.__owned === undefined")
    assert_accessible(browser)

    # Saved, the page is a draft on its own editor; published, students read it on the topic's page.
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Зберегти сторінку']"))
    assert heading(browser) == f"Сторінка «{page_title}»"
    assert "Учні ще не бачать цієї сторінки" in browser.find_element(By.CSS_SELECTOR, ".draft").text
    assert_accessible(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Опублікувати сторінку']"))
    assert heading(browser) == "Відсотки"
    assert "Сторінку опубліковано" in browser.find_element(By.CSS_SELECTOR, ".flash").text
    assert page_title in browser.find_element(By.TAG_NAME, "main").text
    assert browser.execute_script("return window.__owned === undefined")
    open_page(browser, base_url + PREFIX + "/author")

    broken = dict(PERCENTAGES, title=f"Відсотки, варіант {secrets.token_hex(2)}")
    broken["questions"] = [dict(PERCENTAGES["questions"][0], answer="Е")] + PERCENTAGES["questions"][1:]
    file_field = browser.find_element(By.NAME, "file")
    browser.execute_script("arguments[0].value = arguments[1]", file_field, json.dumps(broken, ensure_ascii=False))
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Імпортувати']"))
    alert = browser.find_element(By.CSS_SELECTOR, "main .flash-error")
    assert "нічого не імпортовано" in alert.text and "questions[0].answer" in alert.text
    assert_accessible(browser)

    fixed = dict(broken, questions=PERCENTAGES["questions"])
    file_field = browser.find_element(By.NAME, "file")
    browser.execute_script("arguments[0].value = arguments[1]", file_field, json.dumps(fixed, ensure_ascii=False))
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Імпортувати']"))
    assert heading(browser) == fixed["title"]
    assert "Тест імпортовано." in browser.find_element(By.CSS_SELECTOR, ".flash").text


def test_an_author_writes_a_test_question_by_question(browser, base_url):
    open_page(browser, base_url + PREFIX + "/login")
    fill(browser, "email", "author@znoshka.example")
    fill(browser, "password", "znoshka-demo")
    tap(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    open_page(browser, base_url + PREFIX + "/author")
    tap(browser, browser.find_element(By.LINK_TEXT, "Новий тест"))
    assert heading(browser) == "Новий тест"
    assert_accessible(browser)

    title = f"Дроби, варіант {secrets.token_hex(2)}"
    Select(browser.find_element(By.NAME, "subject")).select_by_value("mathematics")
    Select(browser.find_element(By.NAME, "kind")).select_by_value("topic")
    fill(browser, "topic", "Дроби")
    fill(browser, "title", title)
    fill(browser, "minutes", "5")
    fill(browser, "text", "Скільки буде $\\frac{1}{2} + \\frac{1}{4}$?")
    fill(browser, "options", "\\frac{1}{6}\n\\frac{3}{4}\n\\frac{2}{6}\n1")
    fill(browser, "answer", "Б")
    fill(browser, "explanation", "Спільний знаменник 4: $\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$.")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Попередній перегляд']"))
    preview = browser.find_element(By.CSS_SELECTOR, "article.preview")
    assert preview.find_elements(By.TAG_NAME, "math") and "Спільний знаменник" in preview.text
    assert_accessible(browser)

    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Зберегти']"))
    assert heading(browser) == f"Тест «{title}»"
    assert "Чернетку тесту створено" in browser.find_element(By.CSS_SELECTOR, ".flash").text
    assert "Учні ще не бачать цього тесту" in browser.find_element(By.CSS_SELECTOR, ".draft").text
    assert_accessible(browser)

    Select(browser.find_element(By.NAME, "type")).select_by_value("number")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Додати питання']"))
    assert heading(browser) == "Нове питання"
    # Only the fields a number uses are shown.
    assert browser.find_element(By.NAME, "tolerance").is_displayed()
    assert not browser.find_element(By.NAME, "options").is_displayed()
    fill(browser, "text", "Запишіть $\\frac{5}{2}$ десятковим дробом.")
    fill(browser, "answer", "два з половиною")
    fill(browser, "explanation", "5 : 2 = 2,5.")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Зберегти']"))
    error = browser.find_element(By.ID, "field-answer-error")
    assert "Введіть число" in error.text
    assert browser.find_element(By.NAME, "answer").get_attribute("aria-describedby")
    assert_accessible(browser)

    fill(browser, "answer", "2,5")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Зберегти']"))
    assert heading(browser) == f"Тест «{title}»"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".editor-questions > li")) == 2

    editor_url = browser.current_url
    tap(browser, browser.find_element(By.LINK_TEXT, "Переглянути весь тест"))
    assert heading(browser) == f"«{title}» очима учня"
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.preview")) == 2
    assert_accessible(browser)

    # Students see the test once it is published, not before.
    assert title not in subject_page_text(browser, base_url, "mathematics")
    open_page(browser, editor_url)
    publish = browser.find_element(By.XPATH, "//button[normalize-space()='Опублікувати тест']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", publish)
    publish.click()
    dialog = WebDriverWait(browser, 10).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.confirm[open]")))
    tap(browser, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))
    assert "Тест опубліковано" in browser.find_element(By.CSS_SELECTOR, ".flash").text
    assert not browser.find_elements(By.CSS_SELECTOR, ".draft")
    assert_accessible(browser)
    assert title in subject_page_text(browser, base_url, "mathematics")


def subject_page_text(driver, base_url: str, slug: str) -> str:
    open_page(driver, f"{base_url}{PREFIX}/subjects/{slug}")
    return driver.find_element(By.TAG_NAME, "main").text


def test_an_author_adds_a_chosen_subject_and_a_student_sits_it_in_block_two(new_browser, base_url):
    author = new_browser()
    open_page(author, base_url + PREFIX + "/login")
    fill(author, "email", "author@znoshka.example")
    fill(author, "password", "znoshka-demo")
    tap(author, author.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    open_page(author, base_url + PREFIX + "/author")
    slug = f"biology-{secrets.token_hex(2)}"
    name = f"Біологія {slug[-4:]}"
    fill(author, "slug", "Біологія")
    fill(author, "nameUk", name)
    fill(author, "nameEn", "Biology")
    tap(author, author.find_element(By.XPATH, "//button[normalize-space()='Додати предмет']"))
    assert "Лише малі латинські літери" in author.find_element(By.ID, "field-slug-error").text
    assert_accessible(author)
    fill(author, "slug", slug)
    tap(author, author.find_element(By.XPATH, "//button[normalize-space()='Додати предмет']"))
    assert f"Предмет «{name}» додано." in author.find_element(By.CSS_SELECTOR, ".flash").text
    assert_accessible(author)

    simulation = dict(PERCENTAGES, subject=slug, kind="simulation", title=f"{name}. Пробне НМТ")
    simulation.pop("topic")
    file_field = author.find_element(By.NAME, "file")
    author.execute_script("arguments[0].value = arguments[1]", file_field, json.dumps(simulation, ensure_ascii=False))
    tap(author, author.find_element(By.XPATH, "//button[normalize-space()='Імпортувати']"))
    assert heading(author) == simulation["title"]

    student = new_browser()
    sign_up(student, base_url)
    Select(student.find_element(By.NAME, "subject")).select_by_visible_text(name)
    assert_accessible(student)
    tap(student, student.find_element(By.XPATH, "//button[normalize-space()='Почати блок 2']"))
    assert "/znoshka/attempts/" in student.current_url
    open_page(student, base_url + PREFIX + "/subjects")
    running = student.find_element(By.CSS_SELECTOR, "[aria-labelledby=running-title]").text
    assert "Історія України" in running and simulation["title"] in running


def answer_a_shared_percentages_task(students, base_url: str) -> None:
    """New students each start the percentages topic test; each answers the first
    single-choice task their papers share (each paper is drawn afresh from the topic's
    questions; two variants of one template are one task, with one discussion),
    finishes, and opens that task's discussion."""
    for student in students:
        start_the_percentages_test(student, base_url)

    def shared_task() -> str | None:
        tasks = [[q["task"] for q in drawn_questions(student)] for student in students]
        singles = [q["task"] for q in drawn_questions(students[0]) if q["type"] == "single"]
        return next((task for task in singles if all(task in others for others in tasks[1:])), None)

    # Two papers of five of the topic's ten single-choice tasks may share none. Then the
    # last student finishes and starts again: unseen questions come first, so the new
    # paper takes the tasks that student has not met, the others' among them.
    shared = shared_task()
    for _ in range(2):
        if shared is not None:
            break
        finish_the_paper(students[-1])
        open_the_percentages_test(students[-1])
        shared = shared_task()
    assert shared is not None, "no single-choice task on every paper"
    papers = [drawn_questions(student) for student in students]
    tasks = [[q["task"] for q in paper] for paper in papers]
    for student, paper, names in zip(students, papers, tasks):
        number = names.index(shared) + 1
        question = paper[number - 1]
        show(student, number)
        press(student, section(student, number).find_elements(By.CSS_SELECTOR, "input[name=option]")[right_option(question)])
        wait_for_cell(student, number, "answered")
        finish = student.find_element(By.XPATH, "//button[normalize-space()='Завершити тест']")
        student.execute_script("arguments[0].scrollIntoView({block: 'center'})", finish)
        finish.click()
        dialog = WebDriverWait(student, 10).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.confirm[open]")))
        tap(student, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))
        tap(student, student.find_elements(By.CSS_SELECTOR, "article.review")[number - 1].find_element(By.LINK_TEXT, "Розв’язання й обговорення"))
        assert heading(student) == "Розв’язання й обговорення"


def test_a_report_reaches_the_moderators_who_hide_the_post(new_browser, base_url):
    writer, reader = new_browser(), new_browser()
    answer_a_shared_percentages_task([writer, reader], base_url)
    publish_solution(writer, "Хто цього не знає — той нічого не тямить.")
    assert "Розв’язання опубліковано." in writer.find_element(By.CSS_SELECTOR, ".flash").text

    # Another student reports it from the discussion (other tests may have written on this task too).
    open_page(reader, reader.current_url)
    written = next(a for a in reader.find_elements(By.CSS_SELECTOR, "article.solution") if "нічого не тямить" in a.text)
    tap(reader, written.find_element(By.XPATH, ".//button[@aria-label='Поскаржитися на розв’язання від Олена']"))
    assert "Дякуємо, модератори перевірять." in reader.find_element(By.CSS_SELECTOR, ".flash").text

    # A moderator (the demo author) finds it under Профіль → Скарги, with the reason.
    moderator = new_browser()
    open_page(moderator, base_url + PREFIX + "/login")
    fill(moderator, "email", "author@znoshka.example")
    fill(moderator, "password", "znoshka-demo")
    tap(moderator, moderator.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    tap(moderator, moderator.find_element(By.LINK_TEXT, "Профіль"))
    tap(moderator, moderator.find_element(By.LINK_TEXT, "Скарги"))
    assert heading(moderator) == "Скарги"
    card = next(c for c in moderator.find_elements(By.CSS_SELECTOR, "article.reported") if "нічого не тямить" in c.text)
    assert "Розв’язання від Олена" in card.text and "«Образливий або недоречний вміст» — Олена" in card.text, card.text
    assert_accessible(moderator)
    card.find_element(By.NAME, "reason").send_keys("Зневажливо до інших")
    tap(moderator, card.find_element(By.XPATH, ".//button[normalize-space()='Приховати']"))
    assert heading(moderator) == "Скарги" and "Приховано." in moderator.find_element(By.CSS_SELECTOR, ".flash").text
    assert not [c for c in moderator.find_elements(By.CSS_SELECTOR, "article.reported") if "нічого не тямить" in c.text]
    assert_accessible(moderator)

    # The other students no longer see it; its author is told why.
    open_page(reader, reader.current_url)
    assert "нічого не тямить" not in reader.find_element(By.TAG_NAME, "main").text
    open_page(writer, writer.current_url)
    mine = [a.text for a in writer.find_elements(By.CSS_SELECTOR, "article.solution") if "нічого не тямить" in a.text]
    assert len(mine) == 1 and "Приховано модератором: Зневажливо до інших" in mine[0], mine
    assert_accessible(writer)


def paper_tasks(driver) -> list[str]:
    """Each task of the open paper as the student reads it: the question and its options."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#questions > section')].map((task) =>"
        " [task.querySelector('.question-text').innerText, ...[...task.querySelectorAll('label')].map((l) => l.innerText)].join('|'))")


def finish_the_paper(driver) -> None:
    finish = driver.find_element(By.XPATH, "//button[normalize-space()='Завершити тест']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", finish)
    finish.click()
    dialog = WebDriverWait(driver, 10).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.confirm[open]")))
    tap(driver, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))
    assert driver.current_url.endswith("/result"), driver.current_url


def test_two_simulations_in_a_row_are_different_papers(browser, base_url):
    sign_up(browser, base_url)
    tap(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Математика"))
    tap(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Математика. Пробне НМТ № 1"))
    test_url = browser.current_url
    assert "Кожна спроба — новий варіант за структурою НМТ" in browser.find_element(By.TAG_NAME, "main").text
    assert_accessible(browser)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Почати тест']"))
    first = paper_tasks(browser)
    finish_the_paper(browser)

    open_page(browser, test_url)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Пройти ще раз']"))
    second = paper_tasks(browser)
    assert len(first) == len(second) == 22
    shared = set(first) & set(second)
    assert len(shared) <= 11, f"{len(shared)} of 22 tasks repeated"
    assert_accessible(browser)



def test_a_visitor_reads_theory_tries_a_sample_and_signs_up_back_to_the_simulation(browser, base_url):
    open_page(browser, base_url + PREFIX + "/")
    assert_accessible(browser)
    tap(browser, browser.find_element(By.LINK_TEXT, "Математика"))
    assert heading(browser) == "Математика"
    assert_accessible(browser)
    tap(browser, browser.find_element(By.LINK_TEXT, "Логарифми"))
    assert browser.find_elements(By.CSS_SELECTOR, ".theory math")
    assert_accessible(browser)

    open_page(browser, base_url + PREFIX + "/subjects/mathematics")
    tap(browser, browser.find_element(By.LINK_TEXT, "Спробувати 5 завдань"))
    assert heading(browser) == "Пробні завдання: Математика"
    assert_accessible(browser)
    tasks = browser.find_elements(By.CSS_SELECTOR, "main form .question")
    assert len(tasks) == 5
    # The sample is the first task of each kind, then the next ones: tasks 1, 2, 3, 16 and 19 of the paper.
    picked = [MATHS_SIMULATION["questions"][index] for index in (0, 1, 2, 15, 18)]
    for number, (task, question) in enumerate(zip(tasks, picked), start=1):
        if question["type"] == "single":
            press(browser, task.find_elements(By.CSS_SELECTOR, f"input[name=task-{number}-option]")[right_option(question)])
        elif question["type"] == "matching":
            mark_pairs(browser, task, question, f"task-{number}-")
        else:
            task.find_element(By.NAME, f"task-{number}-number").send_keys("шість")
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Перевірити']"))
    summary = browser.find_element(By.CSS_SELECTOR, ".error-summary")
    assert "Завдання 5: Введіть число" in summary.text
    assert_accessible(browser)
    number = browser.find_element(By.NAME, "task-5-number")
    number.clear()
    number.send_keys(picked[4]["answer"])
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Перевірити']"))
    assert "8 з 8 балів" in browser.find_element(By.CSS_SELECTOR, ".result").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.review.verdict-right")) == 5
    assert_accessible(browser)

    tap(browser, browser.find_element(By.CSS_SELECTOR, ".result a.button-primary"))
    assert heading(browser) == "Реєстрація"
    fill(browser, "name", "Гість")
    fill(browser, "email", f"visitor-{secrets.token_hex(4)}@example.com")
    fill(browser, "password", PASSWORD)
    fill(browser, "passwordRepeat", PASSWORD)
    tap(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert heading(browser) == MATHS_SIMULATION["title"], browser.current_url
    assert browser.find_elements(By.XPATH, "//button[normalize-space()='Почати тест']")
    assert_accessible(browser)


def test_a_block_switches_subjects_under_one_timer_and_ends_with_both_results(browser, base_url):
    sign_up(browser, base_url)
    tap(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Почати блок 1']"))
    tabs = browser.find_elements(By.CSS_SELECTOR, ".block-tabs a")
    assert [tab.text for tab in tabs] == ["Українська мова", "Математика"]
    assert tabs[0].get_attribute("aria-current") == "page"
    assert_accessible(browser)
    tap(browser, tabs[1])
    assert heading(browser) == MATHS_SIMULATION["title"]
    assert browser.find_element(By.CSS_SELECTOR, ".block-tabs a[aria-current=page]").text == "Математика"
    # A mathematics task, answered right on its tab, is there on coming back.
    number, task = plain_single_task(browser)
    show(browser, number)
    press(browser, section(browser, number).find_elements(By.CSS_SELECTOR, "input[name=option]")[right_option(task)])
    wait_for_cell(browser, number, "answered")
    assert_accessible(browser)
    tap(browser, browser.find_element(By.LINK_TEXT, "Українська мова"))
    tap(browser, browser.find_element(By.LINK_TEXT, "Математика"))
    assert "answered" in cell(browser, number).get_attribute("class").split()

    finish = browser.find_element(By.XPATH, "//button[normalize-space()='Завершити блок']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", finish)
    finish.click()
    dialog = WebDriverWait(browser, 10).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.confirm[open]")))
    tap(browser, dialog.find_element(By.CSS_SELECTOR, ".button-yes"))
    assert heading(browser) == "Результат блоку НМТ"
    results = browser.find_elements(By.CSS_SELECTOR, ".block-results section")
    assert [r.find_element(By.TAG_NAME, "h2").text for r in results] == ["Українська мова", "Математика"]
    assert "0 з 45 тестових балів" in results[0].text and "1 з 32 тестових балів" in results[1].text
    assert_accessible(browser)
