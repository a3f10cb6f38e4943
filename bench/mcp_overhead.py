#!/usr/bin/env python3
"""What MCP costs on top of the REST API (issue 18): a tools/call of `extract` on a cached page at
POST /mcp against a plain cached POST /api/v1/extract of the same page, on the same daemon.

Both endpoints get the same wrk load (2 threads, --connections, --seconds) in alternating rounds, so a
burst of other work on the shared machine weighs on both alike. The cost of a request is the inverse
of the requests/s; the figure is the median over rounds of MCP's cost over REST's, to stay within 1.2.
The run fails, printing no figure, when any answer was not 2xx, when the MCP answer is a tool error,
or when the ratio is over the goal.

    python3 bench/mcp_overhead.py [--pagemdd PATH] [--seconds 5] [--rounds 3] [--connections 16]
"""

from __future__ import annotations

import argparse
import http.server
import json
import shutil
import statistics
import tempfile
import threading
import urllib.request
from pathlib import Path

from benchlib import die, find_built, new_account, run_wrk, start_daemon

GOAL_RATIO = 1.2
PAGE = ("<html><head><title>MCP overhead page</title></head><body><article>"
        + "".join(f"<p>Paragraph {i} of the page every request asks for, from the cache after the first.</p>"
                  for i in range(40))
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


def post(url: str, body: dict, headers: dict) -> tuple[int, dict, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", **headers})
    with urllib.request.urlopen(request) as response:
        return response.status, dict(response.headers), json.loads(response.read())


def wrk_script(path: Path, body: dict, headers: dict) -> Path:
    lines = ['wrk.method = "POST"', f"wrk.body = {json.dumps(json.dumps(body))}"]
    lines += [f'wrk.headers["{name}"] = "{value}"' for name, value in headers.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemdd", help="the pagemdd binary (default: newest build/*/apps/pagemdd/pagemdd)")
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        die("wrk is not installed (apt-get install wrk, or scripts/install-deps.sh)")
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")

    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    page_url = f"http://127.0.0.1:{origin.server_address[1]}/page.html"
    ratios, rows = [], []
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        # A page of the scale plan per round's worth of requests would run out: the daemon meters every
        # answer, so each round gets an account of its own.
        daemon, base = start_daemon(pagemdd, data, [])
        try:
            for round_number in range(args.rounds):
                key = new_account(pagemdd, data)["key"]
                auth = {"Authorization": f"Bearer {key}"}
                status, _, _ = post(f"{base}/api/v1/extract", {"url": page_url}, auth)  # fills the cache
                _, headers, _ = post(f"{base}/mcp", {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                                     "params": {"protocolVersion": "2025-06-18"}}, auth)
                mcp_headers = {**auth, "Mcp-Session-Id": headers["Mcp-Session-Id"],
                               "MCP-Protocol-Version": "2025-06-18"}
                call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                        "params": {"name": "extract", "arguments": {"url": page_url}}}
                _, _, answer = post(f"{base}/mcp", call, mcp_headers)
                if status != 200 or answer.get("result", {}).get("isError", True):
                    die(f"the warm-up failed: REST {status}, MCP {json.dumps(answer)[:300]}", 1)
                rest = run_wrk(f"{base}/api/v1/extract", args.seconds, args.connections,
                               wrk_script(Path(scratch) / "rest.lua", {"url": page_url}, auth))
                mcp = run_wrk(f"{base}/mcp", args.seconds, args.connections,
                              wrk_script(Path(scratch) / "mcp.lua", call, mcp_headers))
                if rest["non_2xx"] or mcp["non_2xx"]:
                    die(f"round {round_number + 1}: non-2xx answers (REST {rest['non_2xx']}, MCP {mcp['non_2xx']})", 1)
                ratios.append(rest["requests_per_second"] / mcp["requests_per_second"])
                rows.append((rest, mcp))
        finally:
            daemon.terminate()
            daemon.wait(timeout=30)
            origin.shutdown()

    print(f"{args.rounds} rounds of {args.seconds} s per endpoint, {args.connections} connections")
    print(f"{'round':<7}{'REST req/s':>12}{'MCP req/s':>12}{'REST p50 ms':>13}{'MCP p50 ms':>12}{'MCP cost':>10}")
    for number, ((rest, mcp), ratio) in enumerate(zip(rows, ratios), 1):
        print(f"{number:<7}{rest['requests_per_second']:>12.0f}{mcp['requests_per_second']:>12.0f}"
              f"{rest['p50_ms']:>13.2f}{mcp['p50_ms']:>12.2f}{ratio:>10.2f}")
    ratio = statistics.median(ratios)
    print(f"tools/call extract (cached) costs {ratio:.2f}x a cached POST /api/v1/extract (goal <= {GOAL_RATIO})")
    if ratio > GOAL_RATIO:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
