#!/usr/bin/env python3
"""Smart Shelter alarm latency (see bench/README.md, "Smart Shelter"): how long a reading
that breaks a rule takes to reach an open dashboard's event stream.

Opens GET /shelter/api/v1/events (Server-Sent Events) with a doctor's bearer token and
keeps it open. Then, sample after sample, posts one reading that breaks a rule —
5.0 °C, under the enclosure's least temperature (7.2 °C) — for the next sensor of
--sensors ("sensorId key enclosureId" per line), signed with its key, and notes when the
stream receives the `alarm` event with `state: open` of that enclosure's `temperature`
alarm. The alarm is then resolved (POST /alarms/{id}/resolution, as the doctor), so the
next breach in that enclosure opens a new one: every sample opens an alarm (stored,
pushed and mailed to the director and the doctor, published after the commit).

"Receives" is the kernel's receive time stamp (SO_TIMESTAMPNS, CLOCK_REALTIME) of the read
that carried the event, so this client's own wake-up is not counted (the time it read
the event is reported too); the post is timed from just before its request was written.
The reading's device time is --base-ms + the sample's number in milliseconds (Unix time),
a time of its own for each, so none is a duplicate.

Prints one JSON object: the latency percentiles (ms) of the measured samples (after
--warmup), how many events never came within --timeout seconds (`missed`), and the
post's own response times. Stops after --samples, or after --max-seconds.

Standard library only (Linux for the receive stamps).
"""

import argparse
import http.client
import json
import socket
import struct
import sys
import threading
import time
import urllib.parse

API = "/shelter/api/v1"
SO_TIMESTAMPNS = 35
SCM_TIMESTAMPNS = SO_TIMESTAMPNS
TIMESTAMP_SPACE = socket.CMSG_SPACE(16)


def log(message):
    print(f"    {message}", file=sys.stderr, flush=True)


def percentile(values, fraction):
    """Nearest-rank percentile of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


def summary(values_ms):
    if not values_ms:
        return {"count": 0}
    return {"count": len(values_ms), "p50": round(percentile(values_ms, 0.50), 2), "p90": round(percentile(values_ms, 0.90), 2),
            "p99": round(percentile(values_ms, 0.99), 2), "max": round(max(values_ms), 2),
            "mean": round(sum(values_ms) / len(values_ms), 2)}


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + f".{ms % 1000:03d}Z"


class EventStream(threading.Thread):
    """The SSE response on a blocking socket read with recvmsg (for the receive stamps):
    HTTP head, chunked body, SSE blocks. Every `alarm` event is kept with its stamps."""

    def __init__(self, host, port, token):
        super().__init__(daemon=True)
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.sock.sendall((f"GET {API}/events HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"
                           "Accept: text/event-stream\r\n\r\n").encode())
        self.condition = threading.Condition()
        self.events = []  # (arrived_ns, read_ns, data dict)
        self.connected = threading.Event()
        self.error = None
        self.unstamped = 0
        self.head, self.head_done, self.chunked, self.raw, self.text = b"", False, False, b"", b""

    def run(self):
        try:
            while True:
                data, ancillary, _, _ = self.sock.recvmsg(65536, TIMESTAMP_SPACE)
                read_ns = time.time_ns()
                if not data:
                    raise RuntimeError("the server closed the event stream")
                arrived_ns = None
                for level, kind, value in ancillary:
                    if level == socket.SOL_SOCKET and kind == SCM_TIMESTAMPNS:
                        seconds, nanoseconds = struct.unpack("qq", value[:16])
                        arrived_ns = seconds * 1_000_000_000 + nanoseconds
                if arrived_ns is None:
                    self.unstamped += 1
                    arrived_ns = read_ns
                self.feed(data, arrived_ns, read_ns)
        except Exception as error:  # noqa: BLE001 - reported by the main thread
            with self.condition:
                self.error = str(error)
                self.condition.notify_all()
            self.connected.set()

    def feed(self, data, arrived_ns, read_ns):
        if not self.head_done:
            self.head += data
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                return
            head, data = self.head[:end].decode("latin-1"), self.head[end + 4:]
            self.head_done = True
            status = int(head.split(" ", 2)[1])
            if status != 200:
                raise RuntimeError(f"GET {API}/events: HTTP {status}: {data[:300]!r}")
            self.chunked = "transfer-encoding: chunked" in head.lower()
        if self.chunked:
            self.raw += data
            while True:
                line_end = self.raw.find(b"\r\n")
                if line_end < 0:
                    break
                size = int(self.raw[:line_end].split(b";")[0], 16)
                if size == 0:
                    raise RuntimeError("the server ended the event stream")
                if len(self.raw) < line_end + 2 + size + 2:
                    break
                self.text += self.raw[line_end + 2:line_end + 2 + size]
                self.raw = self.raw[line_end + 2 + size + 2:]
        else:
            self.text += data
        while True:
            end = self.text.find(b"\n\n")
            if end < 0:
                break
            block, self.text = self.text[:end], self.text[end + 2:]
            self.block(block, arrived_ns, read_ns)

    def block(self, block, arrived_ns, read_ns):
        name = payload = None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "):
                name = line[7:]
            elif line.startswith(b"data: "):
                payload = line[6:]
            elif line.startswith(b": connected"):
                self.connected.set()
        if name == b"alarm" and payload is not None:
            with self.condition:
                self.events.append((arrived_ns, read_ns, json.loads(payload)))
                self.condition.notify_all()

    def wait_for(self, start, match, timeout):
        """The first event from index `start` on for which match(data) holds, or None."""
        deadline = time.monotonic() + timeout
        with self.condition:
            index = start
            while True:
                while index < len(self.events):
                    if match(self.events[index][2]):
                        return self.events[index]
                    index += 1
                if self.error:
                    raise RuntimeError(self.error)
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.condition.wait(left)


class Client:
    def __init__(self, host, port, token):
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.token = token

    def call(self, method, path, body=None, key=None):
        headers = {"Authorization": f"Bearer {key or self.token}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, data


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--token", required=True, help="a doctor's (or the director's) bearer token")
    parser.add_argument("--sensors", required=True)
    parser.add_argument("--base-ms", type=int, required=True)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--max-seconds", type=float, default=0)
    parser.add_argument("--gap-ms", type=float, default=20)
    parser.add_argument("--timeout", type=float, default=5)
    parser.add_argument("--json-out")
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.base_url)
    host, port = url.hostname, url.port or 80
    sensors = [line.split() for line in open(args.sensors) if line.strip()]

    stream = EventStream(host, port, args.token)
    stream.start()
    if not stream.connected.wait(10) or stream.error:
        sys.exit(f"the event stream did not open: {stream.error or 'no `: connected` within 10 s'}")
    client = Client(host, port, args.token)
    latencies, read_latencies, posts, missed, measured = [], [], [], 0, 0
    started = time.monotonic()
    total = args.warmup + args.samples
    for i in range(total):
        if args.max_seconds and time.monotonic() - started > args.max_seconds:
            log(f"stopped after {args.max_seconds:.0f} s: {measured} measured samples")
            break
        sensor, key, enclosure = sensors[i % len(sensors)]
        body = json.dumps({"at": iso(args.base_ms + i), "temperature": 5.0, "humidity": 50.0, "waterLevel": 80, "foodLevel": 60})
        with stream.condition:
            cursor = len(stream.events)
        sent_ns = time.time_ns()
        status, answer = client.call("POST", f"{API}/sensors/{sensor}/readings", body, key=key)
        answered_ns = time.time_ns()
        if status != 200 or json.loads(answer).get("stored") != 1:
            sys.exit(f"posting the breach of sample {i} gave HTTP {status}: {answer[:300]!r}")

        def opened(data, enclosure=enclosure.lower()):
            return (str(data.get("enclosureId", "")).lower() == enclosure and data.get("state") == "open"
                    and data.get("kind") == "too_cold")

        event = stream.wait_for(cursor, opened, args.timeout)
        if i >= args.warmup:
            measured += 1
            posts.append((answered_ns - sent_ns) / 1e6)
        if event is None:
            missed += i >= args.warmup
            log(f"sample {i}: no open alarm event for enclosure {enclosure} within {args.timeout} s")
            resolve_open(client, enclosure)
            continue
        arrived_ns, read_ns, data = event
        if i >= args.warmup:
            latencies.append((arrived_ns - sent_ns) / 1e6)
            read_latencies.append((read_ns - sent_ns) / 1e6)
        status, answer = client.call("POST", f"{API}/alarms/{data['id']}/resolution")
        if status != 200:
            sys.exit(f"resolving alarm {data['id']} gave HTTP {status}: {answer[:300]!r}")
        if args.gap_ms:
            time.sleep(args.gap_ms / 1000)
    result = {"samples": measured, "missed": missed, "seconds": round(time.monotonic() - started, 1),
              "latency_ms": summary(latencies), "read_ms": summary(read_latencies), "post_ms": summary(posts),
              "unstamped_reads": stream.unstamped}
    text = json.dumps(result)
    if args.json_out:
        with open(args.json_out, "w") as out:
            out.write(text + "\n")
    print(text)


def resolve_open(client, enclosure):
    """Resolves the enclosure's open temperature alarm (after a missed event), so the next
    sample there opens a new one."""
    status, answer = client.call("GET", f"{API}/alarms")
    if status != 200:
        return
    for alarm in json.loads(answer):
        if (str(alarm.get("enclosureId", "")).lower() == enclosure.lower() and alarm.get("kind") == "too_cold"
                and not alarm.get("resolvedAt")):
            client.call("POST", f"{API}/alarms/{alarm['id']}/resolution")


if __name__ == "__main__":
    main()
