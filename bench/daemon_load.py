#!/usr/bin/env python3
"""Load benchmark of pagemdd: cached POST /api/v1/extract of real pages beside GET /healthz of the same
daemon in one run, with wrk, 64 connections and the per-minute limit off.

Everything stays on loopback. A local HTTP server serves a mix of real pages from WCXB's development
split (SHARED/wcxb-dev-a: four articles that state an author, whose metadata is the longest, and one
page of each other type); the daemon fetches each once and then answers from its cache. The requests
go round the pages and round four scale-plan accounts made for each round, so that no answer is a
quota 429. Reports requests/s and latency percentiles of both endpoints and the ratio of cached
extract to healthz (the goal: at least 0.5, p99 under 5 ms), and the daemon's resident memory idle
and at its peak under load. A round in which any answer was not 2xx makes the run fail, and no figure
is printed: a figure made of refusals measures the refusals.

The same wrk load also runs against floor_server (bench/floor_server.cpp), a minimal Beast server with
one fixed answer: its latency is what this machine allows any HTTP server while wrk shares its cores,
the baseline that pagemdd's percentiles are read against.

    python3 bench/daemon_load.py [--pagemdd PATH] [--floor-server PATH] [--shared DIR] [--seconds 5]
                                 [--rounds 3] [--connections 64]
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from benchlib import DEFAULT_SHARED, die, find_built, new_account, rss_kib, run_wrk, start_daemon

ACCOUNTS_PER_ROUND = 4
AUTHORED_ARTICLES = 4
OTHER_TYPES = ["forum", "product", "collection", "listing", "documentation", "service"]


class PageHandler(http.server.BaseHTTPRequestHandler):
    pages: dict[str, bytes] = {}

    def do_GET(self):  # noqa: N802 (http.server's naming)
        page = self.pages.get(self.path)
        if page is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, *args):
        pass


def extract_once(base: str, key: str, url: str) -> tuple[dict, int]:
    """POST /api/v1/extract of `url`: the result and the answer's size; dies on anything but 200."""
    request = urllib.request.Request(f"{base}/api/v1/extract", data=json.dumps({"url": url}).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(request) as response:
            body = response.read()
    except urllib.error.HTTPError as refused:
        die(f"warm-up extract of {url} answered {refused.code}: {refused.read()[:200]!r}")
    return json.loads(body), len(body)


def choose_pages(data: Path, origin: str, base: str, key: str) -> list[tuple[str, int]]:
    """The mix, in the order of the set's ids: the first articles whose result states an author, and the
    first page of each other type. Warms the cache with each; returns (url, answer bytes) per page."""
    truth = json.loads((data / "ground-truth.json").read_text())
    chosen: list[tuple[str, int]] = []
    authored = 0
    types_left = set(OTHER_TYPES)
    for page_id in sorted(truth):
        page_type = truth[page_id].get("page_type")
        if page_type == "article" and authored >= AUTHORED_ARTICLES or page_type != "article" and page_type not in types_left:
            continue
        html = gzip.decompress((data / "html" / f"{page_id}.html.gz").read_bytes())
        PageHandler.pages[f"/{page_id}.html"] = html
        url = f"{origin}/{page_id}.html"
        result, size = extract_once(base, key, url)
        if page_type == "article":
            if not result["metadata"].get("author"):
                continue
            authored += 1
        else:
            types_left.discard(page_type)
        chosen.append((url, size))
        if authored == AUTHORED_ARTICLES and not types_left:
            return chosen
    die(f"{data} lacks the pages of the mix ({authored} authored articles; no page of {sorted(types_left)})")
    raise AssertionError  # unreachable: die() exits


def wrk_script(urls: list[str], keys: list[str]) -> str:
    """A wrk script whose requests go round the pages, and round the accounts once per turn of the pages."""
    bodies = ", ".join(json.dumps(json.dumps({"url": url})) for url in urls)
    key_list = ", ".join(json.dumps(key) for key in keys)
    return (f"local bodies = {{{bodies}}}\n"
            f"local keys = {{{key_list}}}\n"
            "local n = 0\n"
            "request = function()\n"
            "  n = n + 1\n"
            "  local body = bodies[n % #bodies + 1]\n"
            "  local key = keys[math.floor(n / #bodies) % #keys + 1]\n"
            "  return wrk.format(\"POST\", \"/api/v1/extract\", "
            "{[\"Authorization\"] = \"Bearer \" .. key, [\"Content-Type\"] = \"application/json\"}, body)\n"
            "end\n")


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
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED,
                        help="folder holding wcxb-dev-a/ (default: %(default)s)")
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--worker-threads", type=int, default=0, help="the daemon's worker_threads (0: its default)")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the two endpoints (default 3)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        die("wrk is not installed (apt-get install wrk, or scripts/install-deps.sh)")
    pages_dir = args.shared / "wcxb-dev-a"
    if not (pages_dir / "ground-truth.json").is_file():
        die(f"no pages in {pages_dir} (expected ground-truth.json and html/); pass --shared")
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")
    floor_server = Path(args.floor_server) if args.floor_server else pagemdd.parents[2] / "bench" / "floor_server"
    if not floor_server.is_file():
        die(f"no floor server at {floor_server}; build the floor_server target or pass --floor-server")

    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    origin_base = f"http://127.0.0.1:{origin.server_address[1]}"

    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"

        warm_up_account = new_account(pagemdd, data)
        floor = subprocess.Popen([floor_server], stdout=subprocess.PIPE, text=True)
        floor_base = f"http://127.0.0.1:{floor.stdout.readline().split()[-1]}"
        daemon, base = start_daemon(pagemdd, data, ["--worker-threads", str(args.worker_threads)])
        try:
            pages = choose_pages(pages_dir, origin_base, base, warm_up_account["key"])
            time.sleep(0.5)
            idle_rss = rss_kib(daemon.pid, "VmRSS")

            script = Path(scratch) / "extract.lua"
            # The machine is shared: the two endpoints take turns, round after round, so that a burst
            # of other work weighs on both alike, and each figure is the median over the rounds.
            rounds = []
            for _ in range(args.rounds):
                # A scale plan's 200,000 pages a month are fewer than one round asks for at full speed:
                # each round counts its pages to accounts of its own, spread over several of them.
                keys = [new_account(pagemdd, data)["key"] for _ in range(ACCOUNTS_PER_ROUND)]
                script.write_text(wrk_script([url for url, _ in pages], keys))
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

    failed = {name: sum(r[i]["non_2xx"] for r in rounds) for i, name in enumerate(("healthz", "extract", "floor"))}
    if any(failed.values()):
        die(f"answers that were not 2xx (or no answer): {failed}; no figure is printed for such a run")
    ratios = [e["requests_per_second"] / h["requests_per_second"] for h, e, _ in rounds]
    ratio = statistics.median(ratios)
    healthz, extract, floor_result = (median_run([r[i] for r in rounds]) for i in (0, 1, 2))
    sizes = sorted(size for _, size in pages)
    print(f"{len(pages)} pages of {pages_dir} ({AUTHORED_ARTICLES} articles stating an author), answers of "
          f"{sizes[0] / 1024:.1f}-{sizes[-1] / 1024:.1f} KiB; {ACCOUNTS_PER_ROUND} scale accounts a round")
    print(f"{args.rounds} rounds of {args.seconds} s per endpoint; ratio per round: "
          + ", ".join(f"{r:.2f}" for r in ratios))
    print(f"{'endpoint (medians)':<22}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}")
    for name, result in (("floor server", floor_result), ("GET /healthz", healthz), ("POST /extract (cached)", extract)):
        print(f"{name:<22}{result['requests_per_second']:>10.0f}{result['p50_ms']:>9.2f}{result['p99_ms']:>9.2f}"
              f"{result['non_2xx']:>9}")
    print(f"cached extract / healthz: {ratio:.2f} (goal >= 0.50); extract p99 {extract['p99_ms']:.2f} ms (goal <= 5)")
    print(f"extract p99 / floor server p99: {extract['p99_ms'] / floor_result['p99_ms']:.2f}; per round: "
          + ", ".join(f"{e['p99_ms'] / f['p99_ms']:.2f}" for _, e, f in rounds))
    print(f"measured inside the daemon: {extract['daemon_within_5ms']:.1%} of cached extracts answered within 5 ms")
    print(f"RSS idle {idle_rss / 1024:.1f} MiB, peak under load {peak_rss / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
