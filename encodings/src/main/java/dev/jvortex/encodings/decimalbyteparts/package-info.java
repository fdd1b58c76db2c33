/// `vortex.decimal_byte_parts`: decimals whose unscaled values fit a signed integer child.
///
/// ## Bytes
/// - metadata (protobuf `DecimalBytesPartsMetadata`):
///   - field 1 `zeroth_child_ptype` (PType enum): the child's signed integer type
///   - field 2 `lower_part_count` (uint32): must be 0 (more parts are not defined yet)
/// - no buffers
/// - child `msp`: Primitive(zeroth_child_ptype, array nullability), `len` rows; the unscaled value
///   of row `i` is `msp[i]` sign-extended (logical value `msp[i] × 10^-scale`); validity lives here
///
/// The display name in vortex-data 0.90 is `vortex.decimal_byte_parts.v2`, but the id written to
/// files is still `vortex.decimal_byte_parts`.
///
/// Reference: `encodings/decimal-byte-parts/src/decimal_byte_parts/mod.rs` in vortex-data/vortex.
package dev.jvortex.encodings.decimalbyteparts;
