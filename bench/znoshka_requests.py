"""Raw HTTP requests for `bench/tools/rate` (the fixed-rate runs of bench/znoshka), the
same calls the wrk scripts in bench/znoshka-lua/ make: each request is written after a
line with its length in bytes.

    znoshka_requests.py save   --pairs attempts.txt --questions single.txt --count N > save.requests
    znoshka_requests.py view   --pairs attempts.txt --count N                        > view.requests
    znoshka_requests.py finish --pairs attempts.txt                                  > finish.requests

`--pairs` holds "token attemptId" per line; `--questions` a question id per line (the
history simulation's single-choice questions). `finish` writes each attempt once, in the
file's order.

Standard library only.
"""

import argparse
import random
import sys

API = "/znoshka/api/v1"


def request(method, path, token, body=None):
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {token}"]
    payload = b""
    if body is not None:
        payload = body.encode()
        head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + payload


def save(pairs, questions, count):
    """A random student answers a random single-choice question with a random option."""
    for _ in range(count):
        token, attempt = random.choice(pairs)
        body = f'{{"answer":{{"option":{random.randint(0, 3)}}}}}'
        yield request("PUT", f"{API}/attempts/{attempt}/answers/{random.choice(questions)}", token, body)


def view(pairs, count):
    """A random student's running attempt, with all its questions and answers."""
    for _ in range(count):
        token, attempt = random.choice(pairs)
        yield request("GET", f"{API}/attempts/{attempt}", token)


def finish(pairs):
    """Each running attempt once, as its owner."""
    for token, attempt in pairs:
        yield request("POST", f"{API}/attempts/{attempt}/finish", token, "{}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("call", choices=["save", "view", "finish"])
    parser.add_argument("--pairs", required=True)
    parser.add_argument("--questions")
    parser.add_argument("--count", type=int, default=45_000)
    args = parser.parse_args()
    random.seed(7)
    pairs = [line.split() for line in open(args.pairs) if line.strip()]
    if args.call == "save":
        if not args.questions:
            parser.error("save needs --questions")
        questions = [line.strip() for line in open(args.questions) if line.strip()]
        requests = save(pairs, questions, args.count)
    elif args.call == "view":
        requests = view(pairs, args.count)
    else:
        requests = finish(pairs)
    out = sys.stdout.buffer
    for raw in requests:
        out.write(f"{len(raw)}\n".encode() + raw)


if __name__ == "__main__":
    main()
