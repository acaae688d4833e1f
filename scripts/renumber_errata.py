#!/usr/bin/env python3
"""Renumber docs/ERRATA.md and docs/READINGS.md (issue 23) and every reference to them.

The mapping is read from the headings as they stand: the errata kept in docs/ERRATA.md become
E1..En in the order they appear in the file (the file is grouped by seed), the entries moved to
docs/READINGS.md become R1..Rm in their order there. Every reference "E<old>" in the tracked
sources and documents (*.md, *.cpp, *.hpp, *.c, *.h, *.py, *.sh, *.txt, *.json, CMakeLists.txt;
not build*/ nor reports/out/) is rewritten in one pass, so an old number is never read as a new
one. Word boundaries: "E1" does not match inside "E10", "1E5" or "E2E"; numbers that are not in
the mapping (e.g. flake8's "E731") are left alone. A range "Ea-Eb" is expanded to the old
numbers it names, mapped, and written back as ranges of consecutive new numbers; a range that
now mixes errata and readings is printed for a human to reword.

The old -> new table is appended to docs/ERRATA.md under "Numbers before stop 29"; the script
refuses to run once that table exists (a second run would map new numbers as old ones).

Usage: python3 scripts/renumber_errata.py [--dry-run]   (from the repository root)
"""
import re
import subprocess
import sys

ERRATA = "docs/ERRATA.md"
READINGS = "docs/READINGS.md"
SELF = "scripts/renumber_errata.py"
TABLE_TITLE = "## Numbers before stop 29"
EXTS = (".md", ".cpp", ".hpp", ".c", ".h", ".py", ".sh", ".txt", ".json")

HEADING = re.compile(r"^### E(\d+)\.", re.M)
REF = re.compile(r"\bE(\d+)(?:(-|\u2013)E(\d+))?\b")


def mapping():
    with open(ERRATA, encoding="utf-8") as f:
        errata = [int(n) for n in HEADING.findall(f.read())]
    with open(READINGS, encoding="utf-8") as f:
        readings = [int(n) for n in HEADING.findall(f.read())]
    assert not set(errata) & set(readings), "a number is both an erratum and a reading"
    assert len(set(errata)) == len(errata) and len(set(readings)) == len(readings)
    m = {old: ("E", i + 1) for i, old in enumerate(errata)}
    m.update({old: ("R", i + 1) for i, old in enumerate(readings)})
    return errata, readings, m


def render(news):
    """[(kind, n)] sorted -> 'E3-E5, E7, R1' (consecutive runs of one kind joined by '-')."""
    out = []
    news = sorted(set(news))
    i = 0
    while i < len(news):
        j = i
        while j + 1 < len(news) and news[j + 1][0] == news[i][0] and news[j + 1][1] == news[j][1] + 1:
            j += 1
        a, b = news[i], news[j]
        out.append(f"{a[0]}{a[1]}" if i == j else f"{a[0]}{a[1]}-{b[0]}{b[1]}")
        i = j + 1
    return ", ".join(out)


def files():
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    for path in tracked:
        if path.startswith("build") or path.startswith("reports/out/"):
            continue
        if path == SELF:
            continue  # its own docstring names tokens such as E10 as examples
        if path.endswith(EXTS) or path.endswith("CMakeLists.txt"):
            yield path


def main():
    dry = "--dry-run" in sys.argv
    with open(ERRATA, encoding="utf-8") as f:
        if TABLE_TITLE in f.read():
            sys.exit(f"{ERRATA} already has '{TABLE_TITLE}': renumbered before, not running twice")
    errata, readings, m = mapping()
    review = []

    def sub(match, path, line):
        a, dash, b = match.group(1), match.group(2), match.group(3)
        a = int(a)
        if b is None:
            if a not in m:
                return match.group(0)
            k, n = m[a]
            return f"{k}{n}"
        b = int(b)
        olds = [o for o in range(a, b + 1) if o in m]
        if a not in m or b not in m or not olds:
            review.append((path, line, match.group(0), "range end not in the mapping: left alone"))
            return match.group(0)
        new = render([m[o] for o in olds])
        if "," in new:
            review.append((path, line, match.group(0), new))
        return new.replace("-", dash)

    changed = 0
    for path in files():
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        lines = text.split("\n")
        new_lines = [REF.sub(lambda mt, i=i: sub(mt, path, i + 1), l) for i, l in enumerate(lines)]
        if new_lines != lines:
            changed += 1
            for i, (o, n) in enumerate(zip(lines, new_lines)):
                if o != n:
                    print(f"{path}:{i + 1}: {n.strip()[:150]}")
            if not dry:
                with open(path, "w", encoding="utf-8") as f:
                    f.write("\n".join(new_lines))

    rows = [f"| E{old} | {m[old][0]}{m[old][1]} |" for old in sorted(m)]
    table = (f"\n{TABLE_TITLE}\n\n"
             "Until stop 29 (issue 23) the entries were numbered E1..E51 in the order they were found "
             "(E46 was never used). Old commit messages and reports use those numbers; this table "
             "maps them to the numbers above (E) and to the readings moved to "
             "[READINGS.md](READINGS.md) (R).\n\n"
             "| before stop 29 | now |\n|---|---|\n" + "\n".join(rows) + "\n")
    if not dry:
        with open(ERRATA, "a", encoding="utf-8") as f:
            f.write(table)
    print(f"{changed} files changed; {len(errata)} errata, {len(readings)} readings")
    for r in review:
        print("REVIEW", *r)


if __name__ == "__main__":
    main()
