#!/usr/bin/env python3
"""A bounded loopback load test of `textkit serve`.

Starts `textkit serve` on a free port of 127.0.0.1, then CLIENTS clients (threads, each with its
own client id, so each has its own document on the server) send REQUESTS layout requests each,
one after the other: a 3,000-character text around a circle that moves a little with every
request, as a drag does. Every request must answer 200 with a layout; afterwards the server must
still answer. Prints the latencies (p50, p90, p99, max) and 'N passed, N failed'.

    scripts/serve-load-test.py [TEXTKIT-BINARY] [--clients 20] [--requests 10]

Only loopback traffic; every request has a 60 s timeout, and the whole run stops after 10 minutes.
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(fraction * len(ordered))) - 1))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build/debug/textkit"))
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=10)
    arguments = parser.parse_args()

    with open(os.path.join(ROOT, "Fixtures/texts/prose.txt"), encoding="utf-8") as file:
        prose = file.read()
    text = (prose * (3000 // len(prose) + 1))[:3000]
    font = os.path.join(ROOT, "Fixtures/fonts/DejaVuSans.ttf")
    # Every client keeps its document on the server (--max-clients), as every open page does.
    server = subprocess.Popen([arguments.binary, "serve", "--port", "0", "--font-file", font,
                               "--max-clients", str(arguments.clients)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline().strip()
    if not line.startswith("listening on http://"):
        server.kill()
        print(f"serve-load-test: the server did not start: {line!r}")
        return 1
    host, port = line[len("listening on http://"):].rsplit(":", 1)

    latencies, failures = [], []
    lock = threading.Lock()
    deadline = time.time() + 600

    def client(index):
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        for request in range(arguments.requests):
            if time.time() > deadline:
                with lock:
                    failures.append(f"client {index}: out of time")
                return
            x, y = 200 + 4 * request + index, 250 + 3 * request
            body = json.dumps({
                "text": text, "width": 612, "height": 792, "inset": 72, "size": 12, "align": "justified",
                "exclusions": [{"path": f"M {x + 80} {y} A 80 80 0 1 0 {x - 80} {y} A 80 80 0 1 0 {x + 80} {y} Z",
                                "margin": 6}],
            })
            started = time.perf_counter()
            try:
                connection.request("POST", "/layout", body, {"Content-Type": "application/json",
                                                             "TextKit-Client": f"load-{index}"})
                response = connection.getresponse()
                answer = response.read()
                elapsed = time.perf_counter() - started
                ok = response.status == 200 and json.loads(answer).get("version") == 1
                with lock:
                    latencies.append(elapsed)
                    if not ok:
                        failures.append(f"client {index} request {request}: {response.status} {answer[:200]!r}")
            except Exception as error:  # a refused or reset connection is a failure, not a crash
                with lock:
                    failures.append(f"client {index} request {request}: {error}")
                connection = http.client.HTTPConnection(host, int(port), timeout=60)

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(arguments.clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started

    still_up = False
    try:
        check = http.client.HTTPConnection(host, int(port), timeout=10)
        check.request("GET", "/")
        still_up = check.getresponse().status == 200
    except Exception:
        pass
    server.terminate()
    server.wait(timeout=10)

    total = arguments.clients * arguments.requests
    if latencies:
        ms = [1000 * value for value in latencies]
        print(f"serve-load-test: {arguments.clients} clients x {arguments.requests} requests of {len(text)} characters "
              f"around a moving circle in {wall:.1f} s ({len(latencies) / wall:.1f} requests/s): "
              f"p50 {percentile(ms, 0.5):.0f} ms, p90 {percentile(ms, 0.9):.0f} ms, "
              f"p99 {percentile(ms, 0.99):.0f} ms, max {max(ms):.0f} ms")
    for failure in failures[:10]:
        print(f"serve-load-test: {failure}")
    print(f"serve-load-test: the server {'still answered' if still_up else 'did NOT answer'} after the load")
    passed = total - len(failures) if still_up else 0
    print(f"{passed} passed, {total - passed} failed")
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
