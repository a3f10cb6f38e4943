#!/usr/bin/env python3
"""Checks the layout of lib/: the stages of lib/extract/src include only the stages they build on,
and of the library's public headers only the shared types; no folder of lib/ holds more than 12
source files. Prints each violation; exit 1 if any."""
import pathlib
import re
import sys

# The stages in the order a page flows through them, each with the earlier stages it builds on.
# text/ is the foundation every stage may use; markup/ holds what of HTML's syntax the parser and
# later stages read (tag names, where a script ends). content/ and markdown/ both build on tree/, not on
# page_info/ or on each other: what they share (the selection content/ makes and markdown/ renders)
# lies in tree/. The files directly in src/ (the pipeline) may use them all.
STAGES = {
    "text": [],
    "markup": ["text"],
    "decode": ["text", "markup"],
    "parse": ["text", "markup", "decode"],
    "tree": ["text", "decode", "parse"],
    "math": ["text", "decode", "parse", "tree"],
    "page_info": ["text", "decode", "parse", "tree"],
    "content": ["text", "parse", "tree"],
    "markdown": ["text", "parse", "math", "tree"],
    "walls": ["text", "decode", "parse", "tree"],
}
# Of the library's public headers, a stage includes core's and the types the stages share with the
# library's users; pagemd/extract/extractor.hpp is the pipeline's, which runs the stages.
STAGE_PUBLIC_HEADERS = ("pagemd/core/", "pagemd/extract/types.hpp")
MAX_SOURCES_PER_FOLDER = 12
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def check_stage_order() -> list[str]:
    """Each stage builds only on stages before it, so the includes cannot form a cycle."""
    order = list(STAGES)
    return [f"STAGES: {stage}/ builds on {used}/, which does not come before it"
            for stage, uses in STAGES.items() for used in uses
            if used not in STAGES or order.index(used) >= order.index(stage)]


def check_layering(src: pathlib.Path) -> list[str]:
    problems = []
    for path in sorted(src.rglob("*.[ch]pp")):
        relative = path.relative_to(src)
        if len(relative.parts) > 1 and relative.parts[0] not in STAGES:
            problems.append(f"{relative}: folder {relative.parts[0]}/ is not a stage of {list(STAGES)}")
            continue
        stage = relative.parts[0] if len(relative.parts) > 1 else None  # None: the pipeline
        for included in INCLUDE.findall(path.read_text()):
            if included.startswith("pagemd/"):
                if stage is not None and not included.startswith(STAGE_PUBLIC_HEADERS):
                    problems.append(f"{relative}: includes \"{included}\"; a stage takes the shared types from "
                                    "pagemd/extract/types.hpp")
                continue
            parts = pathlib.PurePosixPath(included).parts
            if len(parts) < 2 or parts[0] not in STAGES:
                problems.append(f"{relative}: includes \"{included}\", which names no stage folder")
            elif stage is not None and parts[0] != stage and parts[0] not in STAGES[stage]:
                problems.append(f"{relative}: includes \"{included}\", but {stage}/ builds only on "
                                f"{', '.join(s + '/' for s in STAGES[stage]) or 'nothing'}")
    return problems


def check_folder_sizes(lib: pathlib.Path) -> list[str]:
    problems = []
    for folder in sorted(p for p in lib.rglob("*") if p.is_dir()):
        sources = [p for p in folder.iterdir() if p.suffix in (".cpp", ".hpp")]
        if len(sources) > MAX_SOURCES_PER_FOLDER:
            problems.append(f"{folder.relative_to(lib)}/: {len(sources)} source files, over {MAX_SOURCES_PER_FOLDER}")
    return problems


def self_test() -> int:
    """The checks find what they must: an include of a later stage, of an earlier stage not built on, of
    the pipeline's header, an unknown folder, a crowded folder; the allowed includes pass."""
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        lib = pathlib.Path(root)
        src = lib / "extract" / "src"
        for stage in ("text", "tree", "content", "markdown"):
            (src / stage).mkdir(parents=True)
        (src / "text" / "ok.hpp").write_text('#include "text/other.hpp"\n#include "pagemd/core/error.hpp"\n')
        (src / "tree" / "up.cpp").write_text('#include "content/content.hpp"\n')
        (src / "content" / "flat.cpp").write_text('#include "content.hpp"\n')
        (src / "content" / "ok.hpp").write_text('#include "tree/selector.hpp"\n#include "pagemd/extract/types.hpp"\n')
        (src / "content" / "pipeline.hpp").write_text('#include "pagemd/extract/extractor.hpp"\n')
        (src / "markdown" / "sibling.hpp").write_text('#include "content/content.hpp"\n')
        (src / "extractor.cpp").write_text('#include "content/content.hpp"\n#include "pagemd/extract/extractor.hpp"\n')
        (src / "misc").mkdir()
        (src / "misc" / "x.cpp").write_text("")
        crowded = lib / "crowded" / "src"
        crowded.mkdir(parents=True)
        for i in range(MAX_SOURCES_PER_FOLDER + 1):
            (crowded / f"f{i}.cpp").write_text("")
        found = check_stage_order() + check_layering(src) + check_folder_sizes(lib)
    expected = ["tree/up.cpp: includes", "content/flat.cpp: includes", "content/pipeline.hpp: includes",
                "markdown/sibling.hpp: includes", "misc/x.cpp: folder", "crowded/src/: 13"]
    missing = [e for e in expected if not any(p.startswith(e) for p in found)]
    for e in missing:
        print(f"self-test: no problem reported for {e}")
    if len(found) != len(expected):
        print(f"self-test: {len(found)} problems reported, {len(expected)} expected: {found}")
    return 1 if missing or len(found) != len(expected) else 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print("usage: check_layering.py LIB_DIR | --self-test", file=sys.stderr)
        return 2
    lib = pathlib.Path(sys.argv[1])
    src = lib / "extract" / "src"
    if not src.is_dir():
        print(f"no {src}", file=sys.stderr)
        return 2
    problems = check_stage_order() + check_layering(src) + check_folder_sizes(lib)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
