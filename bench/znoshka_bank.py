"""The inputs of bench/znoshka-draw: a generated history question bank as test files, and
the raw HTTP requests that start fresh simulations.

    znoshka_bank.py tests --questions 5000 --out DIR
        writes DIR/bank-NNN.json, topic tests of 50 questions each (the file format of
        docs/znoshka-test-files.md), their kinds in the history paper's proportions and
        each of its own topic, so every topic can fill its share of a simulation.
    znoshka_bank.py starts --test ID --first N --count M > starts.requests
        POST /tests/ID/attempts as students N … N+M-1 (token `zn-draw-token-<n>`), each
        once: a second start of a running attempt is a cheap resume, not a draw. Each
        request follows a line with its length in bytes (bench/tools/rate).

Standard library only.
"""

import argparse
import json
import os
import sys

# The history НМТ paper (Blueprint.history): 20 single of 4, 4 matching, 3 sequences, 3 choose-three.
PAPER = ["single"] * 20 + ["matching"] * 4 + ["sequence"] * 3 + ["choose3"] * 3
LETTERS = "АБВГД"


def question(kind, n):
    text, explanation = f"Згенероване питання № {n}", f"Пояснення до питання № {n}."
    if kind == "single":
        return {"type": "single", "text": text, "options": [f"Варіант {i} питання {n}" for i in range(1, 5)],
                "answer": LETTERS[n % 4], "explanation": explanation}
    if kind == "matching":
        return {"type": "matching", "text": text, "prompts": [f"Пункт {i}" for i in range(1, 5)],
                "options": [f"Відповідь {i}" for i in range(1, 6)],
                "answer": {str(i + 1): LETTERS[(i + n) % 5] for i in range(4)}, "explanation": explanation}
    if kind == "sequence":
        return {"type": "sequence", "text": text, "items": [f"Подія {i}" for i in range(1, 5)],
                "answer": "".join(LETTERS[(i + n) % 4] for i in range(4)), "explanation": explanation}
    return {"type": "choose3", "text": text, "options": [f"Твердження {i}" for i in range(1, 8)],
            "answer": sorted({(i * 2 + n) % 7 + 1 for i in range(3)}), "explanation": explanation}


def tests(count, out, per_topic=50):
    os.makedirs(out, exist_ok=True)
    for topic in range((count + per_topic - 1) // per_topic):
        first = topic * per_topic
        items = [question(PAPER[n % len(PAPER)], n + 1) for n in range(first, min(count, first + per_topic))]
        test = {"subject": "history", "kind": "topic", "topic": f"Згенерована тема {topic + 1}",
                "title": f"Згенерований тест {topic + 1}", "minutes": 60, "questions": items}
        with open(os.path.join(out, f"bank-{topic + 1:03}.json"), "w", encoding="utf-8") as file:
            json.dump(test, file, ensure_ascii=False)


def starts(test, first, count):
    out = sys.stdout.buffer
    for n in range(first, first + count):
        raw = (f"POST /znoshka/api/v1/tests/{test}/attempts HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               f"Authorization: Bearer zn-draw-token-{n}\r\nContent-Length: 0\r\n\r\n").encode()
        out.write(f"{len(raw)}\n".encode() + raw)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["tests", "starts"])
    parser.add_argument("--questions", type=int, default=5000)
    parser.add_argument("--out")
    parser.add_argument("--test")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=4500)
    args = parser.parse_args()
    if args.what == "tests":
        tests(args.questions, args.out)
    else:
        starts(args.test, args.first, args.count)


if __name__ == "__main__":
    main()
