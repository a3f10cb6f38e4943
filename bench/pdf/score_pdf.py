#!/usr/bin/env python3
"""Score PDF-to-Markdown converters against the known Markdown of a development set.

    score_pdf.py DEV_DIR --pagemd BUILD/apps/pagemd-cli/pagemd
                 [--roundtrip-scorer ../shared/bench/roundtrip_score.py] [--out DIR]

DEV_DIR holds <name>.pdf with <name>.md, its truth (make_dev_pdfs.py writes such a set). Each PDF
is converted in the same run by pagemd (`pagemd convert`), `pdftotext`, `pdftotext -layout` and
@opendocsg/pdf2md (node/pdf2md.js; `npm install` in node/ first), and each result is compared with
the truth, both rendered by cmark-gfm as the round-trip scorer does (whose functions are used):

  text       F1 of the multiset of lowercased words;
  order      sequence similarity (difflib's ratio) of the word sequences: words in the wrong
             order (columns read across) lower it, missing or extra words too;
  headings   F1 of the multiset of ('h', level, text) items;
  structure  F1 of the round-trip scorer's structural items (headings, paragraphs, list items,
             code, table cells, links, emphasis...);
  seconds    the conversion's wall time, summed over the set;
  cpu        the conversion's CPU time (user + system, from the child's rusage), summed: on a shared
             machine this varies far less than the wall time. With --repeat N each PDF is converted
             N times and its fastest run counted, for both.

Scores are macro-averaged over the PDFs, per layout (the name's last dash-separated part) and
overall.
"""

import argparse
import difflib
import importlib.util
import os
import re
import resource
import subprocess
import sys
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))


def load_scorer(path):
    spec = importlib.util.spec_from_file_location("roundtrip_score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(args):
    """(output, wall seconds, CPU seconds) of one run."""
    start, cpu_start = time.monotonic(), cpu_of_children()
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=300)
    took, cpu = time.monotonic() - start, cpu_of_children() - cpu_start
    return (p.stdout.decode("utf-8", "replace") if p.returncode == 0 else ""), took, cpu


def tools(pagemd):
    return {
        "pagemd": lambda pdf: run([pagemd, "convert", pdf]),
        "pdftotext": lambda pdf: run(["pdftotext", "-enc", "UTF-8", pdf, "-"]),
        "pdftotext-layout": lambda pdf: run(["pdftotext", "-layout", "-enc", "UTF-8", pdf, "-"]),
        "pdf2md": lambda pdf: run(["node", os.path.join(HERE, "node", "pdf2md.js"), pdf]),
    }


def words_in_order(rs, md):
    if not md.strip():
        return []
    ex = rs.Extractor(None)
    ex.feed(rs.render(md))
    ex.close()
    return rs.TOKEN_RE.findall("".join(ex.text).lower())


def score_one(rs, truth_md, out_md, base):
    t_words, t_items = rs.analyze(truth_md, base)
    o_words, o_items = rs.analyze(out_md)
    t_order, o_order = words_in_order(rs, truth_md), words_in_order(rs, out_md)
    headings = lambda items: type(items)({k: v for k, v in items.items() if k[0] == "h"})
    return {
        "text": rs.prf(t_words, o_words)[2],
        "order": difflib.SequenceMatcher(None, t_order, o_order, autojunk=False).ratio(),
        "headings": rs.prf(headings(t_items), headings(o_items))[2],
        "structure": rs.prf(t_items, o_items)[2],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dev_dir")
    ap.add_argument("--pagemd", required=True)
    ap.add_argument("--roundtrip-scorer", default=os.path.join(HERE, "..", "..", "..", "shared", "bench",
                                                               "roundtrip_score.py"))
    ap.add_argument("--out", help="write each tool's Markdown to OUT/<tool>/<name>.md")
    ap.add_argument("--only", help="a regular expression the PDFs' names must match")
    ap.add_argument("--tools", default="pagemd,pdftotext,pdftotext-layout,pdf2md")
    ap.add_argument("--repeat", type=int, default=1, help="convert each PDF N times, count the fastest")
    ap.add_argument("--base", default="https://dev.example/docs/page.html",
                    help="what the truth's relative links resolve against (make_dev_pdfs.py's <base>)")
    a = ap.parse_args()
    rs = load_scorer(a.roundtrip_scorer)
    converters = {name: fn for name, fn in tools(a.pagemd).items() if name in a.tools.split(",")}
    names = sorted(f[:-4] for f in os.listdir(a.dev_dir) if f.endswith(".pdf")
                   and os.path.exists(os.path.join(a.dev_dir, f[:-4] + ".md")))
    if a.only:
        names = [n for n in names if re.search(a.only, n)]
    results = defaultdict(lambda: defaultdict(list))  # tool -> layout -> [scores]
    seconds = defaultdict(float)
    cpu_seconds = defaultdict(float)
    for name in names:
        pdf = os.path.join(a.dev_dir, name + ".pdf")
        truth = open(os.path.join(a.dev_dir, name + ".md"), encoding="utf-8").read()
        layout = name.split("-", 1)[1] if "-" in name else "all"
        for tool, convert in converters.items():
            runs = [convert(pdf) for _ in range(max(1, a.repeat))]
            md = runs[0][0]
            seconds[tool] += min(r[1] for r in runs)
            cpu_seconds[tool] += min(r[2] for r in runs)
            if a.out:
                os.makedirs(os.path.join(a.out, tool), exist_ok=True)
                with open(os.path.join(a.out, tool, name + ".md"), "w", encoding="utf-8") as f:
                    f.write(md)
            s = score_one(rs, truth, md, a.base)
            results[tool][layout].append(s)
            results[tool]["ALL"].append(s)
    keys = ["text", "order", "headings", "structure"]
    layouts = sorted({l for t in results.values() for l in t if l != "ALL"}) + ["ALL"]
    print("%-18s %-14s %6s %6s %8s %9s %8s %8s" % ("tool", "layout", *keys, "seconds", "cpu"))
    for tool in converters:
        for layout in layouts:
            rows = results[tool][layout]
            means = [sum(r[k] for r in rows) / len(rows) for k in keys]
            extra = "%8.2f %8.2f" % (seconds[tool], cpu_seconds[tool]) if layout == "ALL" else ""
            print("%-18s %-14s %6.3f %6.3f %8.3f %9.3f %s" % (tool, layout, *means, extra))
    if "pagemd" in seconds and seconds.get("pdftotext"):
        print("pagemd / pdftotext: wall %.2f, cpu %.2f" % (seconds["pagemd"] / seconds["pdftotext"],
                                                         cpu_seconds["pagemd"] / cpu_seconds["pdftotext"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
