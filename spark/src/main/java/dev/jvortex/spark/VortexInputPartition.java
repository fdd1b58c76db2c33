package dev.jvortex.spark;

import dev.jvortex.file.Split;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/// One split of one file: the file's path and a row range (a jvortex [Split]), with the
/// partition-folder values of the file. Plain data, with no locality: any executor that sees the
/// path reads it.
///
/// @param split the file and rows to read
/// @param partitionValues the file's partition column values (an empty row when none)
record VortexInputPartition(Split split, InternalRow partitionValues) implements InputPartition {}
