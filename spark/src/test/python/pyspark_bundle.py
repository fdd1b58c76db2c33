"""PySpark with the jvortex-spark bundle: reads a file the reference wrote, writes one it reads back.

    python pyspark_bundle.py BUNDLE.jar JAVA_HOME WORK_DIR

Prints "ok" and exits 0 when every check passes; any failed check raises.
"""

import datetime
import decimal
import glob
import os
import sys

import pyarrow as pa
import vortex


def main():
    bundle, java_home, work = sys.argv[1], sys.argv[2], sys.argv[3]
    os.environ["JAVA_HOME"] = java_home
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    table = pa.table({
        "id": pa.array([1, 2, 3], pa.int64()),
        "name": pa.array(["a", None, "a longer string than twelve bytes"], pa.string()),
        "price": pa.array([decimal.Decimal("1.25"), decimal.Decimal("-7.50"), None], pa.decimal128(9, 2)),
        "day": pa.array([datetime.date(2024, 1, 31), None, datetime.date(1969, 12, 31)], pa.date32()),
        "small": pa.array([1, 255, None], pa.uint8()),
    })
    source = os.path.join(work, "reference.vortex")
    vortex.io.write(table, source)

    spark = (SparkSession.builder.master("local[2]")
             .config("spark.jars", bundle)
             .config("spark.ui.enabled", "false")
             .config("spark.sql.session.timeZone", "UTC")
             .getOrCreate())
    try:
        df = spark.read.format("vortex").load(source)
        rows = sorted(df.collect(), key=lambda r: r["id"])
        assert [r["id"] for r in rows] == [1, 2, 3], rows
        assert [r["name"] for r in rows] == ["a", None, "a longer string than twelve bytes"], rows
        assert [r["price"] for r in rows] == [decimal.Decimal("1.25"), decimal.Decimal("-7.50"), None], rows
        assert [r["day"] for r in rows] == [datetime.date(2024, 1, 31), None, datetime.date(1969, 12, 31)], rows
        assert [r["small"] for r in rows] == [1, 255, None], rows
        assert df.filter("id >= 2").count() == 2

        out = os.path.join(work, "written")
        df.write.format("vortex").mode("overwrite").save(out)
        files = sorted(glob.glob(os.path.join(out, "*.vortex")))
        assert files, "no file written"
        back = pa.concat_tables([vortex.open(f).to_arrow().read_all() for f in files])
        got = sorted(back.to_pylist(), key=lambda r: r["id"])
        want = table.to_pylist()
        assert [r["id"] for r in got] == [r["id"] for r in want], got
        assert [r["name"] for r in got] == [r["name"] for r in want], got
        assert [r["price"] for r in got] == [r["price"] for r in want], got
        assert [r["day"] for r in got] == [r["day"] for r in want], got
        # u8 is read by Spark as a short (widened) and written back as i16.
        assert [r["small"] for r in got] == [r["small"] for r in want], got
    finally:
        spark.stop()
    print("ok")


if __name__ == "__main__":
    main()
