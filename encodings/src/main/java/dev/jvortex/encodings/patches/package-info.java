/// Patches: exception values laid over an otherwise decoded array, in the two forms the
/// reference writes. Reference: `vortex-array/src/patches.rs` and
/// `vortex-array/src/arrays/patched/` of vortex-data/vortex; digest `spec/encodings.md` §0.1, §2.
///
/// ## Interior patches ([Patches])
/// Used inside `fastlanes.bitpacked`, `vortex.alp` and `vortex.alprd` (and `vortex.sparse`).
/// - [PatchesMetadata] (protobuf `PatchesMetadata`): `len` (1, number of patches), `offset` (2, subtracted from every
///   stored index), `indices_ptype` (3, an unsigned integer type), `chunk_offsets_len` (4,
///   optional), `chunk_offsets_ptype` (5, optional: its presence, even as `u8` = 0, means a
///   chunk-offsets child exists), `offset_within_chunk` (6, optional).
/// - children, consecutive in the parent: indices (`indices_ptype`, non-null, `len`, sorted),
///   values (`len`, type chosen by the parent), then the optional chunk offsets (one per 1024
///   rows: index of the chunk's first patch). Chunk offsets only speed up lookups; a full decode
///   does not need them, but they still occupy a child slot.
/// - apply: row `indices[k] - offset` takes `values[k]`. Every such row must lie in the array;
///   anything else is corrupt.
///
/// ## vortex.patched (experimental)
/// Written when the reference runs with `VORTEX_EXPERIMENTAL_PATCHED_ARRAY=1`, in place of
/// interior patches.
/// - metadata ([PatchedMetadata], protobuf): `n_patches` (1), `n_lanes` (2, patches of each 1024-row chunk are
///   grouped into this many lanes, lane = row-in-chunk mod `n_lanes`), `offset` (3, < 1024: rows
///   sliced off the front of the first chunk).
/// - no buffers; children: inner (the array's type and length), lane offsets (`u32`,
///   `chunks × n_lanes + 1` with `chunks = ceil((offset + len) / 1024)`), indices (`u16`, position
///   within the chunk, `n_patches`), values (the array's type, `n_patches`).
/// - the patches of chunk `c` are `[lane_offsets[c × n_lanes], lane_offsets[(c + 1) × n_lanes])`;
///   patch `k` sits at grid position `1024 c + indices[k]`, which is row `grid - offset` when
///   that falls inside the array and is skipped otherwise.
///
/// ## Writing
/// [PatchesEncoder] writes interior patches: indices as the narrowest unsigned type holding the
/// last row, optional chunk offsets as the narrowest holding the patch count (both as the
/// reference's compressor leaves them), and the optional metadata fields written even when zero.
/// The reference rejects patches without any index, so encoders leave them out instead.
package dev.jvortex.encodings.patches;
