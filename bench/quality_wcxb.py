#!/usr/bin/env python3
"""Main content on every kind of page: word F1 by page type on SHARED/wcxb-dev-a (752 pages) or, with
--half b, on SHARED/wcxb-dev-b (745 pages).

Runs `pagemd convert - --base-url URL --json` on every page as a new user would (the Markdown as
returned, title heading included), writes OUT/<id>.md and scores the folder with SHARED/score.py
--metric word, which prints the overall figure and a table by page type. Then it prints how well
metadata.page_type matches the set's labels: accuracy and a confusion matrix. Arguments this
script does not know go to score.py (--per-page, --json FILE, ...). With --without-url the pages are
converted without their address, as when HTML comes from a file: page types then come from the
page alone (its canonical link, structured data and markup). With --class-blind every class and id
value is first renamed to a meaningless hash (benchlib.class_blind): the drop from the normal score
says how much pagemd leans on what blocks are called rather than what they are. The script fails (exit 1) when any page
whose truth holds text comes back with empty Markdown: no page with text may get an empty answer.

    bench/quality_wcxb.py [--pagemd BIN] [--shared DIR] [--half a|b] [--out DIR] [-j N] [--type TYPE] [--without-url]
                          [--class-blind]
                          [score.py args]
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import benchlib

TYPES = ["article", "documentation", "service", "forum", "collection", "listing", "product"]


def convert_stdin(pagemd: Path, html: bytes, url: str) -> dict | str:
    cmd = [str(pagemd), "convert", "-", "--json"] + (["--base-url", url] if url else [])
    try:
        done = subprocess.run(cmd, input=html, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "timed out"
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr.decode(errors='replace').strip()[:200]}"
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError as error:
        return f"unparsable output: {error}"


def print_confusion(pairs: list[tuple[str, str]]) -> None:
    labels = TYPES + sorted({p for _, p in pairs} - set(TYPES))
    counts = Counter(pairs)
    right = sum(n for (truth, guess), n in counts.items() if truth == guess)
    print(f"\npage_type accuracy {right / max(1, len(pairs)):.3f} ({right} of {len(pairs)} pages)")
    width = max(len(label) for label in labels) + 1
    print("truth \\ page_type".ljust(width + 4) + "".join(label[:5].rjust(7) for label in labels))
    for truth in TYPES:
        row = [counts[(truth, guess)] for guess in labels]
        print(truth.ljust(width + 4) + "".join(str(n).rjust(7) for n in row))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pagemd", help="pagemd binary (default: $PAGEMD, else newest build/*/apps/pagemd-cli/pagemd)")
    ap.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED,
                    help="folder holding wcxb-dev-a/ and score.py (default: %(default)s)")
    ap.add_argument("--half", choices=["a", "b"], default="a", help="which half of the dev split (default: a)")
    ap.add_argument("--out", type=Path, default=None,
                    help="where <id>.md files go (default: %(default)s)")
    ap.add_argument("-j", "--jobs", type=int, default=benchlib.default_jobs(),
                    help="pages converted in parallel (default: %(default)s)")
    ap.add_argument("--type", choices=TYPES, help="only the pages of this type (scored alone)")
    ap.add_argument("--without-url", action="store_true", help="convert without --base-url (the page alone)")
    ap.add_argument("--class-blind", action="store_true",
                    help="rename every class and id to a meaningless hash before converting")
    args, score_args = ap.parse_known_args()

    half = f"wcxb-dev-{args.half}"
    data = args.shared / half
    if args.out is None:
        args.out = benchlib.BENCH_DIR / "out" / (half + ("-class-blind" if args.class_blind else ""))
    truth_path = data / "ground-truth.json"
    scorer = args.shared / "score.py"
    if not truth_path.is_file() or not scorer.is_file():
        benchlib.die(f"no benchmark data in {args.shared} (expected {half}/ground-truth.json and score.py)")
    pagemd = benchlib.find_pagemd(args.pagemd)
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    ids = sorted(i for i in truth if not args.type or truth[i]["page_type"] == args.type)

    args.out.mkdir(parents=True, exist_ok=True)
    for stale in args.out.glob("*.md"):  # a page that fails now must not be scored with an old output
        stale.unlink()

    started = time.monotonic()

    empty: list[str] = []

    def run(page_id: str) -> tuple[str, str | None, str]:
        html = gzip.decompress((data / "html" / f"{page_id}.html.gz").read_bytes())
        if args.class_blind:
            html = benchlib.class_blind(html)
        result = convert_stdin(pagemd, html, "" if args.without_url else truth[page_id].get("url", ""))
        if isinstance(result, str):
            return page_id, result, ""
        (args.out / f"{page_id}.md").write_text(result["markdown"], encoding="utf-8")
        if not result["markdown"].strip() and truth[page_id].get("articleBody", "").strip():
            empty.append(page_id)
        return page_id, None, (result.get("metadata") or {}).get("page_type", "")

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(run, ids))
    elapsed = time.monotonic() - started
    failures = [(page_id, error) for page_id, error, _ in results if error]
    benchlib.report_failures(failures, len(ids))
    print(f"conversion wall time {elapsed:.1f}s with {args.jobs} jobs")

    scored_truth = truth_path
    if args.type:
        scored_truth = args.out.parent / f"wcxb-{args.type}-truth.json"
        scored_truth.write_text(json.dumps({i: truth[i] for i in ids}), encoding="utf-8")
    if "--per-page" not in score_args:
        score_args = ["-q", *score_args]
    cmd = [sys.executable, str(scorer), str(args.out), "--ground-truth", str(scored_truth), "--metric", "word",
           *score_args]
    print("$ " + " ".join(cmd), flush=True)
    status = subprocess.run(cmd).returncode

    pairs = [(truth[page_id]["page_type"], page_type or "(none)") for page_id, error, page_type in results if not error]
    # Beside the Markdown (outside the scored *.md), for reading a type's low pages by what pagemd took them for.
    (args.out / "page_types.json").write_text(
        json.dumps({page_id: page_type for page_id, error, page_type in results if not error}), encoding="utf-8")
    if any(guess != "(none)" for _, guess in pairs):
        print_confusion(pairs)
    if empty:
        print(f"\nFAIL: {len(empty)} pages whose truth holds text came back empty: {' '.join(sorted(empty))}")
        return 1
    print("\nno empty answer on a page whose truth holds text")
    return status


if __name__ == "__main__":
    sys.exit(main())
