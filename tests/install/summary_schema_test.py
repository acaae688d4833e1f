#!/usr/bin/python3
"""docs/schema/summary.schema.json against real summary.json files, with Debian's validator
(python3-jsonschema, draft 2020-12).

- The schema is a valid draft 2020-12 schema and docs/FORMATS.md links it.
- The built collverify writes summary.json for every family, passing and failing inputs
  (exit 0 / 1, verdict pass / fail), and `campaign --quick`; collverify-mpi's too when built.
  Every file must validate.
- Mutants of a valid file (a wrong type, a bad enum word, a missing or an unknown key, a verdict
  that contradicts the counts, half of the program route's keys) must be rejected: the schema is
  not so loose that it accepts anything.

Usage: summary_schema_test.py SOURCE_DIR COLLVERIFY PROGRAMS_DIR [COLLVERIFY_MPI MPIEXEC]
Exit 0 all held, 1 a check failed, 77 (skipped) without jsonschema or the built collverify.
"""
import copy
import json
import os
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

source, collverify, programs = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
collverify_mpi = Path(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] else None
mpiexec = sys.argv[5] if len(sys.argv) > 5 else ""
if not os.access(collverify, os.X_OK):
    print(f"SKIP: {collverify} is not built (cmake --build <build> --target collverify cv_programs)")
    sys.exit(77)

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


schema_path = source / "docs" / "schema" / "summary.schema.json"
schema = json.loads(schema_path.read_text())
try:
    Draft202012Validator.check_schema(schema)
    check(True, "the schema is a valid draft 2020-12 schema")
except jsonschema.exceptions.SchemaError as e:
    check(False, f"the schema is a valid draft 2020-12 schema: {e.message}")
    sys.exit(1)
validator = Draft202012Validator(schema)
check("schema/summary.schema.json" in (source / "docs" / "FORMATS.md").read_text(),
      "docs/FORMATS.md links the schema")


def errors(doc):
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in validator.iter_errors(doc)]


S = source / "examples"
bcast_program = programs / "cv_program_bcast_binomial.so"
bcast_mutant = programs / "mutants" / "cv_program_bcast_binomial_extra_send.so"
# (name, expected exit code, arguments after `collverify`)
RUNS = [
    ("bcast pass", 0, ["verify", "bcast", "--p", "2..64"]),
    ("bcast broken schedule file", 1,
     ["verify", "bcast", "--schedule-file", str(S / "schedules" / "bcast_p20_broken.json")]),
    ("bcast literal transcription, violations capped", 1,
     ["verify", "bcast", "--transcription", "literal", "--p", "2..64", "--max-violations", "3"]),
    ("allgatherv", 0, ["verify", "allgatherv", "--p", "2..16"]),
    ("census with --instances", 0, ["verify", "census", "--p", "2..8", "--instances"]),
    ("trees", 0, ["verify", "trees", "--p", "2..16"]),
    ("hypercube", 0, ["verify", "hypercube", "--d", "1..6"]),
    ("torus tadt", 0, ["verify", "torus", "--algo", "tadt", "--sides", "3x3..9x9:2"]),
    ("torus hamilton", 0, ["verify", "torus", "--algo", "hamilton", "--sides", "3x3..6x6"]),
    ("fractional", 0, ["verify", "fractional", "--P", "1..32"]),
    ("routed pass", 0,
     ["verify", "routed", "--schedule-file", str(S / "routed" / "hypercube3_oab.json")]),
    ("routed early forward", 1,
     ["verify", "routed", "--schedule-file", str(S / "routed" / "hypercube3_oab_early_forward.json")]),
    ("routed busy wormhole link", 1,
     ["verify", "routed", "--schedule-file", str(S / "routed" / "torus4_wormhole_busy_link.json")]),
    ("program pass", 0, ["verify", "program", "--plugin", str(bcast_program), "--p", "1..9"]),
    ("program mutant", 1, ["verify", "program", "--plugin", str(bcast_mutant), "--p", "1..9"]),
    ("campaign --quick", 0, ["campaign", "--quick"]),
]

samples = {}
with tempfile.TemporaryDirectory(prefix="collverify-schema-test.") as tmp:
    for i, (name, want, args) in enumerate(RUNS):
        if "program" in args and not (bcast_program.exists() and bcast_mutant.exists()):
            print(f"note: {name} left out: the example programs are not built (target cv_programs)")
            continue
        report = Path(tmp) / f"r{i}"
        start = time.monotonic()
        # campaign writes every format and takes no --format.
        formats = ["--format", "json"] if args[0] == "verify" else []
        r = subprocess.run([str(collverify), *args, "--report", str(report), *formats],
                           capture_output=True, text=True, timeout=300)
        took = time.monotonic() - start
        if r.returncode != want:
            check(False, f"{name}: exit {r.returncode}, expected {want}\n{r.stdout[-800:]}{r.stderr[-800:]}")
            continue
        doc = json.loads((report / "summary.json").read_text())
        errs = errors(doc)
        check(not errs, f"{name} ({took:.1f} s): summary.json validates" + "".join(f"\n    {e}" for e in errs[:5]))
        check(doc["verdict"] == ("pass" if want == 0 else "fail"),
              f"{name}: verdict {doc['verdict']} matches exit {want}")
        samples[name] = doc

    if collverify_mpi and collverify_mpi.exists() and mpiexec:
        report = Path(tmp) / "mpi"
        # Leak detection off for the MPI job only, as tests/mpi does (Open MPI's own leaks).
        env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   ASAN_OPTIONS="detect_leaks=0")
        r = subprocess.run([mpiexec, "--oversubscribe", "-np", "3", str(collverify_mpi), "bcast",
                            "--report", str(report), "--format", "json"],
                           capture_output=True, text=True, timeout=120, env=env)
        if r.returncode == 0:
            errs = errors(json.loads((report / "summary.json").read_text()))
            check(not errs, "collverify-mpi bcast: summary.json validates"
                  + "".join(f"\n    {e}" for e in errs[:5]))
        else:
            check(False, f"collverify-mpi bcast: exit {r.returncode}\n{r.stdout[-800:]}{r.stderr[-800:]}")

# The mutants: each must be rejected.
base = samples.get("bcast pass")
prog = samples.get("program mutant")
prog_pass = samples.get("program pass")
if base is None:
    check(False, "the passing bcast run gave a summary to mutate")
else:
    def mutant(name, change, doc=None):
        m = copy.deepcopy(doc if doc is not None else base)
        change(m)
        errs = errors(m)
        check(bool(errs), f"mutant rejected: {name}" + (f" ({errs[0]})" if errs else ""))

    c0 = lambda m: m["constructions"][0]  # noqa: E731
    mutant("checked is a string", lambda m: c0(m).update(checked="63"))
    mutant("schema is a string", lambda m: m.update(schema="4"))
    mutant("seconds is null", lambda m: c0(m).update(seconds=None))
    mutant("complete is 1", lambda m: m.update(complete=1))
    mutant("verdict 'passed'", lambda m: m.update(verdict="passed"))
    mutant("run_id not 32 hex digits", lambda m: m.update(run_id=""))
    mutant("run_id missing", lambda m: m.pop("run_id"))
    mutant("coverage missing", lambda m: c0(m).pop("coverage"))
    mutant("an unknown key", lambda m: c0(m).update(verdict_reason="x"))
    mutant("negative count", lambda m: c0(m).update(failed=-1))
    mutant("pass with a failed p", lambda m: c0(m).update(failed=1))
    mutant("run pass although a construction failed",
           lambda m: c0(m).update(verdict="fail", failed=1))
    mutant("an interrupted run said to pass", lambda m: m.update(complete=False))
    mutant("instance status 'ok'",
           lambda m: c0(m)["instances"][0].update(status="ok") if "instances" in c0(m)
           else c0(m).update(instances=[{"instance": {"p": 2, "n": 1}, "status": "ok",
                                         "rounds": 1, "lower_bound": 1}]))
    if prog is not None:
        mutant("program violation without its op", lambda m: c0(m)["violations"][0].pop("op"), prog)
        mutant("program violation's count is text",
               lambda m: c0(m)["violations"][0].update(count="0"), prog)
    if prog_pass is not None:  # the program route's cost (issue 22)
        check("cost" in c0(prog_pass)["coverage"], "program pass: coverage.cost is written")
        mutant("program cost without its model",
               lambda m: c0(m)["coverage"]["cost"].pop("model"), prog_pass)
        mutant("program cost with a negative ratio",
               lambda m: c0(m)["coverage"]["cost"]["time_ns"].update(max_ratio=-1), prog_pass)
        mutant("program cost with an unknown key",
               lambda m: c0(m)["coverage"]["cost"].update(ratio=3), prog_pass)

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("every summary.json validates and every mutant is rejected")
