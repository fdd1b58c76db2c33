/// `vortex.chunked`: an array made of consecutive chunks of the same type.
///
/// ## Bytes
/// - metadata: empty
/// - no buffers
/// - children: `chunk_offsets` (u64, non-null, `nchunks + 1` rows, from 0 up to the array's
///   length, non-decreasing), then the chunks in row order
///
/// ## Decoding
/// [ChunkedDecoder] decodes every chunk and concatenates them; [ChunkedTake] takes each chunk
/// holding a selected row at its rows only.
///
/// Reference: `vortex-array/src/arrays/chunked` in vortex-data/vortex.
package dev.jvortex.encodings.chunked;
