#!/bin/bash
# The pipeline replay of docs/noc-validation.md: every case x arbiter x packet size through BookSim2 built with
# booksim-gridnoc.diff. Usage: BOOKSIM=path/to/booksim [GN_ITEMS=600 GN_WARMUP=100] ./run-pipelines.sh [CASE...]
# Prints: case arbiter packet period first-half second-half (time units of 50 cycles).
cd "$(dirname "$0")"
: "${BOOKSIM:?set BOOKSIM to the patched booksim binary}"
export GN_ITEMS=${GN_ITEMS:-600} GN_WARMUP=${GN_WARMUP:-100}
cases=${*:-"converge parking3 two2hop hop31 triangle skipchain parking4 converge3 dag12 converge4 converge3u converge6 column5"}
for c in $cases; do
  slots=2; [ $c = dag12 ] && slots=12     # receiver buffers in items, as gridnoc's --buffer (auto gives 2 on the others)
  for arb in rr age msgage; do   # msgage: age-based, a packet's age counted from its message's start
    pri=none; [ $arb != rr ] && pri=age
    msg=0; [ $arb = msgage ] && msg=1
    for ps in 1 4 16; do
      p=$(GN_MSG_AGE=$msg GN_SLOTS=$slots GN_PIPE=pipelines/$c.pipe nice "$BOOKSIM" pipeline.cfg packet_size=$ps \
          priority=$pri include_queuing=$msg 2>&1 \
          | sed -n 's/^pipeline period = \([0-9.e+-]*\) units (halves \([0-9.e+-]*\), \([0-9.e+-]*\);.*/\1 \2 \3/p')
      echo "$c $arb $ps ${p:-FAILED}"
    done
  done
done
