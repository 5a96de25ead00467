#!/usr/bin/env python3
"""Ratios for the benchmarks (bench/README.md, "Ratios").

Absolute figures move by up to ±40 % between the machines these benchmarks run on; ratios
measured side by side in one run do not. Each call's figure is printed beside two limits
measured in the same run at the same concurrency: the framework's (GET /health/live, a
route that touches nothing) and the database's (the call's own statement through
pgbench).

  ratios.py pgbench-script STATEMENTS NAME [--set 'NAME EXPR']... [--param 'N EXPR']...
      A pgbench script that runs the statement NAME of `hromada statements` (STATEMENTS, its
      JSON), its $N parameters replaced by pgbench expressions over \\set variables.
  ratios.py pgbench-summary LOG...
      Transactions a second and latency percentiles from pgbench's per-transaction logs.
  ratios.py table --framework WRK [--call 'LABEL|WRK|PGBENCH_SUMMARY_OR_-']...
      A Markdown table: each call's requests/s and p99 beside the two limits.
"""
import argparse
import json
import re
import sys


def pgbench_script(args):
    statements = json.load(open(args.statements))
    sql = next(s["sql"] for s in statements if s["name"] == args.name)
    params = {}
    for item in args.param:
        number, expression = item.split(" ", 1)
        params[int(number)] = expression
    used = set(int(n) for n in re.findall(r"\$(\d+)", sql))
    missing = used - params.keys()
    if missing:
        sys.exit(f"{args.name}: no expression for ${', $'.join(map(str, sorted(missing)))}")
    body = re.sub(r"\$(\d+)", lambda m: f"({params[int(m.group(1))]})", sql)
    lines = [f"\\set {item}" for item in args.set]
    # pgbench reads one SQL command per script, ended by a semicolon; newlines are fine.
    print("\n".join(lines + [body.strip() + ";"]))


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def pgbench_summary(args):
    latencies, first, last = [], None, None
    for path in args.logs:
        for line in open(path):
            fields = line.split()
            # client_id transaction_no time_us script_no time_epoch time_us_fraction
            latencies.append(int(fields[2]) / 1000)
            moment = int(fields[4]) + int(fields[5]) / 1e6
            first = moment if first is None else min(first, moment)
            last = moment if last is None else max(last, moment)
    latencies.sort()
    seconds = max((last or 0) - (first or 0), 1e-9)
    print(f"tps {len(latencies) / seconds:.1f} p50 {percentile(latencies, 0.5):.3f} p99 {percentile(latencies, 0.99):.3f}")


def wrk_figures(path):
    text = open(path).read()
    rps = float(re.search(r"^Requests/sec:\s+([\d.]+)", text, re.M).group(1))
    percentiles = dict(re.findall(r"^\s+(\d+)%\s+(\S+)", text, re.M))
    return rps, to_ms(percentiles["99"])


def to_ms(token):
    number, unit = re.match(r"([\d.]+)(us|ms|s)", token).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def summary_figures(path):
    words = open(path).read().split()
    values = dict(zip(words[0::2], (float(w) for w in words[1::2])))
    return values["tps"], values["p99"]


def table(args):
    framework_rps, framework_p99 = wrk_figures(args.framework)
    print("| call | requests/s | × framework | × database | p99 | × framework | × database |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| framework limit: GET /health/live | {framework_rps:,.0f} | 1 | | {framework_p99:.1f} ms | 1 | |")
    rows = []
    for item in args.call:
        label, wrk_path, summary_path = item.split("|")
        rps, p99 = wrk_figures(wrk_path)
        database = summary_figures(summary_path) if summary_path != "-" else None
        rows.append((label, rps, p99, database))
        if database:
            print(f"| database limit: {label}'s statement (pgbench) | {database[0]:,.0f} | {database[0] / framework_rps:.2f} | 1 "
                  f"| {database[1]:.1f} ms | {database[1] / framework_p99:.2f} | 1 |")
    for label, rps, p99, database in rows:
        by_database = f"{rps / database[0]:.2f}" if database else "–"
        p99_by_database = f"{p99 / database[1]:.2f}" if database else "–"
        print(f"| {label} | {rps:,.0f} | {rps / framework_rps:.2f} | {by_database} | {p99:.1f} ms "
              f"| {p99 / framework_p99:.2f} | {p99_by_database} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    script = commands.add_parser("pgbench-script")
    script.add_argument("statements")
    script.add_argument("name")
    script.add_argument("--set", action="append", default=[])
    script.add_argument("--param", action="append", default=[])
    summary = commands.add_parser("pgbench-summary")
    summary.add_argument("logs", nargs="+")
    tabled = commands.add_parser("table")
    tabled.add_argument("--framework", required=True)
    tabled.add_argument("--call", action="append", default=[])
    args = parser.parse_args()
    {"pgbench-script": pgbench_script, "pgbench-summary": pgbench_summary, "table": table}[args.command](args)


if __name__ == "__main__":
    main()
