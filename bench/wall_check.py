#!/usr/bin/env python3
"""What the wall check finds on real pages and what it costs (issue 43).

Runs bench/wall_check (C++, in-process, pages loaded before the clock starts) over the real pages of
SHARED (articles, wcxb-dev-a, wcxb-dev-b, roundtrip-dev): prints every page it flags as a wall or a
paywall, for a person to read, the share of all pages flagged (goal at most 0.3 %), and the check's
share of conversion time on the article set (goal at most 3 %). Exits 1 when either goal is missed.

    bench/wall_check.py [--wall-check BIN] [--shared DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

import benchlib

GOAL_FLAGGED = 0.003
GOAL_SHARE = 0.03
SETS = {
    "articles": "html/*.html.gz",
    "wcxb-dev-a": "html/*.html.gz",
    "wcxb-dev-b": "html/*.html.gz",
    "roundtrip-dev": "pages/*.html",
}


def run(binary: str, pages: list[Path], repeat: int) -> dict:
    done = subprocess.run([binary, "--repeat", str(repeat), *map(str, pages)], capture_output=True, text=True)
    if done.returncode not in (0, 1):
        benchlib.die(f"wall_check failed: {done.stderr.strip()}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wall-check", help="the wall_check binary (default: newest build/*/bench/)")
    parser.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    binary = benchlib.find_built(args.wall_check, "bench/wall_check", "WALL_CHECK")
    total = 0
    flagged = []
    share = None
    for name, pattern in SETS.items():
        pages = sorted((args.shared / name).glob(pattern))
        if not pages:
            benchlib.die(f"no pages in {args.shared / name}")
        result = run(binary, pages, args.repeat if name == "articles" else 1)
        total += result["pages"]
        flagged += [dict(item, set=name) for item in result["flagged"]]
        if name == "articles":
            share = result["check_share"]
            conversions = result["pages"] * result["repeat"]
            print(f"articles: {result['pages']} pages x {result['repeat']}: "
                  f"{1000 * result['conversion_seconds'] / conversions:.2f} ms per conversion, the check "
                  f"{100 * share:.2f} % of it, of each page's fastest runs (goal <= {100 * GOAL_SHARE:.0f} %; "
                  f"{100 * result['check_share_of_sums']:.2f} % of the sums of all runs)")
    for item in flagged:
        print(f"  flagged {item['set']}/{Path(item['page']).name}: {item['found']} ({item['words']} words)")
    walls = [item for item in flagged if item["found"] != "paywalled"]
    print(f"{len(walls)} of {total} real pages flagged as walls ({100 * len(walls) / total:.2f} %, goal <= "
          f"{100 * GOAL_FLAGGED:.1f} %); {len(flagged) - len(walls)} flagged paywalled")
    if len(walls) > GOAL_FLAGGED * total or share is None or share > GOAL_SHARE:
        benchlib.die("a goal is missed", 1)


if __name__ == "__main__":
    main()
