#!/usr/bin/env bash
# Integration: the gridnoc command's table-driven help, version and exit statuses.
set -u
. "$GN_SOURCE/tests/integration/lib.sh"

expect_status 0 "$GRIDNOC" help
expect_status 0 "$GRIDNOC" --version
expect_output "gridnoc $(sed -n 's/^project(gridnoc VERSION \([0-9.]*\).*/\1/p' "$GN_SOURCE/CMakeLists.txt")" "$GRIDNOC" version
expect_status 2 "$GRIDNOC"
expect_status 2 "$GRIDNOC" no-such-command
expect_stderr "did you mean 'help'" "$GRIDNOC" hepl
# Every command in the table answers --help with status 0.
for cmd in $("$GRIDNOC" help | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1}'); do
  expect_status 0 "$GRIDNOC" "$cmd" --help
done
finish
