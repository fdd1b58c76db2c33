/// The canonical encodings whose buffers are the in-memory form: `vortex.null`, `vortex.bool`,
/// `vortex.primitive`, `vortex.decimal`, `vortex.struct` and `vortex.ext` ([CanonicalDecoders],
/// [CanonicalTake]), and [CanonicalEncoder], which writes any canonical array uncompressed
/// (strings and lists included, whose decoders live in the `varbin` and `list` packages).
///
/// ## Bytes
/// - `vortex.null`: nothing.
/// - `vortex.bool`: metadata [BoolMetadata] (`offset`, field 1: bit offset below 8); buffer 0 =
///   LSB-first bits; children `[validity?]`.
/// - `vortex.primitive`: buffer 0 = `len × width` little-endian values; children `[validity?]`.
/// - `vortex.decimal`: metadata [DecimalMetadata] (`values_type`, field 1: the values are
///   `2^values_type` bytes wide); buffer 0 = values; children `[validity?]`.
/// - `vortex.struct`: children `[validity?, field...]`.
/// - `vortex.ext`: children `[storage]`.
///
/// A validity child is a non-null bool array of `len` rows (often `vortex.bool`, or
/// `vortex.constant` when every row is null); without one every row is valid.
///
/// Reference: `vortex-array/src/arrays/{null,bool,primitive,decimal,struct_,extension}` in
/// vortex-data/vortex.
package dev.jvortex.encodings.canonical;
