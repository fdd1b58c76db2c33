package dev.jvortex.encodings.fastlanes;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Jit;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.patches.PatchesEncoder;
import dev.jvortex.encodings.patches.PatchesMetadata;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Encodes integers as `fastlanes.bitpacked` (layout in the package docs): the inverse of
/// [BitPackedDecoder].
///
/// Every value is packed at one bit width; valid values that need more bits are stored as
/// patches (their packed slot keeps only the low bits), null rows are packed as 0. The width
/// the reference's compressor picks is [#bestWidth]: the smallest estimated size when every
/// patch costs its value plus a 4-byte index. Like the reference, this encoder refuses negative
/// values (encode them with FoR or zigzag first) and a width equal to the type's.
public final class BitPackedEncoder {
    private BitPackedEncoder() {}

    /// Returns `counts[w]` = the number of rows whose value needs exactly `w` bits (`w` from 0 to
    /// the type's width; negative values of a signed type need the full width); null rows count as 0 bits.
    public static long[] histogram(PrimitiveArray a) {
        return histogram(a, 0);
    }

    /// [#histogram] of `a` with `reference` subtracted from every value first (wrapping in the
    /// type's width, as [ForEncoder#subtract] does), without materialising the shifted array.
    static long[] histogram(PrimitiveArray a, long reference) {
        PType ptype = integer(a);
        int typeBits = ptype.bitWidth();
        long[] counts = new long[typeBits + 1];
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        if (validity.isAllInvalid()) {
            counts[0] = len;
            return counts;
        }
        long typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
        // One block loop per case, each in its own method: the driver holds no loop (it is not
        // compiled on-stack, nor again whole with everything inlined), and a loop that tested the
        // case per block was compiled for the first case it saw and again at the first other one.
        // Each loop only loads and dispatches one block per pass; each loop over a block is its
        // own small method, which the JIT compiles once on its own.
        if (validity.isAllValid()) {
            countAllValid(a.data(), ptype, len, reference, typeMask, counts);
        } else {
            countNullable(a.data(), ptype, len, reference, typeMask, validWords, counts);
        }
        return counts;
    }

    private static void countAllValid(
            MemorySegment data, PType ptype, int len, long reference, long typeMask, long[] counts) {
        long[] block = new long[FastLanes.BLOCK];
        long[] lanes = new long[4 * 65];
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(data, ptype, from, block, 0, n);
            shift(block, n, reference, ptype);
            if (Jit.C1_ONLY) {
                countWidthsC1(block, n, typeMask, lanes);
            } else {
                countWidths(block, n, typeMask, lanes);
            }
        }
        addLanes(lanes, counts);
    }

    private static void countNullable(
            MemorySegment data, PType ptype, int len, long reference, long typeMask, long[] validWords, long[] counts) {
        long[] block = new long[FastLanes.BLOCK];
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(data, ptype, from, block, 0, n);
            shift(block, n, reference, ptype);
            if (Jit.C1_ONLY) {
                countValidWidthsC1(block, n, typeMask, validWords, from, counts);
            } else {
                countValidWidths(block, n, typeMask, validWords, from, counts);
            }
        }
    }

    /// Adds the four interleaved tables of [#countWidths] to `counts`.
    private static void addLanes(long[] lanes, long[] counts) {
        for (int w = 0; w < counts.length; w++) {
            counts[w] += lanes[w] + lanes[65 + w] + lanes[130 + w] + lanes[195 + w];
        }
    }

    /// Adds the widths of `block[0..n)` to four interleaved tables of 65 counters in `lanes`:
    /// runs of equal widths (the common case) then update four counters in turn instead of one,
    /// whose every increment waits on the last.
    static void countWidths(long[] block, int n, long typeMask, long[] lanes) {
        int k = 0;
        for (; k + 3 < n; k += 4) {
            lanes[64 - Long.numberOfLeadingZeros(block[k] & typeMask)]++;
            lanes[65 + 64 - Long.numberOfLeadingZeros(block[k + 1] & typeMask)]++;
            lanes[130 + 64 - Long.numberOfLeadingZeros(block[k + 2] & typeMask)]++;
            lanes[195 + 64 - Long.numberOfLeadingZeros(block[k + 3] & typeMask)]++;
        }
        for (; k < n; k++) {
            lanes[64 - Long.numberOfLeadingZeros(block[k] & typeMask)]++;
        }
    }

    /// Adds the widths of `block[0..n)` (rows `from..`) to `counts`, null rows as width 0.
    static void countValidWidths(long[] block, int n, long typeMask, long[] validWords, int from, long[] counts) {
        for (int k = 0; k < n; k++) {
            counts[ValidBits.get(validWords, from + k) ? 64 - Long.numberOfLeadingZeros(block[k] & typeMask) : 0]++;
        }
    }

    /// [#countWidths] for a JVM that compiles with C1 alone ([Jit#C1_ONLY]), which has no intrinsic
    /// for `Long.numberOfLeadingZeros`: a value below 2^53 is a double exactly, whose exponent
    /// field is its width plus 1022 (0 for the value 0), and C1 turns the conversion and the bits
    /// into a few instructions. Measured per value in one JVM: 2.7-3.0 ns against 5-7 ns under
    /// C1, but 1.4-1.7 against 0.8-1.0 ns under C2, which keeps [#countWidths].
    static void countWidthsC1(long[] block, int n, long typeMask, long[] lanes) {
        int k = 0;
        for (; k + 1 < n; k += 2) {
            long v0 = block[k] & typeMask;
            long v1 = block[k + 1] & typeMask;
            lanes[v0 >>> 53 == 0 ? exponentWidth(v0) : 64 - Long.numberOfLeadingZeros(v0)]++;
            lanes[65 + (v1 >>> 53 == 0 ? exponentWidth(v1) : 64 - Long.numberOfLeadingZeros(v1))]++;
        }
        for (; k < n; k++) {
            long v = block[k] & typeMask;
            lanes[v >>> 53 == 0 ? exponentWidth(v) : 64 - Long.numberOfLeadingZeros(v)]++;
        }
    }

    /// [#countValidWidths] for C1 alone (see [#countWidthsC1]).
    static void countValidWidthsC1(long[] block, int n, long typeMask, long[] validWords, int from, long[] counts) {
        for (int k = 0; k < n; k++) {
            long v = block[k] & typeMask;
            int w = v >>> 53 == 0 ? exponentWidth(v) : 64 - Long.numberOfLeadingZeros(v);
            counts[ValidBits.get(validWords, from + k) ? w : 0]++;
        }
    }

    /// The bits `v` (below 2^53) needs, from its exponent as a double (see [#countWidthsC1]); small
    /// enough for C1 to inline.
    static int exponentWidth(long v) {
        int e = (int) (Double.doubleToRawLongBits((double) v) >>> 52) - 1022;
        return e & ~((e - 1) >> 31);
    }

    /// Returns the width with the smallest [#estimatedBytes] for a [#histogram] of `ptype` values
    /// (the smallest such width on ties; the type's full width means packing does not pay).
    public static int bestWidth(PType ptype, long[] histogram) {
        long len = total(histogram);
        long perException = ptype.byteWidth() + 4L;
        // The starting point, as in the reference: every row an exception.
        long best = len * perException;
        int bestWidth = 0;
        long packedRows = 0;
        for (int w = 0; w < histogram.length; w++) {
            packedRows += histogram[w];
            long cost = ((long) w * len + 7) / 8 + (len - packedRows) * perException;
            if (cost < best) {
                best = cost;
                bestWidth = w;
            }
        }
        return bestWidth;
    }

    /// Returns the reference's size estimate for packing at `width`: the packed bits rounded up to
    /// bytes plus `byteWidth + 4` bytes per value wider than `width`.
    public static long estimatedBytes(PType ptype, long[] histogram, int width) {
        long len = total(histogram);
        long wider = 0;
        for (int w = width + 1; w < histogram.length; w++) {
            wider += histogram[w];
        }
        return ((long) width * len + 7) / 8 + wider * (ptype.byteWidth() + 4L);
    }

    /// Packs `a` at its [#bestWidth], the patch children written by `patches`; null when that
    /// width is the type's full width or `a` holds negative values.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder patches) {
        int width = bestWidth(integer(a), histogram(a));
        if (width >= a.ptype().bitWidth()) {
            return null;
        }
        return encode(a, width, patches);
    }

    /// Packs `a` at `width` (0 to the type's width minus one); valid values wider than that become
    /// patches, whose children `children` writes. Returns null when `a` holds a negative valid value.
    public static WriteNode encode(PrimitiveArray a, int width, ChildEncoder children) {
        return encode(a, width, children, 0);
    }

    /// Packs `a` with `reference` subtracted from every value (wrapping in the type's width) at
    /// its best width: exactly `encode(ForEncoder.subtract(a, reference), patches)` without the
    /// shifted copy.
    static WriteNode encodeShifted(PrimitiveArray a, long reference, ChildEncoder patches) {
        int width = bestWidth(integer(a), histogram(a, reference));
        if (width >= a.ptype().bitWidth()) {
            return null;
        }
        return encode(a, width, patches, reference);
    }

    /// [#encode(PrimitiveArray, int, ChildEncoder)] of `a` with `reference` subtracted first.
    private static WriteNode encode(PrimitiveArray a, int width, ChildEncoder children, long reference) {
        PType ptype = integer(a);
        int typeBits = ptype.bitWidth();
        if (width < 0 || width >= typeBits) {
            throw new IllegalArgumentException(
                    "bit width " + width + " must be in 0.." + (typeBits - 1) + " for " + ptype.shortName());
        }
        int len = a.length();
        int blockCount = (len + FastLanes.BLOCK - 1) / FastLanes.BLOCK;
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean someNull = !validity.isAllValid();
        Blocks blocks = new Blocks(a.data(), ptype, len, width, reference, validWords, someNull, blockCount);
        for (int b = 0; b < blockCount; b++) {
            if (!blocks.encode(b)) {
                return null;
            }
        }
        MemorySegment packed = blocks.packer.packed();
        int patches = blocks.patches;
        int[] rows = blocks.rows;
        long[] values = blocks.values;
        PatchesMetadata patchesMetadata = null;
        List<WriteNode> kids = new ArrayList<>();
        if (patches > 0) {
            PrimitiveArray patchValues =
                    Primitives.array(ptype, a.dtype().nullable(), values, patches, Validity.ALL_VALID);
            PatchesEncoder.Encoded p = PatchesEncoder.encode(len, rows, patches, patchValues, true, children);
            patchesMetadata = p.metadata();
            kids.addAll(p.children());
        }
        byte[] meta = new BitPackedMetadata(width, 0, patchesMetadata).write();
        kids.addAll(CanonicalEncoder.validity(a.dtype(), validity, len));
        return new WriteNode(
                EncodingId.BITPACKED.id(), meta, List.of(new WriteNode.Buffer(packed, ptype.byteWidth())), kids);
    }

    /// Loads, checks and packs one block of 1024 values per call, collecting the patches. The
    /// per-block work lives in its own method, without loops, so that the JIT compiles it once
    /// as a whole (not on-stack first) and each loop over a block alone, in a small method.
    private static final class Blocks {
        private final MemorySegment data;
        private final PType ptype;
        private final int len;
        private final int width;
        private final long reference;
        private final long[] validWords;
        private final boolean someNull;
        private final boolean signed;
        private final long typeMask;
        private final long[] block = new long[FastLanes.BLOCK];
        final Packer packer;
        int[] rows = new int[16];
        long[] values = new long[16];
        int patches;

        Blocks(
                MemorySegment data,
                PType ptype,
                int len,
                int width,
                long reference,
                long[] validWords,
                boolean someNull,
                int blockCount) {
            int typeBits = ptype.bitWidth();
            this.data = data;
            this.ptype = ptype;
            this.len = len;
            this.width = width;
            this.reference = reference;
            this.validWords = validWords;
            this.someNull = someNull;
            this.signed = ptype.isSigned();
            this.typeMask = typeBits == 64 ? -1L : (1L << typeBits) - 1;
            this.packer = new Packer(typeBits, width, blockCount);
        }

        /// Encodes block `b`; false when it holds a negative valid value.
        boolean encode(int b) {
            long[] block = this.block;
            int from = b * FastLanes.BLOCK;
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(data, ptype, from, block, 0, n);
            shift(block, n, reference, ptype);
            if (n < FastLanes.BLOCK) {
                Arrays.fill(block, n, FastLanes.BLOCK, 0L);
            }
            // the usual block: no value wider than the width and none negative, nothing to
            // patch or refuse
            if ((someNull || !fits(block, n, typeMask, width, signed)) && !patch(from, n)) {
                return false;
            }
            packer.pack(block, b);
            return true;
        }

        /// Zeroes the null rows of the block (rows `from..from + n`) and records its valid values
        /// wider than the width as patches; false when one valid value is negative.
        private boolean patch(int from, int n) {
            long[] block = this.block;
            for (int k = 0; k < n; k++) {
                long v = block[k];
                if (someNull && !ValidBits.get(validWords, from + k)) {
                    block[k] = 0;
                    continue;
                }
                if (signed && v < 0) {
                    return false;
                }
                if (((v & typeMask) >>> width) != 0) {
                    if (patches == rows.length) {
                        rows = Arrays.copyOf(rows, patches * 2);
                        values = Arrays.copyOf(values, patches * 2);
                    }
                    rows[patches] = from + k;
                    values[patches++] = v;
                }
            }
            return true;
        }

        /// Branch-free look at `block[0..n)`: true when no value is wider than `width` and (for a
        /// signed type) none is negative.
        private static boolean fits(long[] block, int n, long typeMask, int width, boolean signed) {
            long wide = 0;
            long sign = 0;
            for (int k = 0; k < n; k++) {
                wide |= (block[k] & typeMask) >>> width;
                sign |= block[k];
            }
            return wide == 0 && (!signed || sign >= 0);
        }
    }

    /// Packs whole blocks for one word size into one array of that word size (copied once, little
    /// endian, into the buffer at the end), narrowing each block through a reused scratch array.
    private static final class Packer {
        private final int typeBits;
        private final int width;
        private final int blockWords;
        private final byte[] in8;
        private final byte[] out8;
        private final short[] in16;
        private final short[] out16;
        private final int[] in32;
        private final int[] out32;
        private final long[] out64;

        Packer(int typeBits, int width, int blockCount) {
            this.typeBits = typeBits;
            this.width = width;
            this.blockWords = FastLanes.BLOCK / typeBits * width;
            int words = blockCount * blockWords;
            in8 = typeBits == 8 ? new byte[FastLanes.BLOCK] : null;
            out8 = typeBits == 8 ? new byte[words] : null;
            in16 = typeBits == 16 ? new short[FastLanes.BLOCK] : null;
            out16 = typeBits == 16 ? new short[words] : null;
            in32 = typeBits == 32 ? new int[FastLanes.BLOCK] : null;
            out32 = typeBits == 32 ? new int[words] : null;
            out64 = typeBits == 64 ? new long[words] : null;
        }

        /// Packs the 1024 values of `block` as block `b`.
        void pack(long[] block, int b) {
            if (width == 0) {
                return;
            }
            int at = b * blockWords;
            switch (typeBits) {
                case 8 -> {
                    narrow8(block, in8);
                    BitPack.pack8(width, in8, out8, at);
                }
                case 16 -> {
                    narrow16(block, in16);
                    BitPack.pack16(width, in16, out16, at);
                }
                case 32 -> {
                    narrow32(block, in32);
                    BitPack.pack32(width, in32, out32, at);
                }
                default -> BitPack.pack64(width, block, out64, at);
            }
        }

        /// The packed words as little-endian bytes.
        MemorySegment packed() {
            return switch (typeBits) {
                case 8 -> MemorySegment.ofArray(out8);
                case 16 -> copy(MemorySegment.ofArray(out16), out16.length * 2L);
                case 32 -> copy(MemorySegment.ofArray(out32), out32.length * 4L);
                default -> copy(MemorySegment.ofArray(out64), out64.length * 8L);
            };
        }

        /// `words` (native order) as little-endian bytes in a byte array.
        private MemorySegment copy(MemorySegment words, long bytes) {
            MemorySegment out = MemorySegment.ofArray(new byte[Math.toIntExact(bytes)]);
            switch (typeBits) {
                case 16 -> MemorySegment.copy(words, JAVA_SHORT, 0, out, PrimitiveArray.LE_SHORT, 0, bytes / 2);
                case 32 -> MemorySegment.copy(words, JAVA_INT, 0, out, PrimitiveArray.LE_INT, 0, bytes / 4);
                default -> MemorySegment.copy(words, JAVA_LONG, 0, out, PrimitiveArray.LE_LONG, 0, bytes / 8);
            }
            return out;
        }

        private static void narrow8(long[] block, byte[] in) {
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                in[i] = (byte) block[i];
            }
        }

        private static void narrow16(long[] block, short[] in) {
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                in[i] = (short) block[i];
            }
        }

        private static void narrow32(long[] block, int[] in) {
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                in[i] = (int) block[i];
            }
        }
    }

    /// Subtracts `reference` from `block[0..n)` as values of `ptype`: the difference wrapped to
    /// the type's width and widened again as [Segments#load] widens (sign- or zero-extended).
    static void shift(long[] block, int n, long reference, PType ptype) {
        if (reference == 0) {
            return;
        }
        int typeBits = ptype.bitWidth();
        if (typeBits == 64) {
            subtract(block, n, reference);
        } else if (ptype.isSigned()) {
            subtractSigned(block, n, reference, 64 - typeBits);
        } else {
            subtractUnsigned(block, n, reference, (1L << typeBits) - 1);
        }
    }

    private static void subtract(long[] block, int n, long reference) {
        for (int k = 0; k < n; k++) {
            block[k] -= reference;
        }
    }

    private static void subtractSigned(long[] block, int n, long reference, int s) {
        for (int k = 0; k < n; k++) {
            block[k] = (block[k] - reference) << s >> s;
        }
    }

    private static void subtractUnsigned(long[] block, int n, long reference, long mask) {
        for (int k = 0; k < n; k++) {
            block[k] = (block[k] - reference) & mask;
        }
    }

    private static long total(long[] histogram) {
        long n = 0;
        for (long c : histogram) {
            n += c;
        }
        return n;
    }

    private static PType integer(PrimitiveArray a) {
        if (!a.ptype().isInteger() || !(a.dtype() instanceof DType.Primitive)) {
            throw new IllegalArgumentException("bit-packing needs an integer array, not " + a.dtype());
        }
        return a.ptype();
    }
}
