package dev.jvortex.encodings.dict;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.DistinctLongs;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/// Encodes an array as `vortex.dict` (codes first, then values), the inverse of
/// [DictDecoder].
///
/// The values are the distinct values in order of first appearance; a null row is one more
/// value (a null entry, the reference's string dictionaries write nulls the same way), so the
/// codes never need a validity of their own. Codes are `u8`, `u16` or `u32`, the narrowest that
/// numbers the values, and the metadata says `all_values_referenced = true`. Handles bool,
/// primitive, decimal, utf8 and binary arrays; floats compare by their bits.
public final class DictEncoder {
    private DictEncoder() {}

    /// A dictionary-encoded array before its children are written.
    ///
    /// @param codes the codes (unsigned, non-null)
    /// @param values the distinct values, a null row's as one null entry (the array's type)
    public record Parts(PrimitiveArray codes, Array values) {}

    /// Returns the dictionary node of `a` with children written by `children`, or null when `a`
    /// has no valid row, is not supported, or has more distinct values than half its rows (where
    /// the reference's compressor would not try a dictionary).
    public static WriteNode encode(Array a, ChildEncoder children) {
        return encode(a, Math.max(1, a.length() / 2), children);
    }

    /// Returns the dictionary node of `a` with children written by `children` (roles
    /// [ChildEncoder.Role#CODES] and [ChildEncoder.Role#VALUES]), or null when `a` has no valid row,
    /// is not supported, or has more than `maxValues` distinct values (a null counts as one).
    public static WriteNode encode(Array a, int maxValues, ChildEncoder children) {
        Parts parts = split(a, maxValues);
        if (parts == null) {
            return null;
        }
        return node(
                parts,
                children.encode(ChildEncoder.Role.CODES, parts.codes()),
                children.encode(ChildEncoder.Role.VALUES, parts.values()));
    }

    /// Returns the dictionary node over written children.
    public static WriteNode node(Parts parts, WriteNode codes, WriteNode values) {
        byte[] meta =
                new DictMetadata(parts.values().length(), parts.codes().ptype().code(), false, true).write();
        return WriteNode.of(EncodingId.DICT.id(), meta, codes, values);
    }

    /// Splits `a` into codes and distinct values; null when `a` has no valid row, is not
    /// supported, or has more than `maxValues` distinct values (a null counts as one).
    public static Parts split(Array a, int maxValues) {
        int len = a.length();
        if (!Rows.supported(a) || Rows.firstValid(a.validity(), len) < 0) {
            return null;
        }
        int expected = 16;
        if (a instanceof PrimitiveArray p && len >= 4096) {
            // The estimate turns away arrays with far too many values and sizes the table.
            double estimate = estimateDistinct(p);
            if (maxValues >= len / 16 && estimate > 1.1 * maxValues + 64) {
                return null;
            }
            expected = (int) Math.min(maxValues + 1L, (long) (estimate * 1.1) + 64);
        }
        int[] codes = new int[len];
        int[] firstRows = a instanceof PrimitiveArray p
                ? primitiveCodes(p, codes, maxValues, expected)
                : a instanceof VarBinViewArray v ? bytesCodes(v, codes, maxValues) : genericCodes(a, codes, maxValues);
        if (firstRows == null) {
            return null;
        }
        int n = firstRows.length;
        PType codeType = n <= 0x100 ? PType.U8 : n <= 0x10000 ? PType.U16 : PType.U32;
        PrimitiveArray codeArray = new PrimitiveArray(
                new DType.Primitive(codeType, false),
                codeType,
                Primitives.segment(codeType, codes, len),
                len,
                Validity.ALL_VALID);
        Array values = Rows.gather(a, firstRows, n);
        return new Parts(codeArray, values);
    }

    /// Whether the valid values of `a` are far more than `maxValues` distinct ones, by
    /// [#estimateDistinct] ([#split]'s test): one hash and one bit set per row, where building the
    /// dictionary would grow a table of up to `maxValues` entries before giving up. At the bitmap's load the
    /// estimate's relative error is well below 1 %, so a 10 % margin never turns away an array
    /// that has at most `maxValues` distinct values.
    static boolean surelyMoreDistinct(PrimitiveArray a, int maxValues) {
        int len = a.length();
        if (len < 4096 || maxValues < len / 16) {
            // Small arrays are cheap to try, and with a low bound the dictionary gives up early.
            return false;
        }
        return estimateDistinct(a) > 1.1 * maxValues + 64;
    }

    /// Estimates the number of distinct valid values of `a` by linear counting over a bitmap of
    /// at least 8 bits per row (relative error about `0.7 / sqrt(bits)` when the values are at
    /// most one per row).
    public static double estimateDistinct(PrimitiveArray a) {
        // The compressor asks twice for the same array (whether to try a dictionary, then in
        // split), with its sample's estimate in between: the last two answers per thread are
        // kept with their arrays (arrays are immutable).
        LastEstimate[] last = LAST_ESTIMATES.get();
        for (LastEstimate e : last) {
            if (e != null && e.array.get() == a) {
                return e.distinct;
            }
        }
        double distinct = estimateDistinctOnce(a);
        last[1] = last[0];
        last[0] = new LastEstimate(new WeakReference<>(a), distinct);
        return distinct;
    }

    /// An array [#estimateDistinct] answered for on this thread, and the answer.
    private record LastEstimate(WeakReference<PrimitiveArray> array, double distinct) {}

    private static final ThreadLocal<LastEstimate[]> LAST_ESTIMATES =
            ThreadLocal.withInitial(() -> new LastEstimate[2]);

    private static double estimateDistinctOnce(PrimitiveArray a) {
        int len = a.length();
        int log = Math.max(6, 64 - Long.numberOfLeadingZeros(8L * len - 1));
        long bits = 1L << log;
        long[] bitmap = new long[(int) (bits >>> 6)];
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean allValid = validity.isAllValid();
        long[] block = new long[1024];
        int[] slots = new int[block.length];
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, m);
            slotsOf(block, m, log, slots);
            if (allValid) {
                mark(slots, m, bitmap);
            } else {
                markValid(slots, m, validWords, from, bitmap);
            }
        }
        long set = bitCount(bitmap);
        if (set == bits) {
            return Double.POSITIVE_INFINITY;
        }
        return -bits * Math.log((double) (bits - set) / bits);
    }

    private static long bitCount(long[] bitmap) {
        long set = 0;
        for (long w : bitmap) {
            set += Long.bitCount(w);
        }
        return set;
    }

    // Each loop over a block is its own small method, compiled once on its own rather than
    // inlined into the block driver's compilations. The hashes are one pass and the bitmap
    // updates another: the hash loop has no memory dependence and vectorises (two passes take
    // about half the time of one that hashes and sets in turn, 0.9 against 1.7 ns per value).

    /// Sets `slots[k]` to the bitmap bit of `block[k]` (a `log`-bit hash) for `k < m`.
    private static void slotsOf(long[] block, int m, int log, int[] slots) {
        int shift = 64 - log;
        for (int k = 0; k < m; k++) {
            long h = block[k] * 0x9E3779B97F4A7C15L;
            h ^= h >>> 32;
            h *= 0xC2B2AE3D27D4EB4FL;
            slots[k] = (int) (h >>> shift);
        }
    }

    /// Sets the bitmap bits `slots[0..m)`.
    private static void mark(int[] slots, int m, long[] bitmap) {
        for (int k = 0; k < m; k++) {
            int slot = slots[k];
            bitmap[slot >>> 6] |= 1L << slot;
        }
    }

    /// Sets the bitmap bits `slots[k]` of the valid rows `from + k` among `k < m`.
    private static void markValid(int[] slots, int m, long[] validWords, int from, long[] bitmap) {
        for (int k = 0; k < m; k++) {
            if (ValidBits.get(validWords, from + k)) {
                int slot = slots[k];
                bitmap[slot >>> 6] |= 1L << slot;
            }
        }
    }

    /// The widest value range (max − min) [#narrowCodes] takes for `len` rows: a table of at most
    /// this many ints, about as large as the codes themselves.
    static long narrowRangeLimit(int len) {
        return Math.min(1L << 24, Math.max(4096L, 2L * len));
    }

    /// Codes of a primitive array through a table of the value bits: no boxing. Integers whose
    /// valid values span a narrow range go through a direct table instead ([#narrowCodes]).
    static int[] primitiveCodes(PrimitiveArray a, int[] codes, int maxValues, int expected) {
        if (a.ptype().isInteger()) {
            long[] minMax = ForEncoder.minMax(a);
            if (minMax != null && Long.compareUnsigned(minMax[1] - minMax[0], narrowRangeLimit(a.length())) < 0) {
                return narrowCodes(a, codes, maxValues, minMax[0], (int) (minMax[1] - minMax[0]));
            }
        }
        return hashedCodes(a, codes, maxValues, expected);
    }

    /// [#primitiveCodes] for integers whose valid values lie in `[min, min + range]`: the code of a
    /// value is found at index value − min of a direct table, in the same order of first appearance
    /// as through the hash table, nulls numbered the same way.
    static int[] narrowCodes(PrimitiveArray a, int[] codes, int maxValues, long min, int range) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean allValid = validity.isAllValid();
        // Code + 1 per value − min; 0 while the value has not appeared.
        int[] table = new int[range + 1];
        Coding coding = new Coding(16, 0);
        long[] block = new long[1024];
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, m);
            if (!narrowBlock(block, m, from, allValid ? null : validWords, min, table, codes, maxValues, coding)) {
                return null;
            }
        }
        return Arrays.copyOf(coding.firstRows, coding.n);
    }

    /// The codes being numbered by [#narrowCodes] or [#hashedCodes] across blocks: the first row
    /// of each code, the codes so far, the null rows' code (-1 before the first null row) and,
    /// for [#hashedCodes], the code of each hash-table id.
    private static final class Coding {
        int[] firstRows;
        int[] codeOf;
        int n;
        int nullCode = -1;

        Coding(int firstRows, int codeOf) {
            this.firstRows = new int[firstRows];
            this.codeOf = new int[codeOf];
        }

        /// Codes null row `row`; false when that needs a code beyond `maxValues`.
        boolean nullRow(int row, int[] codes, int maxValues) {
            if (nullCode < 0) {
                if (n >= maxValues) {
                    return false;
                }
                firstRows = ensure(firstRows, n);
                firstRows[n] = row;
                nullCode = n++;
            }
            codes[row] = nullCode;
            return true;
        }

        /// Numbers a new value first seen at `row`; returns the count of codes (its code + 1).
        int first(int row) {
            firstRows = ensure(firstRows, n);
            firstRows[n] = row;
            return ++n;
        }

        /// Numbers the new hash-table id `id`, first seen at `row`.
        void firstId(int id, int row) {
            codeOf = ensure(codeOf, id);
            firstRows = ensure(firstRows, n);
            codeOf[id] = n;
            firstRows[n++] = row;
        }
    }

    /// Codes the rows of `block[0..m)` (rows `from..`; all valid when `validWords` is null)
    /// through the direct table; false when they need more than `maxValues` codes. Each loop over
    /// a block is its own small method, compiled once on its own.
    private static boolean narrowBlock(
            long[] block,
            int m,
            int from,
            long[] validWords,
            long min,
            int[] table,
            int[] codes,
            int maxValues,
            Coding coding) {
        for (int k = 0; k < m; k++) {
            int row = from + k;
            if (!ValidBits.get(validWords, row)) {
                if (!coding.nullRow(row, codes, maxValues)) {
                    return false;
                }
                continue;
            }
            int slot = (int) (block[k] - min);
            int code = table[slot];
            if (code == 0) {
                if (coding.n >= maxValues) {
                    return false;
                }
                code = coding.first(row);
                table[slot] = code;
            }
            codes[row] = code - 1;
        }
        return true;
    }

    /// [#primitiveCodes] through a hash table of the value bits.
    static int[] hashedCodes(PrimitiveArray a, int[] codes, int maxValues, int expected) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean allValid = validity.isAllValid();
        DistinctLongs distinct = new DistinctLongs(expected);
        Coding coding = new Coding(Math.max(16, expected), Math.max(16, expected));
        long[] block = new long[1024];
        for (int from = 0; from < len; from += block.length) {
            int m = Math.min(block.length, len - from);
            Segments.load(a.data(), a.ptype(), from, block, 0, m);
            if (!hashedBlock(block, m, from, allValid ? null : validWords, distinct, codes, maxValues, coding)) {
                return null;
            }
        }
        return Arrays.copyOf(coding.firstRows, coding.n);
    }

    /// Codes the rows of `block[0..m)` (rows `from..`; all valid when `validWords` is null)
    /// through the hash table; false when they need more than `maxValues` codes.
    private static boolean hashedBlock(
            long[] block,
            int m,
            int from,
            long[] validWords,
            DistinctLongs distinct,
            int[] codes,
            int maxValues,
            Coding coding) {
        for (int k = 0; k < m; k++) {
            int row = from + k;
            if (!ValidBits.get(validWords, row)) {
                if (!coding.nullRow(row, codes, maxValues)) {
                    return false;
                }
                continue;
            }
            int before = distinct.size();
            int id = distinct.add(block[k]);
            if (id == before) {
                if (coding.n >= maxValues) {
                    return false;
                }
                coding.firstId(id, row);
            }
            codes[row] = coding.codeOf[id];
        }
        return true;
    }

    /// Codes of a string or binary array through an open-addressing table over a pool of the
    /// distinct values' bytes: no object per row.
    private static int[] bytesCodes(VarBinViewArray a, int[] codes, int maxValues) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        boolean allValid = validity.isAllValid();
        byte[] pool = new byte[1024];
        int used = 0;
        int[] starts = new int[17];
        int[] hashes = new int[16];
        int[] firstRows = new int[16];
        int[] table = new int[64];
        Arrays.fill(table, -1);
        byte[] scratch = new byte[64];
        int n = 0;
        int nullCode = -1;
        for (int row = 0; row < len; row++) {
            if (!allValid && !ValidBits.get(validWords, row)) {
                if (nullCode < 0) {
                    if (n >= maxValues) {
                        return null;
                    }
                    starts = ensure(starts, n + 1);
                    hashes = ensure(hashes, n);
                    firstRows = ensure(firstRows, n);
                    starts[n + 1] = used;
                    firstRows[n] = row;
                    nullCode = n++;
                }
                codes[row] = nullCode;
                continue;
            }
            int size = a.byteLength(row);
            if (scratch.length < size) {
                scratch = new byte[Math.max(size, scratch.length * 2)];
            }
            a.copyBytes(row, scratch, 0);
            int h = hash(scratch, size);
            int mask = table.length - 1;
            int slot = h & mask;
            int code;
            while ((code = table[slot]) >= 0
                    && (hashes[code] != h || !Arrays.equals(pool, starts[code], starts[code + 1], scratch, 0, size))) {
                slot = (slot + 1) & mask;
            }
            if (code < 0) {
                if (n >= maxValues) {
                    return null;
                }
                if (pool.length - used < size) {
                    pool = Arrays.copyOf(pool, (int)
                            Math.min(Integer.MAX_VALUE - 16, Math.max((long) used + size, 2L * pool.length)));
                }
                System.arraycopy(scratch, 0, pool, used, size);
                used += size;
                starts = ensure(starts, n + 1);
                hashes = ensure(hashes, n);
                firstRows = ensure(firstRows, n);
                starts[n + 1] = used;
                hashes[n] = h;
                firstRows[n] = row;
                code = n++;
                table[slot] = code;
                if (2 * (n + 1) > table.length) {
                    table = rehash(table.length * 2, hashes, n, nullCode);
                }
            }
            codes[row] = code;
        }
        return Arrays.copyOf(firstRows, n);
    }

    private static int[] rehash(int size, int[] hashes, int n, int nullCode) {
        int[] table = new int[size];
        Arrays.fill(table, -1);
        int mask = size - 1;
        for (int c = 0; c < n; c++) {
            if (c != nullCode) {
                int slot = hashes[c] & mask;
                while (table[slot] >= 0) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = c;
            }
        }
        return table;
    }

    private static int hash(byte[] b, int size) {
        long h = size * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < size; i++) {
            h = (h + (b[i] & 0xFF)) * 0xC2B2AE3D27D4EB4FL;
        }
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 32));
    }

    private static int[] ensure(int[] a, int index) {
        return index < a.length ? a : Arrays.copyOf(a, Math.max(index + 1, a.length * 2));
    }

    private static int[] genericCodes(Array a, int[] codes, int maxValues) {
        int len = a.length();
        Validity validity = a.validity();
        long[] validWords = ValidBits.words(validity, a.length());
        Map<Object, Integer> lookup = new HashMap<>();
        int[] firstRows = new int[16];
        int n = 0;
        for (int row = 0; row < len; row++) {
            Object key = validity.isAllValid() || ValidBits.get(validWords, row) ? Rows.key(a, row) : NULL;
            Integer code = lookup.get(key);
            if (code == null) {
                if (n >= maxValues) {
                    return null;
                }
                code = n;
                lookup.put(key, code);
                if (n == firstRows.length) {
                    firstRows = Arrays.copyOf(firstRows, n * 2);
                }
                firstRows[n++] = row;
            }
            codes[row] = code;
        }
        return Arrays.copyOf(firstRows, n);
    }

    /// The key of null rows in the generic map.
    private static final Object NULL = new Object();
}
