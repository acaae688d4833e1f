#!/usr/bin/env bash
# Regenerates the golden output of `campaign --quick` (tests/cli/campaign_golden_test.cpp) from
# the collverify in BUILD (default build/). Run it only for a change that is meant to alter the
# campaign's output, and say why in the commit.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$(cd "${1:-$here/../../../build}" && pwd)"
bin="$build/cli/collverify"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$bin" campaign --quick --jobs 2 --report "$out/r" >/dev/null 2>&1
python3 - "$out/r" "$here" "$build/examples/programs" <<'PY'
import json, os, re, sys
src, dst, programs = sys.argv[1], sys.argv[2], sys.argv[3]
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in ('seconds', 'run_id', 'command', 'version')}
    if isinstance(x, list):
        return [strip(v) for v in x]
    if isinstance(x, str):
        return re.sub(r'[0-9]+\.[0-9]+ s\b', 'T s', x.replace(programs, 'PROGRAMS'))
    return x
with open(os.path.join(dst, 'campaign_quick_summary.json'), 'w') as f:
    f.write(json.dumps(strip(json.load(open(os.path.join(src, 'summary.json')))), indent=1, sort_keys=True) + '\n')
def fnv(b):
    h = 0xcbf29ce484222325
    for c in b:
        h ^= c
        h = (h * 0x100000001b3) & 0xffffffffffffffff
    return h
with open(os.path.join(dst, 'campaign_quick_files.txt'), 'w') as f:
    for name in sorted(os.listdir(src)):
        if name.startswith('.'):
            continue
        if name in ('summary.json', 'junit.xml', 'report.md', 'report.html'):
            f.write(name + '\n')
            continue
        data = re.sub(rb'collverify run [0-9a-f]+', b'collverify run RUN', open(os.path.join(src, name), 'rb').read())
        f.write('%s %016x\n' % (name, fnv(data)))
PY
echo "golden files rewritten in $here"
