/// The `vortex.zstd` and `vortex.zstd_buffers` encodings: values (or an inner array's buffers)
/// compressed in Zstandard frames, with the pure-Java codec of the `jvortex-zstd` module
/// ([dev.jvortex.zstd]), which also describes the zstd format.
///
/// ## Start reading here
/// - [ZstdDecoder]: both encodings; metadata, frames, validity, string views.
/// - [ZstdEncoder]: `vortex.zstd` as the reference's dictionary-free writer makes it.
/// - [ZstdTake]: takes rows by decompressing only the frames that hold them.
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
/// ## Robustness
/// The codec checks every count, size and offset of a frame; its [dev.jvortex.zstd.ZstdException]s
/// become corrupt-data [dev.jvortex.core.VortexException]s naming the node and the frame.
/// Output is capped by the sizes in the metadata, and `vortex.zstd` rejects metadata sizes no
/// frame of that many bytes could produce (at most 32768 output bytes per input byte, an RLE
/// block) before allocating.
package dev.jvortex.encodings.zstd;
