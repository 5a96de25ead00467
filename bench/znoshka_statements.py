#!/usr/bin/env python3
"""pgbench scripts for the database limits of bench/znoshka (bench/README.md, "Ratios"):
every statement the server sends to PostgreSQL for one call, in its order, written as
Fluent and SQLKit write them (Sources/Znoshka/Services/AttemptService.swift). Saving an
answer and the question page are the server's own one-trip statements (`zn_save_answers`,
for one caller here, and `zn_attempt` of `hromada statements`, STATEMENTS); finishing is several round trips: the
kernel's sign-in (`kernel_token_sign_in` of `hromada statements`, made into pgbench by
`bench/ratios.py pgbench-script`: SIGNIN), then the call's own (the API's attempt calls
take the account id without reading the profile; tests and questions come from the
server's memory, `ContentCache`, so they are not read here).

    znoshka_statements.py save   --people N --signin SIGNIN --questions Q --statements STATEMENTS
    znoshka_statements.py view   --people N --signin SIGNIN --questions Q --statements STATEMENTS
    znoshka_statements.py finish --people N --signin SIGNIN --questions Q --test T --scored S --scored-attempt A

Q holds "position questionId kind" per question of the history simulation (kind `single`
for a single-choice question); T is the test's id. S ("position questionId answered points
verdict" per answer) and A ("rawPoints scaled passed") are what the server wrote when it
finished one seeded attempt: the finish script writes the same points, verdicts and
review-queue rows (one INSERT … ON CONFLICT per answered question not right, as
`ReviewQueueService.record` does).

The seed's ids are md5 of fixed texts (bench/znoshka), so pgbench names a student's
account, attempt and answers from a random :g. Run the scripts with plan_cache_mode =
force_custom_plan: the server sends these statements unprepared, planned on every
execution, and a custom plan folds the md5 expressions into constants as the server's
bound values are.

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
        }),
    ]


def view(args, questions):
    """The server's own one-trip statement (`zn_attempt`: the sign-in, the attempt and its
    answers in order; the test and the questions are in the server's memory)."""
    return [f"\\set g random(1, {args.people})", server_statement(args, "zn_attempt", {**SIGN_IN_PARAMS, 4: ATTEMPT_ID})]


def finish(args, questions):
    scored = []
    for line in open(args.scored):
        if line.strip():
            position, qid, answered, points, verdict = line.split()
            scored.append((int(position), qid, answered in ("1", "t", "true"), int(points), verdict))
    if len(scored) != len(questions):
        raise SystemExit(f"{args.scored}: {len(scored)} answers, the test has {len(questions)} questions")
    raw, scaled, passed = open(args.scored_attempt).read().split()
    points = " ".join(f"WHEN {answer_id(p)} THEN {pts}" for p, _, _, pts, _ in scored)
    verdicts = " ".join(f"WHEN {answer_id(p)} THEN '{verdict}'" for p, _, _, _, verdict in scored)
    graded = [(qid, verdict) for _, qid, answered, _, verdict in scored if answered]
    statements = [
        f"\\set g random(1, {args.people})",
        read_signin(args.signin),
        # AttemptService.finishing: the exam date, for the review queue (read by column name).
        f'SELECT * FROM "zn_profiles" WHERE "account_id" = {OWNER};',
        "BEGIN;",
        # The claim, which reads the attempt back.
        "UPDATE \"zn_attempts\" SET \"finished_at\" = now(), \"finished_how\" = 'submitted', \"raw_points\" = 0 "
        f'WHERE "id" = {ATTEMPT_ID} AND "owner_id" = {OWNER} AND "finished_at" IS NULL RETURNING *;',
        # score(…): the answers (the test and questions are in memory); the points and
        # verdicts in one statement, a CASE keyed by the answer's id; the attempt's score.
        f'SELECT * FROM "zn_answers" WHERE "attempt_id" = {ATTEMPT_ID} ORDER BY "position";',
        f'UPDATE "zn_answers" SET "points" = CASE id {points} END, "verdict" = CASE id {verdicts} END '
        f'WHERE "attempt_id" = {ATTEMPT_ID};',
        f'UPDATE "zn_attempts" SET "raw_points" = {raw}, "scaled" = {scaled}, "passed" = {passed} WHERE "id" = {ATTEMPT_ID};',
    ]
    # ReviewQueueService.record: the person's items of the answered questions, then one
    # upsert per answered question not right (a right one never got wrong is skipped).
    if graded:
        statements.append(f'SELECT * FROM "zn_review_items" WHERE "owner_id" = {OWNER} '
                          f'AND "question_id" IN ({uuid_list(q for q, _ in graded)});')
    rows = []
    for qid, verdict in graded:
        if verdict == "right":
            continue
        # FSRS-6's first review: "again" for wrong, "hard" for partly right; due at once (in a test).
        stability, difficulty, lapses = (0.212, 6.4133, 1) if verdict == "wrong" else (1.2931, 5.1122, 0)
        rows.append(f"(gen_random_uuid(), {OWNER}, '{qid}', {stability}, {difficulty}, now(), now(), 1, {lapses})")
    if rows:
        # One upsert for them all.
        statements.append(
            'INSERT INTO "zn_review_items" ("id", "owner_id", "question_id", "stability", "difficulty", "last_review", "due", '
            f'"reviews", "lapses") VALUES {", ".join(rows)} '
            'ON CONFLICT ("owner_id", "question_id") DO UPDATE SET "stability" = EXCLUDED."stability", '
            '"difficulty" = EXCLUDED."difficulty", "last_review" = EXCLUDED."last_review", "due" = EXCLUDED."due", '
            '"reviews" = zn_review_items.reviews + 1, "lapses" = zn_review_items.lapses + excluded.lapses;')
    statements.append("COMMIT;")
    # The answer is the view the scoring built: no read after the commit.
    return statements


def read_signin(path):
    """The sign-in statement from `ratios.py pgbench-script` (no \\set lines of its own)."""
    lines = [line for line in open(path).read().splitlines() if not line.startswith("\\set")]
    return "\n".join(lines).strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("call", choices=["save", "view", "finish"])
    parser.add_argument("--people", type=int, required=True)
    parser.add_argument("--signin", required=True)
    parser.add_argument("--questions", required=True)
    parser.add_argument("--statements", help="`hromada statements` as JSON (save, view)")
    parser.add_argument("--test")
    parser.add_argument("--scored")
    parser.add_argument("--scored-attempt")
    args = parser.parse_args()
    questions = []
    for line in open(args.questions):
        if line.strip():
            position, qid, kind = line.split()
            questions.append((int(position), qid, kind))
    questions.sort()
    if args.call in ("save", "view") and not args.statements:
        parser.error(f"{args.call} needs --statements")
    if args.call == "finish" and not args.test:
        parser.error("finish needs --test")
    if args.call == "finish" and not (args.scored and args.scored_attempt):
        parser.error("finish needs --scored and --scored-attempt")
    statements = {"save": save, "view": view, "finish": finish}[args.call](args, questions)
    print("\n".join(statements))


if __name__ == "__main__":
    main()
