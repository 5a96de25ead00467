#!/usr/bin/env python3
"""Raw HTTP requests for `bench/tools/rate` (the fixed-rate runs of bench/shelter): single
readings, the same call bench/shelter-lua/single.lua makes, each request written after a
line with its length in bytes.

    shelter_requests.py --sensors sensors.txt --base-ms MS --count N > single.requests

`--sensors` holds "sensorId key enclosureId" per line. The sensors take turns; the n-th
reading of a sensor has the device time MS + n milliseconds (Unix time), so every reading
is new and stored. Values are inside the enclosures' conditions.

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sensors", required=True)
    parser.add_argument("--base-ms", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    args = parser.parse_args()
    random.seed(7)
    sensors = [line.split() for line in open(args.sensors) if line.strip()]
    out = sys.stdout.buffer
    for n in range(args.count):
        sensor, key, _ = sensors[n % len(sensors)]
        body = (f'{{"at":"{iso(args.base_ms + n // len(sensors))}","temperature":{random.uniform(18, 24):.1f},'
                f'"humidity":{random.uniform(45, 60):.1f},"waterLevel":{random.randint(40, 100)},"foodLevel":{random.randint(30, 90)}}}')
        data = request(sensor, key, body)
        out.write(f"{len(data)}\n".encode())
        out.write(data)


if __name__ == "__main__":
    main()
