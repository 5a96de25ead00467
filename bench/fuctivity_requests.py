"""Raw HTTP requests for `bench/tools/rate` (the fixed-rate runs of bench/fuctivity), the
same calls the wrk scripts in bench/fuctivity-lua/ make: each request is written after a
line with its length in bytes.

    fuctivity_requests.py create     --tokens tokens.txt --count N > create.requests
    fuctivity_requests.py done       --pairs pairs-measure.txt     > done.requests
    fuctivity_requests.py statistics --tokens tokens.txt --count N > statistics.requests

With --keys every POST carries an Idempotency-Key of its own (bench/fuctivity
--idempotency-keys).

Standard library only.
"""

import argparse
import random
import sys
import time
import uuid

CATEGORY = "f0c71000-0000-4000-8000-000000000003"
API = "/fuctivity/api/v1"


KEYED = False


def request(method, path, token, body=None):
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {token}"]
    if KEYED and method == "POST":
        head.append(f"Idempotency-Key: {uuid.uuid4()}")
    payload = b""
    if body is not None:
        payload = body.encode()
        head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + payload


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def create(tokens, count, now):
    """An hour of rest with a reminder at a random quarter hour in the next half year."""
    for index in range(count):
        start = now + 86400 + random.randint(0, 180 * 96) * 900
        body = (f'{{"categoryId":"{CATEGORY}","description":"Прогулянка","startsAt":"{iso(start)}",'
                f'"endsAt":"{iso(start + 3600)}","reminders":[{{"minutesBefore":15}}]}}')
        yield request("POST", f"{API}/activities", tokens[index % len(tokens)], body)


def done(pairs):
    """Each started, still planned activity once, as its owner."""
    for token, activity in pairs:
        yield request("POST", f"{API}/activities/{activity}/complete", token, '{"status":"done"}')


def statistics(tokens, count, now):
    """A random week of the seeded year."""
    for index in range(count):
        day = time.strftime("%Y-%m-%d", time.gmtime(now + random.randint(-26, 25) * 7 * 86400))
        yield request("GET", f"{API}/statistics?week={day}", tokens[index % len(tokens)])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("call", choices=["create", "done", "statistics"])
    parser.add_argument("--tokens")
    parser.add_argument("--pairs")
    parser.add_argument("--count", type=int, default=60_000)
    parser.add_argument("--keys", action="store_true", help="an Idempotency-Key on every POST")
    args = parser.parse_args()
    global KEYED
    KEYED = args.keys
    random.seed(7)
    now = int(time.time())
    if args.call == "done":
        pairs = [line.split() for line in open(args.pairs) if line.strip()]
        requests = done(pairs)
    else:
        tokens = [line.strip() for line in open(args.tokens) if line.strip()]
        requests = (create if args.call == "create" else statistics)(tokens, args.count, now)
    out = sys.stdout.buffer
    for raw in requests:
        out.write(f"{len(raw)}\n".encode() + raw)


if __name__ == "__main__":
    main()
