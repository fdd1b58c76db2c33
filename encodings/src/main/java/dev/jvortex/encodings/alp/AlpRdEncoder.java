package dev.jvortex.encodings.alp;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.patches.PatchesEncoder;
import dev.jvortex.encodings.patches.PatchesMetadata;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Encodes f32 and f64 arrays as `vortex.alprd` ("ALP for real doubles", layout in the package
/// docs), the inverse of [AlpRdDecoder]: each float's bits split into a left part above
/// `right_bit_width`, coded through a dictionary of at most 8 patterns, and the right bits.
///
/// As in the reference, the split and the dictionary are chosen on a sample
/// ([#bestDictionary]): for every left width from 1 to 16 bits, the most frequent left patterns
/// form the dictionary, and the split with the smallest estimated bits per value wins. Left parts
/// outside the dictionary become patches (their code is 0, the patch holds the pattern). The left
/// codes and right bits are bit-packed here (the reference's compressor does not cascade into
/// them); null rows hold code 0 and right bits 0.
public final class AlpRdEncoder {
    private AlpRdEncoder() {}

    /// Most dictionary entries.
    static final int MAX_DICT = 8;
    /// Widest left part in bits.
    static final int CUT_LIMIT = 16;
    /// Most values the dictionary search looks at (a strided sample of larger arrays).
    static final int SAMPLE_LIMIT = 8192;

    /// The split: `rightBitWidth` low bits stored as they are, the left part above coded by
    /// `leftPatterns[code]`.
    ///
    /// @param rightBitWidth the right part's width (the type's width minus 1..16)
    /// @param leftPatterns  the dictionary of left bit patterns, at most 8
    public record Dictionary(int rightBitWidth, int[] leftPatterns) {}

    /// Returns the ALP-RD node of `a` at its [#bestDictionary], patch children written by
    /// `children`; null for arrays that are not f32 or f64, and for empty arrays.
    public static WriteNode encode(PrimitiveArray a, ChildEncoder children) {
        if (!AlpEncoder.applies(a) || a.length() == 0) {
            return null;
        }
        return encode(a, bestDictionary(a), children);
    }

    /// Returns the ALP-RD node of `a` with the given dictionary.
    public static WriteNode encode(PrimitiveArray a, Dictionary dictionary, ChildEncoder children) {
        if (!AlpEncoder.applies(a)) {
            throw new IllegalArgumentException("ALP-RD needs f32 or f64, not " + a.dtype());
        }
        int typeBits = a.ptype().bitWidth();
        int right = dictionary.rightBitWidth();
        int[] patterns = dictionary.leftPatterns();
        if (right < typeBits - CUT_LIMIT || right >= typeBits || patterns.length == 0 || patterns.length > MAX_DICT) {
            throw new IllegalArgumentException("ALP-RD dictionary of " + patterns.length + " entries at right width "
                    + right + " does not fit " + a.ptype().shortName());
        }
        int len = a.length();
        boolean[] valid = Primitives.validRows(a.validity(), len);
        long[] bits = Primitives.longs(a);
        long rightMask = (1L << right) - 1;
        long[] lefts = new long[len];
        long[] rights = new long[len];
        int[] patchRows = new int[16];
        long[] patchValues = new long[16];
        int patches = 0;
        for (int i = 0; i < len; i++) {
            if (!valid[i]) {
                continue;
            }
            long v = bits[i];
            rights[i] = v & rightMask;
            int left = (int) ((v >>> right) & 0xFFFF);
            int code = codeOf(patterns, left);
            if (code < 0) {
                if (patches == patchRows.length) {
                    patchRows = Arrays.copyOf(patchRows, patches * 2);
                    patchValues = Arrays.copyOf(patchValues, patches * 2);
                }
                patchRows[patches] = i;
                patchValues[patches++] = left;
                code = 0;
            }
            lefts[i] = code;
        }
        PrimitiveArray leftArray = Primitives.array(PType.U16, a.dtype().nullable(), lefts, len, a.validity());
        PType rightType = typeBits == 32 ? PType.U32 : PType.U64;
        PrimitiveArray rightArray = Primitives.array(rightType, false, rights, len, Validity.ALL_VALID);
        List<WriteNode> kids = new ArrayList<>();
        kids.add(BitPackedEncoder.encode(leftArray, bitWidth(patterns.length - 1), ChildEncoder.CANONICAL));
        kids.add(BitPackedEncoder.encode(rightArray, right, ChildEncoder.CANONICAL));
        PatchesMetadata patchesMetadata = null;
        if (patches > 0) {
            PrimitiveArray values = Primitives.array(PType.U16, false, patchValues, patches, Validity.ALL_VALID);
            PatchesEncoder.Encoded p = PatchesEncoder.encode(len, patchRows, patches, values, false, children);
            patchesMetadata = p.metadata();
            kids.addAll(p.children());
        }
        long[] dict = new long[patterns.length];
        for (int k = 0; k < patterns.length; k++) {
            dict[k] = Integer.toUnsignedLong(patterns[k]);
        }
        byte[] meta = new AlpRdMetadata(right, patterns.length, dict, PType.U16.code(), patchesMetadata).write();
        return new WriteNode(EncodingId.ALPRD.id(), meta, List.of(), kids);
    }

    /// Returns the split and dictionary with the smallest estimated bits per value on a sample of
    /// `a`'s valid values (the reference's search); `a` must be f32 or f64.
    public static Dictionary bestDictionary(PrimitiveArray a) {
        long[] sample = sample(a);
        int typeBits = a.ptype().bitWidth();
        int[] counts = new int[1 << 16];
        long[] keys = new long[sample.length];
        Dictionary best = null;
        double bestSize = Double.MAX_VALUE;
        for (int p = 1; p <= CUT_LIMIT; p++) {
            int right = typeBits - p;
            int distinct = countPatterns(sample, right, counts, keys);
            // Most frequent first; equal counts by pattern, so the choice is a total order.
            Arrays.sort(keys, 0, distinct);
            int size = Math.min(MAX_DICT, distinct);
            int[] patterns = new int[Math.max(1, size)];
            long kept = 0;
            for (int k = 0; k < size; k++) {
                patterns[k] = (int) (keys[k] & 0xFFFF);
                kept += sample.length - (keys[k] >>> 16);
            }
            long exceptions = sample.length - kept;
            int leftWidth = bitWidth(patterns.length - 1);
            double estimate = right + leftWidth + (sample.length == 0 ? 0 : exceptions * 32.0 / sample.length);
            if (estimate < bestSize) {
                bestSize = estimate;
                best = new Dictionary(right, patterns);
            }
        }
        return best;
    }

    /// Counts the left patterns `(v >>> right) & 0xFFFF` of the sample into `counts` (all zero
    /// before and after) and writes one sort key per distinct pattern to `keys`: `sample.length`
    /// minus its count above the pattern's 16 bits, so that ascending keys put the most frequent
    /// first and equal counts by pattern. Returns how many patterns there are.
    private static int countPatterns(long[] sample, int right, int[] counts, long[] keys) {
        int distinct = 0;
        for (long v : sample) {
            int pattern = (int) ((v >>> right) & 0xFFFF);
            if (counts[pattern]++ == 0) {
                keys[distinct++] = pattern;
            }
        }
        for (int k = 0; k < distinct; k++) {
            int pattern = (int) keys[k];
            keys[k] = (long) (sample.length - counts[pattern]) << 16 | pattern;
            counts[pattern] = 0;
        }
        return distinct;
    }

    private static int codeOf(int[] patterns, int left) {
        for (int k = 0; k < patterns.length; k++) {
            if (patterns[k] == left) {
                return k;
            }
        }
        return -1;
    }

    /// Bits to write `v`, at least 1 (the reference packs a one-entry dictionary's codes at width 1).
    private static int bitWidth(int v) {
        return v == 0 ? 1 : 32 - Integer.numberOfLeadingZeros(v);
    }

    /// The raw bits of up to [#SAMPLE_LIMIT] valid values, evenly strided.
    private static long[] sample(PrimitiveArray a) {
        int len = a.length();
        boolean[] valid = Primitives.validRows(a.validity(), len);
        int count = 0;
        for (boolean v : valid) {
            count += v ? 1 : 0;
        }
        int step = Math.max(1, count / SAMPLE_LIMIT);
        long[] out = new long[(count + step - 1) / step];
        int[] rows = new int[out.length];
        int n = sampleRows(valid, len, step, rows);
        // The rows first, in a loop of their own: one loop with both the row tests and the reads
        // was compiled again and again as the arrays' nulls and lengths changed.
        for (int k = 0; k < n; k++) {
            out[k] = a.getLong(rows[k]);
        }
        return Arrays.copyOf(out, n);
    }

    /// Writes every `step`-th valid row of `valid[0..len)` to `rows` until it is full; returns how many.
    private static int sampleRows(boolean[] valid, int len, int step, int[] rows) {
        int n = 0;
        int seen = 0;
        for (int i = 0; i < len && n < rows.length; i++) {
            if (valid[i]) {
                if (seen++ % step == 0) {
                    rows[n++] = i;
                }
            }
        }
        return n;
    }
}
