"""The API fuzzing suite: run by scripts/test against a server of its own, e.g.
    HROMADA_BASE_URL=http://127.0.0.1:8080 .venv/bin/python -m pytest fuzz/ -q
(its own server, because the accounts and tasks it makes would show up in the browser
journeys' inboxes)."""

import os

import pytest


@pytest.fixture(scope="session")
def base_url() -> str:
    return os.environ.get("HROMADA_BASE_URL", "http://127.0.0.1:8080").rstrip("/")
