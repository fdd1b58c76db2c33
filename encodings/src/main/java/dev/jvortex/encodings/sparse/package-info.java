/// `vortex.sparse`: a fill value everywhere except at a few patched rows.
///
/// ## Bytes
/// - metadata: [SparseMetadata] (protobuf `SparseMetadata`): field 1 `patches`, a nested
///   [dev.jvortex.encodings.patches.PatchesMetadata] (count, offset, indices type)
/// - buffer 0: the fill value, a protobuf `ScalarValue`
/// - children: `indices` (unsigned integer, ascending, minus the patches' offset), `values`
///   (the array's own type, one per patch)
///
/// ## Decoding
/// Row `i` is the value of the patch at `i`, else the fill ([SparseDecoder]); [SparseTake] looks
/// each selected row up among the indices and takes only the values hit. [SparseEncoder] fills
/// with the most frequent value (or null) and writes no chunk offsets, as the reference does.
///
/// Reference: `encodings/sparse` in vortex-data/vortex.
package dev.jvortex.encodings.sparse;
