#!/usr/bin/env python3
"""Checks the layout of lib/: the stages of lib/extract/src include only the stages before them,
and no folder of lib/ holds more than 12 source files. Prints each violation; exit 1 if any."""
import pathlib
import re
import sys

# The stages in the order a page flows through them; text/ is the foundation every stage may use,
# and the files directly in src/ (the pipeline) may use them all.
STAGES = ["text", "decode", "parse", "tree", "page_info", "content", "markdown"]
MAX_SOURCES_PER_FOLDER = 12
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def stage_rank(relative: pathlib.Path) -> int:
    return STAGES.index(relative.parts[0]) if len(relative.parts) > 1 else len(STAGES)


def check_layering(src: pathlib.Path) -> list[str]:
    problems = []
    for path in sorted(src.rglob("*.[ch]pp")):
        relative = path.relative_to(src)
        if len(relative.parts) > 1 and relative.parts[0] not in STAGES:
            problems.append(f"{relative}: folder {relative.parts[0]}/ is not a stage of {STAGES}")
            continue
        rank = stage_rank(relative)
        for included in INCLUDE.findall(path.read_text()):
            if included.startswith("pagemd/"):
                continue
            parts = pathlib.PurePosixPath(included).parts
            if len(parts) < 2 or parts[0] not in STAGES:
                problems.append(f"{relative}: includes \"{included}\", which names no stage folder")
            elif STAGES.index(parts[0]) > rank:
                problems.append(f"{relative}: includes \"{included}\", a later stage than {relative.parts[0]}/")
    return problems


def check_folder_sizes(lib: pathlib.Path) -> list[str]:
    problems = []
    for folder in sorted(p for p in lib.rglob("*") if p.is_dir()):
        sources = [p for p in folder.iterdir() if p.suffix in (".cpp", ".hpp")]
        if len(sources) > MAX_SOURCES_PER_FOLDER:
            problems.append(f"{folder.relative_to(lib)}/: {len(sources)} source files, over {MAX_SOURCES_PER_FOLDER}")
    return problems


def self_test() -> int:
    """The checks find what they must: an upward include, an unknown folder, a crowded folder."""
    import tempfile

    with tempfile.TemporaryDirectory() as root:
        lib = pathlib.Path(root)
        src = lib / "extract" / "src"
        for stage in ("text", "tree", "content"):
            (src / stage).mkdir(parents=True)
        (src / "text" / "ok.hpp").write_text('#include "text/other.hpp"\n#include "pagemd/core/error.hpp"\n')
        (src / "tree" / "up.cpp").write_text('#include "content/content.hpp"\n')
        (src / "content" / "flat.cpp").write_text('#include "content.hpp"\n')
        (src / "extractor.cpp").write_text('#include "content/content.hpp"\n')
        (src / "misc").mkdir()
        (src / "misc" / "x.cpp").write_text("")
        crowded = lib / "crowded" / "src"
        crowded.mkdir(parents=True)
        for i in range(MAX_SOURCES_PER_FOLDER + 1):
            (crowded / f"f{i}.cpp").write_text("")
        found = check_layering(src) + check_folder_sizes(lib)
    expected = ["tree/up.cpp: includes", "content/flat.cpp: includes", "misc/x.cpp: folder", "crowded/src/: 13"]
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
    problems = check_layering(src) + check_folder_sizes(lib)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
