#!/usr/bin/env python3
"""PDFs through the real daemon: the hostile files of hostile_pdfs.py and born-digital PDFs at the
size bound, fetched from a local origin by pagemdd and converted in its workers. Asserted:

1. every hostile PDF is answered (200, or 422 with unsupported_content, pdf_encrypted or
   no_text_layer) within 10 s, and the daemon is still up after each;
2. a born-digital PDF just under max_pdf_bytes (32 MiB, 48 pages) converts within the workers'
   memory limit (extract_memory_mib, 1 GiB), alone and four at once, and one just over it is
   unsupported_content naming max_pdf_bytes;
3. the daemon's peak resident memory over the whole run stays under 300 MiB.

The converter workers' peaks are reported too (VmHWM of each, the largest shown). Everything stays on
loopback.

    python3 bench/pdf/daemon_pdfs.py [--pagemdd PATH] [--out DIR]
"""

from __future__ import annotations

import argparse
import http.server
import json
import os
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from benchlib import die, find_built, new_account, rss_kib, start_daemon  # noqa: E402
import hostile_pdfs  # noqa: E402

ANSWER_SECONDS = 10.0
PEAK_RSS_MIB = 300
MAX_PDF_BYTES = 32 * 1024 * 1024
EXPECTED_CODES = {"unsupported_content", "pdf_encrypted", "no_text_layer"}


def text_pdf(path: str, size: int, pages: int = 48) -> None:
    """A born-digital PDF of `pages` pages of text, each content stream padded with a comment (which a
    reader parses and skips) so that the file is `size` bytes give or take a page's trailer."""
    fx = hostile_pdfs.fixtures_module()
    per_page = size // pages
    contents = []
    for n in range(pages):
        lines = [f"BT /R 11 Tf 72 {720 - 14 * i} Td (Page {n + 1}, line {i + 1}: born-digital text of the bound.) Tj ET"
                 for i in range(40)]
        stream = "\n".join(lines).encode("latin-1")
        padding = per_page - len(stream) - 2
        contents.append(stream + b"\n%" + b"x" * max(0, padding))
    fx.write_pdf(path, [fx.Page() for _ in range(pages)], raw_content=contents)


class Origin(http.server.BaseHTTPRequestHandler):
    files: dict[str, str] = {}

    def do_GET(self):  # noqa: N802 (http.server's naming)
        path = self.files.get(self.path.split("?")[0])
        if path is None:
            self.send_error(404)
            return
        body = Path(path).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/pdf")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def extract(base: str, key: str, url: str) -> tuple[int, dict, float]:
    request = urllib.request.Request(f"{base}/api/v1/extract", data=json.dumps({"url": url}).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            raw, status = response.read(), response.status
    except urllib.error.HTTPError as error:
        raw, status = error.read(), error.code
    return status, json.loads(raw), time.monotonic() - started


def worker_peaks_kib(daemon_pid: int) -> list[int]:
    """VmHWM of the daemon's child processes (its converter workers, and browsers if any)."""
    peaks = []
    for task in Path(f"/proc/{daemon_pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                peaks.append(rss_kib(int(child), "VmHWM"))
            except (FileNotFoundError, AttributeError):
                pass
    return peaks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemdd", help="the pagemdd binary (default: newest build/*/apps/pagemdd/pagemdd)")
    parser.add_argument("--out", help="keep the PDFs here (default: a temporary directory)")
    args = parser.parse_args()
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")
    out_dir = args.out or tempfile.mkdtemp(prefix="pagemd-daemon-pdfs-")
    os.makedirs(out_dir, exist_ok=True)

    files = hostile_pdfs.make(out_dir)
    files["bound-32m"] = os.path.join(out_dir, "bound-32m.pdf")
    text_pdf(files["bound-32m"], MAX_PDF_BYTES - 64 * 1024)
    files["over-bound-33m"] = os.path.join(out_dir, "over-bound-33m.pdf")
    text_pdf(files["over-bound-33m"], MAX_PDF_BYTES + 1024 * 1024)
    Origin.files = {f"/{name}.pdf": path for name, path in files.items()}
    origin = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Origin)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    origin_url = f"http://127.0.0.1:{origin.server_address[1]}"

    problems: list[str] = []
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "data"
        account = new_account(pagemdd, data)
        daemon, base = start_daemon(pagemdd, data, [])
        try:
            idle_rss = rss_kib(daemon.pid, "VmRSS")
            for name, path in files.items():
                status, answer, seconds = extract(base, account["key"], f"{origin_url}/{name}.pdf")
                code = answer.get("code", "")
                rows.append((name, os.path.getsize(path), status, code or answer.get("metadata", {}).get("page_count"),
                             seconds, answer.get("error", "")))
                if daemon.poll() is not None:
                    die(f"the daemon died on {name}", 1)
                if seconds > ANSWER_SECONDS:
                    problems.append(f"{name} took {seconds:.1f} s")
                if status != 200 and (status != 422 or code not in EXPECTED_CODES):
                    problems.append(f"{name} answered {status} {code}")
            if rows[-2][2] != 200:
                problems.append(f"the PDF at the bound answered {rows[-2][2]} {rows[-2][5]}")
            if rows[-1][3] != "unsupported_content" or "max_pdf_bytes" not in rows[-1][5]:
                problems.append(f"the PDF over the bound answered {rows[-1][2]} {rows[-1][5]}")

            # Four at once, each its own URL (no cache hits): two convert, two wait for a converter.
            with ThreadPoolExecutor(max_workers=4) as pool:
                together = list(pool.map(lambda i: extract(base, account["key"], f"{origin_url}/bound-32m.pdf?{i}"),
                                         range(4)))
            for status, answer, seconds in together:
                if status != 200:
                    problems.append(f"the PDF at the bound, four at once, answered {status} {answer.get('error')}")
            peak_rss = rss_kib(daemon.pid, "VmHWM")
            workers = worker_peaks_kib(daemon.pid)
        finally:
            daemon.terminate()
            daemon.wait(timeout=30)
            origin.shutdown()

    print("%-18s %10s %6s %-20s %8s  %s" % ("file", "bytes", "status", "code / pages", "seconds", "message"))
    for name, size, status, what, seconds, error in rows:
        print("%-18s %10d %6s %-20s %8.2f  %s" % (name, size, status, what, seconds, error[:80]))
    print("four at the bound at once: " + ", ".join(f"{status} in {seconds:.1f} s" for status, _, seconds in together))
    print(f"daemon RSS: idle {idle_rss / 1024:.0f} MiB, peak {peak_rss / 1024:.0f} MiB (bound {PEAK_RSS_MIB} MiB)")
    if workers:
        print(f"converter workers' peak RSS: largest {max(workers) / 1024:.0f} MiB of {len(workers)}")
    if peak_rss / 1024 > PEAK_RSS_MIB:
        problems.append(f"the daemon's peak RSS was {peak_rss / 1024:.0f} MiB")
    for problem in problems:
        print(f"FAILED: {problem}")
    if problems:
        raise SystemExit(1)
    print("all bounds held")


if __name__ == "__main__":
    main()
