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
/// The pco format itself (header, chunk meta, pages) is described in [dev.jvortex.pcodec],
/// the module that encodes and decodes it.
///
/// ## Checks (Vortex side)
/// - the pages' `n_values` must add up to the number of valid rows exactly (the reference
///   decodes the pages it needs and would ignore extra values);
/// - pages with `n_values = 0` are skipped rather than parsed;
/// - errors of the pco data ([dev.jvortex.pcodec.PcoException]) become corrupt-data (or, for a
///   newer pco format, unsupported) [dev.jvortex.core.VortexException]s naming the node, the
///   chunk and the page.
///
/// ## Classes
/// - [dev.jvortex.encodings.pco.PcoArrayDecoder]: the Vortex node; metadata, validity, scatter.
/// - [dev.jvortex.encodings.pco.PcoArrayEncoder]: the Vortex node (valid values only, chunks
///   of 2^18 values, pages of up to 8192 as in the compact preset, validity child).
/// - [dev.jvortex.encodings.pco.PcoTake]: takes rows by decoding only the pages that hold them.
package dev.jvortex.encodings.pco;
