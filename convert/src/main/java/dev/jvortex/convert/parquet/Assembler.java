package dev.jvortex.convert.parquet;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.convert.parquet.ParquetSchema.Field;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/// Turns the decoded column chunks of one row group into canonical Vortex arrays, following
/// the definition and repetition levels: a field's slots are the entries at which one of its
/// values begins; its validity comes from the definition level there; a list's offsets count
/// its element's slots between its own.
final class Assembler {
    /// Aligned little-endian layouts of the arrays' buffers (copies from heap arrays in one go).
    private static final ValueLayout.OfLong WORDS = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INTS = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort SHORTS = ValueLayout.JAVA_SHORT.withOrder(ByteOrder.LITTLE_ENDIAN);
    private final ColumnData[] cols;
    private final Arena arena;

    Assembler(ColumnData[] cols, Arena arena) {
        this.cols = cols;
        this.arena = arena;
    }

    /// Builds every top-level field; each must have `rows` rows.
    List<Array> build(List<Field> fields, long rows) {
        List<Array> out = new ArrayList<>();
        for (Field f : fields) {
            out.add(buildTop(f, rows));
        }
        return out;
    }

    /// Builds the top-level field `f`, which must have `rows` rows. Calls for different fields may
    /// run at the same time (the arena must then be shared).
    Array buildTop(Field f, long rows) {
        Array a = build(f);
        if (a.length() != rows) {
            throw VortexException.corrupt(
                    cols[f.firstColumn].where + ": " + a.length() + " rows, the row group has " + rows);
        }
        return a;
    }

    /// Returns the entries starting a slot of `f` in its first leaf column, or null when every
    /// entry does.
    private int[] slots(ColumnData c, int slotDef, int slotRep) {
        if (c.maxRep == 0) {
            return null;
        }
        byte[] def = c.def;
        byte[] rep = c.rep;
        int n = 0;
        for (int e = 0; e < c.entries; e++) {
            if (rep[e] <= slotRep && def[e] >= slotDef) {
                n++;
            }
        }
        int[] s = new int[n];
        int k = 0;
        for (int e = 0; e < c.entries; e++) {
            if (rep[e] <= slotRep && def[e] >= slotDef) {
                s[k++] = e;
            }
        }
        return s;
    }

    private Array build(Field f) {
        ColumnData c = cols[f.firstColumn];
        int[] s = slots(c, f.slotDef, f.slotRep);
        int n = s == null ? c.entries : s.length;
        return switch (f.kind) {
            case LEAF -> leaf(f, c, s, n);
            case NULL -> new NullArray(n);
            case STRUCT -> {
                List<Array> kids = new ArrayList<>();
                for (Field k : f.children) {
                    Array a = build(k);
                    if (a.length() != n) {
                        throw VortexException.corrupt(cols[k.firstColumn].where + ": " + a.length()
                                + " values where the struct '" + f.name + "' has " + n);
                    }
                    kids.add(a);
                }
                yield new StructArray((DType.Struct) f.dtype, kids, n, validity(f, c, s, n));
            }
            case LIST, MAP -> list(f, c, s, n);
        };
    }

    private Validity validity(Field f, ColumnData c, int[] s, int n) {
        if (!f.nullable || c.def == null) {
            return Validity.ALL_VALID;
        }
        byte[] def = c.def;
        int vd = f.validDef;
        int i = 0;
        while (i < n && def[s == null ? i : s[i]] >= vd) {
            i++;
        }
        if (i == n) {
            return Validity.ALL_VALID;
        }
        long[] words = new long[words(n)];
        for (i = 0; i < n; i++) {
            if (def[s == null ? i : s[i]] >= vd) {
                words[i >>> 6] |= 1L << i;
            }
        }
        return Validity.ofBits(bits(words));
    }

    /// The 64-bit words of a bitmap of `n` bits (at least one, so a bitmap is at least 8 bytes).
    private static int words(int n) {
        return Math.max(1, (n + 63) >>> 6);
    }

    /// A bitmap in the arena holding `words` (least-significant bit first), copied in one go.
    private MemorySegment bits(long[] words) {
        return arena.allocateFrom(WORDS, words);
    }

    private Array list(Field f, ColumnData c, int[] s, int n) {
        Field item = f.kind == ParquetSchema.Kind.LIST ? f.children.getFirst() : f.children.get(0);
        int cDef = item.slotDef;
        int cRep = item.slotRep;
        if (c.maxRep == 0) {
            throw VortexException.corrupt(c.where + ": a list column without repetition levels");
        }
        byte[] def = c.def;
        byte[] rep = c.rep;
        MemorySegment offsets = arena.allocate((n + 1L) * 8, 8);
        long count = 0;
        int xi = 0;
        for (int e = 0; e < c.entries; e++) {
            if (xi < n && (s == null ? e == xi : s[xi] == e)) {
                offsets.setAtIndex(PrimitiveArray.LE_LONG, xi++, count);
            }
            if (rep[e] <= cRep && def[e] >= cDef) {
                count++;
            }
        }
        offsets.setAtIndex(PrimitiveArray.LE_LONG, n, count);
        Validity v = validity(f, c, s, n);
        if (f.kind == ParquetSchema.Kind.LIST) {
            Array elems = build(item);
            if (elems.length() != count) {
                throw VortexException.corrupt(
                        cols[item.firstColumn].where + ": " + elems.length() + " list elements, expected " + count);
            }
            return new ListArray(f.dtype, offsets, elems, n, v);
        }
        DType.MapType mt = (DType.MapType) f.dtype;
        Array keys = build(f.children.get(0));
        Array values = build(f.children.get(1));
        if (keys.length() != count || values.length() != count) {
            throw VortexException.corrupt(c.where + ": map '" + f.name + "' has " + keys.length() + " keys and "
                    + values.length() + " values, expected " + count);
        }
        if (keys.validity().nullCount(keys.length()) > 0) {
            throw VortexException.corrupt(c.where + ": null map key");
        }
        StructArray entries =
                new StructArray(ArrayOps.mapEntry(mt), List.of(keys, values), (int) count, Validity.ALL_VALID);
        return new ListArray(mt, offsets, entries, n, v);
    }

    /// Value index of every slot (-1 where the slot has no value), or null when slot i is value i.
    private static int[] valueIndex(ColumnData c, int[] s, int n) {
        byte[] def = c.def;
        if (def == null) {
            return null;
        }
        byte max = (byte) c.maxDef;
        if (s == null) {
            int i = 0;
            while (i < n && def[i] == max) {
                i++;
            }
            if (i == n) {
                return null;
            }
        }
        int[] vi = new int[n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int e = s == null ? i : s[i];
            vi[i] = def[e] == max ? k++ : -1;
        }
        if (k != c.count) {
            throw VortexException.corrupt(c.where + ": " + c.count + " values for " + k + " defined entries");
        }
        return vi;
    }

    private Validity leafValidity(Field f, int[] vi, int n) {
        if (!f.nullable || vi == null) {
            return Validity.ALL_VALID;
        }
        long[] words = new long[words(n)];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            if (vi[i] >= 0) {
                words[i >>> 6] |= 1L << i;
            } else {
                any = true;
            }
        }
        return any ? Validity.ofBits(bits(words)) : Validity.ALL_VALID;
    }

    private Array leaf(Field f, ColumnData c, int[] s, int n) {
        int[] vi = valueIndex(c, s, n);
        if (vi == null && c.count != n) {
            throw VortexException.corrupt(c.where + ": " + c.count + " values for " + n + " entries");
        }
        Validity v = leafValidity(f, vi, n);
        return switch (f.conv) {
            case BOOL -> {
                long[] words = new long[words(n)];
                for (int i = 0; i < n; i++) {
                    int k = vi == null ? i : vi[i];
                    if (k >= 0 && c.bools[k] != 0) {
                        words[i >>> 6] |= 1L << i;
                    }
                }
                yield new BoolArray(f.dtype, bits(words), n, v);
            }
            case I8, I16, I32, I64, U8, U16, U32, U64 ->
                ints(f.dtype, ((DType.Primitive) f.dtype).ptype(), c, vi, n, v);
            case F32 -> ints(f.dtype, PType.F32, c, vi, n, v);
            case F64 -> ints(f.dtype, PType.F64, c, vi, n, v);
            case DATE, TIME_MS, TIME_US, TIME_NS, TIMESTAMP -> {
                DType.Extension x = (DType.Extension) f.dtype;
                PType pt = ((DType.Primitive) x.storage()).ptype();
                yield new ExtensionArray(x, ints(x.storage(), pt, c, vi, n, v));
            }
            case F16 -> {
                MemorySegment data = arena.allocate(Math.max(1L, 2L * n), 2);
                int[] o = new int[1];
                for (int i = 0; i < n; i++) {
                    int k = vi == null ? i : vi[i];
                    if (k >= 0) {
                        byte[] b = c.bytesOf(k, o);
                        data.set(JAVA_BYTE, 2L * i, b[o[0]]);
                        data.set(JAVA_BYTE, 2L * i + 1, b[o[0] + 1]);
                    }
                }
                yield new PrimitiveArray(f.dtype, PType.F16, data, n, v);
            }
            case UTF8, BINARY -> strings(f.dtype, c, vi, n, v);
            case DECIMAL -> decimals((DType.Decimal) f.dtype, c, vi, n, v);
            case UUID -> {
                DType.Extension x = (DType.Extension) f.dtype;
                DType.FixedSizeList fsl = (DType.FixedSizeList) x.storage();
                MemorySegment data = arena.allocate(Math.max(1L, 16L * n), 8);
                int[] o = new int[1];
                for (int i = 0; i < n; i++) {
                    int k = vi == null ? i : vi[i];
                    if (k >= 0) {
                        byte[] b = c.bytesOf(k, o);
                        MemorySegment.copy(MemorySegment.ofArray(b), o[0], data, 16L * i, 16);
                    }
                }
                PrimitiveArray bytes = new PrimitiveArray(fsl.element(), PType.U8, data, 16 * n, Validity.ALL_VALID);
                yield new ExtensionArray(x, new FixedSizeListArray(fsl, bytes, n, v));
            }
            case NULL -> new NullArray(n);
        };
    }

    /// Integer, float, date and time leaves.
    private PrimitiveArray ints(DType dtype, PType pt, ColumnData c, int[] vi, int n, Validity v) {
        int w = pt.byteWidth();
        boolean fromInts = c.ints != null || c.type == ParquetMetadata.INT32 || c.type == ParquetMetadata.FLOAT;
        if (n == 0) {
            return new PrimitiveArray(dtype, pt, arena.allocate(Math.max(1L, (long) w * n), w), 0, v);
        }
        // The values are gathered on the heap (nulls stay 0) and copied into the arena in one go
        // (which need not zero it first).
        MemorySegment data;
        if (fromInts && w == 4) {
            int[] src = c.ints;
            if (vi != null) {
                int[] g = new int[n];
                for (int i = 0; i < n; i++) {
                    int k = vi[i];
                    if (k >= 0) {
                        g[i] = src[k];
                    }
                }
                src = g;
            }
            data = arena.allocateFrom(INTS, MemorySegment.ofArray(src), ValueLayout.JAVA_INT, 0, n);
        } else if (!fromInts && w == 8) {
            long[] src = c.longs;
            if (vi != null) {
                long[] g = new long[n];
                for (int i = 0; i < n; i++) {
                    int k = vi[i];
                    if (k >= 0) {
                        g[i] = src[k];
                    }
                }
                src = g;
            }
            data = arena.allocateFrom(WORDS, MemorySegment.ofArray(src), ValueLayout.JAVA_LONG, 0, n);
        } else if (fromInts && w == 2) {
            int[] src = c.ints;
            short[] g = new short[n];
            for (int i = 0; i < n; i++) {
                int k = vi == null ? i : vi[i];
                if (k >= 0) {
                    g[i] = (short) src[k];
                }
            }
            data = arena.allocateFrom(SHORTS, g);
        } else if (fromInts && w == 1) {
            int[] src = c.ints;
            byte[] g = new byte[n];
            for (int i = 0; i < n; i++) {
                int k = vi == null ? i : vi[i];
                if (k >= 0) {
                    g[i] = (byte) src[k];
                }
            }
            data = arena.allocateFrom(JAVA_BYTE, g);
        } else {
            data = arena.allocate(Math.max(1L, (long) w * n), w);
            for (int i = 0; i < n; i++) {
                int k = vi == null ? i : vi[i];
                if (k < 0) {
                    continue;
                }
                long x = fromInts ? c.ints[k] : c.longs[k];
                PrimitiveArray.setLong(data, pt, i, x);
            }
        }
        return new PrimitiveArray(dtype, pt, data, n, v);
    }

    private Array strings(DType dtype, ColumnData c, int[] vi, int n, Validity v) {
        // The views are built in a heap array (plain array stores, no segment checks per value)
        // and copied into the arena in one go.
        byte[] vb = new byte[16 * Math.max(1, n)];
        MemorySegment heap = c.heap == null
                ? MemorySegment.ofArray(new byte[1]).asSlice(0, 0)
                : MemorySegment.ofArray(c.heap).asSlice(0, c.heapSize);
        MemorySegment dictHeap =
                c.dictHeap == null ? null : MemorySegment.ofArray(c.dictHeap).asSlice(0, c.dictHeapSize);
        byte[] heapBytes = c.heap;
        byte[] dictBytes = c.dictHeap;
        int[] offs = c.off;
        int[] lens = c.len;
        // a loop for columns without nulls and one with them, each a method of its own: one loop
        // testing `vi == null` is compiled for the first columns' case and again for the other
        boolean usesDict = vi == null
                ? denseViews(vb, offs, lens, n, heapBytes, dictBytes)
                : sparseViews(vb, offs, lens, vi, n, heapBytes, dictBytes);
        // 8-byte elements: the copy is aligned to 8 at least (the arena's allocations of up to 16
        // bytes' alignment are malloc'ed, aligned to 16)
        MemorySegment views =
                arena.allocateFrom(WORDS, MemorySegment.ofArray(vb), ValueLayout.JAVA_LONG_UNALIGNED, 0, vb.length / 8);
        MemorySegment[] buffers = usesDict ? new MemorySegment[] {heap, dictHeap} : new MemorySegment[] {heap};
        return new VarBinViewArray(dtype, views, buffers, n, v);
    }

    /// Writes the views of values `0 .. n` (`offs`, `lens`; an offset below 0 is `-1 - offset` in
    /// the dictionary's bytes) into `vb`, 16 bytes each; returns whether any is a dictionary value.
    private static boolean denseViews(byte[] vb, int[] offs, int[] lens, int n, byte[] heapBytes, byte[] dictBytes) {
        boolean usesDict = false;
        for (int i = 0; i < n; i++) {
            usesDict |= putView(vb, 16 * i, offs[i], lens[i], heapBytes, dictBytes);
        }
        return usesDict;
    }

    /// As [#denseViews], row `i` being value `vi[i]` (below 0 for a null row, whose view is left
    /// zero).
    private static boolean sparseViews(
            byte[] vb, int[] offs, int[] lens, int[] vi, int n, byte[] heapBytes, byte[] dictBytes) {
        boolean usesDict = false;
        for (int i = 0; i < n; i++) {
            int k = vi[i];
            if (k >= 0) {
                usesDict |= putView(vb, 16 * i, offs[k], lens[k], heapBytes, dictBytes);
            }
        }
        return usesDict;
    }

    /// Writes the view of a value of `len` bytes at offset `o` (see [#denseViews]) at `vb[at]`;
    /// returns whether it is a dictionary value. The view's ints are stored a byte at a time: a
    /// byte-array VarHandle is a chain of calls in the interpreter and in C1-compiled code
    /// (which a conversion of a small file runs on), plain stores are not. `vb` is zero where a
    /// view is written (the buffer index, 0 or 1, takes one byte).
    private static boolean putView(byte[] vb, int at, int o, int len, byte[] heapBytes, byte[] dictBytes) {
        byte[] src = heapBytes;
        int buffer = 0;
        boolean dict = o < 0;
        if (dict) {
            o = -1 - o;
            src = dictBytes;
            buffer = 1;
        }
        vb[at] = (byte) len; // (written out: a method for the 4 stores is too large for C1 to inline)
        vb[at + 1] = (byte) (len >>> 8);
        vb[at + 2] = (byte) (len >>> 16);
        vb[at + 3] = (byte) (len >>> 24);
        if (len <= VarBinViewArray.MAX_INLINED) {
            if (len > 0) { // an empty value may have no heap at all
                System.arraycopy(src, o, vb, at + 4, len);
            }
        } else {
            vb[at + 4] = src[o]; // the prefix (a call to copy 4 bytes costs more)
            vb[at + 5] = src[o + 1];
            vb[at + 6] = src[o + 2];
            vb[at + 7] = src[o + 3];
            vb[at + 8] = (byte) buffer;
            vb[at + 12] = (byte) o;
            vb[at + 13] = (byte) (o >>> 8);
            vb[at + 14] = (byte) (o >>> 16);
            vb[at + 15] = (byte) (o >>> 24);
        }
        return dict;
    }

    /// Decimal leaves: gathered on the heap (nulls stay 0) and copied into the arena in one go,
    /// not stored value by value through a segment's VarHandle (a chain of calls in the
    /// interpreter and in C1-compiled code).
    private Array decimals(DType.Decimal dt, ColumnData c, int[] vi, int n, Validity v) {
        int w = dt.minimumByteWidth();
        boolean fromInts = c.type == ParquetMetadata.INT32 || c.type == ParquetMetadata.INT64;
        if (fromInts && w == 8 && n > 0) {
            long[] g = new long[n];
            if (c.type == ParquetMetadata.INT32) {
                gatherInts(c.ints, vi, g, n);
            } else {
                gatherLongs(c.longs, vi, g, n);
            }
            MemorySegment data = arena.allocateFrom(WORDS, MemorySegment.ofArray(g), ValueLayout.JAVA_LONG, 0, n);
            return new DecimalArray(dt, w, data, n, v);
        }
        MemorySegment data = arena.allocate(Math.max(1L, (long) w * n), Math.min(16, w));
        if (n == 0) {
            return new DecimalArray(dt, w, data, n, v);
        }
        if (fromInts && w == 16) {
            long[] g = new long[2 * n];
            if (c.type == ParquetMetadata.INT32) {
                widenInts(c.ints, vi, g, n);
            } else {
                widenLongs(c.longs, vi, g, n);
            }
            MemorySegment.copy(g, 0, data, WORDS, 0, 2 * n);
        } else {
            byte[] le = new byte[w * n];
            if (fromInts) {
                narrowDecimals(dt, c, vi, n, w, le);
            } else {
                bytesDecimals(dt, c, vi, n, w, le);
            }
            MemorySegment.copy(le, 0, data, JAVA_BYTE, 0, le.length);
        }
        return new DecimalArray(dt, w, data, n, v);
    }

    /// `g[i] = src[vi[i]]` (`src[i]` without `vi`), 0 where `vi[i]` is below 0.
    private static void gatherInts(int[] src, int[] vi, long[] g, int n) {
        for (int i = 0; i < n; i++) {
            int k = vi == null ? i : vi[i];
            if (k >= 0) {
                g[i] = src[k];
            }
        }
    }

    /// As [#gatherInts], from longs.
    private static void gatherLongs(long[] src, int[] vi, long[] g, int n) {
        for (int i = 0; i < n; i++) {
            int k = vi == null ? i : vi[i];
            if (k >= 0) {
                g[i] = src[k];
            }
        }
    }

    /// As [#gatherInts], each value sign-extended to two words (low word first).
    private static void widenInts(int[] src, int[] vi, long[] g, int n) {
        for (int i = 0; i < n; i++) {
            int k = vi == null ? i : vi[i];
            if (k >= 0) {
                long x = src[k];
                g[2 * i] = x;
                g[2 * i + 1] = x >> 63;
            }
        }
    }

    /// As [#widenInts], from longs.
    private static void widenLongs(long[] src, int[] vi, long[] g, int n) {
        for (int i = 0; i < n; i++) {
            int k = vi == null ? i : vi[i];
            if (k >= 0) {
                long x = src[k];
                g[2 * i] = x;
                g[2 * i + 1] = x >> 63;
            }
        }
    }

    /// INT32/INT64 decimals into `w` (not 8 or 16: 1, 2, 4 or more) little-endian bytes each at `le[w * i]`, each
    /// checked to fit.
    private static void narrowDecimals(DType.Decimal dt, ColumnData c, int[] vi, int n, int w, byte[] le) {
        boolean ints = c.type == ParquetMetadata.INT32;
        for (int i = 0; i < n; i++) {
            int k = vi == null ? i : vi[i];
            if (k < 0) {
                continue;
            }
            long x = ints ? c.ints[k] : c.longs[k];
            if (w < 8 && (x >> (8 * w - 1)) != 0 && (x >> (8 * w - 1)) != -1) {
                throw VortexException.corrupt(c.where + ": decimal " + x + " exceeds precision " + dt.precision());
            }
            int base = w * i;
            for (int b = 0; b < w; b++) {
                le[base + b] = b < 8 ? (byte) (x >> (8 * b)) : (byte) (x >> 63);
            }
        }
    }

    /// Big-endian two's complement byte-array decimals into `w` little-endian bytes each at
    /// `le[w * i]`, sign-extended or narrowed (checked to fit).
    private static void bytesDecimals(DType.Decimal dt, ColumnData c, int[] vi, int n, int w, byte[] le) {
        int[] o = new int[1];
        for (int i = 0; i < n; i++) {
            int k = vi == null ? i : vi[i];
            if (k < 0) {
                continue;
            }
            byte[] src = c.bytesOf(k, o);
            int len = c.len[k];
            int from = o[0];
            if (len == 0) {
                continue;
            }
            byte sign = (byte) (src[from] >> 7);
            int base = w * i;
            for (int b = 0; b < w; b++) {
                le[base + b] = b < len ? src[from + len - 1 - b] : sign;
            }
            for (int b = w; b < len; b++) {
                if (src[from + len - 1 - b] != sign) {
                    throw VortexException.corrupt(
                            c.where + ": decimal of " + len + " bytes exceeds precision " + dt.precision());
                }
            }
            if (len > w && (byte) (le[base + w - 1] >> 7) != sign) {
                throw VortexException.corrupt(c.where + ": decimal exceeds precision " + dt.precision());
            }
        }
    }
}
