#!/usr/bin/env python3
"""Raw HTTP requests for `bench/tools/rate` (the fixed-rate runs of bench/shelter), each
request written after a line with its length in bytes: single readings, the same call
bench/shelter-lua/single.lua makes, or week charts, the call of bench/shelter-lua/chart.lua.

    shelter_requests.py --sensors sensors.txt --base-ms MS --count N > single.requests
    shelter_requests.py --sensors sensors.txt --chart-token TOKEN --count N > chart.requests

`--sensors` holds "sensorId key enclosureId" per line. Readings: the sensors take turns;
the n-th reading of a sensor has the device time MS + n milliseconds (Unix time), so every
reading is new and stored. Values are inside the enclosures' conditions. Charts: a random
enclosure's week, read with the bearer token given.

Standard library only.
"""

import argparse
import datetime
import random
import sys

API = "/shelter/api/v1"


def iso(ms):
    moment = datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S") + f".{ms % 1000:03d}Z"


def request(sensor, key, body):
    payload = body.encode()
    head = [f"POST {API}/sensors/{sensor}/readings HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {key}",
            "Content-Type: application/json", f"Content-Length: {len(payload)}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + payload


def chart_request(enclosure, token):
    head = [f"GET {API}/enclosures/{enclosure}/chart?range=week HTTP/1.1", "Host: 127.0.0.1", f"Authorization: Bearer {token}"]
    return ("\r\n".join(head) + "\r\n\r\n").encode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sensors", required=True)
    parser.add_argument("--base-ms", type=int)
    parser.add_argument("--chart-token")
    parser.add_argument("--count", type=int, required=True)
    args = parser.parse_args()
    if (args.base_ms is None) == (args.chart_token is None):
        parser.error("give --base-ms (readings) or --chart-token (charts)")
    random.seed(7)
    sensors = [line.split() for line in open(args.sensors) if line.strip()]
    out = sys.stdout.buffer
    if args.chart_token:
        for _ in range(args.count):
            data = chart_request(random.choice(sensors)[2], args.chart_token)
            out.write(f"{len(data)}\n".encode())
            out.write(data)
        return
    for n in range(args.count):
        sensor, key, _ = sensors[n % len(sensors)]
        body = (f'{{"at":"{iso(args.base_ms + n // len(sensors))}","temperature":{random.uniform(18, 24):.1f},'
                f'"humidity":{random.uniform(45, 60):.1f},"waterLevel":{random.randint(40, 100)},"foodLevel":{random.randint(30, 90)}}}')
        data = request(sensor, key, body)
        out.write(f"{len(data)}\n".encode())
        out.write(data)


if __name__ == "__main__":
    main()
