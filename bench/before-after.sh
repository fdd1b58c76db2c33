#!/usr/bin/env bash
# jvortex's scans before and after a change, in one run on the same files: the side-by-side
# runner's six operations on the reference's files (bench/run's datasets), for jvortex at an
# earlier commit (as it was: its default scan), and at the working tree on one thread and with
# its default parallelism (every processor). Prints a Markdown table.
#
#   bench/before-after.sh REV [--datasets=lineitem,orders,flights,ohlc] [--quick]
#
# Needs the datasets of bench/run (generated on first use) and the reference's files
# (ref-default.vortex, written here with the oracle venv when missing).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rev=${1:?usage: bench/before-after.sh REV [--datasets=a,b] [--quick]}
shift
py=$("$root/bench/bench-env.sh")
java_home=$("$root/scripts/find-jdk25.sh")
old="$root/build/before-after/$(git -C "$root" rev-parse --short "$rev")"
if [ ! -f "$old/bench/target/classpath.txt" ]; then
  rm -rf "$old"
  mkdir -p "$(dirname "$old")"
  git -C "$root" worktree add -f --detach "$old" "$rev" >&2
  "$old/scripts/mvn" -q -B -DskipTests -Pbench -pl bench -am package >&2
fi
"$root/scripts/mvn" -q -B -DskipTests -Pbench -pl bench -am package >&2
exec "$py" "$root/bench/python/before_after.py" "$root" "$java_home/bin/java" \
  "$old/bench/target/classes:$(cat "$old/bench/target/classpath.txt")" \
  "$root/bench/target/classes:$(cat "$root/bench/target/classpath.txt")" "$rev" "$@"
