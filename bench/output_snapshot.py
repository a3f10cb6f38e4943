#!/usr/bin/env python3
"""What pagemd answers for every page of the development sets, kept to compare builds: a change made
for speed must not change a byte of it.

Runs `pagemd convert - --json [--base-url URL]` on every page of SHARED/articles, SHARED/wcxb-dev-a,
SHARED/wcxb-dev-b, SHARED/roundtrip-dev and tests/data/unseen-layouts (1,768 pages) and writes each
answer to OUT/<set>/<id>.json: the JSON with its keys sorted and the conversion's timestamp left
out, or the exit status and output of a refused page, then what it wrote to stderr. With
--compare DIR it then lists every page whose answer differs from the one in DIR and exits 1 if any
does.

    bench/output_snapshot.py OUT [--pagemd BIN] [--shared DIR] [-j N] [--compare DIR]
"""

from __future__ import annotations

import argparse
import filecmp
import gzip
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import benchlib

GRADED_SETS = ("articles", "wcxb-dev-a", "wcxb-dev-b")  # html/<id>.html.gz and ground-truth.json with URLs
ROUNDTRIP_SETS = {"roundtrip-dev": None, "unseen-layouts": benchlib.REPO_DIR / "tests" / "data" / "unseen-layouts"}


def pages(shared: Path) -> list[tuple[str, Path, str]]:
    """(key, HTML file, URL) of every page."""
    found = []
    for name in GRADED_SETS:
        truth = json.loads((shared / name / "ground-truth.json").read_text(encoding="utf-8"))
        for page_id, entry in truth.items():
            path = shared / name / "html" / f"{page_id}.html.gz"
            if path.exists():
                found.append((f"{name}/{page_id}", path, entry.get("url", "")))
    for name, folder in ROUNDTRIP_SETS.items():
        folder = folder or shared / name
        for page in json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["pages"]:
            found.append((f"{name}/{page['id']}", folder / "pages" / f"{page['id']}.html", page["url"]))
    return found


def answer(pagemd: Path, path: Path, url: str) -> str:
    html = path.read_bytes()
    if path.suffix == ".gz":
        html = gzip.decompress(html)
    cmd = [str(pagemd), "convert", "-", "--json"] + (["--base-url", url] if url else [])
    done = subprocess.run(cmd, input=html, capture_output=True, timeout=300)
    try:
        result = json.loads(done.stdout)
        result.get("metadata", {}).pop("timestamp", None)  # the time of the conversion, not its answer
        text = json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True)
    except json.JSONDecodeError:
        text = f"exit {done.returncode}\n" + done.stdout.decode("utf-8", "replace")
    return text + "\nstderr: " + done.stderr.decode("utf-8", "replace")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path, help="folder for the answers")
    ap.add_argument("--pagemd", help="pagemd binary (default: $PAGEMD, else newest build/*/apps/pagemd-cli/pagemd)")
    ap.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED, help="benchmark data (default: %(default)s)")
    ap.add_argument("-j", "--jobs", type=int, default=benchlib.default_jobs())
    ap.add_argument("--compare", type=Path, metavar="DIR", help="an earlier OUT to compare with")
    args = ap.parse_args()

    pagemd = benchlib.find_pagemd(args.pagemd)
    todo = pages(args.shared)

    def write(page: tuple[str, Path, str]) -> None:
        key, path, url = page
        target = args.out / f"{key}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(answer(pagemd, path, url), encoding="utf-8")

    with ThreadPoolExecutor(args.jobs) as pool:
        list(pool.map(write, todo))
    print(f"{len(todo)} answers of {pagemd} in {args.out}")
    if args.compare is None:
        return 0
    differ = [key for key, _, _ in todo
              if not (args.compare / f"{key}.json").exists()
              or not filecmp.cmp(args.out / f"{key}.json", args.compare / f"{key}.json", shallow=False)]
    for key in differ[:20]:
        print(f"differs: {key}")
    if len(differ) > 20:
        print(f"... and {len(differ) - 20} more")
    print(f"{len(differ)} of {len(todo)} answers differ from {args.compare}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
