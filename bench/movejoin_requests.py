"""Requests and seed data for bench/movejoin's fixed-rate runs.

  centres-sql              the cities with their centres, as SQL VALUES rows (the seed
                           puts 70% of its events within a city's map around its centre)
  search --token T --count N
                           GET /movejoin/api/v1/events?city=… for a random city
  bbox --token T --count N [--page-size 20]
                           GET /movejoin/api/v1/events?city=…&bbox=…&pageSize=…: a map
                           view of a random city, half of them the whole city's map, half
                           a quarter of it (zoomed in one step)

Requests are written as bench/tools/rate reads them: each preceded by its length in bytes.
The same random seed every run, so runs ask the same things.
"""

import argparse
import random
import sys

# The centres of Sources/MoveJoin/Domain/CityCentres.swift (latitude, longitude).
CENTRES = {
    "kyiv": (50.4501, 30.5234), "kharkiv": (49.9935, 36.2304), "odesa": (46.4825, 30.7233), "dnipro": (48.4647, 35.0462),
    "lviv": (49.8397, 24.0297), "zaporizhzhia": (47.8388, 35.1396), "vinnytsia": (49.2331, 28.4682), "poltava": (49.5883, 34.5514),
    "chernihiv": (51.4982, 31.2893), "cherkasy": (49.4444, 32.0598), "zhytomyr": (50.2547, 28.6587), "sumy": (50.9077, 34.7981),
    "rivne": (50.6199, 26.2516), "ivano-frankivsk": (48.9226, 24.7111), "ternopil": (49.5535, 25.5948), "lutsk": (50.7472, 25.3254),
    "uzhhorod": (48.6208, 22.2879), "chernivtsi": (48.2921, 25.9358), "khmelnytskyi": (49.4229, 26.9871),
    "kropyvnytskyi": (48.5079, 32.2623), "mykolaiv": (46.9750, 31.9946), "kherson": (46.6354, 32.6169),
}
# A city's map at the zoom the map view opens on, in degrees either side of the centre;
# the seed scatters events over the same box.
HALF_HEIGHT, HALF_WIDTH = 0.12, 0.18


def centres_sql():
    print(",\n".join(f"('{city}', {lat}, {lon}, {i})" for i, (city, (lat, lon)) in enumerate(CENTRES.items())))


def write(paths, token):
    out = sys.stdout.buffer
    for path in paths:
        raw = (f"GET /movejoin/api/v1{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/x-protobuf\r\n"
               f"Authorization: Bearer {token}\r\n\r\n").encode()
        out.write(f"{len(raw)}\n".encode() + raw)


def search(count, rng):
    cities = list(CENTRES)
    return (f"/events?city={rng.choice(cities)}" for _ in range(count))


def bbox(count, rng, page_size):
    cities = list(CENTRES)
    for _ in range(count):
        city = rng.choice(cities)
        lat, lon = CENTRES[city]
        south, west, north, east = lat - HALF_HEIGHT, lon - HALF_WIDTH, lat + HALF_HEIGHT, lon + HALF_WIDTH
        if rng.random() < 0.5:  # a quarter of the city's map
            if rng.random() < 0.5: north = lat
            else: south = lat
            if rng.random() < 0.5: east = lon
            else: west = lon
        yield f"/events?city={city}&bbox={west:.5f},{south:.5f},{east:.5f},{north:.5f}&pageSize={page_size}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["centres-sql", "search", "bbox"])
    parser.add_argument("--token")
    parser.add_argument("--count", type=int, default=15000)
    parser.add_argument("--page-size", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(36)
    if args.what == "centres-sql":
        centres_sql()
    else:
        paths = search(args.count, rng) if args.what == "search" else bbox(args.count, rng, args.page_size)
        write(paths, args.token)


if __name__ == "__main__":
    main()
