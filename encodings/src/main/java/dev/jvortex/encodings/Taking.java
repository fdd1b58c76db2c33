package dev.jvortex.encodings;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.alp.AlpRdTake;
import dev.jvortex.encodings.alp.AlpTake;
import dev.jvortex.encodings.canonical.CanonicalTake;
import dev.jvortex.encodings.chunked.ChunkedTake;
import dev.jvortex.encodings.constant.ConstantTake;
import dev.jvortex.encodings.dict.DictTake;
import dev.jvortex.encodings.fastlanes.BitPackedTake;
import dev.jvortex.encodings.fastlanes.DeltaTake;
import dev.jvortex.encodings.fastlanes.RleTake;
import dev.jvortex.encodings.fsst.FsstTake;
import dev.jvortex.encodings.list.ListTake;
import dev.jvortex.encodings.onpair.OnPairTake;
import dev.jvortex.encodings.patches.PatchedTake;
import dev.jvortex.encodings.pco.PcoTake;
import dev.jvortex.encodings.runend.RunEndTake;
import dev.jvortex.encodings.sequence.SequenceTake;
import dev.jvortex.encodings.sparse.SparseTake;
import dev.jvortex.encodings.varbin.VarBinTake;
import dev.jvortex.encodings.zstd.ZstdTake;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

// spotless:off
/// Reads given rows of a serialized array, decoding only what those rows need.
///
/// Each node's encoding picks a [TakeKernel] once ([#kernel]); kernels take their children at the
/// rows they derive (a dictionary's codes at the rows, its values at those codes; a run-end
/// array's values at the runs holding the rows; ...). Encodings whose children have one row per
/// row and whose row `i` depends only on row `i` of the children (frame of reference, zigzag,
/// masked, struct, ...) run their own decoder over lazily taken children. An encoding without a
/// kernel, or a form a kernel does not handle, is decoded whole through [Decoding] and gathered.
///
/// | encoding | what a take reads |
/// |---|---|
/// | `fastlanes.bitpacked` | one or two packed words per row (the node's offset into its first block included); patches by lookup |
/// | `fastlanes.for`, `vortex.zigzag`, `vortex.masked`, `vortex.decimal_byte_parts`, `vortex.datetimeparts`, `vortex.struct`, `vortex.ext` | the children at the rows, then the encoding's own decoder |
/// | `fastlanes.delta` | per row, the lane's base and its deltas up to the row's cell |
/// | `fastlanes.rle` | per row, its index and the value it names in its block's slice |
/// | `vortex.alp`, `vortex.alprd` | the encoded parts at the rows; patches by lookup |
/// | `vortex.patched` | the inner array at the rows; the patches of the rows' 1024-row chunks |
/// | `vortex.dict` | the codes at the rows; the values whole when few, else at the distinct codes |
/// | `vortex.runend` | the run ends whole (binary search), the values at the runs |
/// | `vortex.sparse` | the patch indices whole (lookup), the values of the patches hit |
/// | `vortex.constant`, `vortex.sequence` | nothing beyond the metadata |
/// | `vortex.chunked` | the chunks holding rows, at their rows |
/// | `vortex.fsst`, `vortex.onpair` | the rows' lengths and code ranges, then only their codes, decompressed |
/// | `vortex.zstd`, `vortex.pco` | the validity whole, then only the frames / pages holding the rows |
/// | canonical primitive, bool, decimal, varbinview, bytebool | the rows' values or views |
/// | canonical varbin, list, listview, map, fixed-size list | the rows' offsets, then their bytes or elements |
/// | `vortex.zstd_buffers` | (no kernel: decoded whole) |
///
/// The result equals `ArrayOps.take(Decoding.decodeRoot(root, dtype, length, arena), indices, arena)`
/// row for row (validity, and the values at valid rows), under the same limits on corrupt input.
public final class Taking {
// spotless:on
    private Taking() {}

    /// Returns the rows at `indices` of the serialized array rooted at `root` (of type `dtype`,
    /// `length` rows) as a canonical array of `indices.length` rows, in the order given; indices
    /// may be unsorted and repeat; one outside `[0, length)` is a [VortexException] of kind
    /// [VortexException.Kind#MISUSE]. Memory comes from `arena`.
    public static Array take(EncodedNode root, DType dtype, long length, int[] indices, Arena arena) {
        int len = DecodeContext.checkedLength(length, "array length");
        for (int k = 0; k < indices.length; k++) {
            int i = indices[k];
            if (i < 0 || i >= len) {
                throw VortexException.misuse(
                        "index " + i + " (position " + k + ") is out of bounds for an array of length " + len);
            }
        }
        return new TakeContext(arena).take(root, dtype, len, indices);
    }

    /// Returns the take kernel of encoding `id`, or null when rows of it are taken by decoding the
    /// node whole.
    public static TakeKernel kernel(EncodingId id) {
        return switch (id) {
            case NULL -> CanonicalTake::nullArray;
            case BOOL -> CanonicalTake::bool;
            case PRIMITIVE -> CanonicalTake::primitive;
            case DECIMAL -> CanonicalTake::decimal;
            case VARBIN -> VarBinTake::varbin;
            case VARBINVIEW -> VarBinTake::varbinview;
            case LIST -> ListTake::list;
            case LISTVIEW -> ListTake::listview;
            case MAP -> ListTake::map;
            case FIXED_SIZE_LIST -> ListTake::fixedSizeList;
            case STRUCT, EXT, MASKED, FOR, ZIGZAG, DECIMAL_BYTE_PARTS, DATETIMEPARTS -> Taking::elementwise;
            case BYTEBOOL -> Taking::byteBool;
            case CHUNKED -> ChunkedTake::take;
            case CONSTANT -> ConstantTake::take;
            case DICT -> DictTake::take;
            case SPARSE -> SparseTake::take;
            case BITPACKED -> BitPackedTake::take;
            case RLE -> RleTake::take;
            case DELTA -> DeltaTake::take;
            case ALP -> AlpTake::take;
            case ALPRD -> AlpRdTake::take;
            case FSST -> FsstTake::take;
            case ONPAIR -> OnPairTake::take;
            case RUNEND -> RunEndTake::take;
            case SEQUENCE -> SequenceTake::take;
            case PATCHED -> PatchedTake::take;
            case ZSTD -> ZstdTake::take;
            case PCO -> PcoTake::take;
            case ZSTD_BUFFERS, VARIANT -> null;
        };
    }

    private static Array elementwise(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        return ctx.elementwise(node, dtype, len, idx);
    }

    /// `vortex.bytebool`: one byte per row, gathered, then packed by its decoder.
    private static Array byteBool(EncodedNode node, DType dtype, int len, int[] idx, TakeContext ctx) {
        if (node.bufferCount() != 1 || node.buffer(0).byteSize() != len) {
            return null;
        }
        return ctx.view(node, dtype, len, idx, null, new MemorySegment[] {ctx.gather(node.buffer(0), 1, idx)});
    }
}
