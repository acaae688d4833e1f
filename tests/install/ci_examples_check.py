#!/usr/bin/python3
"""The CI examples (examples/ci/) say what they promise, read as YAML:

- both call examples/ci/verify.sh, the one script, and nothing else verifies;
- GitHub: every action pinned to a commit SHA (40 hex digits), a build cache (actions/cache),
  the JUnit files published (a test reporter on collverify-reports/*/junit.xml) and the reports
  uploaded even when the check fails (if: always());
- GitLab: JUnit reports as artifacts:reports:junit, the reports kept when the job fails
  (when: always), a cache;
- the Debian packages each installs cover what verify.sh's build needs: every package of
  scripts/install-deps.sh except the ones for tests and benchmarks, and except MPI only while
  verify.sh configures with -DCOLLVERIFY_MPI=OFF (the old example installed no MPI while
  COLLVERIFY_MPI defaulted to ON: its build stopped at configure).

Usage: ci_examples_check.py SOURCE_DIR. Exit 0 all held, 1 a check failed, 77 without PyYAML.
"""
import re
import sys
from pathlib import Path

try:
    import yaml
except ImportError:
    print("SKIP: PyYAML is not installed (Debian: python3-yaml)")
    sys.exit(77)

SOURCE = Path(sys.argv[1])
CI = SOURCE / "examples" / "ci"
# Needed only with COLLVERIFY_TESTS / COLLVERIFY_BENCH (verify.sh turns both off).
TEST_ONLY = {"librapidcheck-dev", "libgtest-dev", "libgmock-dev", "libbenchmark-dev",
             "python3-jsonschema", "python3-yaml", "libxml2-dev"}
MPI = {"libopenmpi-dev", "openmpi-bin"}

failures = []


def check(cond, what):
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        failures.append(what)


def install_deps_packages():
    text = (SOURCE / "scripts" / "install-deps.sh").read_text()
    m = re.search(r"pkgs=\((.*?)\)", text, re.S)
    return set(m.group(1).split())


def apt_packages(commands):
    """The package names of the apt-get install command lines among `commands`."""
    out = set()
    for c in commands:
        for m in re.finditer(r"apt-get install((?:\s+(?:\\\s*)?[-\w.+]+)+)", c):
            out |= {w for w in m.group(1).split() if not w.startswith("-") and w != "\\"}
    return out


verify_sh = (CI / "verify.sh").read_text()
needed = install_deps_packages() - TEST_ONLY
if "-DCOLLVERIFY_MPI=OFF" in verify_sh:
    needed -= MPI
check("verify.sh" in verify_sh and needed, "scripts/install-deps.sh's package list was read")

# GitHub Actions.
gh = yaml.safe_load((CI / "github-workflow.yml").read_text())
steps = [s for job in gh["jobs"].values() for s in job["steps"]]
runs = [s.get("run", "") for s in steps]
uses = [s["uses"] for s in steps if "uses" in s]
check(any("examples/ci/verify.sh" in r for r in runs), "GitHub: a step runs examples/ci/verify.sh")
check(not any("collverify verify" in r or "cli/collverify" in r for r in runs),
      "GitHub: no step runs collverify itself (the script does)")
for u in uses:
    check(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u) is not None,
          f"GitHub: {u} is pinned to a commit SHA")
check(any(u.startswith("actions/cache@") for u in uses), "GitHub: a build cache (actions/cache)")
reporters = [s for s in steps if "test-reporter" in s.get("uses", "")]
check(len(reporters) == 1 and reporters[0]["with"]["path"].endswith("junit.xml")
      and reporters[0].get("if") == "always()"
      and reporters[0]["with"].get("reporter") == "java-junit",
      "GitHub: the JUnit files are published by a test reporter, always")
uploads = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
check(len(uploads) == 1 and uploads[0].get("if") == "always()"
      and "collverify-reports" in uploads[0]["with"]["path"],
      "GitHub: the report directory (report.html, ...) is uploaded, always")
perms = gh.get("permissions", {})
check(perms.get("checks") == "write", "GitHub: permissions allow the check run (checks: write)")
missing = needed - apt_packages(runs)
check(not missing, f"GitHub: installs what verify.sh's build needs (missing: {sorted(missing)})")
env = {k: v for job in gh["jobs"].values() for k, v in job.get("env", {}).items()}
check(env.get("CV_REPORT") == "collverify-reports", "GitHub: CV_REPORT is the uploaded directory")

# GitLab CI.
gl = yaml.safe_load((CI / "gitlab-ci.yml").read_text())
jobs = [j for name, j in gl.items() if isinstance(j, dict) and "script" in j]
check(len(jobs) == 1, "GitLab: one job")
job = jobs[0]
check(any("examples/ci/verify.sh" in c for c in job["script"]), "GitLab: the job runs verify.sh")
art = job.get("artifacts", {})
check(art.get("reports", {}).get("junit", "").endswith("junit.xml"),
      "GitLab: artifacts:reports:junit names the JUnit files")
check(art.get("when") == "always" and "collverify-reports/" in art.get("paths", []),
      "GitLab: the report directory is kept, also when the check fails")
check(".ccache/" in job.get("cache", {}).get("paths", []), "GitLab: ccache's directory is cached")
missing = needed - apt_packages(job.get("before_script", []))
check(not missing, f"GitLab: installs what verify.sh's build needs (missing: {sorted(missing)})")
check(job.get("variables", {}).get("CV_REPORT") == "collverify-reports",
      "GitLab: CV_REPORT is the kept directory")

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("the CI examples hold")
