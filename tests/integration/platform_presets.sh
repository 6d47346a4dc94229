#!/usr/bin/env bash
# Integration: the preset platforms committed under platforms/ are exactly what `gridnoc platform`
# writes today (regenerated with scripts/regen-platforms.sh into a scratch directory, compared byte for byte),
# well-formed XML, and each opens with its commented description.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
GN_CHECKS=$((GN_CHECKS + 1))
"$GN_SOURCE/scripts/regen-platforms.sh" "$GRIDNOC" "$GN_TMP/regen" || fail "regen-platforms.sh failed"
for f in "$GN_TMP"/regen/*.xml; do
  name=$(basename "$f")
  GN_CHECKS=$((GN_CHECKS + 1))
  cmp -s "$f" "$GN_SOURCE/platforms/$name" ||
    fail "platforms/$name differs from what gridnoc writes now (run scripts/regen-platforms.sh)"
  if have xmllint "$name is well-formed XML"; then xmllint --noout "$f" 2>/dev/null || fail "$name is not well-formed XML"; fi
  head -c 4000 "$f" | tr '\n' ' ' | grep -q '<!-- gridnoc .*Sources: ' || fail "$name lacks its header comment with sources"
done
# Every committed preset is regenerated (none left stale, none missing).
GN_CHECKS=$((GN_CHECKS + 1))
[ "$(cd "$GN_SOURCE/platforms" && ls ./*.xml | wc -l)" = "$(ls "$GN_TMP"/regen/*.xml | wc -l)" ] ||
  fail "platforms holds XML files regen-platforms.sh does not write"
finish
