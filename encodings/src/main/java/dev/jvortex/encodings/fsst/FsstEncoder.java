package dev.jvortex.encodings.fsst;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.ViewSizes;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Encodes utf8 and binary arrays as `vortex.fsst` in the current three-buffer form (layout in
/// [FsstDecoder]), with a symbol table trained on a sample of the valid values
/// ([FsstSymbolTable#train]).
///
/// As the reference writes it: the uncompressed lengths and the code offsets are `i32`, null
/// rows have no codes and length 0, and the validity child follows the two integer children.
/// (The reference switches the offsets to `i64` when twice the input could pass 2 GiB; one
/// array here holds less than that.)
public final class FsstEncoder {
    private FsstEncoder() {}

    /// Bytes of sample the table is trained on. Four times the FSST authors' 16 KiB: on 100,000
    /// URLs that gave 1,695,541 bytes instead of 1,770,475 (the reference: 1,701,880), on e-mail
    /// addresses 842,970 instead of 864,959 (CompressionComparisonTest), for training time that
    /// stays small next to compressing a chunk.
    static final int SAMPLE_BYTES = 1 << 16;
    /// Longest piece of one value that goes into the sample.
    static final int SAMPLE_PIECE = 512;

    /// The FSST array before its integer children are written.
    ///
    /// @param table the symbol table
    /// @param codes the concatenated codes of every row
    /// @param lengths the uncompressed length of each row (`i32`, non-null)
    /// @param offsets where each row's codes start, plus the end (`len + 1` values, non-null)
    /// @param validity the array's validity
    public record Parts(
            FsstSymbolTable table, byte[] codes, PrimitiveArray lengths, PrimitiveArray offsets, Validity validity) {}

    /// Returns the FSST node of `a` with its lengths and offsets written by `children` (roles
    /// [ChildEncoder.Role#LENGTHS] and [ChildEncoder.Role#OFFSETS]); null when `a` has no valid
    /// non-empty value.
    public static WriteNode encode(VarBinViewArray a, ChildEncoder children) {
        FsstSymbolTable table = train(a);
        if (table == null) {
            return null;
        }
        return node(a.dtype(), split(a, table), children);
    }

    /// Returns the node of already split parts.
    public static WriteNode node(DType dtype, Parts parts, ChildEncoder children) {
        FsstSymbolTable table = parts.table();
        int n = table.size();
        MemorySegment symbols = MemorySegment.ofArray(new byte[8 * n]);
        MemorySegment lengths = MemorySegment.ofArray(new byte[n]);
        for (int k = 0; k < n; k++) {
            symbols.setAtIndex(PrimitiveArray.LE_LONG, k, table.symbol(k));
            lengths.set(JAVA_BYTE, k, (byte) table.length(k));
        }
        byte[] meta = new FsstMetadata(
                        parts.lengths().ptype().code(), parts.offsets().ptype().code())
                .write();
        List<WriteNode> kids = new ArrayList<>();
        kids.add(children.encode(ChildEncoder.Role.LENGTHS, parts.lengths()));
        kids.add(children.encode(ChildEncoder.Role.OFFSETS, parts.offsets()));
        kids.addAll(CanonicalEncoder.validity(
                dtype, parts.validity(), parts.lengths().length()));
        return new WriteNode(
                EncodingId.FSST.id(),
                meta,
                List.of(
                        new WriteNode.Buffer(symbols, 8),
                        new WriteNode.Buffer(lengths, 1),
                        new WriteNode.Buffer(MemorySegment.ofArray(parts.codes()), 1)),
                kids);
    }

    /// Trains a symbol table on a sample of `a`'s valid values: evenly spaced values, each cut to
    /// 512 bytes, about [#SAMPLE_BYTES] in all; null when there is no valid non-empty value.
    public static FsstSymbolTable train(VarBinViewArray a) {
        int[] lengths = ViewSizes.lengths(a, ValidBits.words(a.validity(), a.length()));
        long total = ViewSizes.sum(lengths, SAMPLE_PIECE);
        if (total == 0) {
            return null;
        }
        long step = Math.max(1, total / SAMPLE_BYTES);
        int[] picks = new int[lengths.length];
        int n = pick(lengths, step, picks);
        List<byte[]> sample = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            sample.add(piece(a, picks[k], lengths[picks[k]]));
        }
        return FsstSymbolTable.train(sample);
    }

    /// Writes to `picks` the rows of the sample, evenly spaced by `step` bytes over the non-empty
    /// `lengths` (0 for a null row), each counted as at most [#SAMPLE_PIECE]; returns their number.
    private static int pick(int[] lengths, long step, int[] picks) {
        long seen = 0;
        long next = 0;
        int n = 0;
        for (int i = 0; i < lengths.length; i++) {
            int size = Math.min(SAMPLE_PIECE, lengths[i]);
            if (size != 0 && seen >= next) {
                picks[n++] = i;
                next += step * size;
            }
            seen += size;
        }
        return n;
    }

    /// Row `i` of `a` (`length` bytes), cut to [#SAMPLE_PIECE] bytes.
    private static byte[] piece(VarBinViewArray a, int i, int length) {
        byte[] piece = new byte[length];
        a.copyBytes(i, piece, 0);
        return length <= SAMPLE_PIECE ? piece : Arrays.copyOf(piece, SAMPLE_PIECE);
    }

    /// Compresses every row of `a` with `table`.
    public static Parts split(VarBinViewArray a, FsstSymbolTable table) {
        int len = a.length();
        Validity validity = a.validity();
        int[] sizes = ViewSizes.lengths(a, ValidBits.words(validity, len));
        long input = ViewSizes.sum(sizes);
        if (2 * input > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("FSST of " + input + " bytes needs more than one array of codes");
        }
        byte[] codes = new byte[(int) (2 * input)];
        long[] lengths = new long[len];
        long[] offsets = new long[len + 1];
        offsets[len] = compressRows(a, table, sizes, codes, lengths, offsets);
        return new Parts(
                table,
                Arrays.copyOf(codes, (int) offsets[len]),
                Primitives.array(PType.I32, false, lengths, len, Validity.ALL_VALID),
                Primitives.array(PType.I32, false, offsets, len + 1, Validity.ALL_VALID),
                validity);
    }

    /// Compresses the rows of `a` whose `sizes` (0 for a null row) are not 0 into `codes`, row
    /// `i` from `offsets[i]` on, its size in `lengths[i]`; returns the end of the codes.
    private static int compressRows(
            VarBinViewArray a, FsstSymbolTable table, int[] sizes, byte[] codes, long[] lengths, long[] offsets) {
        byte[] row = new byte[64];
        int at = 0;
        for (int i = 0; i < sizes.length; i++) {
            offsets[i] = at;
            int size = sizes[i];
            if (size != 0) {
                if (row.length < size) {
                    row = new byte[Math.max(size, row.length * 2)];
                }
                a.copyBytes(i, row, 0);
                lengths[i] = size;
                at = table.compress(row, 0, size, codes, at);
            }
        }
        return at;
    }
}
