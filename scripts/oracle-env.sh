#!/usr/bin/env bash
# Create (or reuse) the pinned Python environment used by the oracle harness.
#
#   PY=$(scripts/oracle-env.sh)
#
# stdout: only the path of the venv's python executable.
# stderr: progress, the installed versions (one line each), or a one-line error.
#
# Environment:
#   ORACLE_PYTHON   base interpreter to create the venv with (default: the first
#                   of python3, python3.13, python3.12, python3.11 that is >= 3.11)
#   ORACLE_VENV     venv location (default: $ROOT/build/oracle-venv)
#   ORACLE_VERBOSE  if set to 1, stream pip's output to stderr instead of a log file
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQ="$ROOT/scripts/oracle-requirements.txt"
VENV="${ORACLE_VENV:-$ROOT/build/oracle-venv}"
STAMP="$VENV/.oracle-stamp"
LOG="$(dirname "$VENV")/oracle-env.log"
VPY="$VENV/bin/python"

die() { echo "oracle-env: error: $*" >&2; exit 1; }
say() { echo "oracle-env: $*" >&2; }

[ -f "$REQ" ] || die "requirements file not found: $REQ"
mkdir -p "$(dirname "$VENV")" || die "cannot create $(dirname "$VENV")"

# Serialise concurrent runs (e.g. a build and a manual run).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$(dirname "$VENV")/.oracle-env.lock" || die "cannot open lock file"
  flock 9 || die "cannot lock $(dirname "$VENV")/.oracle-env.lock"
fi

py_ok() { # $1 = interpreter; true if it runs and is >= 3.11
  "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' >/dev/null 2>&1
}

stamp_text() { # the pinned requirements plus the interpreter they were installed for
  echo "python: $("$VPY" -c 'import sys; print(sys.version.split()[0])' 2>/dev/null)"
  grep -v -E '^\s*(#|$)' "$REQ"
}

print_versions() {
  "$VPY" - >&2 <<'PYEOF' || die "cannot query installed versions in $VENV"
import sys
from importlib import metadata
print(f"python {sys.version.split()[0]}")
for name in ("vortex-data", "pyarrow", "numpy"):
    print(f"{name} {metadata.version(name)}")
PYEOF
}

# Fast path: venv works and the stamp matches the pinned requirements.
if [ -x "$VPY" ] && [ -f "$STAMP" ] && py_ok "$VPY" && [ "$(stamp_text)" = "$(cat "$STAMP")" ]; then
  print_versions
  echo "$VPY"
  exit 0
fi

# Need a (re)install. Recreate the venv if its interpreter is missing or broken.
if ! { [ -x "$VPY" ] && py_ok "$VPY"; }; then
  BASE="${ORACLE_PYTHON:-}"
  if [ -n "$BASE" ]; then
    command -v "$BASE" >/dev/null 2>&1 || die "ORACLE_PYTHON=$BASE not found"
    py_ok "$BASE" || die "ORACLE_PYTHON=$BASE is not a working Python >= 3.11"
  else
    for cand in python3 python3.13 python3.12 python3.11; do
      if command -v "$cand" >/dev/null 2>&1 && py_ok "$cand"; then BASE="$cand"; break; fi
    done
    [ -n "$BASE" ] || die "no python3 >= 3.11 found on PATH (set ORACLE_PYTHON)"
  fi

  # 'python3 -m venv' needs the venv and ensurepip modules (Debian: python3-venv).
  if ! "$BASE" -c 'import venv, ensurepip' >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      say "python venv module missing; installing python3-venv with apt-get"
      { apt-get install -y python3-venv || { apt-get update && apt-get install -y python3-venv; }; } >>"$LOG" 2>&1 \
        || die "apt-get install python3-venv failed (see $LOG)"
    fi
    "$BASE" -c 'import venv, ensurepip' >/dev/null 2>&1 \
      || die "$BASE lacks the venv/ensurepip modules (install python3-venv)"
  fi

  rm -rf "$VENV"
  say "creating venv $VENV with $BASE ($("$BASE" -c 'import sys; print(sys.version.split()[0])'))"
  "$BASE" -m venv "$VENV" >>"$LOG" 2>&1 || die "'$BASE -m venv $VENV' failed (see $LOG)"
  [ -x "$VPY" ] || die "venv created but $VPY is missing"
fi

rm -f "$STAMP"
say "installing pinned requirements from $REQ"
PIP=("$VPY" -m pip install --disable-pip-version-check --no-input -r "$REQ")
if [ "${ORACLE_VERBOSE:-0}" = 1 ]; then
  "${PIP[@]}" >&2 || die "pip install -r $REQ failed"
else
  "${PIP[@]}" >>"$LOG" 2>&1 || die "pip install -r $REQ failed (see $LOG)"
fi
"$VPY" -c 'import vortex, pyarrow, numpy' >>"$LOG" 2>&1 \
  || die "installed packages do not import (see $LOG)"

stamp_text >"$STAMP" || die "cannot write $STAMP"
print_versions
echo "$VPY"
