#!/usr/bin/env python3
"""Names, in each app's OpenAPI document, the operations that honour `Idempotency-Key`
(the kernel's IdempotencyMiddleware): every signed-in POST, PUT, PATCH and DELETE, except
those after which the account or token is gone (sign-out, deletion) and the sensors'
readings (deduplicated by their own time). Run after adding an operation; idempotent."""
import json
import sys
from pathlib import Path

PARAMETER = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "description": (
        "Makes a retry safe (the IETF httpapi draft): a key of 1 to 255 visible ASCII characters, "
        "new for each change (a UUID). The same key from the same account within 24 hours answers "
        "the first answer again (with `Idempotent-Replayed: true`) without doing the work again; the "
        "same key with another request is a 422 `idempotency_key_reused`; while the first request "
        "runs a repeat waits for its answer, and one whose answer cannot be had is a 409 "
        "`idempotency_key_in_use`."),
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$",
               "example": "3f0c9a52-6d1e-4b7a-9b6e-2f4d8c1a7e55"},
}
NOT_COVERED = {("delete", "/session"), ("delete", "/me/sessions"), ("delete", "/me"),
               ("post", "/sensors/{sensorID}/readings")}
REFERENCE = {"$ref": "#/components/parameters/IdempotencyKey"}
SUMMARY = ("Retries: every operation that lists the `Idempotency-Key` header does a change once however "
           "often it is sent with the same key (a phone retrying on a flaky network, a double tap).")


def add(path: Path) -> int:
    document = json.loads(path.read_text())
    document["components"].setdefault("parameters", {})["IdempotencyKey"] = PARAMETER
    if SUMMARY not in document["info"]["description"]:
        document["info"]["description"] += "\n\n" + SUMMARY
    covered = 0
    for route, operations in document["paths"].items():
        for method, operation in operations.items():
            if method not in ("post", "put", "patch", "delete") or (method, route) in NOT_COVERED:
                continue
            if operation.get("security", document.get("security")) in ([], [{}]):
                continue
            parameters = operation.setdefault("parameters", [])
            if REFERENCE not in parameters:
                parameters.append(REFERENCE)
            covered += 1
    path.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
    return covered


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {add(Path(name))} operations honour Idempotency-Key")
