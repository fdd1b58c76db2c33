/// The writer: chunks columns, serializes each chunk as a flat segment, keeps zone maps and file
/// statistics, and writes the footer at close. A file appears under its name only when complete.
///
/// ## Start reading here
/// - [dev.jvortex.file.write.VortexWriter] checks each batch and hands it to the root of a tree
///   of layout writers, one class per layout kind, mirroring the layout readers of
///   `dev.jvortex.file.layout`: [dev.jvortex.file.write.StructWriter] (the root, and every
///   struct column), [dev.jvortex.file.write.ZonedWriter] (a column's zone map and statistics),
///   [dev.jvortex.file.write.ChunkedWriter] (cuts a column into chunks),
///   [dev.jvortex.file.write.DictWriter] and [dev.jvortex.file.write.FlatWriter] (the chunks).
/// - The writers submit arrays to the [dev.jvortex.file.write.CompressionPipeline], which
///   compresses them on several threads and hands the results, in submission order, to the
///   [dev.jvortex.file.write.SegmentSink]: the only class that writes to the (temporary) file.
/// - Statistics: one [dev.jvortex.file.write.StatsAccumulator] per kind of value, picked from the
///   column's type, each with its own loops over a batch.
///
/// The bytes of each layout are documented in [dev.jvortex.file.layout.Layouts].
package dev.jvortex.file.write;
