/// Pcodec (pco) in pure Java: numeric columns (integers of 16 to 64 bits, IEEE floats of 16 to
/// 64 bits) compressed in pco's wrapped format, the form pco takes inside container formats
/// such as Vortex. No JNI, no dependencies.
///
/// Data is a small header, then chunks; a chunk is its meta (mode, delta encoding, bins) and
/// one or more pages, each of which decodes on its own. The container stores the pieces and
/// the number of values of each page (pco stores no counts itself).
///
/// ```java
/// long[] values = new long[10_000];
/// for (int i = 0; i < values.length; i++) {
///     values[i] = 1_700_000_000_000L + 1000L * i + (i % 7);   // timestamps, say
/// }
/// PcoCompressed compressed = Pcodec.compress(values);            // i64, default settings
/// long[] back = Pcodec.decompressLongs(compressed);
///
/// // The pieces, as a container stores them:
/// byte[] header = compressed.header();
/// for (PcoEncoder.Chunk chunk : compressed.chunks()) {
///     byte[] meta = chunk.meta();
///     byte[][] pages = chunk.pages();
///     int[] counts = chunk.pageCounts();
/// }
/// ```
///
/// ## The API
/// - [Pcodec]: one-call compression of `long[]`, `int[]`, `double[]` and `float[]` (or any
///   [PcoType] in its `long` form) and decompression back, with the settings below.
/// - [PcoEncoder]: chunk by chunk, with pco's settings: compression level (0..12, default 8),
///   delta encoding (automatic, none, consecutive of order 1..7, or lookback), values per page
///   and per chunk.
/// - [PcoDecoder] and [PcoChunkDecoder]: the header, then one decoder per chunk that decodes a
///   page into a [java.lang.foreign.MemorySegment] as little-endian numbers; what a container
///   reader uses to decode straight into its own memory.
/// - [PcoType], [PcoMode], [PcoDelta]: the number types and what a chunk meta says;
///   [PcoException]: corrupt data, or data in a newer format ([PcoException#isUnsupported()]).
///
/// Decoding reads formats 0 to 4.1 (pco 0.x and 1.x), including the Dict mode and Conv1 delta
/// encoding pco's encoder never picks by default, and 8-bit types. Encoding writes format 4.1
/// as pco 1.x does, for 16- to 64-bit types; pco 1.0.2 and later read it.
///
/// ## Bytes (pco wrapped format)
/// Every component (header, chunk meta, page) is one little-endian bit stream: a field of `w`
/// bits is taken from the low bits first, fields wider than what is left of a byte continue in
/// the next bytes. Padding to a byte boundary must be zero bits.
///
/// Header: `major` (byte), then `minor` (byte) if `major >= 4`. Majors above 4 are unsupported.
///
/// Chunk meta, in order:
/// 1. `mode` (4 bits): 0 Classic, 1 IntMult (`base`: B bits), 2 FloatMult (`base`: B bits, the
///    ordered latent of a float), 3 FloatQuant (`k`: 8 bits), 4 Dict (`dict_len`: 25 bits, zero
///    bits to a byte boundary, `dict_len` ordered latents of B bits).
/// 2. delta encoding. Formats 3+: a 4-bit variant: 0 None; 1 Consecutive (`order` 3 bits, 1..7;
///    `secondary_uses_delta` 1 bit); 2 Lookback (`window_n_log - 1` 5 bits, `state_n_log` 4 bits,
///    `secondary_uses_delta` 1 bit); 3 Conv1 (`quantization` 5 bits, `bias` 64 bits as an ordered
///    i64, `order - 1` 5 bits, `order` weights of 32 bits as ordered i32). Formats 0..2: a bare
///    3-bit Consecutive order, 0 meaning None.
/// 3. one latent-variable meta for each variable present, in the order *delta* (Lookback only,
///    u32 lookbacks), *primary* (u32 dictionary indices in Dict mode, else the number's latent),
///    *secondary* (IntMult, FloatMult and FloatQuant): `ans_size_log` (4 bits, at most 14),
///    `n_bins` (15 bits), then per bin `weight - 1` (`ans_size_log` bits), `lower` (W bits, W the
///    variable's latent width) and `offset_bits` (`floor(log2 W) + 1` bits, at most W).
/// 4. zero bits to a byte boundary.
///
/// Page (holding `n` numbers):
/// 1. page meta: per variable, `S` delta-state latents of W bits (S = the Consecutive order,
///    the Lookback state count or the Conv1 order, 0 without delta), then four tANS state
///    indices of `ans_size_log` bits; zero bits to a byte boundary.
/// 2. body: batches of 256 numbers. In each batch, per variable in the order above, the tANS
///    symbol bits of its latents in that batch (4 interleaved states, skipped with at most one
///    bin), then their offsets (each `offset_bits` of its bin wide). A delta-encoded variable
///    stores `n - S` latents (the delta variable uses the primary's `S`).
/// 3. zero bits to a byte boundary.
///
/// Decoding then undoes the delta encoding per variable (stored latents are toggled by the
/// latent's mid value), joins primary and secondary latents by the mode's formula, and maps the
/// order-preserving latent back to the number's bits. The full description, with worked
/// examples, is in the project's pco wire-format digest (`shared/spec/pco.md`).
///
/// ## Checks
/// Everything pco 1.0.2 rejects is rejected here too (field ranges, bin weights, zero padding,
/// lookbacks beyond the window, dictionary indices, Conv1 overflow bounds, a page running past
/// its bytes). A few checks are stricter, on inputs no writer produces: a page of more than
/// 2^24 numbers, a Lookback window above 2^24 (as pco 1.0.3+ also rejects) and a lookback of 0
/// (pco would read a stale window slot) are corrupt.
///
/// ## Classes
/// - [PcoDecoder]: the header; opens chunks.
/// - [PcoChunkMeta]: parsing and validation of one chunk meta.
/// - [PcoChunkDecoder]: page decoding, the hot loops (tANS, offsets, delta inversion, modes).
///
/// Encoding (the inverse; output pco decodes, sizes within a few bytes of pco 1.0.4 at level 8
/// on typical data):
/// - [PcoEncoder]: one chunk: mode, delta, bins, meta and pages.
/// - `PcoModes`: IntMult, FloatMult and FloatQuant detection on a sample.
/// - `PcoLookback`: Lookback delta encoding.
/// - `PcoBins`: histogram, bin optimisation, weights, tANS tables.
/// - `PcoBitWriter`: the LSB-first bit writer.
package dev.jvortex.pcodec;
