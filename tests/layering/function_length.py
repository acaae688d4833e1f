#!/usr/bin/env python3
"""No function over 80 lines in the layer folders (docs/STYLE.md; issue 21).

usage: function_length.py SOURCE_DIR [--expect-offences]

Reads every .cpp/.hpp of the layer folders and measures each function defined at namespace
scope: from the line that opens it (a signature ending in '{' at column 0, or a signature
spread over a few lines) to its closing '}' at column 0. Prints "<file>:<line>: <n> lines:
<signature>" for each one longer than the limit and exits 1 if there is any. With
--expect-offences it checks SOURCE_DIR is a fixture with long functions and that every one is
reported (exits 1 when none is found), so the check is shown to fail.
"""
import os
import re
import sys

LIMIT = 80
LAYERS = ('model', 'reference', 'checkers', 'generators', 'proofs', 'program', 'engine',
          'reports', 'families', 'cli', 'mpi')
OPENS = re.compile(r'^[A-Za-z].*\)\s*(const)?\s*(override)?\s*(noexcept)?\s*\{\s*$')
STARTS = re.compile(r'^[A-Za-z].*[,(]\s*$')
NOT_FUNCTION = re.compile(r'^(namespace|class|struct|enum|extern|union|#)')


def long_functions(path):
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    out = []
    start = None
    for i, line in enumerate(lines):
        if start is None and not NOT_FUNCTION.match(line):
            if OPENS.match(line):
                start = i
            elif STARTS.match(line):
                for j in range(i + 1, min(i + 8, len(lines))):
                    if lines[j].rstrip().endswith('{'):
                        start = i
                        break
                    if lines[j].rstrip().endswith(';'):
                        break
        elif start is not None and line == '}':
            if i - start + 1 > LIMIT:
                out.append((start + 1, i - start + 1, lines[start].strip()))
            start = None
    return out


def main():
    root = sys.argv[1]
    expect = '--expect-offences' in sys.argv
    folders = [root] if expect else [os.path.join(root, f) for f in LAYERS]
    offences = 0
    for folder in folders:
        for dirpath, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if not name.endswith(('.cpp', '.hpp')):
                    continue
                path = os.path.join(dirpath, name)
                for line, n, head in long_functions(path):
                    print(f'{os.path.relpath(path, root)}:{line}: {n} lines: {head[:80]}')
                    offences += 1
    if expect:
        print(f'function length check: {offences} long function(s) found in the fixture')
        return 0 if offences >= 2 else 1
    print(f'function length: {offences} function(s) over {LIMIT} lines')
    return 1 if offences else 0


if __name__ == '__main__':
    sys.exit(main())
