#!/usr/bin/env bash
# Integration: `cmake --install` into a temporary prefix, then the installed gridnoc used from another
# directory as the README uses it: help, a shipped scenario swept and reported, a shipped platform checked,
# the manual page; the installed docs (README, docs/, scenarios/ and results/ READMEs) with every relative
# link resolving inside the installed tree.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
P="$GN_TMP/prefix"
GN_CHECKS=$((GN_CHECKS + 1))
cmake --install "$GN_BUILD" --prefix "$P" >"$GN_TMP/install.log" 2>&1 || fail "cmake --install failed: $(tail -3 "$GN_TMP/install.log")"
D=share/doc/gridnoc
for f in bin/gridnoc share/gridnoc/platforms/mesh20.xml $D/scenarios/README.md $D/results/README.md \
         $D/docs/teaching.md share/gridnoc/scenarios/teaching/slowest-stage.cfg share/man/man1/gridnoc.1 $D/README.md; do
  GN_CHECKS=$((GN_CHECKS + 1))
  [ -e "$P/$f" ] || fail "not installed: $f"
done
# Every relative Markdown link of every installed .md file (anchors aside) names an installed file.
links=0
while IFS= read -r md; do
  while IFS= read -r target; do
    links=$((links + 1))
    GN_CHECKS=$((GN_CHECKS + 1))
    [ -e "$(dirname "$md")/${target%%#*}" ] || fail "${md#"$P"/}: link '$target' is broken in the installed tree"
  done < <(grep -oE '\]\([^)#][^)]*\)' "$md" | sed 's/^](//; s/)$//' | grep -vE '^[a-z]+:')
done < <(find "$P" -name '*.md')
GN_CHECKS=$((GN_CHECKS + 1))
[ "$links" -ge 15 ] || fail "only $links relative links found in the installed docs"
mkdir "$GN_TMP/elsewhere" && cd "$GN_TMP/elsewhere" || exit 1
export PATH="$P/bin:$PATH"
expect_output "commands:" gridnoc help
expect_output "12 runs" gridnoc run "$P/share/gridnoc/scenarios/teaching/slowest-stage.cfg" --dry-run --output s.csv
expect_status 0 gridnoc run "$P/share/gridnoc/scenarios/teaching/slowest-stage.cfg" --quiet --runs 0-1 --output s.csv
GN_CHECKS=$((GN_CHECKS + 1))
head -3 "$GN_SOURCE/results/teaching/slowest-stage.csv" | cmp -s s.csv - ||
  fail "the installed scenario's first runs differ from the committed CSV"
expect_output "chip" gridnoc platform describe "$P/share/gridnoc/platforms/mesh20.xml"
if command -v man >/dev/null; then
  expect_output "gridnoc COMMAND" env MANPATH="$P/share/man" man -P cat gridnoc
fi
finish
