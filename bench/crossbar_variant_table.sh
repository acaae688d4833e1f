#!/usr/bin/env bash
# The crossbar2g table of docs/RESULTS-fractional.md ("The variant with one channel less"): one
# row per size, the one-group construction beside it. Usage: bench/crossbar_variant_table.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
for ab in 4x4 8x8 16x16 32x32 64x64 256x64 64x256 8x64 64x8 1024x16 16x1024; do a=${ab%x*}; b=${ab#*x}; P=$((a*b))
 for r in 1 2 4 8; do [ $((2*r)) -le $b ] || continue; s=$((2*r+1))
  o=$("$build"/cli/collverify schedule fractional --embed crossbar2g:$ab --P $P --r $r --s $s 2>&1)
  o1=$("$build"/cli/collverify schedule fractional --embed crossbar:$ab --P $P --r $r --s $s 2>&1)
  depth=$(echo "$o" | sed -n 's/^depth (last PU.s first packet): \([0-9]*\) steps; the plain fractional layout of P: \([0-9]*\)/\1 \2/p')
  d1=$(echo "$o1" | sed -n 's/^depth (last PU.s first packet): \([0-9]*\) steps.*/\1/p')
  steps=$(echo "$o" | sed -n 's/^schedule steps: \([0-9]*\);.*/\1/p')
  arc=$(echo "$o" | sed -n 's/^edge congestion (arc, per direction): \([0-9]*\).*/\1/p')
  ch=$(echo "$o" | sed -n 's/^channels: a module sends to at most \([0-9]*\) and receives from at most \([0-9]*\) other.*(budget 2 out, 1 in: \([a-z]*\).*channel load \([0-9]*\)/\1\/\2 \3 \4/p')
  rc=$(echo "$o" | sed -n 's/^routed checker on the rounds as they are: \(.*\)/\1/p')
  set -- $depth; dd=$1; pl=$2; set -- $ch
  echo "| $a x $b | $r | $P | $s | $dd ($d1; $pl) | $((dd-d1)) | $steps | $arc | $1 ($2) | $3 | $rc |"
 done; done
