#!/usr/bin/env bash
# Installs the Debian 12 packages collverify builds with; quiet and quick when all are present.
set -euo pipefail
pkgs=(build-essential make cmake ninja-build pkg-config ccache
      libz3-dev libboost-graph-dev libboost-context-dev librapidcheck-dev libgtest-dev libgmock-dev
      libbenchmark-dev libcli11-dev nlohmann-json3-dev libfmt-dev libxml2-dev
      libopenmpi-dev openmpi-bin
      python3-jsonschema python3-yaml)   # tests/install: the summary.json schema, the CI examples
# (libxml2-dev: tests/reports checks the hand-written XML escaping with an independent parser.)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
