/// `vortex.onpair` (experimental): strings as sequences of dictionary tokens (OnPair compression).
///
/// A trained dictionary holds up to 2^16 tokens of 1 to 16 bytes; every row is the concatenation
/// of its tokens.
///
/// ## Bytes
/// - metadata (protobuf `OnPairMetadata`; absent fields are 0, i.e. U8 for PType fields):
///   - field 1 `uncompressed_lengths_ptype` (PType): type of the lengths child
///   - field 2 `bits` (uint32): how many low bits the codes use (informative; not needed to decode,
///     and not written by vortex-data 0.90)
///   - field 3 `dict_size` (uint32): number of tokens
///   - field 4 `total_tokens` (uint64): length of the codes child
///   - fields 5, 6, 7 (PType): types of `dict_offsets`, `codes` and `codes_offsets`
/// - buffer 0 `dict_bytes`: the token bytes, followed by up to 16 zero bytes of padding
/// - children (integers, non-null):
///   - 0 `dict_offsets` (`dict_size + 1`): token `t` is `dict_bytes[off[t] .. off[t+1]]`
///   - 1 `codes` (`total_tokens`): token ids
///   - 2 `codes_offsets` (`len + 1`): row `i` is tokens `codes[co[i] .. co[i+1]]` (absolute)
///   - 3 `uncompressed_lengths` (`len`): each row's decoded length
///   - 4 optional validity (Bool, `len`)
///
/// ## Decoding
/// [OnPairDecoder] decodes the token window `codes[co[0] .. co[len]]` in order into one buffer of
/// `sum(uncompressed_lengths)` bytes and cuts rows by those lengths (as the reference does). When
/// no token exceeds 16 bytes (always, for the reference trainer) each token is stored with two
/// 8-byte writes from a per-token table; otherwise tokens are copied one by one.
///
/// ## Encoding
/// [OnPairEncoder] trains a dictionary as the `onpair` crate does ([OnPairTrainer]: pair merges
/// while scanning 15 % of the input, adaptive threshold, at most 4096 tokens, sorted by their
/// bytes), parses every row greedily into its longest tokens
/// ([TokenParser]: exact-prefix tables of the finished dictionary; the trainer's growing one uses
/// [TokenMatcher]), drops tokens the parse never uses and writes the integer children in their
/// narrowest unsigned types.
///
/// Reference: `encodings/experimental/onpair/src/{array.rs,canonical.rs,compress.rs}` in
/// vortex-data/vortex; the token decoder of the `onpair` crate (`spiraldb/onpair`).
package dev.jvortex.encodings.onpair;
