#!/usr/bin/env python3
"""Golden Ager load benchmarks besides fan-out (see bench/README.md, "Golden Ager").

    golden_ager_load.py accept --base-url URL [--clients 64] [--rounds 200] [--warmup 10]
        Accept under contention. CLIENTS volunteers, each on a keep-alive connection of
        its own, try to accept the same task at the same moment, round after round.
        Before each round a pensioner orders a fresh task; after it, the pensioner marks
        it done, which frees the winning volunteer (a volunteer holds one accepted task at
        a time). Only the accepts are timed: requests/s = accepts sent / time from the
        first accept of a round to the last answer, summed over the rounds. Checks that
        every task had exactly one 200 and CLIENTS-1 409 `task_taken`, and afterwards
        that each task is done and names the winner as its volunteer.

    golden_ager_load.py inbox-setup --base-url URL [--tasks 20] [--city odesa]
        Makes one online volunteer and TASKS open tasks (one per pensioner) in CITY, signs
        the volunteer in on the web (GET the login page for the CSRF cookie, POST the
        form) and through the API, checks that both inboxes list the TASKS tasks, and
        prints shell assignments for wrk: COOKIE='hromada_session=…; hromada_csrf=…'
        and TOKEN='…'.

Standard library only.
"""

import argparse
import asyncio
import json
import re
import sys
import time

from hromada_http import API, Connection, HTTPError, People, Pool, gather_limited, process_status, summary_ms


def log(message):
    print(f"    {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------ accept

async def accept(args):
    pool = Pool(args.base_url, 16)
    people = People(pool)
    templates = await people.template_ids()
    log(f"registering {args.clients} volunteers and one pensioner in {args.city}")
    volunteers = await gather_limited(16, [
        people.approved_volunteer(args.city, i) for i in range(args.clients)])
    await gather_limited(16, [people.go_online(v) for v in volunteers])
    pensioner = await people.register("pensioner", args.city)
    await pool.close()

    connections = [await Connection(args.base_url, token=v["token"]).open() for v in volunteers]
    owner = await Connection(args.base_url, token=pensioner["token"]).open()

    latencies, winner_latencies, loser_latencies = [], [], []
    busy_seconds = 0.0
    wrong = []
    tasks = []
    cpu_before = None
    for number in range(args.warmup + args.rounds):
        measured = number >= args.warmup
        if number == args.warmup:
            cpu_before = process_status(args.server_pid)
        ordered = await owner.request("POST", f"{API}/tasks", json_body={"templateId": templates[number % len(templates)]})
        task_id = ordered.expect(201).json()["id"]
        path = f"{API}/tasks/{task_id}/accept"
        started = time.perf_counter()
        answers = await asyncio.gather(*(c.request("POST", path, body=b"") for c in connections))
        elapsed = time.perf_counter() - started
        winners = [i for i, a in enumerate(answers) if a.status == 200]
        losers = [a for a in answers if a.status == 409 and (a.json() or {}).get("code") == "task_taken"]
        loser_ids = {id(a) for a in losers}
        others = [(a.status, a.body[:200]) for a in answers if a.status != 200 and id(a) not in loser_ids]
        if len(winners) != 1 or len(losers) != args.clients - 1:
            wrong.append({"round": number + 1, "task": task_id, "successes": len(winners), "taken": len(losers), "other": [str(o) for o in others[:3]]})
        if measured:
            busy_seconds += elapsed
            latencies += [a.seconds for a in answers]
            winner_latencies += [answers[i].seconds for i in winners]
            loser_latencies += [a.seconds for a in losers]
            tasks.append((task_id, volunteers[winners[0]]["id"] if len(winners) == 1 else None))
        (await owner.request("POST", f"{API}/tasks/{task_id}/complete", body=b"")).expect(200)
    cpu_after = process_status(args.server_pid)

    # Afterwards: each task is done and names its one winner.
    mismatched = 0
    for task_id, winner in tasks:
        task = (await owner.request("GET", f"{API}/tasks/{task_id}")).expect(200).json()
        if task["status"] != "done" or winner is None or (task.get("volunteer") or {}).get("id", "").lower() != winner.lower():
            mismatched += 1
    for connection in connections + [owner]:
        await connection.close()

    requests = len(latencies)
    return {
        "benchmark": "golden-ager-accept", "clients": args.clients, "rounds": args.rounds, "warmup_rounds": args.warmup,
        "city": args.city, "requests": requests,
        "requests_per_second": round(requests / busy_seconds, 1) if busy_seconds else None,
        "accept_ms": summary_ms(latencies), "winner_ms": summary_ms(winner_latencies), "loser_ms": summary_ms(loser_latencies),
        "round_ms": round(busy_seconds / max(1, args.rounds) * 1000, 2),
        "rounds_not_exactly_one_success": len(wrong), "wrong_rounds": wrong[:10],
        "tasks_checked_afterwards": len(tasks), "tasks_not_done_by_winner": mismatched,
        "server_cpu_seconds": round(cpu_after.get("cpu_seconds", 0) - (cpu_before or {}).get("cpu_seconds", 0), 2),
        "server_hwm_kib": cpu_after.get("VmHWM"),
    }


# ------------------------------------------------------------------ inbox setup

async def inbox_setup(args):
    pool = Pool(args.base_url, 8)
    people = People(pool)
    templates = await people.template_ids()
    volunteer = await people.approved_volunteer(args.city)
    await people.go_online(volunteer)
    pensioners = await gather_limited(8, [people.register("pensioner", args.city, index=i) for i in range(args.tasks)])
    for index, pensioner in enumerate(pensioners):
        (await pool.request("POST", "/tasks", token=pensioner["token"],
                            json_body={"templateId": templates[index % len(templates)]})).expect(201)
    api_inbox = (await pool.request("GET", "/inbox", token=volunteer["token"])).expect(200).json()
    await pool.close()

    # The web sign-in, as a browser does it: the login page sets the CSRF cookie, the
    # form repeats it, the answer sets the session cookie.
    browser = Connection(args.base_url)
    (await browser.request("GET", "/golden-ager/login")).expect(200)
    csrf = browser.cookies.get("hromada_csrf")
    if not csrf:
        raise RuntimeError("the login page set no hromada_csrf cookie")
    signed_in = await browser.request("POST", "/golden-ager/login",
                                      form={"phone": volunteer["phone"], "password": People.PASSWORD, "next": "", "_csrf": csrf})
    signed_in.expect(303, 302)
    if "hromada_session" not in browser.cookies:
        raise RuntimeError(f"signing in set no session cookie (answer {signed_in.status}, Location {signed_in.header('location')})")
    page = (await browser.request("GET", "/golden-ager/inbox")).expect(200)
    await browser.close()

    cards = len(re.findall(rb'data-task-id="', page.body))
    listed = len(api_inbox["tasks"])
    if cards != args.tasks or listed != args.tasks:
        raise RuntimeError(f"expected {args.tasks} open tasks; the page shows {cards}, the API lists {listed}")
    cookie = f"hromada_session={browser.cookies['hromada_session']}; hromada_csrf={csrf}"
    log(f"volunteer {volunteer['phone']} online in {args.city} with {cards} open tasks; page {len(page.body)} bytes, "
        f"API answer {len(json.dumps(api_inbox))} bytes")
    print(f"COOKIE='{cookie}'")
    print(f"TOKEN='{volunteer['token']}'")
    print(f"PAGE_BYTES={len(page.body)}")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("accept")
    one.add_argument("--base-url", required=True)
    one.add_argument("--server-pid", type=int)
    one.add_argument("--clients", type=int, default=64)
    one.add_argument("--rounds", type=int, default=200)
    one.add_argument("--warmup", type=int, default=10)
    one.add_argument("--city", default="lviv")
    one.add_argument("--json-out")
    two = commands.add_parser("inbox-setup")
    two.add_argument("--base-url", required=True)
    two.add_argument("--tasks", type=int, default=20)
    two.add_argument("--city", default="odesa")
    args = parser.parse_args()

    if args.command == "inbox-setup":
        asyncio.run(inbox_setup(args))
        return 0
    results = asyncio.run(accept(args))
    text = json.dumps(results, indent=2)
    if args.json_out:
        with open(args.json_out, "w") as out:
            out.write(text + "\n")
    else:
        print(text)
    ms = results["accept_ms"]
    log(f"accept: {results['requests_per_second']} requests/s, p50 {ms['p50']} ms, p99 {ms['p99']} ms, max {ms['max']} ms; "
        f"rounds without exactly one success: {results['rounds_not_exactly_one_success']}; "
        f"tasks not done by their winner: {results['tasks_not_done_by_winner']}")
    ok = results["rounds_not_exactly_one_success"] == 0 and results["tasks_not_done_by_winner"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
