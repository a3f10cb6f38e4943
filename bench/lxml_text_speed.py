#!/usr/bin/env python3
"""The anchor of issue 21's parser goal: libxml2's HTML parser (through lxml) parsing each page and
dumping its text, with no extraction at all ("lxml-text"). Same protocol as bench/extract_speed: every
page of a manifest ("path<TAB>url" lines) is read into memory before the clock starts, and each of
--repeat passes over all pages is timed. Prints one JSON object like extract_speed's.

    python3 bench/lxml_text_speed.py --manifest FILE [--repeat N]

Needs lxml (Debian's python3-lxml, for /usr/bin/python3; bench/speed.py finds an interpreter that has it).
"""

from __future__ import annotations

import argparse
import json
import resource
import time

import lxml.html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--manifest", required=True)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    pages = []
    with open(args.manifest, encoding="utf-8") as manifest:
        for line in manifest:
            path = line.rstrip("\n").split("\t")[0]
            if path:
                with open(path, "rb") as page:
                    pages.append(page.read())
    run_seconds, text_bytes, failures = [], 0, 0
    for _ in range(args.repeat):
        started = time.perf_counter()
        for html in pages:
            try:
                text_bytes += len(lxml.html.document_fromstring(html).text_content())
            except (ValueError, lxml.etree.ParserError):
                failures += 1
        run_seconds.append(time.perf_counter() - started)
    seconds = sum(run_seconds)
    conversions = len(pages) * args.repeat
    print(json.dumps({
        "tool": "lxml-text", "pages": len(pages), "bytes": sum(map(len, pages)), "repeat": args.repeat,
        "conversions": conversions, "failures": failures, "text_bytes": text_bytes, "seconds": seconds,
        "run_seconds": run_seconds, "pages_per_s": conversions / seconds if seconds else 0.0,
        "mb_per_s": sum(map(len, pages)) * args.repeat / 1e6 / seconds if seconds else 0.0,
        "peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }))


if __name__ == "__main__":
    main()
