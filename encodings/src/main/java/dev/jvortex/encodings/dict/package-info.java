/// `vortex.dict`: dictionary encoding, distinct values plus one code per row.
///
/// ## Bytes
/// - metadata: [DictMetadata] (protobuf `DictMetadata`):
///   - field 1 `values_len` (uint32): number of dictionary values
///   - field 2 `codes_ptype` (PType enum, default U8): integer type of the codes
///   - field 3 `is_nullable_codes` (optional bool): whether the codes child is nullable; absent
///     means "as nullable as the array"
///   - field 4 `all_values_referenced` (optional bool): every value is named by some code
/// - no buffers
/// - children: `codes` (integer, `len` rows), `values` (the array's own type, `values_len` rows)
///
/// ## Decoding
/// Row `i` is `values[codes[i]]`, null where the code or the value is null ([DictDecoder]; the
/// common case of primitive values without nulls runs in one pass through [DictGather]).
/// [DictTake] takes the codes at the rows and then either the whole dictionary or only the
/// values named; [DictEncoder] writes the distinct values in order of first appearance.
///
/// Reference: `vortex-array/src/arrays/dict` in vortex-data/vortex.
package dev.jvortex.encodings.dict;
