#!/usr/bin/env python3
"""`pagemd batch --jobs 16` against `xargs -P16 curl` fetching the same 1,000 pages.

Both fetch the same URL list from local origins on 127.0.0.1..127.0.0.8 (bench/batch_origin, the test
fixture server): eight hosts, because batch fetches at most 2 pages from one host at a time, and 8 x 2
gives it the same 16 connections in flight that xargs runs. Batch also reads each host's robots.txt,
converts every page to Markdown and writes the files and the manifest; curl writes nothing. The two
take turns for several rounds (who goes first alternates), and the medians are compared.

Two curl baselines: `xargs -P16 -n1 curl` (one process per URL, the usual shell idiom and the
baseline of the goal) and `xargs -P16 -n64 curl` (64 URLs per process over kept-alive connections,
which leaves little but the transfers: the stricter comparison).

  bench/batch_vs_curl.py [--pagemd BIN] [--origin BIN] [--pages 1000] [--rounds 5]

Goal: batch takes at most 1.5x the time of the bare fetch.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def newest(name):
    found = sorted(ROOT.glob(f"build/*/**/{name}"), key=lambda p: p.stat().st_mtime, reverse=True)
    found = [p for p in found if p.is_file() and os.access(p, os.X_OK)]
    if not found:
        sys.exit(f"no built {name} under build/; build the {name} target first")
    return str(found[0])


def make_pages(directory, count):
    """`count` pages made from the extraction test pages, each with a line of its own."""
    sources = sorted((ROOT / "tests/data/extract").glob("*.html"))
    for n in range(count):
        html = sources[n % len(sources)].read_text(encoding="utf-8")
        marker = f"<p>Fixture page {n} of the batch benchmark.</p>"
        html = html.replace("</body>", marker + "</body>", 1) if "</body>" in html else html + marker
        (directory / f"page-{n}.html").write_text(html, encoding="utf-8")


def timed(command, **kwargs):
    start = time.monotonic()
    result = subprocess.run(command, **kwargs)
    return time.monotonic() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemd", default=os.environ.get("PAGEMD"))
    parser.add_argument("--origin", default=os.environ.get("BATCH_ORIGIN"))
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pagemd = args.pagemd or newest("pagemd")
    origin_bin = args.origin or newest("batch_origin")
    if not shutil.which("curl"):
        sys.exit("curl is not installed")

    work = Path(tempfile.mkdtemp(prefix="pagemd-batch-bench-"))
    try:
        pages = work / "pages"
        pages.mkdir()
        make_pages(pages, args.pages)
        origin = subprocess.Popen([origin_bin, str(pages), "--hosts", "8"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        bases = [origin.stdout.readline().strip() for _ in range(8)]
        urls = [f"{bases[n % 8]}/page-{n}.html" for n in range(args.pages)]
        url_list = work / "urls.txt"
        url_list.write_text("\n".join(urls) + "\n")
        curl_times, curl64_times, batch_times = [], [], []
        for round_number in range(args.rounds):
            out = work / f"out-{round_number}"

            def run_curl():
                with open(url_list) as stdin:
                    elapsed, result = timed(["xargs", "-P16", "-n1", "curl", "-sf", "-o", "/dev/null"], stdin=stdin)
                if result.returncode != 0:
                    sys.exit("curl failed")
                curl_times.append(elapsed)

            def run_curl64():
                with open(url_list) as stdin:
                    elapsed, result = timed(["xargs", "-P16", "-n64", "curl", "-sf"], stdin=stdin,
                                            stdout=subprocess.DEVNULL)
                if result.returncode != 0:
                    sys.exit("curl failed")
                curl64_times.append(elapsed)

            def run_batch():
                elapsed, result = timed([pagemd, "batch", "-i", str(url_list), "-o", str(out), "--jobs", "16",
                                         "--allow-private-targets", "127.0.0.0/8"], stderr=subprocess.PIPE, text=True)
                if result.returncode != 0:
                    sys.exit(f"pagemd batch failed ({result.returncode}): {result.stderr}")
                lines = (out / "manifest.jsonl").read_text().count("\n")
                if lines != args.pages:
                    sys.exit(f"manifest has {lines} lines, want {args.pages}")
                batch_times.append(elapsed)

            for run in ((run_curl, run_curl64, run_batch) if round_number % 2 == 0 else
                        (run_batch, run_curl64, run_curl)):
                run()
        origin.stdin.close()
        origin.wait(timeout=10)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    curl_median = statistics.median(curl_times)
    curl64_median = statistics.median(curl64_times)
    batch_median = statistics.median(batch_times)
    print(f"pages: {args.pages} over 8 hosts, rounds: {args.rounds}")
    print(f"xargs -P16 -n1 curl: median {curl_median:.2f} s  ({args.pages / curl_median:.0f} pages/s)  "
          f"runs {', '.join(f'{t:.2f}' for t in curl_times)}")
    print(f"xargs -P16 -n64 curl: median {curl64_median:.2f} s  ({args.pages / curl64_median:.0f} pages/s)  "
          f"runs {', '.join(f'{t:.2f}' for t in curl64_times)}")
    print(f"pagemd batch --jobs 16: median {batch_median:.2f} s  ({args.pages / batch_median:.0f} pages/s)  "
          f"runs {', '.join(f'{t:.2f}' for t in batch_times)}")
    ratio = batch_median / curl_median
    print(f"ratio batch / (xargs -n1 curl): {ratio:.2f} (goal <= 1.5): {'met' if ratio <= 1.5 else 'NOT met'}")
    print(f"ratio batch / (xargs -n64 curl): {batch_median / curl64_median:.2f}")
    return 0 if ratio <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
