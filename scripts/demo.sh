#!/usr/bin/env bash
# The main job on the bundled sample: read a Vortex file written by the reference
# implementation, show its layout and encodings, and query it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sample="$root/samples/orders.vortex"
echo "== schema"
"$root/jvx" schema "$sample"
echo "== layout and encodings"
"$root/jvx" inspect "$sample"
echo "== first rows (city, status, price, ordered_at) as CSV"
"$root/jvx" export "$sample" --columns city,status,price,ordered_at --format csv | head -n 6
echo "== rows as JSON Lines"
"$root/jvx" export "$sample" | head -n 3
echo "== rows exported: $("$root/jvx" export "$sample" | wc -l)"
