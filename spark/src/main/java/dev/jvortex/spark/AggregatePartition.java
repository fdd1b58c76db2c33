package dev.jvortex.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/// The answer of a pushed-down aggregate, computed from file statistics at planning: one row.
///
/// @param row the aggregate values in Spark's internal form
record AggregatePartition(InternalRow row) implements InputPartition {}
