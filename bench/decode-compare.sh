#!/usr/bin/env bash
# Decode speed of jvortex next to the reference implementation on the same files, in one run:
# default and compact (Pcodec, Zstandard) presets of a 2M-row table written by the reference.
#   bench/decode-compare.sh [--quick]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quick=""
rows=2000000
if [ "${1:-}" = "--quick" ]; then
  quick="--quick"
  rows=200000
fi
py=$("$root/scripts/oracle-env.sh")
java_home=$("$root/scripts/find-jdk25.sh")
data="$root/build/bench/decode-$rows"
if [ ! -f "$data/decode-compact.vortex" ]; then
  "$py" "$root/bench/python/make_decode_data.py" "$data" "$rows" >&2
fi
"$root/scripts/mvn" -q -B -DskipTests -Pbench -pl bench -am package >&2
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); JDK: $("$java_home/bin/java" -version 2>&1 | head -1)"
"$py" "$root/bench/python/decode_compare.py" "$java_home/bin/java" "$root/bench/target/benchmarks.jar" \
  "$data/decode-default.vortex,$data/decode-compact.vortex" i64_walk,i32_small,f64_price,f64_noise,text $quick
