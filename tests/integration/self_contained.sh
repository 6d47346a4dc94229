#!/usr/bin/env bash
# Integration: the repository is self-contained: no source, doc, script or test refers to files outside it
# (the digest of the source documents, working notes, a shared folder, this machine's paths); the source
# documents are cited by title and patent number in README.md. Generated result tables are left out: their
# graph column may name where a user keeps the published graph sets (GN_STG_DIR).
set -u
. "$GN_SOURCE/tests/integration/lib.sh"
cd "$GN_SOURCE" || exit 1
hits=$(grep -rInE "DIGEST|notes/|shared/|(^|[ \"'(=:])/work/" --exclude-dir=.git --exclude=.git --exclude-dir='build*' --exclude-dir=results \
  --exclude=self_contained.sh . | head -5)
GN_CHECKS=$((GN_CHECKS + 1))
[ -z "$hits" ] || fail "references outside the repository: $hits"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q 'CN1687917' README.md || fail "README.md does not cite the patent by number"
GN_CHECKS=$((GN_CHECKS + 1))
grep -q 'A many-core software mapping algorithm based on' README.md || fail "README.md does not cite the DPMA paper by title"
finish
