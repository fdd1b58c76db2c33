#!/usr/bin/env bash
# The main job on the bundled sample: convert a CSV dataset to Vortex, query it, and read a
# file the reference implementation wrote from the same data.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/build/demo"
mkdir -p "$out"
echo "== convert samples/orders.csv to Vortex"
"$root/jvx" convert "$root/samples/orders.csv" "$out/orders.vortex"
echo "== schema"
"$root/jvx" schema "$out/orders.vortex"
echo "== query: city, status, price of the first rows (CSV)"
"$root/jvx" export "$out/orders.vortex" --columns city,status,price --format csv | head -n 6 || true
echo "== query: whole rows (JSON Lines)"
"$root/jvx" export "$out/orders.vortex" | head -n 3 || true
echo "== rows in our file: $("$root/jvx" export "$out/orders.vortex" | wc -l)"
echo "== the same data written by the reference implementation (samples/orders.vortex): layout and encodings"
"$root/jvx" inspect "$root/samples/orders.vortex" | head -n 40 || true
cols=order_id,customer,city,status,quantity,price
if cmp -s <("$root/jvx" export "$out/orders.vortex" --columns $cols) <("$root/jvx" export "$root/samples/orders.vortex" --columns $cols); then
  echo "== both files hold the same $cols values"
else
  echo "== the two files differ" >&2
  exit 1
fi
