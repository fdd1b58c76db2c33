package dev.jvortex.file.write;

import dev.jvortex.core.array.Array;
import dev.jvortex.file.write.CompressionPipeline.ColumnChoice;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.file.write.CompressionPipeline.StatsChain;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.function.IntConsumer;

/// Where layout writers submit arrays to become segments, in file order: the
/// [CompressionPipeline] itself, or a group of segments being cut off the writing thread
/// ([CompressionPipeline#submitGroup]).
interface SegmentQueue {
    /// Compresses `a` and writes it as the next segment, telling `onSegment` its id; `owner`
    /// (which holds `a`, or null) is closed after the segment is written. `column` (or null)
    /// shares the compressor's choice among a column's chunks; `stats` (or null) counts `a`'s
    /// rows as the column's next rows.
    void submit(
            Array a, Compression compression, Arena owner, IntConsumer onSegment, ColumnChoice column, StatsChain stats)
            throws IOException;

    /// As [#submit(Array, Compression, Arena, IntConsumer, ColumnChoice, StatsChain)] without
    /// statistics.
    default void submit(Array a, Compression compression, Arena owner, IntConsumer onSegment, ColumnChoice column)
            throws IOException {
        submit(a, compression, owner, onSegment, column, null);
    }

    /// As [#submit(Array, Compression, Arena, IntConsumer, ColumnChoice, StatsChain)] for an
    /// array of no column's chunks, without statistics.
    default void submit(Array a, Compression compression, Arena owner, IntConsumer onSegment) throws IOException {
        submit(a, compression, owner, onSegment, null, null);
    }
}
