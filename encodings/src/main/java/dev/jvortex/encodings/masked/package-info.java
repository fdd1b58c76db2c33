/// `vortex.masked`: a non-nullable child with a validity laid over it.
///
/// ## Bytes
/// - metadata: empty
/// - no buffers
/// - children: `child` (the array's type made non-nullable, `len` rows), `validity`
///   (optional: non-null bool, `len` rows; absent means every row is valid)
///
/// ## Decoding
/// [MaskedDecoder] decodes the child and applies the validity; a take reads both at the rows.
///
/// Reference: `vortex-array/src/arrays/masked` in vortex-data/vortex.
package dev.jvortex.encodings.masked;
