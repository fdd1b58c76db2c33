#!/usr/bin/env bash
# Find (or install) the headless browser used by the browser tests (cli's HtmlBrowserTest).
#
#   CHROMIUM=$(scripts/browser-env.sh)
#
# stdout: only the path of a Chromium executable.
# stderr: progress and the browser's version, or a one-line error.
#
# Order: $JVORTEX_BROWSER if set; a Chromium or Chrome already on PATH; else Debian's `chromium`
# package installed with apt-get (as root, or through password-less sudo). Nothing is downloaded
# from elsewhere.
#
# Environment:
#   JVORTEX_BROWSER  a Chromium-compatible executable to use as is
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$ROOT/build" || { echo "browser-env: error: cannot create $ROOT/build" >&2; exit 1; }
LOG="$ROOT/build/browser-env.log"

die() { echo "browser-env: error: $*" >&2; exit 1; }
say() { echo "browser-env: $*" >&2; }

found() { # $1 = executable; prints it and its version, then exits
  say "$("$1" --version 2>/dev/null | head -1) at $1"
  echo "$1"
  exit 0
}

if [ -n "${JVORTEX_BROWSER:-}" ]; then
  [ -x "$JVORTEX_BROWSER" ] || die "JVORTEX_BROWSER=$JVORTEX_BROWSER is not an executable"
  found "$JVORTEX_BROWSER"
fi

find_browser() {
  for cand in chromium chromium-browser google-chrome-stable google-chrome chrome-headless-shell; do
    if command -v "$cand" >/dev/null 2>&1; then command -v "$cand"; return 0; fi
  done
  return 1
}

if B="$(find_browser)"; then found "$B"; fi

command -v apt-get >/dev/null 2>&1 || die "no Chromium on PATH and no apt-get to install it (set JVORTEX_BROWSER)"
if [ "$(id -u)" = 0 ]; then
  AS=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  AS=(sudo -n)
else
  die "no Chromium on PATH, and installing Debian's chromium needs root or password-less sudo (set JVORTEX_BROWSER)"
fi

# Serialise concurrent runs (two test JVMs, or a build and a manual run).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$ROOT/build/.browser-env.lock" || die "cannot open lock file"
  flock 9 || die "cannot lock $ROOT/build/.browser-env.lock"
  if B="$(find_browser)"; then found "$B"; fi
fi

say "installing Debian's chromium with apt-get (log: $LOG)"
export DEBIAN_FRONTEND=noninteractive
INSTALL=("${AS[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends chromium)
{ "${INSTALL[@]}" || { "${AS[@]}" apt-get update && "${INSTALL[@]}"; }; } >>"$LOG" 2>&1 \
  || die "apt-get install chromium failed (see $LOG)"
B="$(find_browser)" || die "chromium installed but not found on PATH (see $LOG)"
found "$B"
