/// `vortex.pco`: numeric columns compressed with Pcodec (crate `pco`), decoded in pure Java.
///
/// ## Bytes (Vortex side)
/// - metadata: `PcoMetadata { bytes header = 1; repeated PcoChunkInfo chunks = 2; }` with
///   `PcoChunkInfo { repeated PcoPageInfo pages = 1; }` and `PcoPageInfo { uint32 n_values = 1; }`.
///   `header` is the pco "wrapped" header: `04 01` from pco 1.x (format 4.1), `03` from pco
///   0.4.x (format 3, Vortex files written before May 2026).
/// - buffers: one chunk-meta buffer per chunk (`chunks.len()` of them), then every page buffer in
///   chunk order; `n_values` of page `p` says how many numbers that page holds (pco stores no
///   counts itself).
/// - children: `[validity?]`. Only the **valid** values are compressed; the sum of all
///   `n_values` is the number of valid rows and the decoded values go to the valid rows in order.
///   A column without valid values has no chunks and no buffers, but still a header.
/// - reference: `encodings/pco/src/{array.rs,lib.rs}` in vortex-data/vortex; pco itself is
///   pcodec/pcodec at tag `v1.0.2` (and `v0.4.4` for format 3).
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
/// its bytes). A few checks are stricter, on inputs no writer produces:
/// - the pages' `n_values` must add up to the number of valid rows exactly (the reference
///   decodes the pages it needs and would ignore extra values);
/// - a page of more than 2^24 numbers, a Lookback window above 2^24 (as pco 1.0.3+ also
///   rejects) and a lookback of 0 (pco would read a stale window slot) are corrupt;
/// - pages with `n_values = 0` are skipped rather than parsed.
///
/// ## Classes
/// - [dev.jvortex.encodings.pco.PcoArrayDecoder]: the Vortex node; metadata, validity, scatter.
/// - [dev.jvortex.encodings.pco.PcoDecoder]: the header; opens chunks.
/// - [dev.jvortex.encodings.pco.PcoChunkMeta]: parsing and validation of one chunk meta.
/// - [dev.jvortex.encodings.pco.PcoChunkDecoder]: page decoding, the hot loops (tANS, offsets,
///   delta inversion, modes).
///
/// Encoding (the inverse; output the reference decodes, sizes within a few bytes of pco 1.0.4 at
/// level 8 on typical data):
/// - [dev.jvortex.encodings.pco.PcoArrayEncoder]: the Vortex node (valid values only, chunks
///   of 2^18 values, pages of up to 8192 as in the compact preset, validity child).
/// - [dev.jvortex.encodings.pco.PcoEncoder]: one chunk: mode, delta, bins, meta and pages.
/// - [dev.jvortex.encodings.pco.PcoModes]: IntMult, FloatMult and FloatQuant detection on a sample.
/// - [dev.jvortex.encodings.pco.PcoLookback]: Lookback delta encoding.
/// - [dev.jvortex.encodings.pco.PcoBins]: histogram, bin optimisation, weights, tANS tables.
/// - [dev.jvortex.encodings.pco.PcoBitWriter]: the LSB-first bit writer.
package dev.jvortex.encodings.pco;
