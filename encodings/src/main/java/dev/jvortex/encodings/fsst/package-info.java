/// `vortex.fsst`: strings compressed with FSST (Fast Static Symbol Table).
///
/// A table of up to 255 symbols, each 1 to 8 bytes, replaces frequent substrings by one-byte
/// codes. Decoding reads the code bytes in order: a code `c < 255` stands for symbol `c`; the code
/// 255 is an escape and the byte after it is copied literally.
///
/// ## Bytes
/// - metadata (protobuf `FSSTMetadata`):
///   - field 1 `uncompressed_lengths_ptype` (PType enum, default U8): type of the lengths child
///   - field 2 `codes_offsets_ptype` (PType enum, default U8): type of the offsets child
/// - buffers, current form (3):
///   - 0 `symbols`: `n × 8` bytes; symbol `c` is the first `lengths[c]` bytes of the little-endian
///     u64 at `8c` (the rest of the word is ignored)
///   - 1 `symbol_lengths`: `n` bytes, each 1..8 (`n ≤ 255`)
///   - 2 `codes`: the compressed bytes of all rows, back to back
/// - children, current form: `uncompressed_lengths` (integer, non-null, `len`: each row's decoded
///   length), `codes_offsets` (integer, non-null, `len + 1`: row `i`'s codes are
///   `codes[offsets[i] .. offsets[i+1]]`, absolute, so `offsets[0]` may be above 0 after a slice),
///   then an optional validity child (Bool, `len`). Null rows have no codes and length 0.
/// - legacy form (2 buffers: symbols, symbol_lengths): children are `codes`, a whole
///   `vortex.varbin` array of type Binary (with the array's nullability) holding the code bytes,
///   their offsets and the validity, then `uncompressed_lengths`. Metadata field 2 is unused.
///
/// ## Decoding
/// [FsstDecoder] decodes the window `codes[offsets[0] .. offsets[len]]` as one stream into a
/// buffer of `sum(uncompressed_lengths)` bytes (plus slack), writing each symbol as one 8-byte
/// store and advancing by its length, then cuts rows by `uncompressed_lengths` into views. The
/// decoded stream must be exactly that long.
///
/// Reference: `encodings/fsst/src/array.rs` and `canonical.rs` in vortex-data/vortex; the symbol
/// layout and escape code of the `fsst-rs` crate (`spiraldb/fsst`).
package dev.jvortex.encodings.fsst;
