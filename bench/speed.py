#!/usr/bin/env python3
"""Speed and memory of pagemd's extraction against jsdom + Readability + Turndown, and linearity.

1. Throughput: the 181 article pages (SHARED/articles/html, decompressed once into a temporary
   folder) go through bench/extract_speed (pagemd, in-process) and bench/node/readability_speed.js
   (the Node baseline). Both load every page into memory first and time only the conversion loop.
   Prints pages/s, MB/s and peak RSS of both and the ratios, checked against the goals
   pagemd >= 20x the pages/s and <= 1/10 the peak RSS.
2. Linearity: a deterministic synthetic article page of ~1 MB and one of ~20 MB (paragraphs,
   lists, tables, links, code, plus script/style/share-widget noise in the same proportion)
   are each converted RUNS times; the median seconds per MB of both should be about equal.

    bench/speed.py [--extract-speed BIN] [--repeat N] [--node-repeat N] [--skip-node] [--skip-lxml]
                   [--skip-linearity] [--sizes-mb 1,20] [--runs 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import benchlib

NODE_DIR = benchlib.BENCH_DIR / "node"
GOAL_SPEEDUP = 20.0
GOAL_RSS_RATIO = 0.1


# ---------------------------------------------------------------------------------------------
# tools

def build_info(binary: Path) -> str:
    """Build type and sanitizers of the tree a binary comes from: a Debug or ASan build would make
    every number meaningless, so the report says which one was measured."""
    for parent in binary.resolve().parents:
        cache = parent / "CMakeCache.txt"
        if cache.is_file():
            values = {}
            for line in cache.read_text(errors="replace").splitlines():
                for key in ("CMAKE_BUILD_TYPE", "PAGEMD_SANITIZERS"):
                    if line.startswith(key + ":"):
                        values[key] = line.split("=", 1)[1]
            return f"{parent.name}: {values.get('CMAKE_BUILD_TYPE') or 'no build type'}, sanitizers: {values.get('PAGEMD_SANITIZERS') or 'none'}"
    return "unknown build"


def ensure_node_deps(npm: str) -> None:
    needed = ["jsdom", "@mozilla/readability", "turndown"]
    if all((NODE_DIR / "node_modules" / name / "package.json").is_file() for name in needed):
        return
    if shutil.which(npm) is None:
        benchlib.die(f"{npm} not found; install Node.js and npm, or pass --skip-node")
    # package-lock.json is not committed, so a fresh checkout installs from package.json's pins.
    cmd = [npm, "ci" if (NODE_DIR / "package-lock.json").is_file() else "install", "--no-audit", "--no-fund"]
    print(f"installing the Node baseline: {' '.join(cmd)} (in {NODE_DIR})", file=sys.stderr)
    subprocess.run(cmd, cwd=NODE_DIR, check=True)


def python_with_lxml() -> str | None:
    """This interpreter if it has lxml, else Debian's (python3-lxml installs there)."""
    for python in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([python, "-c", "import lxml.html"], capture_output=True).returncode == 0:
            return python
    return None


def run_json(cmd: list[str], what: str) -> dict:
    print("$ " + " ".join(cmd[:6]) + (" ..." if len(cmd) > 6 else ""), file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    try:
        result = json.loads(proc.stdout)
    except json.JSONDecodeError:
        sys.stderr.write(proc.stderr)
        benchlib.die(f"{what} printed no JSON (exit {proc.returncode})", 1)
    if proc.returncode != 0:
        print(f"warning: {what} exited {proc.returncode} ({result.get('failures', '?')} failed conversions)", file=sys.stderr)
    return result


# ---------------------------------------------------------------------------------------------
# synthetic page for the linearity check

WORDS = (
    "the of and to in is that for it as was with be by on not he this are or his from at which "
    "but have an they you were her she there been one all we their has would when if so no will "
    "more can out said about what up its into than them only other new some could time these two "
    "may then do first any my now such like our over man me even most made after also did many "
    "before must through back years where much your way well down should because each just those "
    "people how too little state good very make world still own see men work long get here "
    "between both life being under never day same another know while last might us great old year "
    "off come since against go came right used take three garden river market council budget "
    "station engine harbour winter festival library science museum energy railway café naïve "
    "über façade résumé"
).split()


def generate_page(target_bytes: int, seed: int = 20240601) -> bytes:
    """A long article page built from identical kinds of blocks, so a 20 MB page is the 1 MB one
    with more of the same: any difference in seconds per MB is the engine's, not the input's."""
    rng = random.Random(seed)

    def words(lo: int, hi: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi)))

    def inline(n: int) -> str:
        parts = []
        for k in range(rng.randint(3, 6)):
            parts.append(words(6, 18))
            kind = rng.randrange(5)
            if kind == 0:
                parts.append(f'<a href="/topics/{n}/{k}?ref=body&amp;p={rng.randrange(999)}">{words(1, 4)}</a>')
            elif kind == 1:
                parts.append(f"<em>{words(1, 3)}</em>")
            elif kind == 2:
                parts.append(f"<strong>{words(1, 3)}</strong>")
            elif kind == 3:
                parts.append(f"<code>{rng.choice(WORDS)}_{rng.randrange(99)}()</code>")
            else:
                parts.append(f'<a href="https://other{rng.randrange(20)}.example/{n}">{words(2, 5)}</a>')
        return " ".join(parts) + "."

    def block(n: int) -> str:
        out = [f'<section id="part-{n}"><h2>{words(3, 7).capitalize()}</h2>']
        out += [f"<p>{inline(n)}</p>" for _ in range(rng.randint(3, 6))]
        items = "".join(f"<li>{inline(n)}</li>" for _ in range(rng.randint(2, 5)))
        nested = "".join(f"<li>{words(3, 8)}</li>" for _ in range(rng.randint(2, 3)))
        out.append(f"<ul>{items}<li>{words(2, 5)}<ul>{nested}</ul></li></ul>")
        out.append("<ol>" + "".join(f"<li>{words(4, 12)}</li>" for _ in range(rng.randint(2, 4))) + "</ol>")
        cols = rng.randint(3, 5)
        head = "".join(f"<th>{words(1, 2)}</th>" for _ in range(cols))
        rows = "".join("<tr>" + "".join(f"<td>{rng.randrange(10000)} {rng.choice(WORDS)}</td>" for _ in range(cols)) + "</tr>"
                       for _ in range(rng.randint(3, 6)))
        out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
        out.append(f"<blockquote><p>{inline(n)}</p></blockquote>")
        code = "\n".join(f"    {rng.choice(WORDS)}_{i} = compute({rng.randrange(100)}, &quot;{rng.choice(WORDS)}&quot;)" for i in range(rng.randint(3, 6)))
        out.append(f'<pre><code class="language-python">def block_{n}():\n{code}\n</code></pre>')
        out.append(f'<figure><img src="/img/{n}.jpg" alt="{words(2, 5)}"><figcaption>{words(4, 9)}</figcaption></figure>')
        out.append("</section>")
        # Boilerplate interleaved with the content, as ad slots and share bars are on real pages.
        out.append(f"<script>window.__data_{n} = {json.dumps({'id': n, 'tags': [words(1, 2) for _ in range(8)], 'score': rng.random()})};"
                   f" (function(){{ var s = document.createElement('script'); s.src = '/ads/{n}.js'; }})();</script>")
        out.append(f"<style>#part-{n} h2 {{ color: #{rng.randrange(0xFFFFFF):06x}; margin: {rng.randrange(40)}px 0; }}"
                   f" .ad-{n} {{ display: block; min-height: 250px; }}</style>")
        out.append(f'<div class="ad-slot ad-{n}" aria-hidden="true"><a href="https://ads.example/click?id={n}">Advertisement</a></div>')
        out.append('<div class="share-bar">' + "".join(f'<a href="https://social{k}.example/share?u=/article&amp;n={n}">Share</a>' for k in range(4)) + "</div>")
        return "\n".join(out)

    head = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Synthetic long read | Bench</title>'
            '<meta property="og:title" content="Synthetic long read"><link rel="canonical" href="https://bench.example/long-read">'
            "<style>body { font-family: serif; } nav a { padding: 4px; }</style></head><body>"
            '<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/about">About</a></nav></header>'
            "<main><article><h1>Synthetic long read</h1>\n")
    tail = ('</article></main><aside><h3>Most read</h3><ul>' + "".join(f'<li><a href="/most/{i}">{words(3, 6)}</a></li>' for i in range(10))
            + "</ul></aside><footer><p>&copy; Bench Media</p></footer></body></html>\n")
    parts = [head]
    size = len(head.encode()) + len(tail.encode())
    n = 0
    while size < target_bytes:
        chunk = block(n)
        parts.append(chunk)
        size += len(chunk.encode())
        n += 1
    parts.append(tail)
    return "".join(parts).encode()


# ---------------------------------------------------------------------------------------------
# report

def fmt_rss(kb: float) -> str:
    return f"{kb / 1024:.1f} MiB"


def throughput_table(pagemd: dict, node: dict | None) -> list[str]:
    rows = [("", "pagemd", "readability+turndown" if node else "", "ratio" if node else "")]

    def row(label: str, key: str, fmt, ratio: bool) -> None:
        a = pagemd[key]
        b = node[key] if node else None
        r = f"{a / b:.2f}" if node and ratio and b else ""
        rows.append((label, fmt(a), fmt(b) if node else "", r))

    row("pages", "pages", str, False)
    row("conversions", "conversions", lambda v: f"{v:.0f}", False)
    row("failures", "failures", str, False)
    row("seconds (timed loop)", "seconds", lambda v: f"{v:.3f}", False)
    row("pages/s", "pages_per_s", lambda v: f"{v:.1f}", True)
    row("MB/s", "mb_per_s", lambda v: f"{v:.2f}", True)
    row("RSS after loading", "rss_after_load_kb", fmt_rss, True)
    row("peak RSS", "peak_rss_kb", fmt_rss, True)
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths))).rstrip() for r in rows]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--extract-speed", help="extract_speed binary (default: $EXTRACT_SPEED, else newest build/*/bench/extract_speed)")
    ap.add_argument("--shared", type=Path, default=benchlib.DEFAULT_SHARED, help="benchmark data folder (default: %(default)s)")
    ap.add_argument("--node", default="node", help="Node.js executable (default: %(default)s)")
    ap.add_argument("--npm", default="npm", help="npm executable, to install the baseline if missing (default: %(default)s)")
    ap.add_argument("--repeat", type=int, default=3, help="passes of pagemd over all pages (default: %(default)s)")
    ap.add_argument("--node-repeat", type=int, default=1, help="passes of the Node baseline over all pages (default: %(default)s)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N article pages")
    ap.add_argument("--skip-node", action="store_true", help="measure pagemd only")
    ap.add_argument("--node-result", type=Path, metavar="FILE",
                    help="reuse a saved readability_speed.js JSON output (it takes minutes) instead of running it")
    ap.add_argument("--skip-lxml", action="store_true", help="skip the lxml-text anchor (libxml2 parse + text)")
    ap.add_argument("--skip-linearity", action="store_true")
    ap.add_argument("--sizes-mb", default="1,20", help="synthetic page sizes for the linearity check (default: %(default)s)")
    ap.add_argument("--runs", type=int, default=3, help="runs per synthetic page; the median counts (default: %(default)s)")
    ap.add_argument("--json", type=Path, help="also write every measurement to this JSON file")
    args = ap.parse_args()

    speed_bin = benchlib.find_built(args.extract_speed, "bench/extract_speed", "EXTRACT_SPEED")
    info = build_info(speed_bin)
    print(f"pagemd build: {info}")
    if "sanitizers: none" not in info or "Release" not in info:
        print("warning: not a Release build without sanitizers; pagemd's numbers will be pessimistic", file=sys.stderr)
    if not args.skip_node and not args.node_result:
        if shutil.which(args.node) is None:
            benchlib.die(f"{args.node} not found; install Node.js or pass --skip-node")
        ensure_node_deps(args.npm)

    report: dict = {"pagemd_build": info}
    status = 0
    with tempfile.TemporaryDirectory(prefix="pagemd-speed-") as tmp_name:
        tmp = Path(tmp_name)

        # --- throughput on the article pages
        articles = args.shared / "articles"
        truth = json.loads((articles / "ground-truth.json").read_text(encoding="utf-8"))
        ids = sorted(truth)[: args.limit or None]
        manifest = tmp / "articles.tsv"
        with manifest.open("w", encoding="utf-8") as m:
            for page_id in ids:
                path = tmp / f"{page_id}.html"
                path.write_bytes(gzip.decompress((articles / "html" / f"{page_id}.html.gz").read_bytes()))
                m.write(f"{path}\t{truth[page_id].get('url', '')}\n")

        pagemd = run_json([str(speed_bin), "--manifest", str(manifest), "--repeat", str(args.repeat), "--per-page"], "extract_speed")
        node = None
        if args.node_result:
            node = json.loads(args.node_result.read_text(encoding="utf-8"))
            if node.get("pages") != len(ids):
                print(f"warning: {args.node_result} measured {node.get('pages')} pages, pagemd {len(ids)}", file=sys.stderr)
        elif not args.skip_node:
            node = run_json([args.node, str(NODE_DIR / "readability_speed.js"), "--manifest", str(manifest),
                             "--repeat", str(args.node_repeat)], "readability_speed.js")
        lxml_text = None
        if not args.skip_lxml:
            lxml_python = python_with_lxml()
            if lxml_python is None:
                benchlib.die("no Python with lxml (apt-get install python3-lxml, or pass --skip-lxml)")
            lxml_text = run_json([lxml_python, str(benchlib.BENCH_DIR / "lxml_text_speed.py"), "--manifest",
                                  str(manifest), "--repeat", str(args.repeat)], "lxml_text_speed.py")
        report["articles"] = {"pagemd": pagemd, "node": node, "lxml_text": lxml_text}

        print(f"\n== throughput: {len(ids)} article pages, {pagemd['bytes'] / 1e6:.1f} MB, all in memory before timing")
        for line in throughput_table(pagemd, node):
            print(line)
        slowest = sorted(pagemd.get("per_page", []), key=lambda p: p["ms"], reverse=True)[:5]
        if slowest:
            print("pagemd's slowest pages: " + ", ".join(f"{Path(p['path']).stem[:12]} {p['ms']:.1f} ms ({p['bytes'] / 1e3:.0f} kB)" for p in slowest))
        if lxml_text:
            ratio = pagemd["pages_per_s"] / lxml_text["pages_per_s"]
            print(f"lxml-text (libxml2 parse + text, no extraction): {lxml_text['pages_per_s']:.0f} pages/s; pagemd "
                  f"{pagemd['pages_per_s']:.0f}, {ratio:.2f}x  goal >= 1.0  {'PASS' if ratio >= 1.0 else 'FAIL'}")
        if node:
            speedup = pagemd["pages_per_s"] / node["pages_per_s"] if node["pages_per_s"] else float("inf")
            rss_ratio = pagemd["peak_rss_kb"] / node["peak_rss_kb"]
            ok_speed = speedup >= GOAL_SPEEDUP
            ok_rss = rss_ratio <= GOAL_RSS_RATIO
            print(f"goal pages/s >= {GOAL_SPEEDUP:.0f}x node:   {speedup:.1f}x  {'PASS' if ok_speed else 'FAIL'}")
            print(f"goal peak RSS <= 1/{1 / GOAL_RSS_RATIO:.0f} of node: {rss_ratio:.3f} (1/{1 / rss_ratio:.1f})  {'PASS' if ok_rss else 'FAIL'}")
            report["goals"] = {"speedup": speedup, "rss_ratio": rss_ratio, "speed_ok": ok_speed, "rss_ok": ok_rss}
            if not (ok_speed and ok_rss):
                status = 1

        # --- linearity
        if not args.skip_linearity:
            sizes = [float(s) for s in args.sizes_mb.split(",") if s.strip()]
            print(f"\n== linearity: synthetic article pages, median of {args.runs} runs each")
            results = []
            for size_mb in sizes:
                page = tmp / f"synthetic-{size_mb:g}mb.html"
                page.write_bytes(generate_page(int(size_mb * 1e6)))
                page_manifest = tmp / f"synthetic-{size_mb:g}mb.tsv"
                page_manifest.write_text(f"{page}\thttps://bench.example/long-read\n", encoding="utf-8")
                r = run_json([str(speed_bin), "--manifest", str(page_manifest), "--repeat", str(args.runs)], "extract_speed")
                mb = r["bytes"] / 1e6
                r["seconds_per_mb"] = r["median_run_seconds"] / mb
                results.append(r)
                print(f"{mb:7.2f} MB: median {r['median_run_seconds']:.3f} s  ->  {r['seconds_per_mb'] * 1000:.1f} ms/MB,"
                      f" peak RSS {fmt_rss(r['peak_rss_kb'])}, markdown {r['markdown_bytes'] / 1e6:.2f} MB")
            if len(results) >= 2 and results[0]["seconds_per_mb"] > 0:
                ratio = results[-1]["seconds_per_mb"] / results[0]["seconds_per_mb"]
                print(f"seconds/MB ratio largest/smallest: {ratio:.2f} (1.0 = linear)")
                report["linearity_ratio"] = ratio
            report["linearity"] = results

    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
