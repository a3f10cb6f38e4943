#!/usr/bin/env python3
"""Hostile PDFs at full size, converted by `pagemd convert`: each must end in an error (or a
result) with exit status 5 or 0, never a crash (a signal) or a hang, and the time and peak memory
it took are reported. tests/data/pdf holds small versions of the same files for the unit tests;
these are too big to keep in the tree.

    hostile_pdfs.py BUILD/apps/pagemd-cli/pagemd [--out DIR]

  flate-bomb-1g      a content stream that inflates to 1 GiB of zero bytes
  deep-nesting-100k  100,000 nested arrays in the page's content
  blank-5000         5,000 empty pages (over max_pages: refused before any page is read)
  blank-499          499 empty pages (read, found without text)
  truncated, bad-xref, encrypted, image-only: as in tests/data/pdf, from its generator
"""

import argparse
import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "tests", "data", "pdf", "make_fixtures.py")


def fixtures_module():
    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bomb(size):
    """zlib of `size` zero bytes, compressed in pieces so that the generator stays small itself."""
    z = zlib.compressobj(9)
    chunk = b"\0" * (1 << 24)
    out = [z.compress(chunk) for _ in range(size // len(chunk))]
    return b"".join(out) + z.flush()


def make(out_dir):
    fx = fixtures_module()
    paths = {}

    def path(name):
        paths[name] = os.path.join(out_dir, name + ".pdf")
        return paths[name]

    gib = bomb(1 << 30)
    fx.write_pdf(path("flate-bomb-1g"), [fx.Page()], raw_content=[(b"FlateDecode", gib)])
    nested = zlib.compress(b"[" * 100000 + b"]" * 100000, 9)
    fx.write_pdf(path("deep-nesting-100k"), [fx.Page()], raw_content=[(b"FlateDecode", nested)])
    fx.write_pdf(path("blank-5000"), [fx.Page() for _ in range(5000)])
    fx.write_pdf(path("blank-499"), [fx.Page() for _ in range(499)])
    with tempfile.TemporaryDirectory() as small:
        fx.OUT = small
        subprocess.run([sys.executable, FIXTURES, small], check=True)
        for name in ("truncated", "bad-xref", "encrypted", "image-only"):
            with open(os.path.join(small, name + ".pdf"), "rb") as f, open(path(name), "wb") as g:
                g.write(f.read())
    return paths


def run(pagemd, pdf):
    start = time.monotonic()
    p = subprocess.Popen([pagemd, "convert", pdf], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        return "HANG", time.monotonic() - start, 0, ""
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return p.returncode, time.monotonic() - start, peak, err.decode("utf-8", "replace").strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pagemd")
    ap.add_argument("--out", help="keep the PDFs here (default: a temporary directory)")
    a = ap.parse_args()
    out_dir = a.out or tempfile.mkdtemp(prefix="pagemd-hostile-")
    os.makedirs(out_dir, exist_ok=True)
    paths = make(out_dir)
    bad = 0
    print("%-20s %8s %8s %10s  %s" % ("file", "status", "seconds", "peak MiB", "stderr"))
    for name, pdf in paths.items():
        status, took, rss, err = run(a.pagemd, pdf)
        # The children's peak RSS is a running maximum: a later, smaller run shows the earlier peak.
        ok = status in (0, 5)
        bad += 0 if ok else 1
        print("%-20s %8s %8.2f %10.0f  %s" % (name, status, took, rss, err[-90:]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
