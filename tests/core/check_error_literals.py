#!/usr/bin/env python3
"""Checks that the error table (lib/core/include/pagemd/core/error_codes.def) is the only place a
failure code is spelled: no string literal in lib/ or apps/ (comments aside) is a code's name. Code
that needs a code's wire string asks the table (core::to_string, kind_of). Prints each violation;
exit 1 if any."""
import pathlib
import re
import sys

TABLE = pathlib.Path("core/include/pagemd/core/error_codes.def")
ROW = re.compile(r"^PAGEMD_ERROR\((\w+),", re.MULTILINE)
# A C++ token stream reduced to what matters here: comments, raw strings, strings and characters.
TOKEN = re.compile(
    r"//[^\n]*"
    r"|/\*.*?\*/"
    r'|R"(?P<delim>[^(\s]*)\((?P<raw>.*?)\)(?P=delim)"'
    r'|"(?P<text>(?:[^"\\\n]|\\.)*)"'
    r"|'(?:[^'\\\n]|\\.)*'",
    re.DOTALL,
)


def code_names(table_text: str) -> set[str]:
    return set(ROW.findall(table_text))


def literals(source: str):
    """Each string literal's text and its line, comments skipped."""
    for match in TOKEN.finditer(source):
        text = match.group("text")
        if text is None:
            text = match.group("raw")
        if text is not None:
            yield text, source.count("\n", 0, match.start()) + 1


def violations(names: set[str], files: dict[str, str]) -> list[str]:
    problems = []
    for name, source in sorted(files.items()):
        for text, line in literals(source):
            if text in names:
                problems.append(f'{name}:{line}: "{text}" spells a code of the error table; use core::to_string')
    return problems


def self_test() -> int:
    names = {"busy", "internal"}
    files = {
        "ok.cpp": '// "busy" in a comment\n/* "internal" */ auto s = "busy signal"; char c = \'"\';',
        "bad.cpp": 'auto a = "x";\nif (code == "busy") {}\nauto r = R"(internal)";',
    }
    found = violations(names, files)
    expected = ['bad.cpp:2: "busy"', 'bad.cpp:3: "internal"']
    if [problem.split(" spells")[0] for problem in found] != expected:
        print("self-test failed:", found)
        return 1
    return 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1])
    names = code_names((root / "lib" / TABLE).read_text())
    if len(names) < 10:
        print(f"read only {len(names)} codes from {TABLE}")
        return 1
    files = {
        str(path.relative_to(root)): path.read_text()
        for folder in ("lib", "apps")
        for path in (root / folder).rglob("*")
        if path.suffix in (".cpp", ".hpp", ".inc", ".in") and path.is_file()
    }
    problems = violations(names, files)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
