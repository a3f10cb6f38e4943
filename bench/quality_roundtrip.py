#!/usr/bin/env python3
"""Markdown round-trip fidelity on the synthetic dev set (60 pages with an exact Markdown truth).

Runs `pagemd convert pages/<id>.html --base-url URL --json` for every manifest entry, writes
OUT/<id>.md (the Markdown exactly as returned) and OUT/<id>.json (the whole JSON result, which
the scorer uses for the metadata checks), and scores OUT with SHARED/roundtrip_score.py (needs
cmark-gfm on PATH). Arguments this script does not know are passed on to the scorer
(e.g. --per-page, --ignore-title, --lenient-links, --json=FILE). With --class-blind every class and
id value is renamed to a meaningless hash first (benchlib.class_blind), as on a site whose class
names say nothing.

    bench/quality_roundtrip.py [--pagemd BIN] [--shared DIR] [--set NAME] [--out DIR] [-j N] [--class-blind]
                               [scorer args]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import benchlib


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pagemd", help="pagemd binary (default: $PAGEMD, else newest build/*/apps/pagemd-cli/pagemd)")
    ap.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED,
                    help="folder holding the set and roundtrip_score.py (default: %(default)s)")
    ap.add_argument("--set", default="roundtrip-dev", help="benchmark set folder inside --shared (default: %(default)s)")
    ap.add_argument("--set-dir", type=Path, default=None,
                    help="a set folder anywhere, e.g. tests/data/unseen-layouts (overrides --set)")
    ap.add_argument("--out", type=Path, default=None, help="where outputs go (default: bench/out/<set>)")
    ap.add_argument("-j", "--jobs", type=int, default=benchlib.default_jobs(),
                    help="pages converted in parallel (default: %(default)s)")
    ap.add_argument("--class-blind", action="store_true",
                    help="rename every class and id to a meaningless hash before converting")
    args, score_args = ap.parse_known_args()

    set_dir = args.set_dir or args.shared / args.set
    scorer = args.shared / "roundtrip_score.py"
    manifest_path = set_dir / "manifest.json"
    if not manifest_path.is_file() or not scorer.is_file():
        benchlib.die(f"no benchmark data in {set_dir} (expected manifest.json) or no {scorer}")
    if shutil.which("cmark-gfm") is None:
        benchlib.die("cmark-gfm not found; the scorer renders Markdown with it (Debian package cmark-gfm)")
    pagemd = benchlib.find_pagemd(args.pagemd)
    out = args.out or benchlib.BENCH_DIR / "out" / (set_dir.name + ("-class-blind" if args.class_blind else ""))
    pages = json.loads(manifest_path.read_text(encoding="utf-8"))["pages"]

    out.mkdir(parents=True, exist_ok=True)
    for page in pages:  # a page that fails now must not be scored with an old output
        for suffix in (".md", ".json"):
            (out / f"{page['id']}{suffix}").unlink(missing_ok=True)

    blind_dir = tempfile.TemporaryDirectory(prefix="pagemd-class-blind-") if args.class_blind else None

    def run(page: dict) -> tuple[str, str] | None:
        page_path = set_dir / "pages" / f"{page['id']}.html"
        if blind_dir:
            blind_path = Path(blind_dir.name) / page_path.name
            blind_path.write_bytes(benchlib.class_blind(page_path.read_bytes()))
            page_path = blind_path
        conversion = benchlib.convert(pagemd, page_path, page["url"])
        if not conversion.ok:
            return page["id"], conversion.error
        (out / f"{page['id']}.md").write_text(conversion.result["markdown"], encoding="utf-8")
        (out / f"{page['id']}.json").write_text(conversion.raw, encoding="utf-8")
        return None

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        failures = [f for f in pool.map(run, pages) if f]
    if blind_dir:
        blind_dir.cleanup()
    benchlib.report_failures(failures, len(pages))
    print(f"conversion wall time {time.monotonic() - started:.1f}s with {args.jobs} jobs")
    if len(failures) == len(pages):
        benchlib.die("every page failed; nothing to score", 1)

    cmd = [sys.executable, str(scorer), str(set_dir), str(out), *score_args]
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
