/// `vortex.datetimeparts`: `vortex.timestamp` values split into days, seconds and sub-seconds.
///
/// The node receives the extension type itself (not its storage): the time unit comes from the
/// extension metadata (byte 0: 0 = ns, 1 = µs, 2 = ms, 3 = s; 4 = days is invalid here).
///
/// ## Bytes
/// - metadata (protobuf `DateTimePartsMetadata`; PType enums, default U8):
///   - field 1 `days_ptype`, field 2 `seconds_ptype`, field 3 `subseconds_ptype`
/// - no buffers
/// - children (integers, `len` rows each): `days` (with the array's nullability; validity lives
///   here), `seconds` (non-null, seconds within the day), `subseconds` (non-null, units within the
///   second). Signed children are sign-extended, unsigned ones zero-extended. Negative timestamps
///   were split with truncating division, so their parts are negative too.
///
/// ## Decoding
/// `ts = days × 86 400 × D + seconds × D + subseconds` with `D` units per second, in wrapping
/// 64-bit arithmetic; the result is the i64 storage of the timestamp extension array.
///
/// ## Encoding
/// [DateTimePartsEncoder] splits with truncating division, as the reference does, and narrows each
/// part as the reference's compressor does (unsigned 8/16/32 bits when non-negative, else signed,
/// else i64); null rows hold 0 in every part.
///
/// Reference: `encodings/datetime-parts/src/{array.rs,canonical.rs,compress.rs,timestamp.rs}` in
/// vortex-data/vortex.
package dev.jvortex.encodings.datetime;
