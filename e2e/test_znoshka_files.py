"""Znoshka's test files against their JSON Schema (docs/znoshka-test-file.schema.json).

What this proves:
- the schema is a valid draft 2020-12 schema, and every test file bundled with the app
  (Sources/Znoshka/Seed/tests/ and the templates in Seed/templates/) passes it, so it
  does not refuse a good file;
- every test the server exports to the demo author passes it too, so the schema
  describes what `TestFile.write` produces;
- a few typical broken files fail the schema, and the server refuses each of them as
  well (422, `invalid_test_file`), naming the path at fault in `errors[].field`, so the
  schema and `TestFile.read` agree on them.

The seed and schema tests need no server; the others use the one at $HROMADA_BASE_URL,
running with its demo data (the default).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import requests
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "znoshka-test-file.schema.json").read_text(encoding="utf-8"))
SEED_FILES = sorted([*(ROOT / "Sources" / "Znoshka" / "Seed" / "tests").glob("*.json"),
                     *(ROOT / "Sources" / "Znoshka" / "Seed" / "templates").glob("*.json")])
API = "/znoshka/api/v1"
TIMEOUT = 10

# A small valid file with one question of each type, in this order.
VALID = {
    "subject": "history",
    "kind": "mixed",
    "title": "Перевірка схеми",
    "minutes": 10,
    "questions": [
        {"type": "single", "text": "Коли?", "options": ["1648", "1654", "1667", "1709"], "answer": "А",
         "explanation": "У 1648 році."},
        {"type": "matching", "text": "Поєднайте.", "prompts": ["а", "б", "в", "г"], "options": ["1", "2", "3", "4", "5"],
         "answer": {"1": "В", "2": "А", "3": "Д", "4": "Б"}, "explanation": "Так."},
        {"type": "sequence", "text": "Упорядкуйте.", "items": ["а", "б", "в", "г"], "answer": "ВАГБ",
         "explanation": "Так."},
        {"type": "choose3", "text": "Оберіть три.", "options": ["1", "2", "3", "4", "5", "6", "7"], "answer": [2, 5, 7],
         "explanation": "Так."},
        {"type": "number", "text": "Скільки?", "answer": "2,5", "tolerance": "0", "explanation": "Так."},
    ],
}


def broken(index: int, **changes) -> dict:
    """VALID with question `index` changed; a change to None removes the field."""
    document = copy.deepcopy(VALID)
    question = document["questions"][index]
    for field, value in changes.items():
        if value is None:
            question.pop(field)
        else:
            question[field] = value
    return document


# (name, file, the path the server names)
BROKEN = [
    ("latin letter", broken(0, answer="E"), "questions[0].answer"),
    ("matching prompt 5", broken(1, answer={"1": "В", "2": "А", "3": "Д", "5": "Б"}), "questions[1].answer.4"),
    ("choose3 with two", broken(3, answer=[2, 5]), "questions[3].key"),
    ("number as a fraction", broken(4, answer="2 1/2"), "questions[4].answer"),
    ("no explanation", broken(2, explanation=None), "questions[2].explanation"),
]


def schema_errors(document: dict) -> list[str]:
    return [f"{error.json_path}: {error.message}" for error in Draft202012Validator(SCHEMA).iter_errors(document)]


def test_schema_is_a_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)
    assert schema_errors(VALID) == []


@pytest.mark.parametrize("path", SEED_FILES, ids=lambda path: path.name)
def test_seed_file_matches_schema(path):
    Draft202012Validator.check_schema(SCHEMA)
    assert schema_errors(json.loads(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("name, document, field", BROKEN, ids=[case[0] for case in BROKEN])
def test_schema_rejects_broken_file(name, document, field):
    assert schema_errors(document), f"{name} passed the schema"


@pytest.fixture(scope="module")
def author(base_url) -> dict:
    """The demo author's Authorization header."""
    session = requests.post(f"{base_url}{API}/session", timeout=TIMEOUT,
                            json={"email": "author@znoshka.example", "password": "znoshka-demo"})
    assert session.status_code == 200, session.text
    return {"Authorization": f"Bearer {session.json()['token']}"}


def test_exported_files_match_schema(base_url, author):
    exported = 0
    for subject in ("ukrainian", "mathematics", "history"):
        listing = requests.get(f"{base_url}{API}/subjects/{subject}", headers=author, timeout=TIMEOUT)
        assert listing.status_code == 200, listing.text
        for test in listing.json()["tests"]:
            file = requests.get(f"{base_url}{API}/author/tests/{test['id']}", headers=author, timeout=TIMEOUT)
            assert file.status_code == 200, file.text
            assert schema_errors(file.json()) == [], test["title"]
            exported += 1
    assert exported >= len(SEED_FILES)


@pytest.mark.parametrize("name, document, field", BROKEN, ids=[case[0] for case in BROKEN])
def test_server_refuses_broken_file(base_url, author, name, document, field):
    refused = requests.post(f"{base_url}{API}/author/tests", json=document, headers=author, timeout=TIMEOUT)
    assert refused.status_code == 422, refused.text
    problem = refused.json()
    assert problem["code"] == "invalid_test_file"
    assert field in [error["field"] for error in problem["errors"]], problem
