package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// Statistics of strings and byte strings, compared as unsigned bytes: per zone and for the
/// column, bounds of at most [#MAX_STRING_BYTES] bytes, as the reference's `bounded_min(64)`
/// and `bounded_max(64)`: a prefix of the least value, and a short value not less than the
/// greatest (or "unknown" when none exists); no sum.
final class StringStats extends ZoneCounts implements StatsAccumulator {
    /// Longest string statistic kept.
    static final int MAX_STRING_BYTES = 64;
    /// The options of the bound aggregates: the length limit as a little-endian u64.
    private static final byte[] BOUND_OPTIONS = {MAX_STRING_BYTES, 0, 0, 0, 0, 0, 0, 0};

    /// The string type (an extension's storage for an extension over strings).
    private final DType dtype;
    private final boolean utf8;
    /// The least and greatest value of each complete zone (null for a zone without values).
    private final List<byte[]> zoneMin = new ArrayList<>();
    private final List<byte[]> zoneMax = new ArrayList<>();
    /// The open zone's least and greatest value so far, and [#prefix] of each at 0 and 8.
    private byte[] curMin;
    private byte[] curMax;
    private long minPrefix;
    private long maxPrefix;
    private long minPrefix2;
    private long maxPrefix2;
    private byte[] fileMin;
    private byte[] fileMax;
    private boolean finished;
    /// Holds one value while it is compared with the zone's bounds.
    private byte[] scratch = new byte[256];
    /// The rows being added.
    private final ViewBlock block = new ViewBlock();
    /// The data buffers of the rows being added.
    private final ViewBuffers buffers = new ViewBuffers();
    /// The keys ([ViewBlock#key0], [ViewBlock#key1]) of the open zone's least and greatest
    /// value when it is inline, else -1 (no inline value's key).
    private long minKey0 = -1;
    private long minKey1 = -1;
    private long maxKey0 = -1;
    private long maxKey1 = -1;

    StringStats(DType dtype, int zoneLength) {
        super(zoneLength);
        this.dtype = dtype;
        this.utf8 = dtype instanceof DType.Utf8;
    }

    @Override
    void grow(int n) {
        // the per-zone lists grow as zones close
    }

    @Override
    void openZone(int z) {
        if (z > 0) {
            closeZone();
        }
    }

    /// The 8 bytes of `b[0 .. size)` from `at` as an unsigned big-endian number (zero-padded):
    /// the first 16 bytes as two of these order two strings whenever they differ, so only equal
    /// 16-byte prefixes need the whole comparison.
    private static long prefix(byte[] b, int at, int size) {
        long p = 0;
        for (int k = at; k < Math.min(at + 8, size); k++) {
            p |= (b[k] & 0xFFL) << (56 - 8 * (k - at));
        }
        return p;
    }

    @Override
    void addRows(Array values, Validity v, boolean allValid, int from, int to, int z) {
        VarBinViewArray strings = (VarBinViewArray) values;
        buffers.map(strings);
        long count = 0;
        int r = from;
        while (r < to) {
            int m = block.load(strings, v, r, to);
            count += addBlock(strings, m, r);
            r += m;
        }
        buffers.release();
        nulls[z] += (to - from) - count;
        if (count > 0) {
            has[z] = true;
        }
    }

    /// Adds the `m` rows of [#block], rows `r0 ..` of `strings`; returns how many are valid. (A
    /// method of its own so that the JIT compiles the row loop apart from the block loop.)
    private int addBlock(VarBinViewArray strings, int m, int r0) {
        int count = 0;
        long[] words = block.words;
        int r = r0;
        for (int k = 0; k < m; k++, r++) {
            if (!block.valid(k)) {
                continue;
            }
            count++;
            long w0 = words[2 * k];
            long w1 = words[2 * k + 1];
            int size = (int) w0;
            long k0 = -1;
            long k1 = -1;
            if (size <= VarBinViewArray.MAX_INLINED) {
                k0 = ViewBlock.key0(w0, size);
                k1 = ViewBlock.key1(w1, size);
                if (k0 == minKey0 && k1 == minKey1 || k0 == maxKey0 && k1 == maxKey1) {
                    continue; // equal to a bound
                }
            }
            if (curMin != null && curMax != null && betweenBounds(w1, size, k0, k1)) {
                // strictly between the zone's bounds on the first 16 bytes: neither bound moves
                continue;
            }
            addValue(strings, r, size, k0, k1);
        }
        return count;
    }

    /// Whether neither of the zone's bounds moves for the value of a view (words `w0`, `w1`, `size`
    /// bytes; keys `k0`, `k1` when inline), judged on its first 16 bytes ([#prefix] at 0 and 8),
    /// read from the view or its data buffer: true when they are strictly between the bounds', or
    /// when the value is a bound (equal first 16 bytes and equal length, for values of at most 16
    /// bytes, which those bytes hold whole: a column whose greatest value is 13-16 bytes long, as
    /// TPC-H's "TAKE BACK RETURN", meets it in every fourth row). Compared zero-padded, the first
    /// 16 bytes order the values. Bytes 8 to 15 are read only when the first 8 equal a bound's.
    private boolean betweenBounds(long w1, int size, long k0, long k1) {
        long p1 = size <= VarBinViewArray.MAX_INLINED
                ? Long.reverseBytes((k0 >>> 32) | (k1 << 32))
                : buffers.beLong((int) w1, w1 >>> 32);
        int toMin = Long.compareUnsigned(p1, minPrefix);
        if (toMin == 0) {
            toMin = Long.compareUnsigned(second(w1, size, k1), minPrefix2);
            if (toMin == 0) {
                return size <= 16 && size == curMin.length;
            }
        }
        if (toMin < 0) {
            return false;
        }
        int toMax = Long.compareUnsigned(p1, maxPrefix);
        if (toMax == 0) {
            toMax = Long.compareUnsigned(second(w1, size, k1), maxPrefix2);
            if (toMax == 0) {
                return size <= 16 && size == curMax.length;
            }
        }
        return toMax < 0;
    }

    /// [#prefix] at 8 of the value of a view (second word `w1`, `size` bytes; key `k1` when inline).
    private long second(long w1, int size, long k1) {
        if (size <= VarBinViewArray.MAX_INLINED) {
            return Long.reverseBytes(k1 >>> 32);
        }
        long at = w1 >>> 32;
        return size >= 16
                ? buffers.beLong((int) w1, at + 8)
                : buffers.beLong((int) w1, at + size - 8) << (8 * (16 - size));
    }

    /// Compares row `r` (`size` bytes; keys `k0`, `k1` when inline, else -1) with the zone's
    /// bounds in full and moves them.
    private void addValue(VarBinViewArray strings, int r, int size, long k0, long k1) {
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, 2 * scratch.length)];
        }
        strings.copyBytes(r, scratch, 0);
        long prefix = prefix(scratch, 0, size);
        if (curMin == null
                || Long.compareUnsigned(prefix, minPrefix) < 0
                || prefix == minPrefix && Arrays.compareUnsigned(scratch, 0, size, curMin, 0, curMin.length) < 0) {
            curMin = Arrays.copyOf(scratch, size);
            minPrefix = prefix;
            minPrefix2 = prefix(scratch, 8, size);
            minKey0 = k0;
            minKey1 = k1;
        }
        if (curMax == null
                || Long.compareUnsigned(prefix, maxPrefix) > 0
                || prefix == maxPrefix && Arrays.compareUnsigned(scratch, 0, size, curMax, 0, curMax.length) > 0) {
            curMax = Arrays.copyOf(scratch, size);
            maxPrefix = prefix;
            maxPrefix2 = prefix(scratch, 8, size);
            maxKey0 = k0;
            maxKey1 = k1;
        }
    }

    private void closeZone() {
        zoneMin.add(curMin);
        zoneMax.add(curMax);
        if (curMin != null && (fileMin == null || Arrays.compareUnsigned(curMin, fileMin) < 0)) {
            fileMin = curMin;
        }
        if (curMax != null && (fileMax == null || Arrays.compareUnsigned(curMax, fileMax) > 0)) {
            fileMax = curMax;
        }
        curMin = null;
        curMax = null;
        minKey0 = -1;
        minKey1 = -1;
        maxKey0 = -1;
        maxKey1 = -1;
    }

    /// Closes the last zone, once.
    private void finish() {
        if (!finished && zones > 0) {
            closeZone();
            finished = true;
        }
    }

    /// Returns a prefix of `v` of at most `limit` bytes (for UTF-8, cut at a character boundary): a lower bound.
    static byte[] lowerBound(byte[] v, boolean utf8, int limit) {
        if (v.length <= limit) {
            return v;
        }
        int cut = limit;
        if (utf8) {
            while (cut > 0 && (v[cut] & 0xC0) == 0x80) {
                cut--;
            }
        }
        return Arrays.copyOf(v, cut);
    }

    /// Returns a value of at most `limit` bytes that is not less than `v`, or null when none exists.
    static byte[] upperBound(byte[] v, boolean utf8, int limit) {
        if (v.length <= limit) {
            return v;
        }
        if (!utf8) {
            byte[] b = Arrays.copyOf(v, limit);
            for (int i = limit - 1; i >= 0; i--) {
                if (b[i] != (byte) 0xFF) {
                    b[i]++;
                    return Arrays.copyOf(b, i + 1);
                }
            }
            return null;
        }
        String s = new String(lowerBound(v, true, limit), StandardCharsets.UTF_8);
        int[] cps = s.codePoints().toArray();
        for (int i = cps.length - 1; i >= 0; i--) {
            int next = cps[i] + 1;
            if (next >= 0xD800 && next <= 0xDFFF) {
                next = 0xE000;
            }
            if (next <= 0x10FFFF) {
                String candidate = new String(cps, 0, i) + Character.toString(next);
                byte[] b = candidate.getBytes(StandardCharsets.UTF_8);
                if (b.length <= limit) {
                    return b;
                }
            }
        }
        return null;
    }

    @Override
    void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena) {
        finish();
        if (anyValue) {
            out.add(new ZoneColumn(
                    "vortex.bounded_max", BOUND_OPTIONS, "vortex.bounded_max(64)", bounds(arena, false)));
            out.add(new ZoneColumn("vortex.bounded_min", BOUND_OPTIONS, "vortex.bounded_min(64)", bounds(arena, true)));
        }
    }

    /// The zones' lower bounds (null for a zone without values), or their upper bounds as
    /// `{bound, unknown}` structs (`unknown` where no bound of [#MAX_STRING_BYTES] exists).
    private Array bounds(Arena arena, boolean lower) {
        int n = zones;
        DType valueType = dtype.withNullable(true);
        List<byte[]> values = new ArrayList<>();
        MemorySegment valid = zoneBits(arena);
        MemorySegment unknown = zoneBits(arena);
        MemorySegment boundValid = zoneBits(arena);
        for (int z = 0; z < n; z++) {
            byte[] v = lower ? zoneMin.get(z) : zoneMax.get(z);
            byte[] bound = null;
            if (v != null) {
                Bits.set(valid, z);
                bound = lower ? lowerBound(v, utf8, MAX_STRING_BYTES) : upperBound(v, utf8, MAX_STRING_BYTES);
                if (bound == null) {
                    Bits.set(unknown, z);
                } else {
                    Bits.set(boundValid, z);
                }
            }
            values.add(bound == null ? new byte[0] : bound);
        }
        Array strings = views(valueType, values, arena);
        if (lower) {
            return ArrayOps.withValidity(strings, zoneValidity(valid));
        }
        Array bounds = ArrayOps.withValidity(strings, zoneValidity(boundValid));
        BoolArray unknownCol = new BoolArray(new DType.Bool(false), unknown, n, Validity.ALL_VALID);
        DType.Struct st =
                new DType.Struct(List.of("bound", "unknown"), List.of(valueType, new DType.Bool(false)), true);
        return new StructArray(st, List.of(bounds, unknownCol), n, zoneValidity(valid));
    }

    private static Array views(DType type, List<byte[]> values, Arena arena) {
        int n = values.size();
        long total = 0;
        for (byte[] v : values) {
            total += v.length;
        }
        MemorySegment data = arena.allocate(Math.max(1, total));
        MemorySegment views = arena.allocate(Math.max(16L, n * 16L), 16);
        long pos = 0;
        for (int i = 0; i < n; i++) {
            byte[] v = values.get(i);
            MemorySegment.copy(MemorySegment.ofArray(v), 0, data, pos, v.length);
            dev.jvortex.encodings.varbin.VarBinDecoder.writeView(views, i, data, pos, v.length, 0);
            pos += v.length;
        }
        return new VarBinViewArray(
                type, views, new MemorySegment[] {data.asSlice(0, Math.max(1, total))}, n, Validity.ALL_VALID);
    }

    @Override
    public ArrayStats fileStatistics() {
        finish();
        DType base = dtype.withNullable(true);
        byte[] lo = fileMin == null ? null : lowerBound(fileMin, utf8, MAX_STRING_BYTES);
        byte[] hi = fileMax == null ? null : upperBound(fileMax, utf8, MAX_STRING_BYTES);
        return new ArrayStats(
                lo == null ? null : scalar(base, lo),
                lo != null && lo.length == fileMin.length,
                hi == null ? null : scalar(base, hi),
                hi != null && hi.length == fileMax.length && Arrays.equals(hi, fileMax),
                null,
                null,
                null,
                null,
                nullCount(),
                null,
                null);
    }

    private static byte[] scalar(DType t, byte[] v) {
        Object value = t instanceof DType.Utf8 ? new String(v, StandardCharsets.UTF_8) : v;
        return new Scalar(t, value).encode();
    }
}
