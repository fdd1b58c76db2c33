/// Decoders of the ALP floating-point encodings, `vortex.alp` and `vortex.alprd`. Reference:
/// `encodings/alp/src/{alp,alp_rd}` of vortex-data/vortex; digest `spec/encodings.md` §4.
///
/// ## vortex.alp
/// - type: f32 or f64.
/// - metadata ([AlpMetadata], protobuf): `exp_e` (1), `exp_f` (2), both at most 10 (f32) or 18 (f64);
///   `patches` (3, optional `PatchesMetadata`, see [dev.jvortex.encodings.patches]).
/// - no buffers; children: encoded integers (i32 for f32, i64 for f64, the array's nullability;
///   they carry the validity), then the patch indices, patch values (the array's type, the
///   original floats) and optional chunk offsets.
/// - value = `float(encoded) × F10[f] × IF10[e]`, multiplied left to right in the float type,
///   where `F10[k]` and `IF10[k]` are the decimal literals `1e k` and `1e-k` rounded to that type.
///   The result must match the reference bit for bit, so the tables are written as literals and
///   the product is never refactored. Patched rows then take their original value.
///
/// ## vortex.alprd ("real doubles")
/// - type: f32 or f64.
/// - metadata ([AlpRdMetadata], protobuf): `right_bit_width` (1), `dict_len` (2), `dict` (3, repeated uint32, each a
///   16-bit left pattern; entries past `dict_len` are ignored), `left_parts_ptype` (4, u16),
///   `patches` (5, optional).
/// - no buffers; children: left codes (u16, the array's nullability; they carry the validity),
///   right bits (u32 for f32, u64 for f64, non-null), then patch indices and patch values (u16
///   left patterns, non-null); a chunk-offsets child, if declared, is not read.
/// - bits = `(left << right_bit_width) | right` where `left = dict[code]`, or the patch value on a
///   patched row; the float is those bits. A code outside the dictionary is accepted only on a
///   null or patched row.
///
/// ## Encoding
/// [AlpEncoder] picks `e` and `f` as the reference does (a strided sample, the smallest estimated
/// size), codes with the same "sweet" rounding and checks every value by decoding it exactly as
/// [AlpDecoder] does: anything not bit-identical (NaN, -0.0, infinities, too many digits) is a
/// patch, its integer slot the first integer that did round-trip. Patches carry chunk offsets,
/// as the reference writes them. [AlpRdEncoder] searches the left width 1..16 with a dictionary
/// of at most 8 patterns and bit-packs both parts itself; patches hold left patterns.
package dev.jvortex.encodings.alp;
