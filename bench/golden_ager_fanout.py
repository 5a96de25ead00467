#!/usr/bin/env python3
"""Golden Ager fan-out benchmark (see bench/README.md, "Golden Ager").

Registers VOLUNTEERS volunteers in one city through the API, signs them in, puts
them online and opens one event stream per volunteer (GET /golden-ager/api/v1/events
with the volunteer's bearer token). Then, round after round, a different pensioner
orders help (POST /tasks) and the client notes when each stream receives that task's
`task.created` event. Reported, over the measured rounds:

- "last stream": time from sending the order until EVERY stream has the event;
- "per stream": time from sending the order until one stream has it (all streams of
  all rounds);
  "has it" = the kernel's receive time stamp (SO_TIMESTAMPNS) of the read that carried
  the event, so the figures do not include this client's own queueing of 1,000 reads;
  the times at which the client read them are reported too ("..._read_ms");
- the order request's own response time;
- the server's resident memory (VmRSS while it holds the streams, VmHWM) and the CPU
  time it spent per order, when --server-pid is given.

Standard library only (asyncio, raw sockets; Linux for the receive stamps). The
client still shares the machine's cores with the server, so the figures are for the
whole system on loopback.

Usage: golden_ager_fanout.py --base-url http://127.0.0.1:PORT [--server-pid PID]
       [--volunteers 1000] [--rounds 20] [--warmup 2] [--city kyiv] [--json-out FILE]
"""

import argparse
import asyncio
import gc
import json
import resource
import socket
import struct
import sys
import time
from collections import defaultdict

from hromada_http import API, Connection, HTTPError, People, Pool, gather_limited, parse_base_url, process_status, summary_ms


def log(message):
    print(f"    {message}", file=sys.stderr, flush=True)


# Linux: ask the kernel to stamp each received packet (CLOCK_REALTIME, nanoseconds), so
# that a stream's delivery time is when its bytes reached this machine's socket, not
# when this single-threaded client got round to reading them.
SO_TIMESTAMPNS = 35
SCM_TIMESTAMPNS = SO_TIMESTAMPNS
TIMESTAMP_SPACE = socket.CMSG_SPACE(16)


class Tracker:
    """When each stream received which task's task.created: (kernel arrival, client read)
    in nanoseconds of the real-time clock."""

    def __init__(self, streams):
        self.streams = streams
        self.arrivals = defaultdict(dict)  # task id -> {stream index: (arrived_ns, read_ns)}
        self.waiters = {}
        self.duplicates = 0
        self.unstamped = 0
        self.other_events = defaultdict(int)

    def arrived(self, task_id, index, arrived_ns, read_ns):
        got = self.arrivals[task_id]
        if index in got:
            self.duplicates += 1
            return
        got[index] = (arrived_ns, read_ns)
        if len(got) == self.streams:
            waiter = self.waiters.pop(task_id, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(None)

    async def wait_for_all(self, task_id, timeout):
        if len(self.arrivals[task_id]) >= self.streams:
            return True
        waiter = asyncio.get_running_loop().create_future()
        self.waiters[task_id] = waiter
        try:
            await asyncio.wait_for(waiter, timeout)
            return True
        except asyncio.TimeoutError:
            self.waiters.pop(task_id, None)
            return False


class EventStream:
    """One Server-Sent Events response on a raw non-blocking socket read with recvmsg
    (for the kernel's receive time stamp): HTTP head, chunked body, SSE blocks."""

    def __init__(self, index, tracker):
        self.index = index
        self.tracker = tracker
        self.sock = None
        self.head = b""
        self.head_done = False
        self.chunked = False
        self.raw = b""  # undecoded chunked body
        self.text = b""  # decoded SSE text not yet split into blocks
        self.connected = asyncio.get_running_loop().create_future()
        self.closed = False
        self.error = None

    async def open(self, host, port, request):
        loop = asyncio.get_running_loop()
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setblocking(False)
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        await loop.sock_connect(self.sock, (host, port))
        await loop.sock_sendall(self.sock, request)
        loop.add_reader(self.sock.fileno(), self.readable)

    def close(self):
        if self.sock is not None and not self.closed:
            self.closed = True
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()

    def readable(self):
        try:
            data, ancillary, _, _ = self.sock.recvmsg(65536, TIMESTAMP_SPACE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as error:
            self.fail(f"stream {self.index}: {error}")
            return
        read_ns = time.time_ns()
        if not data:
            self.fail(f"stream {self.index}: closed by the server")
            return
        arrived_ns = None
        for level, kind, value in ancillary:
            if level == socket.SOL_SOCKET and kind == SCM_TIMESTAMPNS:
                seconds, nanoseconds = struct.unpack("qq", value[:16])
                arrived_ns = seconds * 1_000_000_000 + nanoseconds
        if arrived_ns is None:
            self.tracker.unstamped += 1
            arrived_ns = read_ns
        self.feed(data, arrived_ns, read_ns)

    def feed(self, data, arrived_ns, read_ns):
        if not self.head_done:
            self.head += data
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                return
            head, data = self.head[:end].decode("latin-1"), self.head[end + 4:]
            self.head_done = True
            status = int(head.split(" ", 2)[1])
            self.chunked = "transfer-encoding: chunked" in head.lower()
            if status != 200:
                self.fail(f"stream {self.index}: HTTP {status}: {data[:200]!r}")
                return
        if self.chunked:
            self.raw += data
            while True:
                line_end = self.raw.find(b"\r\n")
                if line_end < 0:
                    break
                size = int(self.raw[:line_end].split(b";")[0], 16)
                if size == 0:
                    self.raw = b""
                    break
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
        name = data = None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "):
                name = line[7:]
            elif line.startswith(b"data: "):
                data = line[6:]
            elif line.startswith(b": connected"):
                if not self.connected.done():
                    self.connected.set_result(None)
        if name == b"task.created" and data is not None:
            self.tracker.arrived(json.loads(data)["taskId"], self.index, arrived_ns, read_ns)
        elif name is not None:
            self.tracker.other_events[name.decode()] += 1

    def fail(self, message):
        self.error = message
        if not self.connected.done():
            self.connected.set_exception(RuntimeError(message))
        self.close()


async def open_streams(args, volunteers, tracker):
    host, port = parse_base_url(args.base_url)
    streams = []

    async def open_one(index, volunteer):
        request = (f"GET {API}/events HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
                   f"Authorization: Bearer {volunteer['token']}\r\n\r\n").encode()
        stream = EventStream(index, tracker)
        streams.append(stream)
        await stream.open(host, port, request)
        await asyncio.wait_for(stream.connected, 30)

    await gather_limited(args.open_concurrency, [open_one(i, v) for i, v in enumerate(volunteers)])
    return streams


async def run(args):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.volunteers + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, args.volunteers + 1000), hard))
    pool = Pool(args.base_url, args.setup_concurrency)
    people = People(pool)
    results = {"benchmark": "golden-ager-fanout", "volunteers": args.volunteers, "rounds": args.rounds,
               "warmup_rounds": args.warmup, "city": args.city, "phone_block": people.block}

    started = time.perf_counter()
    organisations = await people.organisations()
    if not organisations:
        raise RuntimeError("no organisations (is HROMADA_DEMO_DATA on?)")
    templates = await people.template_ids()
    log(f"registering {args.volunteers} volunteers and {args.rounds + args.warmup} pensioners in {args.city}")
    volunteers = await gather_limited(args.setup_concurrency, [
        people.approved_volunteer(args.city, i) for i in range(args.volunteers)])
    pensioners = await gather_limited(args.setup_concurrency, [
        people.register("pensioner", args.city, index=i) for i in range(args.rounds + args.warmup)])
    await gather_limited(args.setup_concurrency, [people.go_online(v) for v in volunteers])
    results["setup_seconds"] = round(time.perf_counter() - started, 1)
    log(f"set up in {results['setup_seconds']} s; opening {args.volunteers} event streams")
    await pool.close()

    tracker = Tracker(args.volunteers)
    opened = time.perf_counter()
    streams = await open_streams(args, volunteers, tracker)
    results["open_streams_seconds"] = round(time.perf_counter() - opened, 2)
    await asyncio.sleep(1.0)
    results["server_holding_streams_before"] = process_status(args.server_pid)
    log(f"{len(streams)} streams open in {results['open_streams_seconds']} s; server {fmt_memory(results['server_holding_streams_before'])}")

    gc.disable()  # no collector pauses inside a measured round
    rounds = []
    for number in range(args.warmup + args.rounds):
        pensioner = pensioners[number]
        connection = await Connection(args.base_url, token=pensioner["token"]).open()
        template = templates[number % len(templates)]
        await asyncio.sleep(args.pause)
        before = process_status(args.server_pid)
        client_cpu = time.process_time()
        response = await connection.request("POST", f"{API}/tasks", json_body={"templateId": template})
        sent_ns = connection.sent_ns
        if response.status != 201:
            raise HTTPError(response)
        task_id = response.json()["id"]
        complete = await tracker.wait_for_all(task_id, args.timeout)
        after = process_status(args.server_pid)
        got = tracker.arrivals[task_id]
        latencies = [(arrived - sent_ns) / 1e9 for arrived, _ in got.values()]
        read_latencies = [(read - sent_ns) / 1e9 for _, read in got.values()]
        record = {
            "round": number + 1, "warmup": number < args.warmup, "task": task_id,
            "order_response_ms": round(response.seconds * 1000, 2),
            "streams_received": len(got), "complete": complete,
            "last_stream_ms": round(max(latencies) * 1000, 2) if complete else None,
            "first_stream_ms": round(min(latencies) * 1000, 2) if latencies else None,
            "per_stream_ms": summary_ms(latencies),
            "last_stream_read_ms": round(max(read_latencies) * 1000, 2) if complete else None,
            "server_cpu_ms": round((after.get("cpu_seconds", 0) - before.get("cpu_seconds", 0)) * 1000, 1),
            "client_cpu_ms": round((time.process_time() - client_cpu) * 1000, 1),
            "server_rss_kib": after.get("VmRSS"),
            "_latencies": latencies,
            "_read_latencies": read_latencies,
        }
        rounds.append(record)
        await connection.close()
        label = "warm-up" if record["warmup"] else "round"
        log(f"{label} {number + 1}: {len(got)}/{args.volunteers} streams, last {record['last_stream_ms']} ms "
            f"(read by the client after {record['last_stream_read_ms']} ms), first {record['first_stream_ms']} ms, "
            f"order answered in {record['order_response_ms']} ms, server CPU {record['server_cpu_ms']} ms, "
            f"client CPU {record['client_cpu_ms']} ms")
        gc.collect()
    gc.enable()

    results["server_holding_streams_after"] = process_status(args.server_pid)
    measured = [r for r in rounds if not r["warmup"]]
    results["incomplete_rounds"] = sum(1 for r in measured if not r["complete"])
    results["missing_deliveries"] = sum(args.volunteers - r["streams_received"] for r in measured)
    results["duplicate_deliveries"] = tracker.duplicates
    results["reads_without_kernel_timestamp"] = tracker.unstamped
    results["other_events"] = dict(tracker.other_events)
    results["streams_closed_early"] = sum(1 for s in streams if s.closed)
    results["stream_errors"] = [s.error for s in streams if s.error][:5]
    # Arrival = the kernel's receive stamp on the client socket (the primary figures);
    # read = when this client's event loop read it (includes the client's own queueing).
    results["last_stream_ms"] = summary_ms([r["last_stream_ms"] / 1000 for r in measured if r["complete"]])
    results["per_stream_ms"] = summary_ms([t for r in measured for t in r["_latencies"]])
    results["last_stream_read_ms"] = summary_ms([r["last_stream_read_ms"] / 1000 for r in measured if r["complete"]])
    results["per_stream_read_ms"] = summary_ms([t for r in measured for t in r["_read_latencies"]])
    results["order_response_ms"] = summary_ms([r["order_response_ms"] / 1000 for r in measured])
    results["server_cpu_ms_per_order"] = summary_ms([r["server_cpu_ms"] / 1000 for r in measured])
    results["client_cpu_ms_per_order"] = summary_ms([r["client_cpu_ms"] / 1000 for r in measured])
    rss = [r["server_rss_kib"] for r in measured if r["server_rss_kib"]]
    results["server_max_rss_kib_holding_streams"] = max(rss + [results["server_holding_streams_before"].get("VmRSS", 0)])
    results["server_hwm_kib"] = results["server_holding_streams_after"].get("VmHWM")
    results["rounds_detail"] = [{k: v for k, v in r.items() if not k.startswith("_")} for r in rounds]

    for stream in streams:
        stream.close()
    await asyncio.sleep(1.0)
    results["server_after_close"] = process_status(args.server_pid)
    return results


def fmt_memory(status):
    if not status:
        return "memory unknown"
    return f"VmRSS {status.get('VmRSS', 0) // 1024} MiB, VmHWM {status.get('VmHWM', 0) // 1024} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--server-pid", type=int)
    parser.add_argument("--volunteers", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--city", default="kyiv")
    parser.add_argument("--pause", type=float, default=0.5, help="seconds of quiet before each order")
    parser.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for every stream per round")
    parser.add_argument("--setup-concurrency", type=int, default=16)
    parser.add_argument("--open-concurrency", type=int, default=32)
    parser.add_argument("--json-out")
    args = parser.parse_args()
    results = asyncio.run(run(args))
    text = json.dumps(results, indent=2, ensure_ascii=False)
    if args.json_out:
        with open(args.json_out, "w") as out:
            out.write(text + "\n")
    last, each, read = results["last_stream_ms"], results["per_stream_ms"], results["last_stream_read_ms"]
    log(f"last stream: p50 {last.get('p50')} ms, p99 {last.get('p99')} ms, max {last.get('max')} ms; "
        f"per stream: p50 {each.get('p50')} ms, p99 {each.get('p99')} ms, max {each.get('max')} ms; "
        f"last stream as read by the client: p50 {read.get('p50')} ms, p99 {read.get('p99')} ms; "
        f"server max VmRSS {results['server_max_rss_kib_holding_streams'] // 1024} MiB, VmHWM {(results['server_hwm_kib'] or 0) // 1024} MiB")
    ok = results["incomplete_rounds"] == 0 and results["duplicate_deliveries"] == 0 and results["streams_closed_early"] == 0
    if not args.json_out:
        print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
