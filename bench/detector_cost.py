#!/usr/bin/env python3
"""What language and encoding detection cost within a conversion, on the 181 article pages (issue 23:
under 5 % of conversion time).

Runs bench/detector_cost (C++, in-process, pages loaded before the clock starts) over
SHARED/articles/html and prints the shares of conversion time taken by encoding sniffing (with the
charset detectors), language detection (CLD2) and word counting (ICU word boundaries). Exits 1 when
the detectors together take 5 % or more, or any page failed to convert.

    bench/detector_cost.py [--detector-cost BIN] [--shared DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

import benchlib

GOAL_SHARE = 0.05


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--detector-cost", help="the detector_cost binary (default: newest build/*/bench/)")
    parser.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    binary = benchlib.find_built(args.detector_cost, "bench/detector_cost", "DETECTOR_COST")
    pages = sorted((args.shared / "articles" / "html").glob("*.html.gz"))
    if not pages:
        benchlib.die(f"no pages in {args.shared / 'articles' / 'html'}")
    run = subprocess.run([binary, "--repeat", str(args.repeat), *map(str, pages)], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        benchlib.die(f"detector_cost failed: {run.stderr.strip()}")
    result = json.loads(run.stdout)
    conversions = result["pages"] * result["repeat"]
    print(f"{result['pages']} pages x {result['repeat']}: {1000 * result['conversion_seconds'] / conversions:.2f} ms "
          "per conversion")
    for name in ("encoding_sniffing", "language_detection", "word_count"):
        print(f"  {name.replace('_', ' '):<20} {100 * result[name + '_share']:5.2f} % of it")
    share = result["detectors_share"]
    print(f"detectors (sniffing + language): {100 * share:.2f} % (goal < {100 * GOAL_SHARE:.0f} %)")
    if result["failures"]:
        benchlib.die(f"{result['failures']} conversions failed", 1)
    if share >= GOAL_SHARE:
        benchlib.die("the detectors take 5 % or more of conversion time", 1)


if __name__ == "__main__":
    main()
