"""The JSON APIs never answer a client's mistake with a server error.

schemathesis reads each app's OpenAPI document from the running server and generates
requests for every operation — ones the document allows and ones that break it (wrong
types, missing and extra fields, strings of every length and script, malformed ids and
dates) — and sends each, signed in as every kind of user, to the real server. Any 5xx
fails the test with the request that caused it. Examples are derandomized, so a run
repeats the previous one.

Left out: the event streams (they never end), log-out (it would end the test's own
sign-ins) and log-in (its failures lock the address out for 15 minutes, by design; its
bad input is tested in the Swift suites).
"""

import secrets
from dataclasses import dataclass, field

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode

EXAMPLES_PER_OPERATION = 25
SETTINGS = settings(max_examples=EXAMPLES_PER_OPERATION, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
# Signing out (here, or everywhere) would end the tokens the other operations are fuzzed
# with; Tests/AccountTests covers those calls.
LEFT_OUT = {("DELETE", "/session"), ("DELETE", "/me/sessions"), ("POST", "/session"), ("GET", "/events")}


@dataclass
class Person:
    role: str
    phone: str = field(default_factory=lambda: "38067" + "".join(str(secrets.randbelow(10)) for _ in range(7)))
    password: str = field(default_factory=lambda: "pass-" + secrets.token_hex(4))


@dataclass
class SignedInAPI:
    base: str
    schema: object
    headers: list


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def load(base_url: str, app: str):
    return schemathesis.openapi.from_url(f"{base_url}/{app}/api/openapi.json").exclude(
        func=lambda context: (context.operation.method.upper(), context.operation.path) in LEFT_OUT)


def golden_ager_token(base_url: str, person) -> str:
    api = f"{base_url}/golden-ager/api/v1"
    body = {"role": person.role, "phone": person.phone, "password": person.password, "firstName": "Фаззі",
            "lastName": "Тест", "birthday": "12.03.1950" if person.role == "pensioner" else "01.07.2001", "city": "kyiv"}
    if person.role == "pensioner":
        body["address"] = "вул. Тестова, 1"
    else:
        body["organisationId"] = requests.get(f"{api}/organisations", timeout=10).json()[0]["id"]
    assert requests.post(f"{api}/accounts", json=body, timeout=10).status_code == 201
    answer = requests.post(f"{api}/session", json={"phone": person.phone, "password": person.password}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()["token"]


def golden_ager(base_url: str) -> SignedInAPI:
    tokens = [golden_ager_token(base_url, Person("pensioner")), golden_ager_token(base_url, Person("volunteer"))]
    return SignedInAPI(f"{base_url}/golden-ager/api/v1", load(base_url, "golden-ager"), [bearer(t) for t in tokens])


def fuctivity(base_url: str) -> SignedInAPI:
    api = f"{base_url}/fuctivity/api/v1"
    answer = requests.post(f"{api}/accounts", timeout=10, json={
        "name": "Марта", "email": f"fuzz-{secrets.token_hex(6)}@example.com", "password": "rest-well-1", "timeZone": "Europe/Kyiv"})
    assert answer.status_code == 201, answer.text
    return SignedInAPI(api, load(base_url, "fuctivity"), [bearer(answer.json()["token"])])


def znoshka(base_url: str) -> SignedInAPI:
    """A new student, and the demo author (printed at start) for the authors' calls."""
    api = f"{base_url}/znoshka/api/v1"
    student = requests.post(f"{api}/accounts", timeout=10, json={
        "name": "Олена", "email": f"fuzz-{secrets.token_hex(6)}@example.com", "password": "learn-well-1", "timeZone": "Europe/Kyiv"})
    assert student.status_code == 201, student.text
    author = requests.post(f"{api}/session", timeout=10, json={"email": "author@znoshka.example", "password": "znoshka-demo"})
    assert author.status_code == 200, author.text
    return SignedInAPI(api, load(base_url, "znoshka"), [bearer(student.json()["token"]), bearer(author.json()["token"])])


def shelter(base_url: str) -> SignedInAPI:
    """The demo director (with the password confirmed, so changes go through), doctor and
    storekeeper, a new sign-up waiting for a role, and a sensor's key for the devices' calls."""
    api = f"{base_url}/shelter/api/v1"

    def sign_in(email: str) -> str:
        answer = requests.post(f"{api}/session", timeout=10, json={"email": email, "password": "shelter-demo"})
        assert answer.status_code == 200, answer.text
        return answer.json()["token"]

    director = sign_in("director@shelter.example")
    confirmed = requests.post(f"{api}/password-confirmation", json={"password": "shelter-demo"}, headers=bearer(director), timeout=10)
    assert confirmed.status_code == 200, confirmed.text
    enclosure = requests.get(f"{api}/enclosures", headers=bearer(director), timeout=10).json()[0]["id"]
    sensor = requests.post(f"{api}/enclosures/{enclosure}/sensors", json={"name": "Фаззі"}, headers=bearer(director), timeout=10)
    assert sensor.status_code == 201, sensor.text
    pending = requests.post(f"{api}/accounts", timeout=10, json={
        "name": "Петро", "email": f"fuzz-{secrets.token_hex(6)}@example.com", "password": "shelter-pass-1", "timeZone": "Europe/Kyiv"})
    assert pending.status_code == 201, pending.text
    tokens = [director, sign_in("doctor@shelter.example"), sign_in("storekeeper@shelter.example"), pending.json()["token"], sensor.json()["key"]]
    return SignedInAPI(api, load(base_url, "shelter"), [bearer(token) for token in tokens])


def send_as_everyone(case, api: SignedInAPI) -> None:
    for headers in api.headers:
        case.call_and_validate(base_url=api.base, headers=headers, checks=[not_a_server_error])
    case.call_and_validate(base_url=api.base, checks=[not_a_server_error])


def fuzz(api: SignedInAPI) -> tuple[int, int]:
    """Every operation with requests the document allows, and every operation that takes
    input with requests that break it. Answers how many operations got each."""
    allowed = broken = 0
    for result in api.schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            @SETTINGS
            @given(case=operation.as_strategy(generation_mode=mode))
            def send(case):
                send_as_everyone(case, api)

            try:
                send()
            except Unsatisfiable:
                # Nothing to break: the operation takes no parameters and no body.
                assert mode == GenerationMode.NEGATIVE, f"no request could be made for {operation.label}"
                continue
            if mode == GenerationMode.POSITIVE:
                allowed += 1
            else:
                broken += 1
    return allowed, broken


@pytest.mark.parametrize("app", [golden_ager, fuctivity, znoshka, shelter], ids=["golden-ager", "fuctivity", "znoshka", "shelter"])
def test_api_never_answers_a_client_mistake_with_5xx(base_url, app):
    allowed, broken = fuzz(app(base_url))
    assert allowed >= 20 and broken >= 12, f"{allowed} operations fuzzed with valid input, {broken} with broken input"
