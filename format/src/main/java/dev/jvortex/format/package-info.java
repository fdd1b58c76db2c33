/// The file's own messages, read in place from a [java.lang.foreign.MemorySegment]. They are
/// written by `FormatWriter` and `FbBuilder` in `dev.jvortex.format.internal`, which this module
/// exports to the writer (`dev.jvortex.file`) only.
///
/// ## Bytes of a file
/// - `VTXF` magic, then data segments (each aligned, zero padding between).
/// - The dtype, layout, statistics and footer flatbuffers, back to back.
/// - The postscript flatbuffer (at most 65,527 bytes), then `u16 version = 1`,
///   `u16 postscript length` and `VTXF`.
/// - A flat segment holds one serialized array: its buffers (each padded to its alignment),
///   padding to 8, the `Array` flatbuffer and its `u32` length
///   ([dev.jvortex.format.SerializedArray], [dev.jvortex.format.ArraySerializer]).
///
/// Every offset and length read here is checked against the bytes that exist; a bad one is a
/// [dev.jvortex.core.VortexException] naming the message and the position.
package dev.jvortex.format;
