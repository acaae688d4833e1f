#!/usr/bin/env python3
"""Figures of docs/PERFORMANCE.md "Tori: Z3 synthesis" and docs/RESULTS-tori-synth.md.

Usage: bench/tadt_synth_timing.py [BUILD_DIR] [--timeout S] [--rlimit N] [--prove-bound] [SIDES...]
Runs `collverify synth tadt --sides SIDES [--mesh] --format json` for each size (default: the
list below; a size written mAxB is a mesh) and prints one Markdown row per size: the Lemma 8
bound, the eccentricity, the height found, the status (optimal / inconclusive / timeout), the Z3
seconds of each attempt ("sym": the first query, restricted to trees invariant under the
rotation or point reflection of an odd torus) and the whole command's seconds (in-process, without start-up). Sizes run
one after another on one thread; the machine is shared, so compare rows of one run.
"""
import json
import subprocess
import sys

DEFAULT = (["2x2", "2x3", "3x3", "2x4", "3x4", "4x4", "3x5", "4x5", "5x5", "4x6", "5x6", "6x6",
            "6x7", "7x7", "6x8", "8x8", "9x9", "10x10", "11x11", "12x12",
            "2x2x2", "2x2x3", "2x3x3", "3x3x3", "3x3x4", "3x4x4", "4x4x4", "3x3x5", "4x4x5",
            "5x5x5", "6x6x6", "7x7x7",
            "m2x2", "m2x3", "m3x3", "m3x4", "m4x4", "m3x5", "m4x5", "m5x5", "m2x2x2", "m2x2x3",
            "m2x3x3", "m3x3x3"])


def main():
    args = sys.argv[1:]
    build, timeout, extra, sizes = "build", 600.0, [], []
    i = 0
    while i < len(args):
        if args[i] == "--timeout":
            timeout = float(args[i + 1]); i += 2
        elif args[i] == "--rlimit":
            extra += ["--rlimit", args[i + 1]]; i += 2
        elif args[i] == "--prove-bound":
            extra.append("--prove-bound"); i += 1
        elif "x" in args[i]:
            sizes.append(args[i]); i += 1
        else:
            build = args[i]; i += 1
    cv = f"{build}/cli/collverify"
    print("| network | N | Lemma 8 | ecc | height | status | Z3 s per attempt (height: outcome) | total s |")
    print("|---|---|---|---|---|---|---|---|")
    for size in sizes or DEFAULT:
        mesh = size.startswith("m")
        sides = size[1:] if mesh else size
        cmd = [cv, "synth", "tadt", "--sides", sides, "--format", "json", *extra]
        if mesh:
            cmd.append("--mesh")
        name = ("mesh " if mesh else "torus ") + sides
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            print(f"| {name} | | | | | timeout ({timeout:.0f} s) | | > {timeout:.0f} |", flush=True)
            continue
        if out.returncode == 2:
            print(f"| {name} | | | | | refused: {out.stderr.strip()} | | |", flush=True)
            continue
        d = json.loads(out.stdout)
        b = d["lower_bound"]
        tries = ", ".join(f"{a['height']}{' sym' if a.get('symmetric') else ''}: {a['outcome']} "
                          f"{a['seconds']:.2f}" for a in d["attempts"])
        print(f"| {name} | {d['nodes']} | {b['lemma8']} | {b['eccentricity']} | {d['height']} | "
              f"{d['status']} (exit {out.returncode}) | {tries} | {d['seconds']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
