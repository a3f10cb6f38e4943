#!/usr/bin/env python3
"""A long born-digital PDF (100 pages or more), converted by pagemd and by pdftotext: each tool's
wall time and peak resident memory. The document is the round-trip set's truth Markdown, one after
the other, printed by chromium-headless-shell as make_dev_pdfs.py prints its one-column layout.

    big_pdf.py TRUTH_MD_DIR BUILD/apps/pagemd-cli/pagemd [--pages 100] [--out DIR]
"""

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def dev_pdfs_module():
    spec = importlib.util.spec_from_file_location("make_dev_pdfs", os.path.join(HERE, "make_dev_pdfs.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_count(pdf):
    info = subprocess.run(["pdfinfo", pdf], stdout=subprocess.PIPE, check=True).stdout.decode()
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def measure(args):
    """Wall seconds and peak RSS (MiB) of one run, from GNU time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report.name] + args, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)
        seconds, kib = report.read().split()
    return float(seconds), int(kib) / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("truth_dir")
    ap.add_argument("pagemd")
    ap.add_argument("--pages", type=int, default=100)
    ap.add_argument("--out", help="keep the PDF here (default: a temporary directory)")
    a = ap.parse_args()
    dev = dev_pdfs_module()
    out_dir = a.out or tempfile.mkdtemp(prefix="pagemd-big-")
    os.makedirs(out_dir, exist_ok=True)
    css, header_footer = dev.LAYOUTS["one-column"]
    names = sorted(f for f in os.listdir(a.truth_dir) if f.endswith(".md"))
    bodies = []  # the truth documents as HTML, cycled through as often as the length needs
    for name in names:
        md = dev.without_images(open(os.path.join(a.truth_dir, name), encoding="utf-8").read())
        bodies.append(subprocess.run(["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink"],
                                     input=md.encode(), stdout=subprocess.PIPE, check=True).stdout.decode())
    pdf, html = os.path.join(out_dir, "big.pdf"), os.path.join(out_dir, "big.html")
    documents = max(1, a.pages // 3)  # a document prints to about three pages
    for _ in range(5):
        with open(html, "w", encoding="utf-8") as f:
            f.write(dev.html_document("".join(bodies[i % len(bodies)] for i in range(documents)), "big", css))
        dev.print_html(html, pdf, header_footer)
        printed = page_count(pdf)
        if printed >= a.pages:
            break
        documents = documents * a.pages // printed + 1
    pages = page_count(pdf)
    print("%s: %d pages, %.1f MiB" % (pdf, pages, os.path.getsize(pdf) / (1 << 20)))
    print("%-12s %8s %10s" % ("tool", "seconds", "peak MiB"))
    for tool, args in (("pagemd", [a.pagemd, "convert", pdf]), ("pdftotext", ["pdftotext", pdf, "-"])):
        seconds, peak = measure(args)
        print("%-12s %8.2f %10.1f" % (tool, seconds, peak))
    return 0


if __name__ == "__main__":
    sys.exit(main())
