#!/usr/bin/env python3
"""Load benchmark of pagemdd (issue: the daemon): cached POST /api/v1/extract beside GET /healthz of the
same daemon in one run, with wrk, 64 connections, the per-minute limit off and a scale-plan account per round.

Everything stays on loopback: a local HTTP server serves the one page, which the daemon fetches once
and then answers from its cache. Reports requests/s and latency percentiles of both endpoints, the
ratio of cached extract to healthz (the goal: at least 0.5, p99 under 5 ms), and the daemon's resident
memory idle and at its peak under load.

The same wrk load also runs against floor_server (bench/floor_server.cpp), a minimal Beast server with
one fixed answer: its latency is what this machine allows any HTTP server while wrk shares its cores,
the baseline that pagemdd's percentiles are read against.

    python3 bench/daemon_load.py [--pagemdd PATH] [--floor-server PATH] [--seconds 5] [--rounds 3]
                                 [--connections 64]
"""

from __future__ import annotations

import argparse
import http.server
import json
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from benchlib import die, find_built, new_account, rss_kib, run_wrk, start_daemon

PAGE = ("<html><head><title>Load test page</title></head><body><article>"
        + "".join(f"<p>Paragraph {i} of the page that every request of the benchmark asks for, cached after "
                  "the first fetch, so the run measures the daemon and not the origin.</p>" for i in range(40))
        + "</article></body></html>").encode()


class PageHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's naming)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args):
        pass


def answered_within(base: str, bound: str) -> tuple[int, int]:
    """The daemon's own count of requests answered within `bound` seconds, and of all requests."""
    text = urllib.request.urlopen(f"{base}/metrics").read().decode()
    within = re.search(rf'^pagemd_http_request_duration_seconds_bucket{{le="{re.escape(bound)}"}} (\d+)$', text, re.M)
    total = re.search(r"^pagemd_http_request_duration_seconds_count (\d+)$", text, re.M)
    return int(within.group(1)), int(total.group(1))


def median_run(runs: list[dict]) -> dict:
    return {field: statistics.median(run[field] for run in runs) for field in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemdd", help="the pagemdd binary (default: newest build/*/apps/pagemdd/pagemdd)")
    parser.add_argument("--floor-server",
                        help="the floor_server binary (default: bench/floor_server of pagemdd's build tree)")
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--worker-threads", type=int, default=0, help="the daemon's worker_threads (0: its default)")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the two endpoints (default 3)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        die("wrk is not installed (apt-get install wrk, or scripts/install-deps.sh)")
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")
    floor_server = Path(args.floor_server) if args.floor_server else pagemdd.parents[2] / "bench" / "floor_server"
    if not floor_server.is_file():
        die(f"no floor server at {floor_server}; build the floor_server target or pass --floor-server")

    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    page_url = f"http://127.0.0.1:{origin.server_address[1]}/page.html"

    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"

        account = new_account(pagemdd, data)
        floor = subprocess.Popen([floor_server], stdout=subprocess.PIPE, text=True)
        floor_base = f"http://127.0.0.1:{floor.stdout.readline().split()[-1]}"
        daemon, base = start_daemon(pagemdd, data, ["--worker-threads", str(args.worker_threads)])
        try:
            body = json.dumps({"url": page_url})
            request = urllib.request.Request(f"{base}/api/v1/extract", data=body.encode(), method="POST",
                                             headers={"Authorization": f"Bearer {account['key']}"})
            with urllib.request.urlopen(request) as response:
                if response.status != 200:
                    die(f"warm-up extract answered {response.status}")
            time.sleep(0.5)
            idle_rss = rss_kib(daemon.pid, "VmRSS")

            script = Path(scratch) / "extract.lua"
            # The machine is shared: the two endpoints take turns, round after round, so that a burst
            # of other work weighs on both alike, and each figure is the median over the rounds.
            rounds = []
            for round_number in range(args.rounds):
                # Each round counts its pages to an account of its own: a scale plan's 200,000 pages a
                # month would otherwise run out within a few rounds and turn answers into 429s.
                if round_number > 0:
                    account = new_account(pagemdd, data)
                script.write_text('wrk.method = "POST"\n'
                                  f'wrk.body = {json.dumps(body)}\n'
                                  f'wrk.headers["Authorization"] = "Bearer {account["key"]}"\n'
                                  'wrk.headers["Content-Type"] = "application/json"\n')
                floor_run = run_wrk(f"{floor_base}/healthz", args.seconds, args.connections, None)
                healthz = run_wrk(f"{base}/healthz", args.seconds, args.connections, None)
                within_before, total_before = answered_within(base, "0.005")
                extract = run_wrk(f"{base}/api/v1/extract", args.seconds, args.connections, script)
                within_after, total_after = answered_within(base, "0.005")
                # From arrival to answer inside the daemon, without the wait for a core in wrk.
                extract["daemon_within_5ms"] = (within_after - within_before) / max(1, total_after - total_before)
                rounds.append((healthz, extract, floor_run))
            peak_rss = rss_kib(daemon.pid, "VmHWM")
        finally:
            daemon.terminate()
            daemon.wait(timeout=30)
            floor.kill()
            floor.wait()
            origin.shutdown()

    ratios = [e["requests_per_second"] / h["requests_per_second"] for h, e, _ in rounds]
    ratio = statistics.median(ratios)
    healthz, extract, floor_result = (median_run([r[i] for r in rounds]) for i in (0, 1, 2))
    print(f"{args.rounds} rounds of {args.seconds} s per endpoint; ratio per round: "
          + ", ".join(f"{r:.2f}" for r in ratios))
    print(f"{'endpoint (medians)':<22}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}")
    for name, result in (("floor server", floor_result), ("GET /healthz", healthz), ("POST /extract (cached)", extract)):
        print(f"{name:<22}{result['requests_per_second']:>10.0f}{result['p50_ms']:>9.2f}{result['p99_ms']:>9.2f}"
              f"{result['non_2xx']:>9}")
    print(f"cached extract / healthz: {ratio:.2f} (goal >= 0.50); extract p99 {extract['p99_ms']:.2f} ms (goal < 5)")
    print(f"extract p99 / floor server p99: {extract['p99_ms'] / floor_result['p99_ms']:.2f}; per round: "
          + ", ".join(f"{e['p99_ms'] / f['p99_ms']:.2f}" for _, e, f in rounds))
    print(f"measured inside the daemon: {extract['daemon_within_5ms']:.1%} of cached extracts answered within 5 ms")
    print(f"RSS idle {idle_rss / 1024:.1f} MiB, peak under load {peak_rss / 1024:.1f} MiB")
    failed = sum(h["non_2xx"] + e["non_2xx"] for h, e, _ in rounds)
    if failed:
        die(f"{failed} answers were not 2xx, so these figures do not measure what they claim")


if __name__ == "__main__":
    main()
