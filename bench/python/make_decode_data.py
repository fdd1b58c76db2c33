"""Writes the files for the decode benchmarks with the reference implementation: the same table
in the default and in the compact preset (Pcodec for numbers, Zstandard for strings).

    python make_decode_data.py OUT_DIR [ROWS]
"""
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import vortex


def table(rows: int) -> pa.Table:
    rng = np.random.default_rng(7)
    words = np.array(["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"])
    return pa.table({
        "i64_walk": pa.array(np.cumsum(rng.integers(-50, 51, rows)).astype(np.int64)),
        "i32_small": pa.array(rng.integers(0, 1000, rows).astype(np.int32)),
        "f64_price": pa.array(np.round(rng.lognormal(3, 1, rows), 2)),
        "f64_noise": pa.array(rng.normal(0, 1, rows)),
        "text": pa.array([f"{words[a]}-{words[b]} order {c} shipped to customer {d}"
                          for a, b, c, d in zip(rng.integers(0, 8, rows), rng.integers(0, 8, rows),
                                                rng.integers(0, 100000, rows), rng.integers(0, 5000, rows))]),
    })


def main() -> None:
    out = Path(sys.argv[1])
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    out.mkdir(parents=True, exist_ok=True)
    t = table(rows)
    vortex.io.write(t, str(out / "decode-default.vortex"))
    vortex.io.VortexWriteOptions.compact().write(t, str(out / "decode-compact.vortex"))
    print(f"wrote {rows} rows to {out}")


if __name__ == "__main__":
    main()
