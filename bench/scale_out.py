#!/usr/bin/env python3
"""Scale-out benchmark (issue: several pagemdd on one PostgreSQL): cached POST /api/v1/extract with wrk,
64 connections, the per-minute limit off, for

  - one node on SQLite (the single-node default, the baseline),
  - one node on PostgreSQL (a throwaway cluster from scripts/postgres-scratch.sh),
  - three nodes on that PostgreSQL behind HAProxy, configured from deploy/haproxy.cfg.

All of them run at once and take turns under load, round after round, so that the shared machine's
noise weighs on each alike; each figure is the median over the rounds. Every run counts its pages to
an account of its own (a scale plan's 200,000 pages would otherwise run out inside a run) and any
non-2xx answer fails the benchmark. Everything is on loopback. On a machine of 2 cores, three nodes,
HAProxy, PostgreSQL and wrk share those cores: read the ratios, not the totals.

    python3 bench/scale_out.py [--pagemdd PATH] [--seconds 5] [--rounds 3] [--connections 64]
"""

from __future__ import annotations

import argparse
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from benchlib import REPO_DIR, die, find_built, new_account, run_wrk, start_daemon

PAGE = ("<html><head><title>Scale-out test page</title></head><body><article>"
        + "".join(f"<p>Paragraph {i} of the page that every request of the benchmark asks for, cached after "
                  "the first fetch, so the run measures the service and not the origin.</p>" for i in range(40))
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


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def haproxy_config(front_port: int, node_ports: list[int]) -> str:
    """deploy/haproxy.cfg as shipped, pointed at these nodes and this port, without syslog."""
    config = (REPO_DIR / "deploy" / "haproxy.cfg").read_text()
    config = re.sub(r"\n\s*log [^\n]*", "", config)
    config = re.sub(r"\n\s*option (httplog|dontlognull)", "", config)
    config = config.replace("127.0.0.1:8787", f"127.0.0.1:{front_port}")
    for number, port in enumerate(node_ports, start=1):
        config = config.replace(f"127.0.0.1:880{number}", f"127.0.0.1:{port}")
    return config


def wait_until_answers(url: str) -> None:
    for _ in range(100):
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    die(f"{url} does not answer")


def extract_once(base: str, key: str, page_url: str) -> None:
    request = urllib.request.Request(f"{base}/api/v1/extract", data=json.dumps({"url": page_url}).encode(),
                                     method="POST", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request) as response:
        if response.status != 200:
            die(f"warm-up extract at {base} answered {response.status}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemdd", help="the pagemdd binary (default: newest build/*/apps/pagemdd/pagemdd)")
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for tool in ("wrk", "haproxy"):
        if not shutil.which(tool) and not Path(f"/usr/sbin/{tool}").exists():
            die(f"{tool} is not installed (scripts/install-deps.sh installs it)")
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")
    scratch_script = REPO_DIR / "scripts" / "postgres-scratch.sh"

    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    page_url = f"http://127.0.0.1:{origin.server_address[1]}/page.html"

    scratch = Path(tempfile.mkdtemp(prefix="pagemd-scale-"))
    os.chmod(scratch, 0o755)  # the cluster's owner (postgres, when run as root) must reach its directory
    cluster_dir = scratch / "postgres"
    processes: list[subprocess.Popen] = []
    try:
        database_url = subprocess.run([scratch_script, "start", cluster_dir], check=True, capture_output=True,
                                      text=True).stdout.strip()
        sqlite_node, sqlite_base = start_daemon(pagemdd, scratch / "sqlite", [])
        processes.append(sqlite_node)
        pg_node, pg_base = start_daemon(pagemdd, scratch / "pg", ["--database-url", database_url])
        processes.append(pg_node)
        cluster_bases = []
        for number in range(3):
            node, base = start_daemon(pagemdd, scratch / f"node{number}", ["--database-url", database_url])
            processes.append(node)
            cluster_bases.append(base)
        front_port = free_port()
        config = scratch / "haproxy.cfg"
        config.write_text(haproxy_config(front_port, [int(base.rsplit(":", 1)[1]) for base in cluster_bases]))
        proxy = subprocess.Popen([haproxy, "-db", "-f", config], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        processes.append(proxy)
        front_base = f"http://127.0.0.1:{front_port}"
        wait_until_answers(f"{front_base}/readyz")

        setups = [("1 node, SQLite", sqlite_base, ""), ("1 node, PostgreSQL", pg_base, database_url),
                  ("3 nodes + HAProxy, PostgreSQL", front_base, database_url)]
        warm = new_account(pagemdd, scratch / "sqlite")
        extract_once(sqlite_base, warm["key"], page_url)
        warm = new_account(pagemdd, scratch / "pg", database_url=database_url)
        extract_once(pg_base, warm["key"], page_url)  # the page is then cached for every PostgreSQL node
        for base in cluster_bases:
            extract_once(base, warm["key"], page_url)  # and in each node's memory of recent results

        body = json.dumps({"url": page_url})
        results: dict[str, list[dict]] = {name: [] for name, _, _ in setups}
        for round_number in range(args.rounds):
            for name, base, url in setups:
                data = scratch / ("sqlite" if not url else "pg")
                account = new_account(pagemdd, data, database_url=url)
                script = scratch / "extract.lua"
                script.write_text('wrk.method = "POST"\n'
                                  f'wrk.body = {json.dumps(body)}\n'
                                  f'wrk.headers["Authorization"] = "Bearer {account["key"]}"\n'
                                  'wrk.headers["Content-Type"] = "application/json"\n')
                run = run_wrk(f"{base}/api/v1/extract", args.seconds, args.connections, script)
                if run["non_2xx"]:
                    die(f"{name}, round {round_number + 1}: {run['non_2xx']} answers were not 2xx, so the "
                        "figures would not measure cached extraction")
                results[name].append(run)
        if proxy.poll() is not None:
            die("HAProxy exited during the run: " + proxy.stderr.read().decode(errors="replace"))
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run([scratch_script, "stop", cluster_dir], check=False, capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)
        origin.shutdown()

    baseline = statistics.median(run["requests_per_second"] for run in results[setups[0][0]])
    print(f"{args.rounds} rounds of {args.seconds} s per setup, {args.connections} connections, cached POST /extract, "
          f"{os.cpu_count()} cores")
    print(f"{'setup':<32}{'req/s':>10}{'vs SQLite':>11}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}")
    for name, _, _ in setups:
        runs = results[name]
        rate = statistics.median(run["requests_per_second"] for run in runs)
        print(f"{name:<32}{rate:>10.0f}{rate / baseline:>11.2f}"
              f"{statistics.median(run['p50_ms'] for run in runs):>9.2f}"
              f"{statistics.median(run['p99_ms'] for run in runs):>9.2f}{sum(run['non_2xx'] for run in runs):>9}")
    per_round = [pg["requests_per_second"] / sq["requests_per_second"]
                 for pg, sq in zip(results[setups[1][0]], results[setups[0][0]])]
    print("1 node PostgreSQL / SQLite per round: " + ", ".join(f"{ratio:.2f}" for ratio in per_round)
          + " (goal >= 0.50); p99 goal <= 10 ms")


if __name__ == "__main__":
    main()
