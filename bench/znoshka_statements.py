#!/usr/bin/env python3
"""pgbench scripts for the database limits of bench/znoshka (bench/README.md, "Ratios"):
every statement the server sends to PostgreSQL for one call, in its order: the server's
own prepared statements of `hromada statements` (STATEMENTS), each of which signs its
caller in. Saving an answer is `zn_save_answers` (for one caller here; under load the
server sends one for a batch of callers), the question page `zn_attempt` (the test and
the questions are in the server's memory, `ContentCache`, so they are not read here), and
finishing `zn_finish_read` then `zn_finish_write` (no transaction around them, as the
server sends them), each transaction finishing the next running attempt.

    znoshka_statements.py save   --people N --questions Q --statements STATEMENTS
    znoshka_statements.py view   --people N --questions Q --statements STATEMENTS
    znoshka_statements.py finish --people N --questions Q --statements STATEMENTS --scored S --scored-attempt A

Q holds "position questionId kind" per question of the history simulation (kind `single`
for a single-choice question). S ("position questionId answered points verdict" per
answer) and A ("rawPoints scaled passed") are what the server wrote when it finished one
seeded attempt: the finish script writes the same points, verdicts and review-queue
entries (one per answered question not right).

The seed's ids are md5 of fixed texts (bench/znoshka), so pgbench names a student's
account, attempt and answers from a random :g; the finish script takes :g from the
sequence `zn_bench_finish_walk` instead (bench/znoshka makes it), so that no attempt is
finished twice until the walk has been round every student.

Standard library only.
"""
import argparse
import json
import re

# A student's account (and profile), attempt and answers, as bench/znoshka seeds them.
OWNER = "md5('zn-bench-' || :g)::uuid"
ATTEMPT_ID = "md5('zn-bench-attempt-' || :g)::uuid"


def answer_id(position):
    return f"md5('zn-bench-answer-' || :g || '-{position}')::uuid"


def uuid_list(ids):
    return ", ".join(f"'{i}'" for i in ids)


SIGN_IN_PARAMS = {
    1: "encode(sha256(convert_to('zn-bench-token-' || :g, 'UTF8')), 'hex')",
    2: "now()",
    3: "'znoshka'",
}


def server_statement(args, name, params):
    """The statement `name` of `hromada statements` (STATEMENTS), its $N as pgbench expressions."""
    statements = json.load(open(args.statements))
    sql = next(s["sql"] for s in statements if s["name"] == name)
    return re.sub(r"\$(\d+)", lambda m: f"({params[int(m.group(1))]})", sql).strip() + ";"


def save(args, questions):
    """The server's own one-trip statement (`zn_save_answers`: the sign-in and the guarded
    write as one), for one random student: a batch of one, as a quiet server sends it."""
    single = [qid for _, qid, kind in questions if kind == "single"]
    return [
        f"\\set g random(1, {args.people})",
        f"\\set q random(1, {len(single)})",
        "\\set o random(0, 3)",
        server_statement(args, "zn_save_answers", {
            1: f"ARRAY[{SIGN_IN_PARAMS[1]}]",
            2: f"ARRAY[{SIGN_IN_PARAMS[2]}]",
            3: f"ARRAY[{SIGN_IN_PARAMS[3]}]",
            4: f"ARRAY[{ATTEMPT_ID}]",
            5: f"ARRAY[('{{{','.join(single)}}}'::uuid[])[(:q)::int]]",
            6: "ARRAY[true]",
            7: "ARRAY['{\"option\":{\"_0\":' || :o || '}}']",
            8: "ARRAY[false]",
            9: "ARRAY[false]",
            10: "'{}'::uuid[]",  # no idempotency key
        }),
    ]


def view(args, questions):
    """The server's own one-trip statement (`zn_attempt`: the sign-in, the attempt and its
    answers in order; the test and the questions are in the server's memory)."""
    return [f"\\set g random(1, {args.people})", server_statement(args, "zn_attempt", {**SIGN_IN_PARAMS, 4: ATTEMPT_ID})]


def finish(args, questions):
    """The server's own two statements (`zn_finish_read`: the sign-in, the profile, the
    running attempt with its answers_version, its answers and the review items;
    `zn_finish_write`: the attempt's score, the points and verdicts and the review queue,
    while the version is the one read), writing what the server wrote when it finished one
    seeded attempt (SCORED). The version read goes to the write through pgbench's
    `\\gset`; an attempt found finished (the walk came round) reads none, and the write
    then finds nothing, as the server's would."""
    scored = []
    for line in open(args.scored):
        if line.strip():
            position, qid, answered, points, verdict = line.split()
            scored.append((int(position), qid, answered in ("1", "t", "true"), int(points), verdict))
    if len(scored) != len(questions):
        raise SystemExit(f"{args.scored}: {len(scored)} answers, the test has {len(questions)} questions")
    raw, scaled, passed = open(args.scored_attempt).read().split()
    # ReviewQueueService.entries: each answered question not right (a right one never got
    # wrong is skipped); FSRS-6's first review: "again" for wrong, "hard" for partly right;
    # due at once (in a test).
    entries = [(qid, *((0.212, 6.4133, 1) if verdict == "wrong" else (1.2931, 5.1122, 0)))
               for _, qid, answered, _, verdict in scored if answered and verdict != "right"]
    read = server_statement(args, "zn_finish_read", {**SIGN_IN_PARAMS, 4: ATTEMPT_ID})
    return [
        f"SELECT nextval('zn_bench_finish_walk') % {args.people} + 1 AS g \\gset",
        read.removesuffix(";") + " \\gset read_",
        server_statement(args, "zn_finish_write", {
            1: ATTEMPT_ID,
            2: f"ARRAY[{', '.join(answer_id(p) for p, *_ in scored)}]::uuid[]",
            3: f"ARRAY[{', '.join(str(points) for *_, points, _ in scored)}]::int8[]",
            4: f"ARRAY[{', '.join(repr(verdict) for *_, verdict in scored)}]::text[]",
            5: raw,
            6: f"{scaled}::int8",
            7: passed,
            8: OWNER,
            9: "now()",
            10: f"ARRAY[{', '.join('gen_random_uuid()' for _ in entries)}]::uuid[]",
            11: f"ARRAY[{uuid_list(qid for qid, *_ in entries)}]::uuid[]",
            12: f"ARRAY[{', '.join(str(e[1]) for e in entries)}]::float8[]",
            13: f"ARRAY[{', '.join(str(e[2]) for e in entries)}]::float8[]",
            14: f"ARRAY[{', '.join('now()' for _ in entries)}]::timestamptz[]",
            15: f"ARRAY[{', '.join(str(e[3]) for e in entries)}]::int8[]",
            16: "coalesce(nullif(:read_answers_version, ''), '-1')::int8",
            17: "'{}'::uuid[]",  # no idempotency key
        }),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("call", choices=["save", "view", "finish"])
    parser.add_argument("--people", type=int, required=True)
    parser.add_argument("--questions", required=True)
    parser.add_argument("--statements", required=True, help="`hromada statements` as JSON")
    parser.add_argument("--scored")
    parser.add_argument("--scored-attempt")
    args = parser.parse_args()
    questions = []
    for line in open(args.questions):
        if line.strip():
            position, qid, kind = line.split()
            questions.append((int(position), qid, kind))
    questions.sort()
    if args.call == "finish" and not (args.scored and args.scored_attempt):
        parser.error("finish needs --scored and --scored-attempt")
    statements = {"save": save, "view": view, "finish": finish}[args.call](args, questions)
    print("\n".join(statements))


if __name__ == "__main__":
    main()
