#!/usr/bin/env python3
"""Rendering: how long a page that needs JavaScript takes, what a browser costs, and that `auto`
leaves real articles alone.

Starts pagemdd (its headless Chromium on) and a local origin that serves an app shell: an empty
mount node and a script that fetches its article as JSON after 150 ms. Then, in one run:

  1. render latency: POST /extract with "render": "always" on fresh URLs of the app (median, p95),
     after one warm-up render that starts the browser (its time is printed apart);
  2. browser RSS per slot: the resident memory of each browser process group the daemon runs;
  3. cached answers: the rendered page again (a cache HIT) against a cached static page, sequential
     requests on one connection (median latency of each, and their ratio);
  4. decisions: `pagemd batch --render auto` over the article set (SHARED/articles, served by the
     same origin), which must render none of its 181 pages.

Any failed request, an unrendered "always" answer, or a rendered article fails the run.

    bench/render_latency.py [--pagemdd BIN] [--pagemd BIN] [--shared DIR] [--renders N]
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import statistics
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import benchlib

APP_SHELL = b"""<!DOCTYPE html><html lang="en"><head><title>Field notes</title></head>
<body><div id="root"></div><script src="/app.js"></script></body></html>"""

APP_SCRIPT = b"""setTimeout(() => fetch('/story.json').then(r => r.json()).then(story => {
  document.getElementById('root').innerHTML = '<article><h1>' + story.title + '</h1>' +
      story.paragraphs.map(p => '<p>' + p + '</p>').join('') + '</article>';
}), 150);"""

PARAGRAPH = ("The herons of the marsh return each spring, nest in the reeds along the eastern shore, "
             "and raise their young while the water is high enough to keep the foxes away.")
STORY = json.dumps({"title": "Herons of the marsh", "paragraphs": [PARAGRAPH] * 8}).encode()
STATIC = ("<!DOCTYPE html><html lang=\"en\"><head><title>Static notes</title></head><body><article>"
          "<h1>Static notes</h1>" + "".join(f"<p>{PARAGRAPH}</p>" for _ in range(8)) +
          "</article></body></html>").encode()


class Origin(BaseHTTPRequestHandler):
    articles: Path | None = None

    def do_GET(self) -> None:  # noqa: N802 (the http.server interface)
        path = urlsplit(self.path).path
        if path == "/app":
            self.answer(200, "text/html; charset=utf-8", APP_SHELL)
        elif path == "/app.js":
            self.answer(200, "application/javascript", APP_SCRIPT)
        elif path == "/story.json":
            self.answer(200, "application/json", STORY)
        elif path == "/static":
            self.answer(200, "text/html; charset=utf-8", STATIC)
        elif path.startswith("/articles/") and self.articles is not None:
            page = self.articles / "html" / (Path(path).name + ".html.gz")
            if page.is_file():
                self.answer(200, "text/html", gzip.decompress(page.read_bytes()))
            else:
                self.answer(404, "text/plain", b"no such page")
        elif path == "/robots.txt":
            self.answer(200, "text/plain", b"User-agent: *\nAllow: /\n")
        else:
            self.answer(404, "text/plain", b"not found")

    def answer(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def extract(connection: http.client.HTTPConnection, key: str, url: str, render: str) -> tuple[float, dict]:
    body = json.dumps({"url": url, "render": render})
    started = time.perf_counter()
    connection.request("POST", "/api/v1/extract", body,
                       {"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    response = connection.getresponse()
    payload = response.read()
    took = time.perf_counter() - started
    if response.status != 200:
        benchlib.die(f"{url} ({render}): HTTP {response.status}: {payload[:300]!r}", 1)
    return took, json.loads(payload)


def browser_memory_mib(daemon_pid: int) -> list[tuple[float, float]]:
    """(RSS, PSS) in MiB of each browser the daemon runs: its process group, the browser and its
    helpers. RSS counts pages shared between them once per process (what render_memory_mib bounds);
    PSS shares them out, so it is what one more browser costs the machine."""
    groups: dict[int, list[float]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if b"chromium" not in (stat.parent / "cmdline").read_bytes():
                continue
            rollup = (stat.parent / "smaps_rollup").read_text()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        kib = {line.split(":")[0]: int(line.split()[1]) for line in rollup.splitlines()[1:] if line.endswith("kB")}
        totals = groups.setdefault(int(fields[2]), [0.0, 0.0])
        totals[0] += kib.get("Rss", 0) / 1024
        totals[1] += kib.get("Pss", 0) / 1024

    def parent_of(pid: int) -> int:
        try:
            return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except FileNotFoundError:
            return 0

    return [(rss, pss) for leader, (rss, pss) in groups.items() if parent_of(leader) == daemon_pid]


def cached_latency_ms(base: str, key: str, requests: list[tuple[str, str]], rounds: int) -> list[float]:
    """Median latency (ms) of each cached request, asked in turn on one connection so that both see
    the same machine at the same moments."""
    connection = http.client.HTTPConnection(urlsplit(base).netloc, timeout=30)
    times: list[list[float]] = [[] for _ in requests]
    for _ in range(rounds):
        for index, (url, render) in enumerate(requests):
            took, result = extract(connection, key, url, render)
            if result["metadata"]["cache"]["status"] != "hit":
                benchlib.die(f"{url}: expected a cache hit", 1)
            times[index].append(took * 1000)
    connection.close()
    return [statistics.median(series) for series in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemdd")
    parser.add_argument("--pagemd")
    parser.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED)
    parser.add_argument("--renders", type=int, default=20)
    args = parser.parse_args()
    pagemdd = benchlib.find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")
    pagemd = benchlib.find_pagemd(args.pagemd)
    articles = args.shared / "articles"
    if not (articles / "ground-truth.json").is_file():
        benchlib.die(f"no article set at {articles}")

    Origin.articles = articles
    origin = ThreadingHTTPServer(("127.0.0.1", 0), Origin)
    threading.Thread(target=origin.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{origin.server_port}"

    with tempfile.TemporaryDirectory(prefix="pagemd-render-bench-") as scratch:
        data = Path(scratch) / "data"
        data.mkdir()
        account = benchlib.new_account(pagemdd, data)
        daemon, base = benchlib.start_daemon(pagemdd, data, ["--render-concurrency", "1"])
        try:
            connection = http.client.HTTPConnection(urlsplit(base).netloc, timeout=60)
            warm_up, first = extract(connection, account["key"], f"{site}/app?n=warm-up", "always")
            if not first["metadata"]["rendered"]:
                benchlib.die("the warm-up render did not render: is chromium-headless-shell installed?", 1)
            latencies = []
            for n in range(args.renders):
                took, result = extract(connection, account["key"], f"{site}/app?n={n}", "always")
                if not result["metadata"]["rendered"] or "herons of the marsh return" not in result["markdown"]:
                    benchlib.die(f"render {n} did not show the article: {result['markdown'][:200]!r}", 1)
                latencies.append(took)
            memory = browser_memory_mib(daemon.pid)
            extract(connection, account["key"], f"{site}/static", "never")
            connection.close()
            cached_rendered, cached_static = cached_latency_ms(
                base, account["key"], [(f"{site}/app?n=0", "always"), (f"{site}/static", "never")], 300)
        finally:
            daemon.terminate()
            daemon.wait(timeout=20)

        truth = json.loads((articles / "ground-truth.json").read_text())
        listing = Path(scratch) / "articles.txt"
        listing.write_text("".join(f"{site}/articles/{page_id}\n" for page_id in sorted(truth)))
        out = Path(scratch) / "out"
        batch = subprocess.run([pagemd, "batch", "-i", listing, "-o", out, "--jobs", "4", "--render", "auto",
                                "--allow-private-targets", "127.0.0.0/8"], capture_output=True, text=True)
        manifest = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
        failed = [line["url"] for line in manifest if line["status"] != "ok"]
        rendered = [line["url"] for line in manifest if line.get("rendered")]
        if batch.returncode != 0 or failed or len(manifest) != len(truth):
            benchlib.die(f"pagemd batch over the articles failed (exit {batch.returncode}): {failed[:5]}", 1)
    origin.shutdown()

    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"render of the fixture app ({args.renders} renders, one browser): median {statistics.median(latencies):.3f} s, "
          f"p95 {p95:.3f} s (target: median <= 1.5 s); first render with the browser's start {warm_up:.3f} s")
    print("browser memory per slot (all its processes): " +
          ", ".join(f"RSS {rss:.0f} MiB, PSS {pss:.0f} MiB" for rss, pss in memory))
    print(f"cached answer, median of 300: rendered page {cached_rendered:.2f} ms, static page {cached_static:.2f} ms "
          f"(ratio {cached_rendered / cached_static:.2f})")
    print(f"auto on the article set: {len(rendered)} of {len(manifest)} pages rendered (target 0)")
    if rendered:
        print("rendered: " + ", ".join(rendered[:10]))
        raise SystemExit(1)


if __name__ == "__main__":
    main()
