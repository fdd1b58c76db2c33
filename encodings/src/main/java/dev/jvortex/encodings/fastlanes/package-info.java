/// Decoders of the FastLanes family: `fastlanes.bitpacked`, `fastlanes.for`, `fastlanes.delta`
/// and `fastlanes.rle`. The reference is the `encodings/fastlanes` crate of vortex-data/vortex,
/// built on the `fastlanes` crate (spiraldb/fastlanes, 0.5.x); the project digest is
/// `spec/encodings.md` §3.
///
/// ## The 1024-value block
/// Values are handled in blocks of 1024 of an unsigned type of `T` = 8, 16, 32 or 64 bits
/// (signed types use the unsigned type of the same width, as bit patterns). A block is `T` rows
/// by `1024 / T` lanes; cell `(row, lane)` is block position
/// `ORDER[row / 8] * 16 + (row % 8) * 128 + lane` with `ORDER = [0, 4, 2, 6, 1, 5, 3, 7]`
/// ([FastLanes#index]). Note the Rust crate's order differs from the original FastLanes paper's.
/// The transpose permutation used by delta is
/// `transpose(i) = (i % 16) * 64 + ORDER[(i / 16) % 8] * 8 + i / 128` ([FastLanes#transpose]).
///
/// ## fastlanes.bitpacked
/// - metadata ([BitPackedMetadata], protobuf): `bit_width` (1, uint32, 0..=T), `offset` (2, uint32, < 1024: rows
///   sliced off the front of the first block), `patches` (3, optional `PatchesMetadata`, see
///   [dev.jvortex.encodings.patches]).
/// - buffer 0: `ceil((offset + len) / 1024)` blocks of exactly `128 × bit_width` bytes each.
///   Within a block, lane `l` packs its `T` values (rows 0, 1, …) as one little-endian bit
///   stream of `bit_width` bits each; stream word `w` is stored as `T`-bit word
///   `lanes × w + l`. Width 0 stores nothing (all zeros); width `T` stores the values as they are.
/// - children, present ones in order: patch indices, patch values (the array's type), patch chunk
///   offsets (only when the patches metadata names their type), validity. So the validity child
///   is child 0, 2 or 3.
/// - row `i` is packed position `i + offset`; a patched row's packed slot holds only its low bits.
///
/// ## fastlanes.for
/// - metadata ([ForMetadata]): the raw protobuf `ScalarValue` of the reference (no wrapper), of the array's
///   type; never null.
/// - no buffers; child 0: the encoded values, same type and nullability as the array.
/// - `value = encoded + reference`, wrapping in the type's width; validity is the child's.
///
/// ## fastlanes.delta
/// - metadata ([DeltaMetadata]): `deltas_len` (1, uint64), `offset` (2, uint32, < 1024).
/// - no buffers; children: bases (array type, `lanes` per whole block, plus one if a partial
///   block remains), deltas (array type, `deltas_len`), and in the newer form a third child, the
///   validity (non-null bool, one bit per row of the array, row order; bases and deltas are then
///   non-null). The July 2026 reference writes two children; the 0.90 reference writes three
///   (and ignores the deltas' own validity in the two-child form).
/// - a whole block: each lane starts from its base and adds the deltas of its rows in row order,
///   giving the block in transposed order; untransposing (`out[transpose(i)] = sums[i]`) gives
///   the values. Current writers pad to whole blocks. Files from before March 2026 coded a
///   final partial block sequentially from the one extra base.
/// - validity (two-child form): the deltas' validity, bit-transposed per 1024-row block (row
///   `i` of a block is stored bit `transpose(i)`); stored plainly in legacy files. A legacy file
///   is recognised only by its partial block: one whose length was a multiple of 1024 is read
///   as transposed (the reference cannot tell either).
/// - rows `[offset, offset + len)` of the decoded values are the array.
///
/// ## fastlanes.rle
/// - metadata ([RleMetadata]): `values_len` (1), `indices_len` (2, whole blocks), `indices_ptype` (3, u8 or u16),
///   `values_idx_offsets_len` (4), `values_idx_offsets_ptype` (5, unsigned), `offset` (6, < 1024).
/// - no buffers; children: values (the array's primitive type, non-null), indices
///   (`indices_ptype`, the array's nullability: they carry the validity), per-block value offsets.
/// - block `c` uses values `[start_c, end_c)` with `start_c = offsets[c] - offsets[0]` and
///   `end_c` the next block's start (the values' end for the last block). Row `j` of the block is
///   `values[start_c + indices[1024 c + j]]`; with a single value the indices are ignored, and
///   an index past the block's values is allowed (clamped) only on a null row.
/// - rows `[offset, offset + len)` of the decoded blocks are the array.
///
/// ## Decoding
/// Unpacking works one block at a time with the width fixed for the whole block. A row of any
/// type is 128 bytes, 16 little-endian longs each holding `64 / T` values, so every row is 16
/// long shifts and masks whatever the type ([BitUnpack#unpackWords]).
/// - Vector path ([VectorUnpack], `jdk.incubator.vector`): used when the module is present
///   (`--add-modules jdk.incubator.vector`) and the kernels have been compiled ([Simd]: a daemon
///   thread runs them on dummy blocks first, since uncompiled Vector API code is tens of times
///   slower than scalar code). Runs of whole blocks go from the packed segment straight into the
///   output segment, 2, 4 or 8 longs per vector operation; a partial first or last block goes
///   through a `long[]` scratch block.
/// - Scalar path (no module, or `-Djvortex.simd=false`): each block's words are copied
///   into a `long[]`, unpacked with [BitUnpack#unpackWords], and the wanted rows copied out.
///
/// FoR over a bit-packed child without patches adds its reference inside the unpacking (a
/// lane-wise add done with long operations, no carry crossing values: [BitUnpack#addWords]), and
/// ALP over such a child (or over FoR over it) converts and scales there too
/// ([ForDecoder#decodeAlp]); with patches the child is decoded first and the reference added in
/// a second pass. Dictionary gathers of 4- and 8-byte values use hardware gathers
/// ([VectorGather]) on the vector path.
///
/// ## Encoding
/// [BitPackedEncoder] packs a block at a time with the [BitPack] kernels (the inverse of
/// [BitUnpack]); valid values wider than the width become patches, null rows are packed as 0,
/// and [BitPackedEncoder#bestWidth] is the reference's choice (packed bytes plus `byteWidth + 4`
/// per patch). [ForEncoder] subtracts the minimum valid value and leaves the child to a
/// [dev.jvortex.encodings.ChildEncoder] (bit-packing, as the reference's FoR scheme does).
/// Encoders return null where the reference would refuse: negative values for bit-packing, the
/// type's full width, no valid row for FoR.
///
/// [RleEncoder] and [DeltaEncoder] write the forms the pinned 0.90 reference writes: RLE with
/// `u8`/`u16` indices over whole blocks (null rows and the padding of the last block repeat a
/// neighbour, so they start no run; the indices carry the validity), delta with padded whole
/// blocks, non-null bases and deltas and, for a nullable array with nulls, the third child
/// (validity in row order). Both fill null rows forward so they cost nothing in the children.
package dev.jvortex.encodings.fastlanes;
