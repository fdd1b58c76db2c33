/// The side-by-side runner's Java half (`bench/run`): one process per dataset and contender
/// times the same operations on the same data for jvortex, Hardwood, parquet-java and Arrow
/// Java, and times jvortex's writer. The Python half (`bench/python/bench_run.py`) times the
/// reference and pyarrow, checks that every contender returned the same rows and writes the report.
package dev.jvortex.bench.sidebyside;
