#!/usr/bin/env python3
"""Main-content quality on the article-extraction benchmark (181 real news/blog pages).

Runs `pagemd convert PAGE --base-url URL --json` on every page of SHARED/articles, writes
OUT/<id>.md (a YAML front-matter block with the metadata, then the Markdown exactly as returned)
and scores the directory with SHARED/score.py. `--drop-title` scores a variant instead: the leading
`# Title` line removed (the ground truth has no headline), which is not what users get. Arguments this script does not know are passed on to score.py
(e.g. --per-page, --bootstrap 1000, --json FILE, --dump DIR).

    bench/quality_articles.py [--pagemd BIN] [--shared DIR] [--out DIR] [-j N] [score.py args]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import benchlib

_HEADING = re.compile(r"^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def _normalise(text: str) -> str:
    return " ".join(_ESCAPE.sub(r"\1", text).split())


def drop_title_heading(markdown: str, title: str) -> str:
    """Removes a leading `# Title` that repeats the metadata title.

    The ground truth is the article body without its headline, and the title already travels in
    the front matter, so keeping the heading would only be scored as extra text."""
    if not title.strip():
        return markdown
    lines = markdown.split("\n")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i == len(lines):
        return markdown
    match = _HEADING.match(lines[i])
    if not match or _normalise(match.group(1)) != _normalise(title):
        return markdown
    i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    return "\n".join(lines[i:])


def front_matter(metadata: dict, url: str) -> str:
    # JSON strings are valid YAML double-quoted scalars, so json.dumps is the escaper.
    fields = {
        "title": metadata.get("title", ""),
        "url": url,
        "language": metadata.get("language", ""),
        "word_count": metadata.get("word_count", 0),
    }
    body = "".join(f"{key}: {json.dumps(value, ensure_ascii=False)}\n" for key, value in fields.items())
    return f"---\n{body}---\n\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pagemd", help="pagemd binary (default: $PAGEMD, else newest build/*/apps/pagemd-cli/pagemd)")
    ap.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED,
                    help="folder holding articles/ and score.py (default: %(default)s)")
    ap.add_argument("--out", type=Path, default=benchlib.BENCH_DIR / "out" / "articles",
                    help="where <id>.md files go (default: %(default)s)")
    ap.add_argument("-j", "--jobs", type=int, default=benchlib.default_jobs(),
                    help="pages converted in parallel (default: %(default)s)")
    ap.add_argument("--drop-title", action="store_true",
                    help="score a variant without the leading '# Title' line (not the output as users get it)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N pages (a quick check; the score then counts the rest as empty)")
    args, score_args = ap.parse_known_args()

    articles = args.shared / "articles"
    truth_path = articles / "ground-truth.json"
    scorer = args.shared / "score.py"
    if not truth_path.is_file() or not scorer.is_file():
        benchlib.die(f"no benchmark data in {args.shared} (expected articles/ground-truth.json and score.py)")
    pagemd = benchlib.find_pagemd(args.pagemd)
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    ids = sorted(truth)
    if args.limit:
        ids = ids[: args.limit]

    args.out.mkdir(parents=True, exist_ok=True)
    for page_id in truth:  # a page that fails now must not be scored with an old output
        (args.out / f"{page_id}.md").unlink(missing_ok=True)

    failures: list[tuple[str, str]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pagemd-articles-") as tmp:
        def run(page_id: str) -> tuple[str, str] | None:
            html_path = Path(tmp) / f"{page_id}.html"
            html_path.write_bytes(gzip.decompress((articles / "html" / f"{page_id}.html.gz").read_bytes()))
            url = truth[page_id].get("url", "")
            conversion = benchlib.convert(pagemd, html_path, url)
            if not conversion.ok:
                return page_id, conversion.error
            metadata = conversion.result.get("metadata") or {}
            body = conversion.result["markdown"]
            if args.drop_title:
                body = drop_title_heading(body, metadata.get("title") or "")
            (args.out / f"{page_id}.md").write_text(front_matter(metadata, url) + body, encoding="utf-8")
            return None

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            failures = [f for f in pool.map(run, ids) if f]
    elapsed = time.monotonic() - started

    benchlib.report_failures(failures, len(ids))
    print(f"conversion wall time {elapsed:.1f}s with {args.jobs} jobs (includes process start-up; see speed.py for throughput)")
    if len(failures) == len(ids):
        benchlib.die("every page failed; nothing to score", 1)

    if "--per-page" not in score_args:
        score_args = ["-q", *score_args]
    cmd = [sys.executable, str(scorer), str(args.out), "--ground-truth", str(truth_path), *score_args]
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
