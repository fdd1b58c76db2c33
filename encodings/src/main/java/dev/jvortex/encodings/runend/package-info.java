/// `vortex.runend`: run-end encoding, one value per run plus the (exclusive) row where each run ends.
///
/// ## Bytes
/// - metadata (protobuf `RunEndMetadata`):
///   - field 1 `ends_ptype` (PType enum, default U8): type of the ends child (unsigned in practice)
///   - field 2 `num_runs` (uint64): number of runs, the length of both children
///   - field 3 `offset` (uint64): logical row 0 is physical row `offset` (set by slicing)
/// - no buffers
/// - children: `ends` (integer, non-null, `num_runs`, non-decreasing, every `ends[j] ≥ offset`),
///   `values` (the array's own type, `num_runs`, may be nullable; validity lives here)
///
/// ## Decoding
/// Run `j` covers logical rows `[e(j-1), e(j))` with `e(j) = min(ends[j] - offset, len)` and
/// `e(-1) = 0`; the last run must reach `len`. [RunEndDecoder] fills fixed-width values and bools
/// run by run and gathers other types (strings, structs, ...) by index.
///
/// Reference: `encodings/runend/src/{array.rs,compress.rs,iter.rs}` in vortex-data/vortex.
package dev.jvortex.encodings.runend;
