/// The string encodings `vortex.varbin` and `vortex.varbinview`, decoded into views over the
/// stored bytes ([VarBinDecoder], [VarBinTake]), and [StringViews], which turns the output of
/// the string decompressors (FSST, OnPair) into views.
///
/// ## Bytes
/// - `vortex.varbin`: metadata [VarBinMetadata] (`offsets_ptype`, field 1: integer type of the
///   offsets, default U8); buffer 0 = the values end to end; children `[offsets (len + 1),
///   validity?]`.
/// - `vortex.varbinview`: buffers = the data buffers, then the 16-byte views (length, then
///   either the value inlined, up to 12 bytes, or a 4-byte prefix, buffer index and offset);
///   children `[validity?]`.
///
/// Reference: `vortex-array/src/arrays/{varbin,varbinview}` in vortex-data/vortex.
package dev.jvortex.encodings.varbin;
