"""No JSON API stores an impossible date or time.

Every request-body field that the apps' OpenAPI documents mark `format: date-time` or
`format: date` (found by reading the documents, so a new field is covered without
touching this file) is sent, in otherwise valid requests that schemathesis generates,
with values that name no real moment or day: 30 February, 25:00, minute 60, a time
without its offset, a month 13. Signed in as every kind of user and as nobody, no such
request may succeed or fail with a 5xx; a 422 (validation reached) must name the field,
and in each app some must.
"""

import pytest
import requests
from hypothesis import given
from schemathesis.generation import GenerationMode

from test_api_fuzz import SETTINGS, fuctivity, golden_ager, shelter, znoshka

IMPOSSIBLE = {
    "date-time": ["2026-02-30T10:00:00Z", "2026-12-01T25:00:00Z", "2026-12-01T10:60:00Z", "2026-12-01T10:00:00"],
    "date": ["2026-02-30", "2026-13-01", "2026-2-1"],
}


def resolve(document: dict, schema: dict) -> dict:
    while isinstance(schema, dict) and "$ref" in schema:
        node = document
        for key in schema["$ref"].removeprefix("#/").split("/"):
            node = node[key]
        schema = node
    return schema or {}


def properties(document: dict, schema: dict) -> dict:
    schema = resolve(document, schema)
    found = dict(schema.get("properties") or {})
    for part in schema.get("allOf") or []:
        found.update(properties(document, part))
    return found


def date_fields(document: dict) -> list[tuple[str, str, str, str | None, str]]:
    """(method, path, field, field inside its array's items or None, format) for every
    request body's date and date-time fields, one level of arrays deep."""
    fields = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "requestBody" not in operation:
                continue
            body = resolve(document, operation["requestBody"]).get("content", {}).get("application/json")
            if not body:
                continue
            for name, field in properties(document, body.get("schema", {})).items():
                field = resolve(document, field)
                if field.get("format") in IMPOSSIBLE:
                    fields.append((method.upper(), path, name, None, field["format"]))
                elif field.get("type") == "array":
                    for inner, item_field in properties(document, field.get("items", {})).items():
                        if resolve(document, item_field).get("format") in IMPOSSIBLE:
                            fields.append((method.upper(), path, name, inner, resolve(document, item_field)["format"]))
    return fields


def with_impossible(body, field: str, inner: str | None, value: str):
    """The generated body with `value` in the field; None when it cannot hold one (an
    array the example left empty)."""
    if not isinstance(body, dict):
        return None
    body = dict(body)
    if inner is None:
        body[field] = value
        return body
    items = body.get(field)
    if not isinstance(items, list) or not items or not isinstance(items[0], dict):
        return None
    body[field] = [{**items[0], inner: value}] + items[1:]
    return body


def named_in(answer) -> list[str]:
    """The fields a problem document names (none for any other answer)."""
    try:
        document = answer.json()
    except ValueError:
        return []
    errors = document.get("errors") if isinstance(document, dict) else None
    return [error.get("field", "") for error in errors or [] if isinstance(error, dict)]


@pytest.mark.parametrize("app,prefix", [(golden_ager, "golden-ager"), (fuctivity, "fuctivity"), (znoshka, "znoshka"),
                                        (shelter, "shelter")], ids=["golden-ager", "fuctivity", "znoshka", "shelter"])
def test_impossible_dates_are_refused_naming_the_field(base_url, app, prefix):
    api = app(base_url)
    document = requests.get(f"{base_url}/{prefix}/api/openapi.json", timeout=10).json()
    fields = date_fields(document)
    problems, named = [], 0
    for method, path, field, inner, kind in fields:
        operation = api.schema[path][method.lower()]
        shown = f"{method} {path} {field}" + (f"[].{inner}" if inner else "")

        @SETTINGS
        @given(case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE))
        def send(case):
            nonlocal named
            for value in IMPOSSIBLE[kind]:
                body = with_impossible(case.body, field, inner, value)
                if body is None:
                    return
                case.body = body
                # Each value on its own: a replay of an earlier value's answer would hide it.
                if case.headers:
                    case.headers.pop("Idempotency-Key", None)
                for headers in api.headers + [{}]:
                    answer = case.call(base_url=api.base, headers=headers)
                    status = answer.status_code
                    if status == 422 and any((inner or field) in name for name in named_in(answer)):
                        named += 1
                    elif status < 400 or status >= 500 or status == 422:
                        # Taken, a server error, or validated without a word on the date.
                        problems.append(f"{shown} = {value!r}: {status} {answer.text[:200]}")
                    # Any other 4xx refused the request before its fields were validated:
                    # signed out, not allowed, an id that names nothing, a NUL elsewhere.

        send()
    if fields:
        assert named > 0, f"no impossible date was refused naming its field among {len(fields)} fields:\n" + "\n".join(problems[:20])
    assert not problems, "impossible dates not refused as a 422 naming the field:\n" + "\n".join(problems[:40])
