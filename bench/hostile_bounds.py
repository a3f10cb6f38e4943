#!/usr/bin/env python3
"""Hostile pages against pagemdd (issue 22): the bounds they must not break, asserted.

1. Fair conversion. One account sends six conversions of a slow page at once: 2 MB of 400 nested divs
   (a span every 60 levels) over 500,000 <br>, whole body, with the 60-compound include selector
   `div>div>...>div br`. Then another account asks for an ordinary 2 KB page, which must answer 200
   within 3 s. The baseline is the same request on the idle daemon, measured first.
2. Bounded memory. A 320 KB table of 20,000 `<td colspan=64>` cells and 20 more rows, converted whole:
   the daemon's peak resident memory over the whole run must stay under 300 MiB (its idle RSS is the
   baseline), and every answer within the result bound.
3. Bounded results. A page whose result would be larger than max_result_bytes (4 MiB in this run) must
   answer 422 unsupported_content with a message naming max_result_bytes.

Everything stays on loopback: the pages come from a local HTTP server. Any answer other than the ones
expected (the hostile account may also get 422 for a page over its CPU limit or 503 busy past
extract_queue_seconds) fails the run, and so does a broken bound: the script then exits 1.

    python3 bench/hostile_bounds.py [--pagemdd PATH]
"""

from __future__ import annotations

import argparse
import http.server
import json
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchlib import die, find_built, new_account, rss_kib, start_daemon

MAX_RESULT_BYTES = 4 * 1024 * 1024
FAIR_ANSWER_SECONDS = 3.0
PEAK_RSS_MIB = 300


def nested_page() -> bytes:
    parts = ["<html><body>"]
    for level in range(400):
        parts.append("<div>")
        if level % 60 == 59:
            parts.append("<span>")
    parts.append("<br>" * 500_000)
    return "".join(parts).encode()


def wide_table_page() -> bytes:
    return ("<html><body><table summary><tr>" + "<td colspan=64>x" * 20_000
            + "".join(f"<tr><td>row {i}" for i in range(20)) + "</table></body></html>").encode()


def ordinary_page() -> bytes:
    paragraphs = "".join(f"<p>Paragraph {i} of an ordinary article, a few sentences long, as most pages are.</p>"
                         for i in range(20))
    return f"<html><head><title>Ordinary</title></head><body><article>{paragraphs}</article></body></html>".encode()


def oversized_page() -> bytes:
    # About 6 MB of plain paragraphs: under the 10 MiB page cap, over this run's 4 MiB result bound.
    return ("<html><body><article>" + "<p>words that all stay in the result.</p>" * 150_000
            + "</article></body></html>").encode()


PAGES = {"/nested": nested_page(), "/wide": wide_table_page(), "/ordinary": ordinary_page(),
         "/oversized": oversized_page()}
SLOW_SELECTOR = ">".join(["div"] * 60) + " br"


class PageHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's naming)
        body = PAGES.get(self.path.split("?")[0])
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def extract(base: str, key: str, body: dict) -> tuple[int, dict, float, int]:
    """POST /extract: status, parsed answer, seconds taken, bytes of the answer."""
    request = urllib.request.Request(f"{base}/api/v1/extract", data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        raw = error.read()
        status = error.code
    return status, json.loads(raw), time.monotonic() - started, len(raw)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemdd", help="the pagemdd binary (default: newest build/*/apps/pagemdd/pagemdd)")
    args = parser.parse_args()
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")

    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PageHandler)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    origin_url = f"http://127.0.0.1:{origin.server_address[1]}"
    problems: list[str] = []

    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        hostile, modest = new_account(pagemdd, data), new_account(pagemdd, data)
        daemon, base = start_daemon(pagemdd, data, ["--max-result-bytes", str(MAX_RESULT_BYTES)])
        try:
            # Each request gets a URL of its own (a query the origin ignores), so none is a cache hit.
            status, _, baseline_seconds, _ = extract(base, modest["key"], {"url": f"{origin_url}/ordinary?idle"})
            if status != 200:
                die(f"the ordinary page on the idle daemon answered {status}", 1)
            idle_rss = rss_kib(daemon.pid, "VmRSS")

            # 1. Six slow conversions of one account in flight, then the other account's page.
            slow_body = {"only_main_content": False, "include_selectors": [SLOW_SELECTOR]}
            with ThreadPoolExecutor(max_workers=6) as pool:
                slow = [pool.submit(extract, base, hostile["key"], {"url": f"{origin_url}/nested?{i}", **slow_body})
                        for i in range(6)]
                time.sleep(0.5)  # the six are fetched and queued for converters
                status, answer, fair_seconds, _ = extract(base, modest["key"], {"url": f"{origin_url}/ordinary?busy"})
                slow_answers = [future.result() for future in slow]
            if status != 200:
                problems.append(f"the other account's page answered {status}: {answer}")
            if fair_seconds > FAIR_ANSWER_SECONDS:
                problems.append(f"the other account's page took {fair_seconds:.2f} s (bound {FAIR_ANSWER_SECONDS} s)")
            for slow_status, slow_answer, _, size in slow_answers:
                if slow_status not in (200, 422, 503) or (slow_status != 200 and slow_answer.get("code") not in
                                                         ("unsupported_content", "busy")):
                    problems.append(f"a slow page answered {slow_status}: {slow_answer}")
                if size > MAX_RESULT_BYTES:
                    problems.append(f"a slow page's answer has {size} bytes, over the bound")

            # 2. The wide table, whole body.
            status, answer, wide_seconds, wide_size = extract(
                base, modest["key"], {"url": f"{origin_url}/wide", "only_main_content": False})
            if status != 200:
                problems.append(f"the wide table answered {status}: {answer}")

            # 3. A result over the bound.
            status, answer, _, _ = extract(base, modest["key"], {"url": f"{origin_url}/oversized"})
            if status != 422 or answer.get("code") != "unsupported_content" or "max_result_bytes" not in answer.get(
                    "error", ""):
                problems.append(f"the oversized result answered {status}: {str(answer)[:300]}")

            peak_rss = rss_kib(daemon.pid, "VmHWM")
        finally:
            daemon.terminate()
            daemon.wait(timeout=30)
            origin.shutdown()

    print("slow pages of one account (status, seconds): "
          + ", ".join(f"{status} {seconds:.2f}" for status, _, seconds, _ in slow_answers))
    print(f"other account's page: {fair_seconds:.2f} s with them in flight, {baseline_seconds:.2f} s idle "
          f"(ratio {fair_seconds / baseline_seconds:.1f}; bound {FAIR_ANSWER_SECONDS} s)")
    print(f"wide table: {wide_size} bytes of answer in {wide_seconds:.2f} s")
    print(f"daemon RSS: idle {idle_rss / 1024:.0f} MiB, peak {peak_rss / 1024:.0f} MiB "
          f"(ratio {peak_rss / idle_rss:.1f}; bound {PEAK_RSS_MIB} MiB)")
    if peak_rss / 1024 > PEAK_RSS_MIB:
        problems.append(f"the daemon's peak RSS was {peak_rss / 1024:.0f} MiB")
    if problems:
        for problem in problems:
            print(f"FAILED: {problem}")
        raise SystemExit(1)
    print("all bounds held")


if __name__ == "__main__":
    main()
