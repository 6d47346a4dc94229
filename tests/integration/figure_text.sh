#!/usr/bin/env bash
# Integration: every committed figure keeps its text inside its canvas at its default size. Each gnuplot script
# of results/ is rendered again to SVG (the same bytes as the committed SVG) and every committed picture of
# gridnoc's own (chip, timeline, rings) is read; scripts/svg-text-bounds.py measures each text (DejaVu Sans
# advances, anchor, rotation) and names any that leaves the canvas: a clipped y label, a subtitle wider than its
# half, a legend entry past the right edge.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
command -v gnuplot >/dev/null || { echo "gnuplot missing: skipped"; exit 0; }
mkdir "$GN_TMP/svg" || exit 1
n=0
for gp in "$GN_SOURCE"/results/*/*.gp; do
  out="$GN_TMP/svg/$(basename "$(dirname "$gp")")-$(basename "${gp%.gp}").svg"
  GN_CHECKS=$((GN_CHECKS + 1))
  (cd "$(dirname "$gp")" && gnuplot -e "fmt='svg'; out='$out'" "$gp") 2>"$GN_TMP/gp.err" ||
    fail "$gp does not render: $(head -c 300 "$GN_TMP/gp.err")"
  n=$((n + 1))
done
GN_CHECKS=$((GN_CHECKS + 1))
[ "$n" -ge 30 ] || fail "only $n committed gnuplot figures found"
own=$(grep -L 'gnuplot' "$GN_SOURCE"/results/*/*.svg)
GN_CHECKS=$((GN_CHECKS + 1))
python3 "$GN_SOURCE/scripts/svg-text-bounds.py" "$GN_TMP"/svg/*.svg $own >"$GN_TMP/bounds.txt" ||
  fail "text leaves the canvas: $(cat "$GN_TMP/bounds.txt")"
# The measure itself: a y label clipped at the left edge, as a too narrow margin made it, is caught.
printf '<svg width="200" height="200"><g transform="translate(6.87,100) rotate(270)" font-size="12" text-anchor="middle"><text>re-executed work</text></g></svg>\n' > "$GN_TMP/clipped.svg"
expect_status 1 python3 "$GN_SOURCE/scripts/svg-text-bounds.py" "$GN_TMP/clipped.svg"
printf '<svg width="200" height="200"><g transform="translate(16,100) rotate(270)" font-size="12" text-anchor="middle"><text>re-executed work</text></g></svg>\n' > "$GN_TMP/inside.svg"
expect_status 0 python3 "$GN_SOURCE/scripts/svg-text-bounds.py" "$GN_TMP/inside.svg"
finish
