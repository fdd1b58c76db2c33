/// Zstandard (RFC 8878) in pure Java: a decompressor for every standard frame, with or without
/// a dictionary, and a compressor that writes standard frames any zstd reader accepts. No JNI,
/// no `sun.misc.Unsafe`, no dependencies; heap arrays and [java.lang.foreign.MemorySegment]s in
/// and out.
///
/// ```java
/// byte[] data = "to be or not to be, that is the question. ".repeat(1000).getBytes(StandardCharsets.UTF_8);
/// byte[] frame = new ZstdCompressor().compress(data);
/// long size = ZstdDecompressor.frameContentSize(frame);       // 42000, from the frame header
/// byte[] back = new ZstdDecompressor().decompress(frame, (int) size);
///
/// ZstdDictionary dictionary = ZstdDictionary.parse(dictionaryBytes); // trained with `zstd --train`
/// byte[] text = new ZstdDecompressor(dictionary).decompress(frameWithDictionary, maxSize);
/// ```
///
/// ## The API
/// - [ZstdDecompressor]: one or more frames (and skippable frames) back to back, from a
///   `byte[]` or a [java.lang.foreign.MemorySegment] into a new array or a caller's segment;
///   the output is capped by the caller, so a lying frame cannot make it allocate more.
/// - [ZstdCompressor]: one frame per call, libzstd's "double fast" match finder (sizes within
///   about 1 % of libzstd level 3); no dictionary, no checksum.
/// - [ZstdDictionary]: raw-content and formatted dictionaries, for decompression.
/// - [ZstdException]: what invalid input raises, with what was wrong and at which input byte.
///
/// Instances are not thread-safe and keep their tables and buffers between calls (a
/// decompressor a few hundred kilobytes, a compressor about 1.5 MB): keep one per thread of work
/// rather than one per call.
///
/// ## Start reading here
/// - [ZstdDecompressor]: frames, blocks, literals and the sequence loop (the hot path).
/// - `ZstdHuffman` and `ZstdFse`: the two entropy decoders, table-driven; `ZstdBitReader` is
///   the backward bitstream both read.
/// - [ZstdDictionary]: raw-content and formatted dictionaries.
/// - [ZstdCompressor]: the match finder and block writer, with `ZstdHuffmanEncoder` and
///   `ZstdFseEncoder` as the entropy coders; `XxHash64` checks content checksums.
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
/// [ZstdException], never an index or allocation error. Output is capped by the caller's
/// expected size, so a frame cannot make the decoder allocate more than the caller allows, and
/// a declared content size no input of that length could produce (more than
/// [ZstdDecompressor#MAX_RATIO] output bytes per input byte, an RLE block) is refused before
/// anything is allocated for it.
package dev.jvortex.zstd;
