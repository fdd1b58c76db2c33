package dev.jvortex.file.write;

import java.lang.foreign.Arena;

/// What the layout writers of one file share.
///
/// @param options the file's options
/// @param pipeline compresses arrays and writes them as segments, in submission order
/// @param statsArena holds zone tables until the file is closed
record WriteContext(WriteOptions options, CompressionPipeline pipeline, Arena statsArena) {}
