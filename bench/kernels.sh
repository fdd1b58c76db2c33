#!/usr/bin/env bash
# Decode kernels (bit-unpacking, FoR, delta, ALP, RLE, dictionary gather, FSST) in GB/s of
# decoded output, next to a memory copy and a sum of the same bytes, in one JMH run.
#   bench/kernels.sh [--quick] [extra JMH options, e.g. -p width64=1,2,3]
# Writes bench/target/kernels/kernels.json (JMH) and kernels.md (the table), and prints the table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=full
if [ "${1:-}" = "--quick" ]; then
  mode=quick
  shift
fi
java_home=$("$root/scripts/find-jdk25.sh")
java="$java_home/bin/java"
out="$root/bench/target/kernels"
jar="$root/bench/target/benchmarks.jar"
"$root/scripts/mvn" -q -B -DskipTests -Pbench -pl bench -am package >&2
mkdir -p "$out"

if [ "$mode" = quick ]; then
  # Seconds, not minutes: a smoke test that every kernel still runs and decodes correctly.
  out_bytes=65536
  params=(-p outBytes=$out_bytes -p width64=1,13,32,33,64 -p width32=7 -p width16=9 -p width8=3
          -p input=bitpacked:u64:13,for:i64:12,delta:i64,alp:f64,rle:i64:8,dict:i64:256,fsst:utf8)
  iterations=(-f 1 -wi 1 -i 2 -w 200ms -r 200ms)
else
  # Every parameter the benchmark declares (all 64 widths for u64), 1 MiB of output per operation.
  out_bytes=1048576
  params=(-p outBytes=$out_bytes)
  iterations=(-f 1 -wi 3 -i 5 -w 1s -r 500ms)
fi
jmh_args=(KernelBenchmark "${params[@]}" "${iterations[@]}" -rf json -rff "$out/kernels.json" "$@")
command="bench/kernels.sh"
if [ "$mode" = quick ]; then
  command+=" --quick"
fi
command+="${*:+ $*}"
echo "running: java --add-modules jdk.incubator.vector -jar bench/target/benchmarks.jar ${jmh_args[*]}" >&2
"$java" --add-modules jdk.incubator.vector -jar "$jar" "${jmh_args[@]}" > "$out/jmh.log"

machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
jdk=$("$java" -version 2>&1 | head -1)
python3 "$root/bench/python/kernels_table.py" "$out/kernels.json" "$java" "$jar" \
  --machine "$machine" --jdk "$jdk" --command "$command" > "$out/kernels.md"
cat "$out/kernels.md"
