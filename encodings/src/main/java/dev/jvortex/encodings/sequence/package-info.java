/// `vortex.sequence`: an arithmetic progression `base + i × multiplier` over an integer type.
///
/// ## Bytes
/// - metadata (protobuf `SequenceMetadata`):
///   - field 1 `base` (`vortex.scalar.ScalarValue`, required): first value, in the array's ptype
///   - field 2 `multiplier` (`ScalarValue`, required): the step; vortex-data 0.90 writes it as a
///     signed 64-bit value (`int64_value`) whatever the ptype
/// - no buffers, no children; every row is valid even when the type is nullable
///
/// ## Decoding
/// The array is never empty and its last value must fit the ptype (the reference rejects
/// anything else), so every value fits; [SequenceDecoder] checks the last one, then writes the
/// progression with wrapping arithmetic in the ptype's width.
///
/// Reference: `encodings/sequence/src/array.rs` in vortex-data/vortex.
package dev.jvortex.encodings.sequence;
