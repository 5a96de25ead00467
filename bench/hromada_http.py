"""A small HTTP/1.1 client on asyncio streams, for the Golden Ager benchmarks.

Standard library only: keep-alive connections, JSON and form bodies, bearer tokens,
cookies picked out of Set-Cookie, Content-Length and chunked bodies. It is not a
general HTTP client; it speaks to our own server on loopback and nothing else.
"""

import asyncio
import json
import os
import time
import urllib.parse
from dataclasses import dataclass, field

API = "/golden-ager/api/v1"


@dataclass
class Response:
    status: int
    headers: list  # [(lower-case name, value)]
    body: bytes
    seconds: float = 0.0  # from writing the request to the last byte of the answer

    def header(self, name):
        name = name.lower()
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def cookies(self):
        """name -> value from every Set-Cookie header."""
        found = {}
        for key, value in self.headers:
            if key == "set-cookie":
                pair = value.split(";", 1)[0]
                if "=" in pair:
                    name, _, cookie = pair.partition("=")
                    found[name.strip()] = cookie.strip()
        return found

    def json(self):
        return json.loads(self.body) if self.body else None

    def expect(self, *statuses):
        if self.status not in statuses:
            raise HTTPError(self)
        return self


class HTTPError(Exception):
    def __init__(self, response):
        self.response = response
        super().__init__(f"HTTP {response.status}: {response.body[:400]!r}")


def parse_base_url(base_url):
    parsed = urllib.parse.urlsplit(base_url)
    return parsed.hostname or "127.0.0.1", parsed.port or 80


async def read_head(reader):
    """Status and headers of one response."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    headers = []
    for line in lines[1:]:
        if line:
            name, _, value = line.partition(":")
            headers.append((name.strip().lower(), value.strip()))
    return status, headers


class Connection:
    """One keep-alive connection; reconnects when the server has closed it."""

    def __init__(self, base_url, token=None, cookies=None):
        self.host, self.port = parse_base_url(base_url)
        self.token = token
        self.cookies = dict(cookies or {})
        self.reader = None
        self.writer = None

    async def open(self):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def close(self):
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except (ConnectionError, OSError):
                pass
            self.reader = self.writer = None

    def encode(self, method, path, body=None, json_body=None, form=None, headers=None):
        extra = dict(headers or {})
        if json_body is not None:
            body = json.dumps(json_body).encode()
            extra.setdefault("Content-Type", "application/json")
        elif form is not None:
            body = urllib.parse.urlencode(form).encode()
            extra.setdefault("Content-Type", "application/x-www-form-urlencoded")
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept: */*"]
        if self.token:
            lines.append(f"Authorization: Bearer {self.token}")
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        for name, value in extra.items():
            lines.append(f"{name}: {value}")
        if body is not None or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(body or b'')}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")

    async def request(self, method, path, body=None, json_body=None, form=None, headers=None, retry=True):
        data = self.encode(method, path, body, json_body, form, headers)
        await self.open()
        started = time.perf_counter()
        self.sent_ns = time.time_ns()  # real-time clock, to compare with kernel receive stamps
        try:
            self.writer.write(data)
            status, response_headers = await read_head(self.reader)
        except (asyncio.IncompleteReadError, ConnectionError) as error:
            # A keep-alive connection the server closed between requests: once more, fresh.
            await self.close()
            if not retry:
                raise error
            return await self.request(method, path, body, json_body, form, headers, retry=False)
        response = Response(status, response_headers, await self.read_body(response_headers, method))
        response.seconds = time.perf_counter() - started
        for name, value in response.cookies().items():
            self.cookies[name] = value
        if (response.header("connection") or "").lower() == "close":
            await self.close()
        return response

    async def read_body(self, headers, method):
        if method == "HEAD":
            return b""
        values = dict(headers)
        if values.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")
                    return b"".join(parts)
                parts.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
        length = int(values.get("content-length", "0"))
        return await self.reader.readexactly(length) if length else b""

    # JSON API shortcuts
    async def get_json(self, path):
        return (await self.request("GET", API + path)).expect(200).json()

    async def post_json(self, path, payload, *statuses):
        return (await self.request("POST", API + path, json_body=payload)).expect(*(statuses or (200, 201)))


async def gather_limited(limit, coroutines):
    """Runs the coroutines with at most `limit` at a time; results in order."""
    semaphore = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with semaphore:
            return await coroutine

    return await asyncio.gather(*(one(c) for c in coroutines))


class Pool:
    """`size` keep-alive connections shared by many small setup requests."""

    def __init__(self, base_url, size):
        self.free = asyncio.Queue()
        for _ in range(size):
            self.free.put_nowait(Connection(base_url))

    async def request(self, method, path, token=None, **kwargs):
        """One API request (`path` under /golden-ager/api/v1) as `token`'s person."""
        connection = await self.free.get()
        try:
            connection.token = token
            connection.cookies = {}
            return await connection.request(method, API + path, **kwargs)
        finally:
            self.free.put_nowait(connection)

    async def close(self):
        while not self.free.empty():
            await self.free.get_nowait().close()


class People:
    """Creates Golden Ager pensioners and volunteers through the API (POST /accounts,
    POST /session), with phone numbers from a random block of its own, so that reruns
    against the same database do not collide (a number already taken is skipped)."""

    PASSWORD = "bench-password"
    # The demo coordinator (printed at start): «Життєлюб», which serves Київ, Львів and
    # Одеса: the benchmarks register their volunteers in those cities.
    DEMO_COORDINATOR = ("380951112233", "coordinator-demo")

    def __init__(self, pool, block=None):
        self.pool = pool
        self._approver = None
        # 380 + operator digit 5-9 + 8 digits: a random block of 10,000 numbers per run
        # (a number taken by an earlier run is skipped).
        self.block = block if block is not None else int.from_bytes(os.urandom(4), "big") % 10_000
        self.next = 0

    def phone(self, operator):
        self.next += 1
        return f"380{operator}{(self.block * 10_000 + self.next) % 100_000_000:08d}"

    async def organisations(self):
        return (await self.pool.request("GET", "/organisations")).expect(200).json()

    async def register(self, role, city, organisation_id=None, index=0):
        for _ in range(20):
            phone = self.phone("5" if role == "volunteer" else "6")
            answer = await self.pool.request("POST", "/accounts", json_body=self.registration(role, phone, city, organisation_id, index))
            if answer.status != 409:
                break
        answer.expect(201)
        session = (await self.pool.request("POST", "/session", json_body={"phone": phone, "password": self.PASSWORD})).expect(200).json()
        return {"phone": phone, "token": session["token"], "id": session["profile"]["id"], "role": role}

    async def approver(self):
        """The demo coordinator's token and organisation, signed in once."""
        if self._approver is None:
            phone, password = self.DEMO_COORDINATOR
            session = (await self.pool.request("POST", "/session", json_body={"phone": phone, "password": password})).expect(200).json()
            self._approver = {"token": session["token"], "organisation": session["profile"]["organisation"]["id"]}
        return self._approver

    async def approved_volunteer(self, city, index=0):
        """A volunteer of the demo coordinator's organisation whom the coordinator has
        approved: a new volunteer can neither go online nor accept until then."""
        approver = await self.approver()
        volunteer = await self.register("volunteer", city, approver["organisation"], index)
        (await self.pool.request("POST", f"/accounts/{volunteer['id']}/approval", token=approver["token"],
                                 json_body={"documentChecked": True})).expect(200)
        return volunteer

    def registration(self, role, phone, city, organisation_id, index):
        payload = {
            "role": role, "phone": phone, "password": self.PASSWORD,
            "firstName": "Бенч", "lastName": f"Тест{index}", "birthday": "1950-05-01" if role == "pensioner" else "1995-05-01",
            "city": city,
        }
        if role == "pensioner":
            payload["address"] = f"вул. Тестова, {index + 1}"
        else:
            payload["organisationId"] = organisation_id
        return payload

    async def go_online(self, person):
        (await self.pool.request("PUT", "/availability", token=person["token"], json_body={"online": True})).expect(200)

    async def template_ids(self):
        """Orderable templates (not the consultation category), in catalogue order."""
        ids = []
        for category in (await self.pool.request("GET", "/categories")).expect(200).json():
            if category["isConsultation"] or category["templateCount"] == 0:
                continue
            for template in (await self.pool.request("GET", f"/categories/{category['id']}/templates")).expect(200).json():
                ids.append(template["id"])
        if not ids:
            raise RuntimeError("no orderable task templates")
        return ids


def percentile(values, fraction):
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


def summary_ms(seconds):
    """p50/p90/p99/max/mean in milliseconds of a list of durations in seconds."""
    if not seconds:
        return {}
    return {
        "count": len(seconds),
        "p50": round(percentile(seconds, 0.50) * 1000, 2),
        "p90": round(percentile(seconds, 0.90) * 1000, 2),
        "p99": round(percentile(seconds, 0.99) * 1000, 2),
        "max": round(max(seconds) * 1000, 2),
        "mean": round(sum(seconds) / len(seconds) * 1000, 2),
    }


def process_status(pid):
    """VmRSS, VmHWM (KiB) and CPU seconds (user + system) of a process."""
    result = {}
    if not pid:
        return result
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    result[line.split(":")[0]] = int(line.split()[1])
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
            ticks = os.sysconf("SC_CLK_TCK")
            result["cpu_seconds"] = (int(fields[11]) + int(fields[12])) / ticks
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("Threads:"):
                    result["threads"] = int(line.split()[1])
    except OSError:
        pass
    return result
