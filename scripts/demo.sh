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
echo "== rows in our file: $("$root/jvx" count "$out/orders.vortex"); paid orders over 100: $("$root/jvx" count "$out/orders.vortex" --where "status = 'paid' AND price > 100")"
echo "== statistics from the footer (no scan)"
"$root/jvx" stats "$out/orders.vortex"
echo "== and back out: Vortex to Parquet, and that Parquet file back to Vortex"
"$root/jvx" convert "$out/orders.vortex" "$out/orders.parquet"
"$root/jvx" convert "$out/orders.parquet" "$out/orders-again.vortex"
if cmp -s <("$root/jvx" export "$out/orders.vortex") <("$root/jvx" export "$out/orders-again.vortex"); then
  echo "== the round trip through Parquet kept every value"
else
  echo "== the round trip through Parquet changed values" >&2
  exit 1
fi
echo "== the same data written by the reference implementation (samples/orders.vortex): layout and encodings"
"$root/jvx" inspect "$root/samples/orders.vortex" | head -n 40 || true
cols=order_id,customer,city,status,quantity,price
if cmp -s <("$root/jvx" export "$out/orders.vortex" --columns $cols) <("$root/jvx" export "$root/samples/orders.vortex" --columns $cols); then
  echo "== both files hold the same $cols values"
else
  echo "== the two files differ" >&2
  exit 1
fi
