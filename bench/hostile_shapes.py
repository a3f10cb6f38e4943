#!/usr/bin/env python3
"""Time and memory of `pagemd convert` on big and hostile page shapes (issue 21): for any page up to
the 10 MiB cap, at most 0.1 s per MB and a peak RSS of at most 10x the input plus 32 MiB.

Each shape is generated (deterministically) at about --mb megabytes: a wide table, one of bare
one-letter cells, a long table, deep nesting, one element with many attributes, a huge text node,
100,000 links, many tiny elements, many <br> in nested divs, headings each under its own nest of 400
divs, and text between table rows (which the parser moves before the table).
Each is converted --runs times both as `pagemd convert FILE` (the main-content search, with its own
per-node costs) and with --whole-body (every element reaches the Markdown writer), each time in a
child started by bench/peak_rss (a child forked straight from Python would report Python's own
memory as its peak); the median wall time and the peak RSS are checked against the bounds. The
baseline beside the shapes is the same binary converting an ordinary article page of the same size
in the same run, so a loaded machine shows in both. Exits 1 if any shape breaks a bound or fails to
convert.

    python3 bench/hostile_shapes.py [--pagemd BIN] [--peak-rss BIN] [--mb 4] [--runs 3] [--cpu N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from benchlib import find_built, find_pagemd

SECONDS_PER_MB = 0.1
RSS_FACTOR = 10
RSS_ALLOWANCE_MIB = 32


def repeat_to(unit: str, size: int, head: str = "<html><body>", tail: str = "</body></html>") -> str:
    return head + unit * max(1, (size - len(head) - len(tail)) // len(unit)) + tail


def many_attributes(size: int) -> str:
    """One element with as many attributes as fit in `size` bytes."""
    head, tail = "<html><body><div ", ">text</div></body></html>"
    attributes, length, i = [], len(head) + len(tail), 0
    while True:
        attribute = f'data-a{i}="{i}" '
        if length + len(attribute) > size:
            break
        attributes.append(attribute)
        length += len(attribute)
        i += 1
    return head + "".join(attributes) + tail


def shapes(size: int) -> dict[str, str]:
    cells = "".join(f"<td>c{i}</td>" for i in range(300))
    return {
        "article (baseline)": repeat_to(
            "<h2>A section</h2><p>An ordinary paragraph of running text with <a href='/x'>a link</a>, "
            "<em>emphasis</em> and enough words to look like an article body.</p>", size, "<html><body><article>",
            "</article></body></html>"),
        "wide table (300 cells a row)": repeat_to(f"<tr>{cells}</tr>", size, "<html><body><table>",
                                                  "</table></body></html>"),
        # Cells without end tags, a letter each: two nodes (the cell and its text) every five bytes, the
        # most nodes a table can have per byte (issue 40).
        "wide table of bare cells": repeat_to("<tr>" + "<td>x" * 300, size, "<html><body><table>",
                                              "</table></body></html>"),
        "long table (2 cells a row)": repeat_to("<tr><td>key</td><td>value</td></tr>", size, "<html><body><table>",
                                                "</table></body></html>"),
        "deep nesting": repeat_to("<div><span>x", size),
        "many attributes": many_attributes(size),
        "huge text node": repeat_to("word ", size, "<html><body><p>", "</p></body></html>"),
        "100,000 links": "<html><body><article>" + "".join(
            f'<a href="/page/{i}">link {i}</a> ' for i in range(100_000)) + "</article></body></html>",
        "tiny elements": repeat_to("<b>x</b><i>y</i>", size),
        "breaks in nested divs": repeat_to("<br>", size, "<html><body>" + "<div>" * 400, "</body></html>"),
        # Each heading under its own nest: every wrapper is judged, and each walk from a wrapper for
        # a label or a phrase, each drop and each block's start tag once went down or up the nest.
        "headings in nested divs": repeat_to("<div>" * 400 + "<h2>A heading</h2>" + "</div>" * 400, size),
        # Text between rows belongs before the table and joins the text already there, while the
        # cells' text is copied in between: each join once copied all the text before it.
        "text moved out of a table": repeat_to("<tr><td>y&lt;</td></tr>z&gt;", size, "<html><body><table>x&amp;",
                                               "</table></body></html>"),
    }


# The main-content search (what `pagemd convert` does by default) and the whole body (where every
# element reaches the Markdown writer): each has its own per-node costs.
MODES = {"main content": [], "whole body": ["--whole-body"]}


def convert(peak_rss: Path, pagemd: Path, page: Path, mode_flags: list[str]) -> tuple[float, int, int]:
    """Wall seconds, peak RSS in KiB, and exit status of one conversion."""
    run = subprocess.run([peak_rss, pagemd, "convert", str(page), *mode_flags], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, check=True)
    seconds, rss_kib, status = run.stderr.split()[-3:]
    return float(seconds), int(rss_kib), int(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pagemd", help="the pagemd binary (default: newest build/*/apps/pagemd-cli/pagemd)")
    parser.add_argument("--peak-rss", help="bench/peak_rss (default: newest build/*/bench/peak_rss)")
    parser.add_argument("--mb", type=float, default=4.0, help="size of each generated page (default 4)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=int, help="the CPU every conversion runs on (default: the first this process "
                        "may use), so that the baseline and the shapes share one")
    args = parser.parse_args()
    cpu = args.cpu if args.cpu is not None else min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # the conversions inherit it
    pagemd = find_pagemd(args.pagemd)
    peak_rss = find_built(args.peak_rss, "bench/peak_rss", "PAGEMD_PEAK_RSS")
    failures = []
    print(f"{'shape':<30}{'mode':<14}{'MB':>6}{'s/MB':>8}{'RSS MiB':>9}{'bound':>7}  (bounds: {SECONDS_PER_MB} s/MB, "
          f"{RSS_FACTOR}x input + {RSS_ALLOWANCE_MIB} MiB; on CPU {cpu})")
    with tempfile.TemporaryDirectory() as scratch:
        for name, html in shapes(int(args.mb * 1_000_000)).items():
            page = Path(scratch) / "page.html"
            page.write_text(html)
            mb = page.stat().st_size / 1_000_000
            for mode, flags in MODES.items():
                runs = [convert(peak_rss, pagemd, page, flags) for _ in range(args.runs)]
                if any(status != 0 for _, _, status in runs):
                    failures.append(f"{name} ({mode}): pagemd convert failed")
                    continue
                seconds_per_mb = statistics.median(seconds for seconds, _, _ in runs) / mb
                rss_mib = max(rss for _, rss, _ in runs) / 1024
                rss_bound = RSS_FACTOR * page.stat().st_size / 2**20 + RSS_ALLOWANCE_MIB
                verdict = "ok"
                if seconds_per_mb > SECONDS_PER_MB:
                    verdict = "SLOW"
                    failures.append(f"{name} ({mode}): {seconds_per_mb:.3f} s/MB")
                if rss_mib > rss_bound:
                    verdict = "BIG" if verdict == "ok" else verdict + "+BIG"
                    failures.append(f"{name} ({mode}): {rss_mib:.0f} MiB over {rss_bound:.0f}")
                print(f"{name:<30}{mode:<14}{mb:>6.1f}{seconds_per_mb:>8.3f}{rss_mib:>9.0f}{rss_bound:>7.0f}  {verdict}",
                      flush=True)
    if failures:
        print("FAILED: " + "; ".join(failures))
        raise SystemExit(1)
    print("every shape within its bounds")


if __name__ == "__main__":
    main()
