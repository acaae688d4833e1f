#!/usr/bin/python3
"""docs/schema/<command>.schema.json against the JSON the commands print, with Debian's validator
(python3-jsonschema, draft 2020-12); docs/FORMATS.md "Command outputs" describes them.

- Every schema is a valid draft 2020-12 schema and docs/FORMATS.md links it; the $defs that
  solve.schema.json and reduce-partition.schema.json share are identical, and every schema's
  $defs/envelope is envelope.schema.json's.
- Every JSON output (also the routed schedules and each instance of trees --dist all) starts with
  the envelope "collverify": {"version", "command", "format": 1}: the version collverify
  --version prints, the command that ran.
- The built collverify runs every command with JSON output on small inputs: passing, failing and
  inconclusive where the command has them (exit 0 / 1 / 3). Each output must validate, its exit
  code must be the expected one and agree with what the output says (exit_code, verdict).
- The routed-schedule outputs (schedule hypercube|torus|fractional --format json) are
  collverify-routed/1: `verify routed --schedule-file` must accept them.
- Bad input (exit 2) prints nothing on stdout; the text outputs have the lines FORMATS.md names;
  the p = 4 schedule FORMATS.md and DESIGN.md show is the one schedule bcast prints.
- Mutants of valid outputs (a field of the wrong type, a missing required field, an unknown key,
  a word outside an enum, an exit code that contradicts the outcome) must be rejected: the schemas
  are not so loose that they accept anything.

Usage: command_schemas_test.py SOURCE_DIR COLLVERIFY
Exit 0 all held, 1 a check failed, 77 (skipped) without jsonschema or the built collverify.
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:
    print("SKIP: python3-jsonschema is not installed (scripts/install-deps.sh installs it)")
    sys.exit(77)

if len(sys.argv) != 3:
    print(__doc__)
    sys.exit(2)
source, collverify = Path(sys.argv[1]), Path(sys.argv[2])
if not os.access(collverify, os.X_OK):
    print(f"SKIP: {collverify} is not built (cmake --build <build> --target collverify)")
    sys.exit(77)

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


SCHEMAS = ["schedule-bcast", "compare-bcast", "prove", "count-schedules", "trees", "solve",
           "reduce-partition", "fractional-cost", "synth-tadt"]
formats_md = (source / "docs" / "FORMATS.md").read_text()
validators, schemas = {}, {}
for name in SCHEMAS:
    path = source / "docs" / "schema" / f"{name}.schema.json"
    try:
        schema = json.loads(path.read_text())
        Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as e:
        check(False, f"{path.name} is a valid draft 2020-12 schema: {getattr(e, 'message', e)}")
        continue
    check(True, f"{path.name} is a valid draft 2020-12 schema")
    check(f"schema/{name}.schema.json" in formats_md, f"docs/FORMATS.md links {path.name}")
    schemas[name] = schema
    validators[name] = Draft202012Validator(schema)
if len(validators) != len(SCHEMAS):
    sys.exit(1)

envelope_path = source / "docs" / "schema" / "envelope.schema.json"
envelope_schema = json.loads(envelope_path.read_text())
Draft202012Validator.check_schema(envelope_schema)
envelope_def = envelope_schema["$defs"]["envelope"]
check("schema/envelope.schema.json" in formats_md, "docs/FORMATS.md links envelope.schema.json")
for name in SCHEMAS:
    check(schemas[name].get("$defs", {}).get("envelope") == envelope_def,
          f"{name}.schema.json's $defs/envelope is envelope.schema.json's")

shared = set(schemas["solve"]["$defs"]) & set(schemas["reduce-partition"]["$defs"])
differ = sorted(k for k in shared
                if schemas["solve"]["$defs"][k] != schemas["reduce-partition"]["$defs"][k])
check("nonordered_solvers" in shared and not differ,
      f"solve and reduce-partition share their $defs unchanged ({len(shared)} shared"
      + (f"; differ: {', '.join(differ)})" if differ else ")"))


def errors(schema, doc):
    """Every error, the most relevant first (best_match looks inside oneOf for the branch that
    came closest, so a mutant's message names the field that was changed)."""
    found = list(validators[schema].iter_errors(doc))
    if not found:
        return []
    best = jsonschema.exceptions.best_match(found)
    while best.context:
        best = jsonschema.exceptions.best_match(best.context)
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:160]}" for e in [best, *found]]


def command_of(args):
    """The envelope's command: the words before the first flag."""
    words = []
    for a in args:
        if a.startswith("-"):
            break
        words.append(a)
    return " ".join(words)


VERSION = None


def envelope_ok(doc, command):
    """doc's first key is the envelope, naming `command`, format 1 and collverify's version."""
    objs = doc if isinstance(doc, list) else [doc]
    return bool(objs) and all(
        isinstance(o, dict) and list(o)[:1] == ["collverify"]
        and o["collverify"] == {"version": VERSION, "command": command, "format": 1}
        and list(o["collverify"]) == ["version", "command", "format"]
        for o in objs)


def run(args, timeout=120):
    start = time.monotonic()
    r = subprocess.run([str(collverify), *args], capture_output=True, text=True, timeout=timeout)
    return r, time.monotonic() - start


def schedule_shape(doc):
    """What the schema cannot say: the lengths of skips, baseblock and the tables."""
    p, q = doc["p"], doc["q"]
    rows_ok = all(len(doc[t]) == p and all(len(row) == q for row in doc[t]) for t in ("recv", "send"))
    entries_ok = all(-q <= v < q for t in ("recv", "send") for row in doc[t] for v in row)
    return (len(doc["skips"]) == q + 1 and rows_ok and entries_ok
            and len(doc.get("baseblock", [0] * p)) == p and (p == 1 or q == (p - 1).bit_length()))


VERDICT_OF_EXIT = {0: "holds", 1: "violation", 3: "inconclusive"}


def consistent(schema, doc, code):
    """The output's own account of the exit code agrees with the process's."""
    if isinstance(doc, dict) and "exit_code" in doc:
        return doc["exit_code"] == code
    if schema in ("solve", "reduce-partition"):
        return doc["verdict"] == VERDICT_OF_EXIT.get(code)
    if schema == "compare-bcast":
        return (code == 1) == (doc["invalid_count"] > 0) and doc["complete"]
    if schema == "schedule-bcast":
        return schedule_shape(doc)
    return True


EX = source / "examples"
tmp = Path(tempfile.mkdtemp(prefix="collverify-command-schemas."))
costs = tmp / "costs.json"
costs.write_text('{"alpha": [[0, 5, 9], [5, 0, 2], [9, 2, 0]], "beta": [[0, 1, 1], [1, 0, 1], [1, 1, 0]],'
                 ' "gamma": [1, 1, 1]}')
# (name, schema, expected exit code, arguments after `collverify`)
RUNS = [
    ("schedule bcast p = 1", "schedule-bcast", 0, ["schedule", "bcast", "--p", "1", "--format", "json"]),
    ("schedule bcast alg45", "schedule-bcast", 0, ["schedule", "bcast", "--p", "20", "--format", "json"]),
    ("schedule bcast logp", "schedule-bcast", 0,
     ["schedule", "bcast", "--p", "33", "--construction", "logp", "--format", "json"]),
    ("compare bcast, both valid", "compare-bcast", 0, ["compare", "bcast", "--p", "2..64", "--format", "json"]),
    ("compare bcast, literal alg45 invalid", "compare-bcast", 1,
     ["compare", "bcast", "--p", "2..40", "--transcription", "literal", "--format", "json"]),
    ("prove skips", "prove", 0, ["prove", "skips", "--format", "json"]),
    ("prove skips floor: counterexamples", "prove", 1, ["prove", "skips", "--variant", "floor", "--format", "json"]),
    ("prove skips rlimit 1: inconclusive", "prove", 3, ["prove", "skips", "--rlimit", "1", "--format", "json"]),
    ("prove bcast", "prove", 0, ["prove", "bcast", "--p", "9", "--format", "json"]),
    ("prove bcast broken file", "prove", 1,
     ["prove", "bcast", "--schedule-file", str(EX / "schedules" / "bcast_p20_broken.json"), "--format", "json"]),
    ("prove bcast wrong skips (no rank/round/block)", "prove", 1,
     ["prove", "bcast", "--schedule-file", str(tmp / "bad_skips.json"), "--format", "json"]),
    ("prove bcast rlimit 1: inconclusive", "prove", 3,
     ["prove", "bcast", "--p", "20", "--rlimit", "1", "--format", "json"]),
    ("count-schedules both", "count-schedules", 0, ["count-schedules", "--p", "2..5", "--format", "json"]),
    ("count-schedules z3 alone", "count-schedules", 0,
     ["count-schedules", "--p", "4..5", "--method", "z3", "--format", "json"]),
    ("count-schedules limit reached: inconclusive", "count-schedules", 3,
     ["count-schedules", "--p", "9", "--method", "backtracking", "--limit", "2", "--format", "json"]),
    ("count-schedules rlimit 1: inconclusive", "count-schedules", 3,
     ["count-schedules", "--p", "5", "--method", "z3", "--rlimit", "1", "--format", "json"]),
    ("count-schedules structured, twin cut by --limit: exact", "count-schedules", 0,
     ["count-schedules", "--p", "17,33", "--method", "structured", "--limit", "10", "--format", "json"]),
    ("count-schedules all three", "count-schedules", 0,
     ["count-schedules", "--p", "8..9", "--method", "all", "--format", "json"]),
    ("trees one instance", "trees", 0, ["trees", "--p", "8"]),
    ("trees --dist all, real costs", "trees", 0, ["trees", "--p", "6", "--alpha", "2.5", "--dist", "all"]),
    ("trees per-pair costs", "trees", 0,
     ["trees", "--sizes", "3,0,7", "--costs-file", str(costs), "--root", "2", "--format", "json"]),
    ("solve nonordered all solvers", "solve", 0, ["solve", "nonordered", "--blocks", "1,2,3,4"]),
    ("solve nonordered fixed root, paid", "solve", 0,
     ["solve", "nonordered", "--blocks", "4,1,3", "--root", "1", "--leaf-copy", "paid", "--solver", "all"]),
    ("solve nonordered z3 rlimit 1: inconclusive", "solve", 3,
     ["solve", "nonordered", "--blocks", "1,2,3,4", "--solver", "z3", "--rlimit", "1"]),
    ("solve nonordered bnb node limit: inconclusive", "solve", 3,
     # alpha 20: at alpha 1 the local search's first incumbent meets the root bound, so the
     # optimum is proved with no node and the limit is never reached.
     ["solve", "nonordered", "--blocks", "5,1,7,3,9,2,8,4,6,10,11,3", "--alpha", "20", "--solver", "bnb",
      "--node-limit", "1"]),
    ("solve kported", "solve", 0, ["solve", "kported", "--blocks", "3,5,2,7", "--ports", "2"]),
    ("solve kported z3 rlimit 1: inconclusive", "solve", 3,
     ["solve", "kported", "--blocks", "3,5,2,7", "--solver", "z3", "--rlimit", "1"]),
    ("solve kported bnb, brute force skipped", "solve", 0,
     ["solve", "kported", "--blocks", ",".join(["3", "5", "2", "7"] + ["1"] * 21), "--solver", "bnb"]),
    ("solve mbt", "solve", 0, ["solve", "mbt", "--vertices", "4", "--edges", "0-1,1-2,2-3"]),
    ("solve mbt rlimit 1: inconclusive", "solve", 3,
     ["solve", "mbt", "--vertices", "4", "--edges", "0-1,1-2,2-3", "--rlimit", "1"]),
    ("solve mbt 12 vertices, no brute force", "solve", 0,
     ["solve", "mbt", "--vertices", "12", "--edges", ",".join(f"{i}-{i + 1}" for i in range(11))]),
    ("reduce partition", "reduce-partition", 0, ["reduce", "partition", "--values", "1,2,3"]),
    ("reduce partition, no partition", "reduce-partition", 0,
     ["reduce", "partition", "--values", "2,4,6,10", "--solver", "subset-dp"]),
    ("reduce partition 1,1,4 (assumptions fail)", "reduce-partition", 0,
     ["reduce", "partition", "--values", "1,1,4", "--solver", "subset-dp", "--leaf-copy", "paid"]),
    ("reduce partition z3 rlimit 1: inconclusive", "reduce-partition", 3,
     ["reduce", "partition", "--values", "1,2,3", "--solver", "z3", "--rlimit", "1"]),
    ("fractional", "fractional-cost", 0, ["fractional", "--P", "64", "--k-over-t", "100", "--format", "json"]),
    ("fractional P = 1", "fractional-cost", 0, ["fractional", "--P", "1", "--k-over-t", "1", "--format", "json"]),
    ("fractional P = 2, the paper's rule noted", "fractional-cost", 0,
     ["fractional", "--P", "2", "--k-over-t", "0.001", "--format", "json"]),
    ("synth tadt torus", "synth-tadt", 0, ["synth", "tadt", "--sides", "3x3", "--format", "json"]),
    ("synth tadt mesh", "synth-tadt", 0, ["synth", "tadt", "--sides", "2x2", "--mesh", "--format", "json"]),
    ("synth tadt rlimit 1: inconclusive", "synth-tadt", 3,
     ["synth", "tadt", "--sides", "3x3", "--rlimit", "1", "--format", "json"]),
]

samples = {}
total_start = time.monotonic()
try:
    # A schedule whose skips are wrong: prove bcast's witness has no rank, round or block.
    r, _ = run(["schedule", "bcast", "--p", "5", "--format", "json"])
    bad = json.loads(r.stdout)
    bad["skips"][2] += 1
    (tmp / "bad_skips.json").write_text(json.dumps(bad))

    r, _ = run(["--version"])
    VERSION = r.stdout.split()[-1] if r.returncode == 0 and r.stdout.split() else None
    check(VERSION is not None and re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", VERSION),
          f"collverify --version prints a version: {r.stdout!r}")

    for name, schema, want, args in RUNS:
        r, took = run(args)
        if r.returncode != want:
            check(False, f"{name}: exit {r.returncode}, expected {want}\n{r.stdout[-600:]}{r.stderr[-600:]}")
            continue
        try:
            doc = json.loads(r.stdout)
        except ValueError as e:
            check(False, f"{name}: stdout is JSON ({e})\n{r.stdout[:400]}")
            continue
        errs = errors(schema, doc)
        check(not errs, f"{name} ({took:.2f} s): validates against {schema}.schema.json"
              + "".join(f"\n    {e}" for e in errs[:5]))
        check(consistent(schema, doc, r.returncode), f"{name}: the output agrees with exit {r.returncode}")
        check(envelope_ok(doc, command_of(args)),
              f"{name}: starts with the envelope (command '{command_of(args)}', format 1, version {VERSION})")
        samples[name] = doc

    # A field that does not apply is null, as in summary.json; it was INT64_MIN (issue 25).
    w = samples.get("prove bcast wrong skips (no rank/round/block)", {}).get("witness", {})
    check(w.get("property") == "skips" and all(k in w and w[k] is None for k in ("rank", "round", "block")),
          f"prove bcast: a witness without rank, round, block gives null for them: {w}")

    # One type per key (format 1). JSON Schema's "integer" admits 16.0, so the types are checked
    # here as Python reads them: brute_force_assignments an int or null (it was 16.0 or the
    # string "over 1e7: skipped"), first_bound an int (or "tree_time_upper_bound"), problem.root
    # an int or null in every solve output (it was "best" or "1" in solve nonordered).
    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)
    ran = samples.get("solve kported", {}).get("brute_force_assignments")
    skipped = samples.get("solve kported bnb, brute force skipped", {}).get("brute_force_assignments", 0)
    check(is_int(ran) and ran == 16 and skipped is None,
          f"solve kported: brute_force_assignments is k^n as an int (16: {ran!r}) or null when skipped ({skipped!r})")
    bounds = [samples.get(n, {}).get("solvers", {}).get("z3", {}).get("first_bound")
              for n in ("solve nonordered all solvers", "solve nonordered z3 rlimit 1: inconclusive")]
    check(all(is_int(b) for b in bounds) and bounds[0] == samples["solve nonordered all solvers"]["optimum"],
          f"solve nonordered: z3.first_bound is an int, the other solvers' optimum or the upper bound: {bounds}")
    roots = [samples.get(n, {}).get("problem", {}).get("root", "absent") for n in
             ("solve nonordered all solvers", "solve nonordered fixed root, paid", "solve mbt")]
    check(roots == [None, 1, 0], f"solve: problem.root is null for the best root, else the rank as an int: {roots}")
    check(samples.get("reduce partition", {}).get("instance", {}).get("root", "absent") is None,
          "reduce partition: instance.root is null (the solvers choose the best root)")

    # count-schedules: a method that did not run is null, never -1 / true / 0, and agree is
    # judged (a bool) only between two complete enumerations.
    def row0(n):
        return samples.get(n, {}).get("rows", [{}])[0]
    z3_alone, bt_alone = row0("count-schedules z3 alone"), row0("count-schedules limit reached: inconclusive")
    check(all(z3_alone.get(k, 0) is None for k in ("backtracking_count", "backtracking_complete",
                                                     "backtracking_seconds", "agree", "structured_count",
                                                     "structured_agrees", "stage1_solutions")),
          f"count-schedules --solver z3: the backtracking's and the structured counter's fields and agree are null: {z3_alone}")
    check(all(bt_alone.get(k, 0) is None for k in ("z3_count", "z3_complete", "z3_last", "z3_calls", "agree")),
          f"count-schedules --solver backtracking: Z3's fields and agree are null: {bt_alone}")
    check(row0("count-schedules both").get("agree") is True, "count-schedules both: agree is true")

    # fractional --P 1: nothing is sent, d = 0, s = 0, steps = 0 (d was -1, the recurrence's depth).
    one = samples.get("fractional P = 1", {})
    rows1 = [one.get(k, {}) for k in ("paper_choice", "best", "chain", "binary", "circulant", "lower_bound")]
    check(all(r.get("d") == 0 and r.get("s") == 0 and r.get("steps") == 0 for r in rows1),
          f"fractional --P 1: every row has d = 0, s = 0, steps = 0: {rows1}")

    # The routed schedules: collverify-routed/1, read back by verify routed.
    for name, args in [
        ("schedule hypercube", ["schedule", "hypercube", "--algo", "aab", "--d", "3"]),
        ("schedule torus", ["schedule", "torus", "--algo", "tadt", "--sides", "3x3"]),
        ("schedule fractional", ["schedule", "fractional", "--layout", "fractional", "--P", "6", "--r", "2",
                                 "--s", "2"]),
    ]:
        r, _ = run([*args, "--format", "json"])
        path = tmp / (name.replace(" ", "_") + ".json")
        path.write_text(r.stdout)
        doc = json.loads(r.stdout)
        ok = r.returncode == 0 and doc.get("format") == "collverify-routed/1"
        check(envelope_ok(doc, name), f"{name} --format json starts with the envelope")
        v, _ = run(["verify", "routed", "--schedule-file", str(path)])
        check(ok and v.returncode == 0,
              f"{name} --format json is collverify-routed/1 and verify routed passes it (exit {v.returncode})")

    # The schedule printed in docs (FORMATS.md "schedule bcast", DESIGN.md "Schedule conventions")
    # is what schedule bcast --p 4 prints: a schedule that passes verify bcast.
    r, _ = run(["schedule", "bcast", "--p", "4", "--format", "json"])
    real = json.loads(r.stdout)
    design = (source / "docs" / "DESIGN.md").read_text()
    for doc_name, text, heading in [("FORMATS.md", formats_md, "### schedule bcast"),
                                    ("DESIGN.md", design, "## Schedule conventions")]:
        block = re.search(r"```(?:json)?\n(.*?)```", text[text.find(heading):], re.DOTALL)
        try:
            shown = json.loads(block.group(1)) if block else None
        except ValueError:
            shown = None
        # The docs show the envelope with the version of their writing; the rest must be equal.
        if isinstance(shown, dict) and isinstance(shown.get("collverify"), dict):
            shown["collverify"]["version"] = real.get("collverify", {}).get("version")
        check(shown == real, f"docs/{doc_name} ({heading}) shows what schedule bcast --p 4 prints")

    # Bad input: exit 2, a message on stderr, nothing on stdout.
    for args in [["compare", "bcast", "--p", "2..8", "--format", "yaml"],
                 ["prove", "bcast", "--p", "1", "--format", "json"],
                 ["count-schedules", "--p", "1..3", "--format", "json"],
                 ["trees", "--p", "0"],
                 ["solve", "nonordered", "--blocks", "1,x"],
                 ["solve", "kported", "--blocks", "1,2", "--ports", "0"],
                 ["solve", "mbt", "--vertices", "3", "--edges", "0-1"],
                 ["reduce", "partition", "--values", "1,2"],
                 ["fractional", "--P", "0", "--k-over-t", "1", "--format", "json"],
                 ["synth", "tadt", "--sides", "3", "--format", "json"],
                 # One PU: no schedule, and its depth was printed as d = -1 (format 1 refuses it).
                 ["schedule", "fractional", "--layout", "chain", "--P", "1", "--s", "2", "--format", "json"],
                 ["schedule", "fractional", "--layout", "fractional", "--r", "2", "--P", "1", "--s", "2"]]:
        r, _ = run(args)
        check(r.returncode == 2 and r.stdout == "" and r.stderr.startswith("collverify: ")
              and (args[:2] != ["schedule", "fractional"] or "--P" in r.stderr and "1" in r.stderr),
              f"bad input `{' '.join(args)}`: exit {r.returncode} (2), stdout empty, message on stderr"
              + (f": {r.stderr.strip()}" if args[:2] == ["schedule", "fractional"] else ""))

    # The text outputs have the lines docs/FORMATS.md names.
    TEXT = [
        (["schedule", "bcast", "--p", "4"], 0, [r"^p = 4, q = 2, skips = 1 2 4$", r"^r +0 +1 +2 +3$",
                                                r"^baseblock ", r"^recv\[1\] ", r"^send\[0\] "]),
        (["compare", "bcast", "--p", "2..12", "--transcription", "literal"], 1,
         [r"^p=5 alg45 INVALID: no_redundant_receive at rank \d+, round \d+, block -?\d+: ",
          r"^p=5 differs in \d+ entries; first: rank \d+ round \d+ (recv|send): alg45 -?\d+ logp -?\d+$",
          r"^compared 11 p: tables differ for \d+, a construction is invalid for \d+$"]),
        (["prove", "skips", "--variant", "floor"], 1,
         [r"^prove skips: ", r"^PROVED +halving_terminates: ", r"^COUNTEREXAMPLE +\w+: ", r"^  formula: ",
          r"^  counterexample: \w+ = -?\d+", r"^\d+ obligations, [0-9.]+ s: a counterexample was found$"]),
        (["prove", "bcast", "--p", "9"], 0, [r"^prove bcast: the reference schedule for p = 9 \(q = 4\), Z3 ",
                                             r"^PROVED: unsat, .* the fast checker agrees$"]),
        (["count-schedules", "--p", "2..3"], 0, [r"^count-schedules: ", r"^ +p +q +z3 +backtrack +structured +agree +z3_s +bt_s +st_s +rechecks$",
                                                 r"^ +3 +2 +1 +1 +- +yes +[0-9.]+ +[0-9.]+ +[0-9.]+ +pass$"]),
        (["count-schedules", "--p", "9", "--method", "structured"], 0,
         [r"^ +9 +4 +- +9 +9 +- +[0-9.]+ +[0-9.]+ +[0-9.]+ +pass$"]),
        (["trees", "--p", "4", "--format", "md"], 0, [r"^Gather tree completion times, p = 4, ",
                                                      r"^\| Distribution \| Root \| Linear \| Binary \| Oblivious \| Adaptive \| Optimal \| Two \|$",
                                                      r"^\| same \| fixed r = 2 \|( \d+ \|){5} - \|$", r"^\| \| best \|( \d+ \[\d+\] \|){5} - \|$"]),
        (["fractional", "--P", "64", "--k-over-t", "100"], 0, [r"^Fractional trees \(seed 002\), P = 64, k/t = 100: ",
                                                               r"^chain +inf ", r"^lower bound +- ", r"^Fastest here: circulant\.$"]),
        (["synth", "tadt", "--sides", "3x3"], 0, [r"^synth tadt: torus 3x3 \(9 nodes\), ", r"^lower bound: max\(Lemma 8: ",
                                                  r"^  height 2 \(symmetric trees only\): sat ", r"^tree rooted at 0 \(height 2\):$",
                                                  r"^  level 0: ", r"^re-check .*: pass$", r"^OPTIMAL: height 2; "]),
        (["schedule", "hypercube", "--algo", "oab", "--d", "2"], 0, [r"^hypercube oab, d = 2 \(N = 4\), root 0; ",
                                                                    r"^round 0:$", r"^  00 -> 01  dim 0  \(00,0\)$",
                                                                    r"^2 rounds \(bound 2\), 3 transmissions$"]),
        (["verify", "bcast", "--p", "2..16"], 0, [r"^PASS bcast: 15 checked, 15 passed, 0 failed, 0 inconclusive \("]),
    ]
    for args, want, patterns in TEXT:
        r, _ = run(args)
        missing = [p for p in patterns if not re.search(p, r.stdout, re.MULTILINE)]
        check(r.returncode == want and not missing,
              f"text of `{' '.join(args)}`: exit {r.returncode} ({want}), the documented lines"
              + "".join(f"\n    missing: {p}" for p in missing))
finally:
    for f in tmp.iterdir():
        f.unlink()
    tmp.rmdir()

print(f"the runs took {time.monotonic() - total_start:.1f} s")


# The mutants: each must be rejected.
def mutant(sample, schema, what, change):
    if sample not in samples:
        check(False, f"mutant {what}: the run '{sample}' gave no output to mutate")
        return
    m = copy.deepcopy(samples[sample])
    change(m)
    errs = errors(schema, m)
    check(bool(errs), f"mutant rejected ({schema}): {what}" + (f" ({errs[0]})" if errs else ""))


MUTANTS = [
    ("schedule bcast alg45", "schedule-bcast", "p is a string", lambda m: m.update(p="20")),
    ("schedule bcast alg45", "schedule-bcast", "send missing", lambda m: m.pop("send")),
    ("schedule bcast alg45", "schedule-bcast", "a table entry is a real", lambda m: m["recv"][1].__setitem__(0, 0.5)),
    ("schedule bcast alg45", "schedule-bcast", "an unknown key", lambda m: m.update(root=0)),
    ("compare bcast, literal alg45 invalid", "compare-bcast", "complete is \"true\"", lambda m: m.update(complete="true")),
    ("compare bcast, literal alg45 invalid", "compare-bcast", "differ_count missing", lambda m: m.pop("differ_count")),
    ("compare bcast, literal alg45 invalid", "compare-bcast", "table 'both'", lambda m: m["differ"][0].update(table="both")),
    ("compare bcast, literal alg45 invalid", "compare-bcast", "construction 'alg4'",
     lambda m: m["invalid"][0].update(construction="alg4")),
    ("compare bcast, literal alg45 invalid", "compare-bcast", "an invalid entry without its rank",
     lambda m: m["invalid"][0].pop("rank")),
    ("prove skips", "prove", "exit_code is a string", lambda m: m.update(exit_code="0")),
    ("prove skips", "prove", "obligations missing", lambda m: m.pop("obligations")),
    ("prove skips", "prove", "result 'PROVED'", lambda m: m["obligations"][0].update(result="PROVED")),
    ("prove skips", "prove", "exit 0 with an inconclusive obligation",
     lambda m: m["obligations"][0].update(result="inconclusive")),
    ("prove skips floor: counterexamples", "prove", "a counterexample without its values",
     lambda m: next(o for o in m["obligations"] if o["result"] == "counterexample").pop("counterexample")),
    ("prove skips floor: counterexamples", "prove", "a counterexample value is text",
     lambda m: next(o for o in m["obligations"] if o["result"] == "counterexample")["counterexample"].update(p="17")),
    ("prove skips", "prove", "command 'prove bcast' with skips' keys", lambda m: m.update(command="prove bcast")),
    ("prove bcast", "prove", "solver_calls is a real", lambda m: m.update(solver_calls=1.5)),
    ("prove bcast", "prove", "checker_witness missing", lambda m: m.pop("checker_witness")),
    ("prove bcast", "prove", "unsat with a witness",
     lambda m: m.update(witness={"property": "agreement", "rank": 1, "round": 0, "block": 0, "message": "x"})),
    ("prove bcast broken file", "prove", "sat without its witness", lambda m: m.pop("witness")),
    ("prove bcast broken file", "prove", "sat with exit 0", lambda m: m.update(exit_code=0)),
    ("prove bcast rlimit 1: inconclusive", "prove", "inconclusive with exit 1", lambda m: m.update(exit_code=1)),
    ("count-schedules both", "count-schedules", "z3_count is null", lambda m: m["rows"][0].update(z3_count=None)),
    ("count-schedules both", "count-schedules", "agree missing", lambda m: m["rows"][0].pop("agree")),
    ("count-schedules both", "count-schedules", "z3_last 'unknown'", lambda m: m["rows"][0].update(z3_last="unknown")),
    ("count-schedules both", "count-schedules", "a method that ran reports -1",
     lambda m: m["rows"][0].update(backtracking_count=-1)),
    ("count-schedules z3 alone", "count-schedules", "agree true with one method", lambda m: m["rows"][0].update(agree=True)),
    ("count-schedules z3 alone", "count-schedules", "count-schedules' envelope says count", lambda m: m["collverify"].update(command="count")),
    ("trees one instance", "trees", "time is a string", lambda m: m["results"][0].update(time="8700")),
    ("trees one instance", "trees", "fixed_root missing", lambda m: m.pop("fixed_root")),
    ("trees one instance", "trees", "root_mode 'any'", lambda m: m["results"][0].update(root_mode="any")),
    ("trees one instance", "trees", "algorithm 'binomial'", lambda m: m["results"][0].update(algorithm="binomial")),
    ("trees one instance", "trees", "costs_file beside alpha", lambda m: m.update(costs_file="c.json")),
    ("trees --dist all, real costs", "trees", "an instance of the array without results", lambda m: m[1].pop("results")),
    ("solve nonordered all solvers", "solve", "optimum is a string", lambda m: m.update(optimum="12")),
    ("solve nonordered all solvers", "solve", "verdict missing", lambda m: m.pop("verdict")),
    ("solve nonordered all solvers", "solve", "verdict 'pass'", lambda m: m.update(verdict="pass")),
    ("solve nonordered all solvers", "solve", "violation without a problem", lambda m: m.update(verdict="violation")),
    ("solve nonordered all solvers", "solve", "holds with a problem", lambda m: m["problems"].append("x")),
    ("solve nonordered all solvers", "solve", "a solver the writer does not know",
     lambda m: m["solvers"].update(ilp={"optimum": 12})),
    ("solve nonordered all solvers", "solve", "bnb optimal but stopped by time",
     lambda m: m["solvers"]["bnb"].update(stopped_by="time")),
    ("solve nonordered all solvers", "solve", "a tree's sequence entry is text",
     lambda m: m["tree"]["sequence"][0].__setitem__(0, "0")),
    ("solve nonordered z3 rlimit 1: inconclusive", "solve", "first_bound another word",
     lambda m: m["solvers"]["z3"].update(first_bound="upper_bound")),
    ("solve nonordered z3 rlimit 1: inconclusive", "solve", "an inconclusive Z3 with an optimum",
     lambda m: m["solvers"]["z3"].update(optimum=12)),
    ("solve kported", "solve", "port_of_block holds text", lambda m: m["z3"].update(port_of_block=["0"])),
    ("solve kported", "solve", "brute_force missing although it ran", lambda m: m.pop("brute_force")),
    ("solve kported", "solve", "root_block 1", lambda m: m["problem"].update(root_block=1)),
    ("solve kported bnb, brute force skipped", "solve", "brute_force_assignments another sentence",
     lambda m: m.update(brute_force_assignments="skipped")),
    # The outputs before format 1 (items 1-5 of the JSON review), each now rejected.
    ("solve kported bnb, brute force skipped", "solve", "brute_force_assignments 'over 1e7: skipped' (old)",
     lambda m: m.update(brute_force_assignments="over 1e7: skipped")),
    ("solve kported", "solve", "brute_force_assignments null while the brute force ran",
     lambda m: m.update(brute_force_assignments=None)),
    ("solve nonordered z3 rlimit 1: inconclusive", "solve", "first_bound 'tree_time_upper_bound' (old)",
     lambda m: m["solvers"]["z3"].update(first_bound="tree_time_upper_bound")),
    ("solve nonordered all solvers", "solve", "problem.root 'best' (old)", lambda m: m["problem"].update(root="best")),
    ("solve nonordered fixed root, paid", "solve", "problem.root '1' (old)", lambda m: m["problem"].update(root="1")),
    ("reduce partition", "reduce-partition", "instance.root 'best' (old)", lambda m: m["instance"].update(root="best")),
    ("prove bcast wrong skips (no rank/round/block)", "prove", "witness rank INT64_MIN (old)",
     lambda m: m["witness"].update(rank=-9223372036854775808)),
    ("count-schedules z3 alone", "count-schedules", "agree false with one method (old)",
     lambda m: m["rows"][0].update(agree=False)),
    ("count-schedules z3 alone", "count-schedules", "backtracking_count -1 (old)",
     lambda m: m["rows"][0].update(backtracking_count=-1)),
    ("count-schedules z3 alone", "count-schedules", "backtracking_complete true although not run (old)",
     lambda m: m["rows"][0].update(backtracking_complete=True)),
    ("count-schedules z3 alone", "count-schedules", "structured_count -1 (old)",
     lambda m: m["rows"][0].update(structured_count=-1)),
    ("count-schedules limit reached: inconclusive", "count-schedules", "z3_last 'inconclusive' although not run (old)",
     lambda m: m["rows"][0].update(z3_last="inconclusive")),
    ("count-schedules limit reached: inconclusive", "count-schedules", "z3_count -1 (old)",
     lambda m: m["rows"][0].update(z3_count=-1)),
    ("count-schedules both", "count-schedules", "agree null between two complete enumerations",
     lambda m: m["rows"][0].update(agree=None)),
    ("fractional P = 1", "fractional-cost", "d = -1 at P = 1 (old)", lambda m: m["chain"].update(d=-1)),
    # The envelope.
    ("solve mbt", "solve", "no envelope", lambda m: m.pop("collverify")),
    ("solve mbt", "solve", "another command's envelope",
     lambda m: m["collverify"].update(command="solve nonordered")),
    ("trees --dist all, real costs", "trees", "an instance without the envelope", lambda m: m[1].pop("collverify")),
    ("prove skips", "prove", "format 2", lambda m: m["collverify"].update(format=2)),
    ("schedule bcast alg45", "schedule-bcast", "an unknown key in the envelope", lambda m: m["collverify"].update(x=1)),
    ("fractional", "fractional-cost", "version missing", lambda m: m["collverify"].pop("version")),
    ("compare bcast, both valid", "compare-bcast", "version not a version", lambda m: m["collverify"].update(version="dev")),
    ("synth tadt torus", "synth-tadt", "the envelope's command 'synth'", lambda m: m["collverify"].update(command="synth")),
    ("solve mbt", "solve", "rounds is a string", lambda m: m.update(rounds="3")),
    ("solve mbt", "solve", "z3 missing", lambda m: m.pop("z3")),
    ("solve mbt", "solve", "caller without round", lambda m: m["z3"].pop("round")),
    ("solve mbt rlimit 1: inconclusive", "solve", "rounds although Z3 proved nothing", lambda m: m.update(rounds=3)),
    ("reduce partition", "reduce-partition", "target is a real", lambda m: m.update(target=44.5)),
    ("reduce partition", "reduce-partition", "leaf_copy_paid missing", lambda m: m.pop("leaf_copy_paid")),
    ("reduce partition", "reduce-partition", "leaf_copy 'none'", lambda m: m.update(leaf_copy="none")),
    ("reduce partition", "reduce-partition", "claim_holds without optimum_equals_target",
     lambda m: m.pop("optimum_equals_target")),
    ("reduce partition", "reduce-partition", "an unknown key in a convention",
     lambda m: m["leaf_copy_free"].update(note="x")),
    ("reduce partition z3 rlimit 1: inconclusive", "reduce-partition", "a claim without an optimum",
     lambda m: m.update(claim_holds=True, optimum_equals_target=True)),
    ("fractional", "fractional-cost", "P is a real", lambda m: m.update(P=64.5)),
    ("fractional", "fractional-cost", "lower_bound without formula_6_as_printed",
     lambda m: m["lower_bound"].pop("formula_6_as_printed")),
    ("fractional", "fractional-cost", "best's r is null", lambda m: m["best"].update(r=None)),
    ("fractional", "fractional-cost", "chain's r is a number", lambda m: m["chain"].update(r=62)),
    ("fractional", "fractional-cost", "fastest 'tree'", lambda m: m.update(fastest="tree")),
    ("fractional", "fractional-cost", "an unknown key in best", lambda m: m["best"].update(note="x")),
    ("fractional", "fractional-cost", "T_over_k missing", lambda m: m["binary"].pop("T_over_k")),
    ("synth tadt torus", "synth-tadt", "height is a string", lambda m: m.update(height="2")),
    ("synth tadt torus", "synth-tadt", "trees missing", lambda m: m.pop("trees")),
    ("synth tadt torus", "synth-tadt", "status 'proved'", lambda m: m.update(status="proved")),
    ("synth tadt torus", "synth-tadt", "optimal with exit 3", lambda m: m.update(exit_code=3)),
    ("synth tadt torus", "synth-tadt", "an arc's level missing", lambda m: m["trees"][0]["arcs"][0].pop("level")),
    ("synth tadt rlimit 1: inconclusive", "synth-tadt", "not found yet a height", lambda m: m.update(height=2)),
]
for sample, schema, what, change in MUTANTS:
    mutant(sample, schema, what, change)

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("every command's JSON output validates against its schema and every mutant is rejected")
