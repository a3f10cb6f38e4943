#!/usr/bin/env python3
"""Print documents whose Markdown is known to PDF: the development set of the PDF converter.

    make_dev_pdfs.py TRUTH_MD_DIR OUT_DIR [--count N]

TRUTH_MD_DIR holds <id>.md files (e.g. the round-trip dev set's truth/). Each is rendered to HTML
with cmark-gfm and printed by chromium-headless-shell (offline, file:// only) under one of several
print stylesheets, in turn:

  one-column      the browser's default look;
  two-columns     the body set in two columns (CSS column-count), as papers are;
  ruled           tables with ruling lines, code blocks framed, a serif body;
  header-footer   one column with the browser's running header and footer (date, title, URL, n/m).

The first three print without the browser's header and footer. A few documents are also set with
groff's gropdf (ms macros: headings, paragraphs, bullet lists and code; no tables) from the same
Markdown, reduced to what groff sets. OUT_DIR gets <id>-<layout>.pdf and <id>-<layout>.md, the
truth to score against (images removed: a PDF's text layer cannot carry them).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

LAYOUTS = {
    "one-column": ("body { font-family: sans-serif; max-width: 40em; margin: 0 auto; }", False),
    "two-columns": ("body { font-family: serif; column-count: 2; column-gap: 2em; font-size: 11pt; }"
                    " h1 { column-span: all; } pre { white-space: pre-wrap; }", False),
    "ruled": ("body { font-family: serif; } table { border-collapse: collapse; }"
              " th, td { border: 1px solid #000; padding: 4px 8px; }"
              " pre { border: 1px solid #888; padding: 6px; }", False),
    "header-footer": ("body { font-family: sans-serif; }", True),
}

IMAGE_RE = re.compile(r"!\[[^\]]*\]\([^)]*\)")


def without_images(md):
    return IMAGE_RE.sub("", md)


def print_html(html_path, pdf_path, header_footer):
    args = ["chromium-headless-shell", "--headless", "--disable-gpu", "--no-sandbox",
            "--disable-background-networking", "--no-first-run", "--proxy-server=127.0.0.1:9",
            "--print-to-pdf=" + pdf_path]
    if not header_footer:
        args.append("--no-pdf-header-footer")
    args.append("file://" + os.path.abspath(html_path))
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


# Relative links in the truth resolve against this address, in the printed page (<base>) as in the
# scorer (score_pdf.py --base), so that both sides name the same absolute targets.
BASE = "https://dev.example/docs/page.html"


def html_document(body, title, css):
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><base href=\"" + BASE + "\"><title>" + title
            + "</title><style>" + css + "</style></head><body>" + body + "</body></html>")


def md_title(md):
    m = re.match(r"\s*#\s+(.+)", md)
    return m.group(1).strip() if m else "document"


# --- groff -----------------------------------------------------------------------------------

INLINE_RE = [(re.compile(r"<(https?://[^>]+)>"), r"\1"),
             (re.compile(r"\[([^\]]*)\]\([^)]*\)"), r"\1"), (re.compile(r"\*\*([^*]+)\*\*"), r"\1"),
             (re.compile(r"\*([^*]+)\*"), r"\1"), (re.compile(r"(?<!\w)_([^_]+)_(?!\w)"), r"\1"),
             (re.compile(r"`([^`]+)`"), r"\1")]


def plain(text):
    for pattern, repl in INLINE_RE:
        text = pattern.sub(repl, text)
    return text


def md_blocks(md):
    """Headings, paragraphs, bullet items and code blocks of a Markdown document (no tables)."""
    blocks, para, lines = [], [], md.split("\n")
    i = 0

    def flush():
        if para:
            blocks.append(("p", plain(" ".join(para))))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush()
            code = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                code.append(lines[i])
                i += 1
            blocks.append(("pre", "\n".join(code)))
        elif re.match(r"#{1,3}\s", line):
            flush()
            level = len(line) - len(line.lstrip("#"))
            blocks.append(("h", level, plain(line.lstrip("#").strip())))
        elif re.match(r"[-+*]\s", line):
            flush()
            blocks.append(("li", plain(line[2:].strip())))
        elif line.startswith("|") or line.startswith(">") or re.match(r"\d+\.\s|#{4,}", line):
            flush()
            while i + 1 < len(lines) and lines[i + 1].strip():
                i += 1
        elif not line.strip():
            flush()
        elif blocks and blocks[-1][0] == "li" and line.startswith("  ") and not para:
            blocks[-1] = ("li", blocks[-1][1] + " " + plain(line.strip()))
        else:
            para.append(line.strip())
        i += 1
    flush()
    return blocks


def md_text(text):
    """Printed text as Markdown that renders to it: a tag the code spans showed ("<div>") stays text."""
    return text.replace("&", "&amp;").replace("<", "&lt;")


def groff_escape(text):
    text = text.replace("\\", "\\e")
    return "\n".join(("\\&" + l if l[:1] in (".", "'") else l) for l in text.split("\n"))


def groff_pdf(md, pdf_path):
    blocks = md_blocks(md)
    ms, truth = [".nr PS 11", ".nr HY 0", ".nr GROWPS 3", ".nr PSINCR 3p", ".ds CH"], []
    for b in blocks:
        if b[0] == "h":
            ms += [".SH %d" % b[1], groff_escape(b[2])]
            truth.append("#" * b[1] + " " + b[2])
        elif b[0] == "p":
            ms += [".PP", groff_escape(b[1])]
            truth.append(md_text(b[1]))
        elif b[0] == "li":
            ms += [".IP \\(bu 2", groff_escape(b[1])]
            truth.append("- " + md_text(b[1]))
        else:
            ms += [".DS L", ".ft CR", groff_escape(b[1]), ".ft", ".DE"]
            truth.append("```\n" + b[1] + "\n```")
    with tempfile.NamedTemporaryFile("w", suffix=".ms", delete=False) as f:
        f.write("\n".join(ms) + "\n")
        source = f.name
    with open(pdf_path, "wb") as out:
        # -k: the Markdown is UTF-8, which groff reads as Latin-1 unless preconv translates it.
        subprocess.run(["groff", "-k", "-ms", "-Tpdf", "-P-pletter", source], check=True, stdout=out)
    os.unlink(source)
    return "\n\n".join(truth) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("truth_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--count", type=int, default=16)
    ap.add_argument("--groff", type=int, default=4)
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    ids = sorted(f[:-3] for f in os.listdir(a.truth_dir) if f.endswith(".md"))[: a.count]
    names = list(LAYOUTS)
    for n, pid in enumerate(ids):
        md = without_images(open(os.path.join(a.truth_dir, pid + ".md"), encoding="utf-8").read())
        layout = names[n % len(names)]
        css, header_footer = LAYOUTS[layout]
        body = subprocess.run(["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink"],
                              input=md.encode(), stdout=subprocess.PIPE, check=True).stdout.decode()
        stem = os.path.join(a.out_dir, "%s-%s" % (pid, layout))
        with open(stem + ".html", "w", encoding="utf-8") as f:
            f.write(html_document(body, md_title(md), css))
        print_html(stem + ".html", stem + ".pdf", header_footer)
        os.unlink(stem + ".html")
        with open(stem + ".md", "w", encoding="utf-8") as f:
            f.write(md)
        print(stem + ".pdf", file=sys.stderr)
    for pid in ids[: a.groff]:
        md = without_images(open(os.path.join(a.truth_dir, pid + ".md"), encoding="utf-8").read())
        stem = os.path.join(a.out_dir, "%s-groff" % pid)
        truth = groff_pdf(md, stem + ".pdf")
        with open(stem + ".md", "w", encoding="utf-8") as f:
            f.write(truth)
        print(stem + ".pdf", file=sys.stderr)


if __name__ == "__main__":
    main()
