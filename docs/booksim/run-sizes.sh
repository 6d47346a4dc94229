#!/bin/bash
# The error by message size of docs/noc-validation.md: one message after another, through BookSim2 built with
# booksim-gridnoc.diff, of 13 to 131,072 flits (104 B to 1 MB; GN_UNIT=1: a volume unit is one flit), stages of
# load 0, 4-flit packets, round-robin: h1 = one flow over 1 hop ((0,0) -> (1,0)), h3 = one flow over 3 hops
# ((0,0) -> (3,0)), sh = two 2-hop flows sharing (1,0) -> (2,0) ((0,0) -> (2,0), (1,0) -> (3,0)).
# gridnoc replays the same: the same stages from a hand-made cut on 4x4, a time unit of 1 ns (one cycle, one flit).
# Usage: BOOKSIM=path/to/booksim GRIDNOC=path/to/gridnoc ./run-sizes.sh [MESSAGE_CYCLES]. Prints: case flits
# BookSim's period, gridnoc's period (cycles per item; gridnoc with --message-cycles MESSAGE_CYCLES, default 0).
cd "$(dirname "$0")"
: "${BOOKSIM:?set BOOKSIM to the patched booksim binary}" "${GRIDNOC:?set GRIDNOC to gridnoc}"
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf 'stages 2\n1 1\n2 2\n' >"$dir/two.part"
printf 'stages 4\n1 1\n2 2\n3 3\n4 4\n' >"$dir/four.part"
for v in 13 128 1280 12800 131072; do
  printf 'S 0 0\nS 1 0\nE 0 1 %s\n' $v >"$dir/h1.pipe"
  printf 'S 0 0\nS 1 0\nS 2 0\nS 3 0\nE 0 3 %s\n' $v >"$dir/h3.pipe"
  printf 'S 0 0\nS 1 0\nS 2 0\nS 3 0\nE 0 2 %s\nE 1 3 %s\n' $v $v >"$dir/sh.pipe"
  printf '2\n0 0 0\n1 0 1 0 0\n2 0 1 1 %s\n3 0 1 2 0\n' $v >"$dir/h1.stg"
  printf '4\n0 0 0\n1 0 1 0 0\n2 0 1 0 0\n3 0 1 0 0\n4 0 1 1 %s\n5 0 3 2 0 3 0 4 0\n' $v >"$dir/h3.stg"
  printf '4\n0 0 0\n1 0 1 0 0\n2 0 1 0 0\n3 0 1 1 %s\n4 0 1 2 %s\n5 0 2 3 0 4 0\n' $v $v >"$dir/sh.stg"
  items=$((400000 / v)); [ $items -lt 30 ] && items=30; [ $items -gt 2000 ] && items=2000
  for c in h1 h3 sh; do
    p=$(GN_UNIT=1 GN_ITEMS=$items GN_WARMUP=$((items / 5)) GN_PIPE="$dir/$c.pipe" nice "$BOOKSIM" pipeline.cfg \
        packet_size=4 priority=none 2>&1 | sed -n 's/^pipeline period = \([0-9.e+-]*\) units.*/\1/p')
    cut=four; [ $c = h1 ] && cut=two
    g=$("$GRIDNOC" pipeline "$dir/$c.stg?layout=comm" --chip 4x4 --partition "$dir/$cut.part" --time-unit 1e-9 \
        --message-cycles "${1:-0}" --items $items --warmup $((items / 5)) | sed -n 's/^period: .*simulated \([^ ]*\) .*/\1/p')
    echo "$c $v ${p:-FAILED} ${g:-FAILED}"
  done
done
