"""Builds the bundled sample: a small CSV of orders, and the same table written by the
reference implementation (vortex-data) as orders.vortex.

Run with the oracle venv:  $(../scripts/oracle-env.sh) make_sample.py
"""
import csv
import datetime as dt
import random
from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import vortex

HERE = Path(__file__).resolve().parent


def main() -> None:
    rng = random.Random(7)
    statuses = ["open", "shipped", "delivered", "returned"]
    cities = ["Amsterdam", "Berlin", "Lisbon", "Oslo", "Prague", "Vienna", "Zurich"]
    start = dt.datetime(2026, 1, 1)
    with open(HERE / "orders.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["order_id", "customer", "city", "status", "quantity", "price", "ordered_at"])
        for i in range(5000):
            w.writerow([
                100000 + i,
                f"customer-{rng.randrange(400):04d}",
                rng.choice(cities),
                rng.choices(statuses, weights=[2, 5, 12, 1])[0],
                rng.randint(1, 12),
                f"{rng.uniform(2, 400):.2f}",
                (start + dt.timedelta(minutes=7 * i + rng.randrange(7))).isoformat(),
            ])
    table = pacsv.read_csv(HERE / "orders.csv", convert_options=pacsv.ConvertOptions(
        column_types={"ordered_at": pa.timestamp("s"), "price": pa.float64()}))
    vortex.io.write(table, str(HERE / "orders.vortex"))
    print(f"wrote {table.num_rows} rows to orders.csv and orders.vortex")


if __name__ == "__main__":
    main()
