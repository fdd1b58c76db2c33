package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;

/// The decoded contents of one column chunk: its definition and repetition levels (one per
/// entry, absent when the maximum level is 0) and its non-null values, densely.
///
/// Values by physical type: BOOLEAN in `bools` (0/1), INT32 and FLOAT (as bits) in `ints`,
/// INT64, DOUBLE (as bits) and INT96 (as epoch nanoseconds) in `longs`, BYTE_ARRAY and
/// FIXED_LEN_BYTE_ARRAY as `off`/`len` into `heap` (or, for an offset `-1 - k`, at `k` in the
/// dictionary's heap).
final class ColumnData {
    final int type;
    final int typeLength;
    final int maxDef;
    final int maxRep;
    final String where;
    /// What this column's allocations are charged to (a sliced read moves it to each slice's).
    Budget budget;

    byte[] def;
    byte[] rep;
    int entries;

    int count;
    byte[] bools;
    int[] ints;
    long[] longs;
    int[] off;
    int[] len;
    byte[] heap;
    int heapSize;
    /// The dictionary heap that negative offsets refer to.
    byte[] dictHeap;
    int dictHeapSize;

    ColumnData(int type, int typeLength, int maxDef, int maxRep, Budget budget, String where) {
        this.type = type;
        this.typeLength = typeLength;
        this.maxDef = maxDef;
        this.maxRep = maxRep;
        this.budget = budget;
        this.where = where;
    }

    boolean isBinary() {
        return type == ParquetMetadata.BYTE_ARRAY || type == ParquetMetadata.FIXED_LEN_BYTE_ARRAY;
    }

    /// Makes room for `n` more level entries.
    void reserveEntries(int n) {
        long need = (long) entries + n;
        if (maxDef > 0 && (def == null || need > def.length)) {
            int cap = Budget.grow(def == null ? 0 : def.length, need, where);
            budget.charge(cap - (def == null ? 0 : def.length), where);
            def = def == null ? new byte[cap] : java.util.Arrays.copyOf(def, cap);
        }
        if (maxRep > 0 && (rep == null || need > rep.length)) {
            int cap = Budget.grow(rep == null ? 0 : rep.length, need, where);
            budget.charge(cap - (rep == null ? 0 : rep.length), where);
            rep = rep == null ? new byte[cap] : java.util.Arrays.copyOf(rep, cap);
        }
        if (need > Integer.MAX_VALUE - 16) {
            throw VortexException.unsupported(where + ": more than 2^31 entries in one column chunk");
        }
    }

    /// Makes room for `n` more values.
    void reserveValues(int n) {
        long need = (long) count + n;
        switch (type) {
            case ParquetMetadata.BOOLEAN -> {
                if (bools == null || need > bools.length) {
                    int cap = Budget.grow(bools == null ? 0 : bools.length, need, where);
                    budget.charge(cap - (bools == null ? 0 : bools.length), where);
                    bools = bools == null ? new byte[cap] : java.util.Arrays.copyOf(bools, cap);
                }
            }
            case ParquetMetadata.INT32, ParquetMetadata.FLOAT -> {
                if (ints == null || need > ints.length) {
                    int cap = Budget.grow(ints == null ? 0 : ints.length, need, where);
                    budget.charge(4L * (cap - (ints == null ? 0 : ints.length)), where);
                    ints = ints == null ? new int[cap] : java.util.Arrays.copyOf(ints, cap);
                }
            }
            case ParquetMetadata.INT64, ParquetMetadata.DOUBLE, ParquetMetadata.INT96 -> {
                if (longs == null || need > longs.length) {
                    int cap = Budget.grow(longs == null ? 0 : longs.length, need, where);
                    budget.charge(8L * (cap - (longs == null ? 0 : longs.length)), where);
                    longs = longs == null ? new long[cap] : java.util.Arrays.copyOf(longs, cap);
                }
            }
            default -> {
                if (off == null || need > off.length) {
                    int cap = Budget.grow(off == null ? 0 : off.length, need, where);
                    budget.charge(8L * (cap - (off == null ? 0 : off.length)), where);
                    off = off == null ? new int[cap] : java.util.Arrays.copyOf(off, cap);
                    len = len == null ? new int[cap] : java.util.Arrays.copyOf(len, cap);
                }
            }
        }
    }

    /// Makes room for `n` more heap bytes.
    void reserveHeap(long n) {
        long need = heapSize + n;
        if (need > Integer.MAX_VALUE - 16) {
            throw VortexException.unsupported(where + ": more than 2 GiB of byte-array data in one column chunk");
        }
        if (heap == null || need > heap.length) {
            int cap = Budget.grow(heap == null ? 0 : heap.length, need, where);
            budget.charge(cap - (heap == null ? 0 : heap.length), where);
            heap = heap == null ? new byte[cap] : java.util.Arrays.copyOf(heap, cap);
        }
    }

    /// Appends a byte-array value copied from `src`.
    void addBytes(byte[] src, int from, int n) {
        reserveHeap(n);
        System.arraycopy(src, from, heap, heapSize, n);
        off[count] = heapSize;
        len[count] = n;
        heapSize += n;
        count++;
    }

    /// Keeps the first `e` entries and their values here and returns the rest in a new
    /// instance charged to `next`, with room for about `room` more entries. Only for columns
    /// without repetition levels (an entry is a row). This instance's arrays stay as they are
    /// (assembled arrays may refer to its heap); the rest is copied.
    ColumnData splitAt(int e, Budget next, int room) {
        ColumnData t = new ColumnData(type, typeLength, maxDef, maxRep, next, where);
        t.dictHeap = dictHeap;
        t.dictHeapSize = dictHeapSize;
        int v = e;
        if (maxDef > 0) {
            v = 0;
            byte max = (byte) maxDef;
            for (int i = 0; i < e; i++) {
                if (def[i] == max) {
                    v++;
                }
            }
        }
        int restEntries = entries - e;
        int restValues = count - v;
        t.reserveEntries(restEntries + room);
        if (maxDef > 0) {
            System.arraycopy(def, e, t.def, 0, restEntries);
        }
        t.entries = restEntries;
        t.reserveValues(restValues + room);
        switch (type) {
            case ParquetMetadata.BOOLEAN -> System.arraycopy(bools, v, t.bools, 0, restValues);
            case ParquetMetadata.INT32, ParquetMetadata.FLOAT -> System.arraycopy(ints, v, t.ints, 0, restValues);
            case ParquetMetadata.INT64, ParquetMetadata.DOUBLE, ParquetMetadata.INT96 ->
                System.arraycopy(longs, v, t.longs, 0, restValues);
            default -> {
                // values are appended to the heap in order: the rest's bytes start at its first
                // value that is not in the dictionary
                int from = heapSize;
                for (int i = v; i < count; i++) {
                    if (off[i] >= 0) {
                        from = off[i];
                        break;
                    }
                }
                int bytes = heapSize - from;
                long perValue = v == 0 ? 0 : from / v;
                if (bytes > 0 || restValues > 0) {
                    t.reserveHeap(bytes + Math.min(perValue * room, 1L << 24));
                }
                if (bytes > 0) {
                    System.arraycopy(heap, from, t.heap, 0, bytes);
                }
                t.heapSize = bytes;
                for (int i = 0; i < restValues; i++) {
                    int o = off[v + i];
                    t.off[i] = o >= 0 ? o - from : o;
                    t.len[i] = len[v + i];
                }
                heapSize = from;
            }
        }
        t.count = restValues;
        entries = e;
        count = v;
        return t;
    }

    /// Returns the bytes of value `i` as (array, offset) through `out`; returns the array.
    byte[] bytesOf(int i, int[] offOut) {
        int o = off[i];
        if (o < 0) {
            offOut[0] = -1 - o;
            return dictHeap;
        }
        offOut[0] = o;
        return heap;
    }
}
