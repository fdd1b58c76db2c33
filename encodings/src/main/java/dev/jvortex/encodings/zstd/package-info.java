/// Zstandard: a pure-Java decompressor and compressor (RFC 8878) and the `vortex.zstd` and
/// `vortex.zstd_buffers` encodings built on them.
///
/// ## Start reading here
/// - [ZstdDecompressor]: frames, blocks, literals and the sequence loop (the hot path).
/// - [ZstdHuffman] and [ZstdFse]: the two entropy decoders, table-driven; `ZstdBitReader` is
///   the backward bitstream both read.
/// - [ZstdDictionary]: raw-content and formatted dictionaries.
/// - [ZstdDecoder]: the Vortex encodings.
/// - [ZstdCompressor]: one frame per call, libzstd's "double fast" match finder (sizes within
///   about 1 % of libzstd level 3), with `ZstdHuffmanEncoder` and `ZstdFseEncoder` as the
///   entropy coders; [ZstdEncoder] writes `vortex.zstd` with it (no dictionary).
///
/// ## Bytes: `vortex.zstd`
/// Reference: the `encodings/zstd` crate (`array.rs`, `lib.rs`).
/// - metadata: `ZstdMetadata`
///   - `uint32 dictionary_size = 1`: bytes of the dictionary buffer; 0 means no dictionary.
///   - `repeated ZstdFrameMetadata frames = 2`, one per frame buffer:
///     `uint64 uncompressed_size = 1` (bytes the frame decompresses to) and
///     `uint64 n_values = 2` (valid values in the frame; 0 in old primitive-only files, meaning
///     `uncompressed_size / width`).
/// - buffers: the dictionary if `dictionary_size > 0` (a zstd dictionary, usually trained, with
///   entropy tables), then one standard zstd frame per `frames` entry.
/// - children: `[validity?]`, a non-nullable bool array over all rows.
/// - payload: only valid rows are stored, in row order, split across frames. Primitives: packed
///   little-endian values. Utf8 and Binary: per value a `u32` little-endian length, then the
///   bytes. The frames are decompressed one after another into one buffer; strings become views
///   into it (buffer index 0), primitives are used in place when there are no nulls and are
///   otherwise scattered to their rows (null rows zero, null strings empty).
/// - the reference's `compact` write preset picks it for strings: level 3, 8192 values per frame
///   and no dictionary; it trains a dictionary only when asked and there are at least 8 frames.
///
/// ## Bytes: `vortex.zstd_buffers`
/// Reference: `encodings/zstd/src/zstd_buffers.rs` (an unstable encoding, not in default files).
/// - metadata: `ZstdBuffersMetadata { string inner_encoding_id = 1; bytes inner_metadata = 2;
///   repeated uint64 uncompressed_sizes = 3; repeated uint32 buffer_alignments = 4;
///   repeated DType child_dtypes = 5; repeated uint64 child_lens = 6; }`
/// - buffers: the inner array's buffers, each one zstd frame (no dictionary); children: the inner
///   array's children. Decoding decompresses each buffer and decodes the inner encoding with its
///   metadata, so fields 5 and 6 are not needed here.
///
/// ## The zstd format in brief (RFC 8878)
/// A frame is magic `0xFD2FB528`, a header (window size or single-segment content size,
/// optional dictionary id and content size, a checksum flag), blocks, and optionally the low 32
/// bits of the XXH64 of its content. Blocks are raw, RLE or compressed; a compressed block has
/// a literals section (raw, RLE or Huffman-coded in 1 or 4 streams, possibly reusing the
/// previous block's tree) and a sequences section: (literal length, offset, match length)
/// triples coded with three FSE tables (predefined, RLE, described inline or repeated from the
/// previous block), read from one backward bitstream. Offsets 1-3 refer to the three most recent
/// offsets. Skippable frames (magic `0x184D2A5?`) carry no content and are skipped.
///
/// ## Robustness
/// Every count, size and offset is checked before use; corrupt input ends in a
/// [dev.jvortex.core.VortexException]. Output is capped by the caller's expected size, so a
/// frame cannot make the decoder allocate more than the caller allows; `vortex.zstd` also
/// rejects metadata sizes no frame of that many bytes could produce (at most 32768 output bytes
/// per input byte, an RLE block) before allocating.
package dev.jvortex.encodings.zstd;
