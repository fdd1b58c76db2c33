package dev.jvortex.core.array;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// Operations on canonical arrays: slice, take, concatenate and replace validity.
///
/// Value buffers are shared where possible (slices are zero copy); bitmaps and gathered
/// values are written into the given arena.
public final class ArrayOps {
    private ArrayOps() {}

    /// Returns rows `[from, from + len)` of `a`.
    public static Array slice(Array a, int from, int len, Arena arena) {
        if (from < 0 || len < 0 || from + len > a.length()) {
            throw VortexException.misuse(
                    "slice [" + from + ", " + (from + len) + ") out of bounds for length " + a.length());
        }
        if (from == 0 && len == a.length()) {
            return a;
        }
        Validity v = a.validity().slice(from, len, arena);
        return switch (a) {
            case NullArray n -> new NullArray(len);
            case BoolArray b -> new BoolArray(b.dtype(), Bits.slice(b.bits(), from, len, arena), len, v);
            case PrimitiveArray p -> {
                long w = p.ptype().byteWidth();
                yield new PrimitiveArray(p.dtype(), p.ptype(), p.data().asSlice(from * w, len * w), len, v);
            }
            case DecimalArray d -> {
                long w = d.byteWidth();
                yield new DecimalArray(d.dtype(), d.byteWidth(), d.data().asSlice(from * w, len * w), len, v);
            }
            case VarBinViewArray s ->
                new VarBinViewArray(
                        s.dtype(), s.views().asSlice((long) from * 16, (long) len * 16), s.buffers(), len, v);
            case StructArray s -> {
                List<Array> fields = new ArrayList<>(s.fields().size());
                for (Array f : s.fields()) {
                    fields.add(slice(f, from, len, arena));
                }
                yield new StructArray(s.dtype(), fields, len, v);
            }
            case ListArray l ->
                new ListArray(l.dtype(), l.offsets().asSlice(from * 8L, (len + 1L) * 8), l.elements(), len, v);
            case FixedSizeListArray f ->
                new FixedSizeListArray(f.dtype(), slice(f.elements(), from * f.size(), len * f.size(), arena), len, v);
            case ExtensionArray e -> new ExtensionArray(e.dtype(), slice(e.storage(), from, len, arena));
        };
    }

    /// Returns `a` with its validity replaced by `validity` (nested arrays keep theirs).
    public static Array withValidity(Array a, Validity validity) {
        return switch (a) {
            case NullArray n -> n;
            case BoolArray b -> new BoolArray(b.dtype(), b.bits(), b.length(), validity);
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), p.ptype(), p.data(), p.length(), validity);
            case DecimalArray d -> new DecimalArray(d.dtype(), d.byteWidth(), d.data(), d.length(), validity);
            case VarBinViewArray s -> new VarBinViewArray(s.dtype(), s.views(), s.buffers(), s.length(), validity);
            case StructArray s -> new StructArray(s.dtype(), s.fields(), s.length(), validity);
            case ListArray l -> new ListArray(l.dtype(), l.offsets(), l.elements(), l.length(), validity);
            case FixedSizeListArray f -> new FixedSizeListArray(f.dtype(), f.elements(), f.length(), validity);
            case ExtensionArray e -> new ExtensionArray(e.dtype(), withValidity(e.storage(), validity));
        };
    }

    /// Returns `a` with the given logical type (same physical layout), e.g. to adjust nullability.
    public static Array withDType(Array a, DType dtype) {
        return switch (a) {
            case NullArray n -> n;
            case BoolArray b -> new BoolArray(dtype, b.bits(), b.length(), b.validity());
            case PrimitiveArray p -> new PrimitiveArray(dtype, p.ptype(), p.data(), p.length(), p.validity());
            case DecimalArray d ->
                new DecimalArray((DType.Decimal) dtype, d.byteWidth(), d.data(), d.length(), d.validity());
            case VarBinViewArray s -> new VarBinViewArray(dtype, s.views(), s.buffers(), s.length(), s.validity());
            case StructArray s -> new StructArray((DType.Struct) dtype, s.fields(), s.length(), s.validity());
            case ListArray l -> new ListArray(dtype, l.offsets(), l.elements(), l.length(), l.validity());
            case FixedSizeListArray f ->
                new FixedSizeListArray((DType.FixedSizeList) dtype, f.elements(), f.length(), f.validity());
            case ExtensionArray e -> new ExtensionArray((DType.Extension) dtype, e.storage());
        };
    }

    /// Returns the rows of `a` at `indices` (each in `[0, a.length())`), in order.
    public static Array take(Array a, int[] indices, Arena arena) {
        int n = indices.length;
        for (int idx : indices) {
            if (idx < 0 || idx >= a.length()) {
                throw VortexException.corrupt("index " + idx + " out of bounds for an array of length " + a.length());
            }
        }
        Validity v = takeValidity(a.validity(), indices, arena);
        return switch (a) {
            case NullArray na -> new NullArray(n);
            case BoolArray b -> {
                MemorySegment out = arena.allocate(Math.max(1, Bits.byteLength(n)));
                for (int i = 0; i < n; i++) {
                    if (b.get(indices[i])) {
                        Bits.set(out, i);
                    }
                }
                yield new BoolArray(b.dtype(), out, n, v);
            }
            case PrimitiveArray p ->
                new PrimitiveArray(
                        p.dtype(), p.ptype(), gather(p.data(), p.ptype().byteWidth(), indices, arena), n, v);
            case DecimalArray d ->
                new DecimalArray(d.dtype(), d.byteWidth(), gather(d.data(), d.byteWidth(), indices, arena), n, v);
            case VarBinViewArray s ->
                new VarBinViewArray(s.dtype(), gather(s.views(), 16, indices, arena), s.buffers(), n, v);
            case StructArray s -> {
                List<Array> fields = new ArrayList<>();
                for (Array f : s.fields()) {
                    fields.add(take(f, indices, arena));
                }
                yield new StructArray(s.dtype(), fields, n, v);
            }
            case ListArray l -> {
                long total = 0;
                for (int idx : indices) {
                    total += l.end(idx) - l.start(idx);
                }
                if (total > Integer.MAX_VALUE) {
                    throw VortexException.unsupported("list take of more than 2^31 elements");
                }
                int[] elementIdx = new int[(int) total];
                MemorySegment offsets = arena.allocate((n + 1L) * 8, 8);
                int k = 0;
                for (int i = 0; i < n; i++) {
                    offsets.setAtIndex(PrimitiveArray.LE_LONG, i, k);
                    for (long e = l.start(indices[i]); e < l.end(indices[i]); e++) {
                        elementIdx[k++] = (int) e;
                    }
                }
                offsets.setAtIndex(PrimitiveArray.LE_LONG, n, k);
                yield new ListArray(l.dtype(), offsets, take(l.elements(), elementIdx, arena), n, v);
            }
            case FixedSizeListArray f -> {
                int size = f.size();
                int[] elementIdx = new int[Math.multiplyExact(n, size)];
                for (int i = 0; i < n; i++) {
                    for (int e = 0; e < size; e++) {
                        elementIdx[i * size + e] = indices[i] * size + e;
                    }
                }
                yield new FixedSizeListArray(f.dtype(), take(f.elements(), elementIdx, arena), n, v);
            }
            case ExtensionArray e -> new ExtensionArray(e.dtype(), take(e.storage(), indices, arena));
        };
    }

    private static Validity takeValidity(Validity v, int[] indices, Arena arena) {
        if (v.bits() == null) {
            return v;
        }
        MemorySegment out = arena.allocate(Math.max(1, Bits.byteLength(indices.length)));
        for (int i = 0; i < indices.length; i++) {
            if (v.isValid(indices[i])) {
                Bits.set(out, i);
            }
        }
        return Validity.ofBits(out);
    }

    private static MemorySegment gather(MemorySegment src, int width, int[] indices, Arena arena) {
        MemorySegment out = arena.allocate(Math.max(1L, (long) indices.length * width), Math.min(width, 16));
        long srcCount = src.byteSize() / width;
        if (width <= 8 && Long.bitCount(width) == 1 && srcCount <= Math.max(1 << 16, 4L * indices.length)) {
            // Few source values (a dictionary): copy them into a Java array, gather there and copy
            // the result out; per-element segment access is several times slower.
            gatherInArrays(src, width, (int) srcCount, indices, out);
            return out;
        }
        switch (width) {
            case 1 -> {
                for (int i = 0; i < indices.length; i++) {
                    out.set(JAVA_BYTE, i, src.get(JAVA_BYTE, indices[i]));
                }
            }
            case 2 -> {
                for (int i = 0; i < indices.length; i++) {
                    out.setAtIndex(PrimitiveArray.LE_SHORT, i, src.getAtIndex(PrimitiveArray.LE_SHORT, indices[i]));
                }
            }
            case 4 -> {
                for (int i = 0; i < indices.length; i++) {
                    out.setAtIndex(PrimitiveArray.LE_INT, i, src.getAtIndex(PrimitiveArray.LE_INT, indices[i]));
                }
            }
            case 8 -> {
                for (int i = 0; i < indices.length; i++) {
                    out.setAtIndex(PrimitiveArray.LE_LONG, i, src.getAtIndex(PrimitiveArray.LE_LONG, indices[i]));
                }
            }
            case 16 -> {
                // String views and i128 decimals: two 8-byte moves, far cheaper than one small copy call per row.
                for (int i = 0; i < indices.length; i++) {
                    long from = (long) indices[i] << 1;
                    out.setAtIndex(PrimitiveArray.LE_LONG, (long) i << 1, src.getAtIndex(PrimitiveArray.LE_LONG, from));
                    out.setAtIndex(
                            PrimitiveArray.LE_LONG,
                            ((long) i << 1) + 1,
                            src.getAtIndex(PrimitiveArray.LE_LONG, from + 1));
                }
            }
            default -> {
                for (int i = 0; i < indices.length; i++) {
                    MemorySegment.copy(src, (long) indices[i] * width, out, (long) i * width, width);
                }
            }
        }
        return out;
    }

    private static void gatherInArrays(MemorySegment src, int width, int srcCount, int[] indices, MemorySegment out) {
        int n = indices.length;
        switch (width) {
            case 1 -> {
                byte[] s = new byte[srcCount];
                MemorySegment.copy(src, JAVA_BYTE, 0, s, 0, srcCount);
                byte[] o = new byte[n];
                for (int i = 0; i < n; i++) {
                    o[i] = s[indices[i]];
                }
                MemorySegment.copy(o, 0, out, JAVA_BYTE, 0, n);
            }
            case 2 -> {
                short[] s = new short[srcCount];
                MemorySegment.copy(src, PrimitiveArray.LE_SHORT, 0, s, 0, srcCount);
                short[] o = new short[n];
                for (int i = 0; i < n; i++) {
                    o[i] = s[indices[i]];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_SHORT, 0, n);
            }
            case 4 -> {
                int[] s = new int[srcCount];
                MemorySegment.copy(src, PrimitiveArray.LE_INT, 0, s, 0, srcCount);
                int[] o = new int[n];
                for (int i = 0; i < n; i++) {
                    o[i] = s[indices[i]];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_INT, 0, n);
            }
            default -> {
                long[] s = new long[srcCount];
                MemorySegment.copy(src, PrimitiveArray.LE_LONG, 0, s, 0, srcCount);
                long[] o = new long[n];
                for (int i = 0; i < n; i++) {
                    o[i] = s[indices[i]];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_LONG, 0, n);
            }
        }
    }

    /// Concatenates arrays of the same type into one.
    public static Array concat(DType dtype, List<Array> parts, Arena arena) {
        if (parts.size() == 1) {
            return parts.getFirst();
        }
        long total = 0;
        for (Array p : parts) {
            total += p.length();
        }
        if (total > Integer.MAX_VALUE) {
            throw VortexException.unsupported("cannot concatenate more than 2^31 rows into one array");
        }
        int n = (int) total;
        if (parts.isEmpty()) {
            return empty(dtype, arena);
        }
        Validity v = concatValidity(parts, n, arena);
        Array first = parts.getFirst();
        return switch (first) {
            case NullArray na -> new NullArray(n);
            case BoolArray b -> {
                MemorySegment out = arena.allocate(Math.max(1, Bits.byteLength(n)));
                long pos = 0;
                for (Array p : parts) {
                    Bits.copy(((BoolArray) p).bits(), 0, out, pos, p.length());
                    pos += p.length();
                }
                yield new BoolArray(dtype, out, n, v);
            }
            case PrimitiveArray p -> {
                int w = p.ptype().byteWidth();
                yield new PrimitiveArray(
                        dtype, p.ptype(), concatFixed(parts, w, n, arena, a -> ((PrimitiveArray) a).data()), n, v);
            }
            case DecimalArray d -> {
                int w = d.byteWidth();
                for (Array a : parts) {
                    if (((DecimalArray) a).byteWidth() != w) {
                        throw VortexException.unsupported("concatenating decimals of different widths");
                    }
                }
                yield new DecimalArray(
                        (DType.Decimal) dtype,
                        w,
                        concatFixed(parts, w, n, arena, a -> ((DecimalArray) a).data()),
                        n,
                        v);
            }
            case VarBinViewArray s -> concatViews(dtype, parts, n, v, arena);
            case StructArray s -> {
                List<Array> fields = new ArrayList<>();
                DType.Struct st = (DType.Struct) dtype;
                for (int f = 0; f < st.size(); f++) {
                    List<Array> col = new ArrayList<>();
                    for (Array a : parts) {
                        col.add(((StructArray) a).field(f));
                    }
                    fields.add(concat(st.fields().get(f), col, arena));
                }
                yield new StructArray(st, fields, n, v);
            }
            case ListArray l -> {
                MemorySegment offsets = arena.allocate((n + 1L) * 8, 8);
                List<Array> elems = new ArrayList<>();
                long base = 0;
                int row = 0;
                for (Array a : parts) {
                    ListArray la = (ListArray) a;
                    long s0 = la.length() == 0 ? 0 : la.start(0);
                    long e1 = la.length() == 0 ? 0 : la.end(la.length() - 1);
                    for (int i = 0; i < la.length(); i++) {
                        offsets.setAtIndex(PrimitiveArray.LE_LONG, row++, base + la.start(i) - s0);
                    }
                    elems.add(slice(la.elements(), (int) s0, (int) (e1 - s0), arena));
                    base += e1 - s0;
                }
                offsets.setAtIndex(PrimitiveArray.LE_LONG, n, base);
                DType elemType = listElement(dtype);
                yield new ListArray(dtype, offsets, concat(elemType, elems, arena), n, v);
            }
            case FixedSizeListArray f -> {
                List<Array> elems = new ArrayList<>();
                for (Array a : parts) {
                    elems.add(((FixedSizeListArray) a).elements());
                }
                DType.FixedSizeList ft = (DType.FixedSizeList) dtype;
                yield new FixedSizeListArray(ft, concat(ft.element(), elems, arena), n, v);
            }
            case ExtensionArray e -> {
                List<Array> storages = new ArrayList<>();
                for (Array a : parts) {
                    storages.add(((ExtensionArray) a).storage());
                }
                DType.Extension et = (DType.Extension) dtype;
                yield new ExtensionArray(et, concat(et.storage(), storages, arena));
            }
        };
    }

    private static MemorySegment concatFixed(
            List<Array> parts, int width, int n, Arena arena, java.util.function.Function<Array, MemorySegment> data) {
        MemorySegment out = arena.allocate(Math.max(1L, (long) n * width), Math.min(width, 16));
        long pos = 0;
        for (Array a : parts) {
            long bytes = (long) a.length() * width;
            MemorySegment.copy(data.apply(a), 0, out, pos, bytes);
            pos += bytes;
        }
        return out;
    }

    private static Array concatViews(DType dtype, List<Array> parts, int n, Validity v, Arena arena) {
        List<MemorySegment> buffers = new ArrayList<>();
        MemorySegment views = arena.allocate(Math.max(16L, n * 16L), 16);
        long row = 0;
        for (Array a : parts) {
            VarBinViewArray s = (VarBinViewArray) a;
            int shift = buffers.size();
            buffers.addAll(List.of(s.buffers()));
            MemorySegment.copy(s.views(), 0, views, row * 16, s.length() * 16L);
            if (shift != 0) {
                shiftBufferIndexes(views, row, s.length(), shift);
            }
            row += s.length();
        }
        return new VarBinViewArray(dtype, views, buffers.toArray(MemorySegment[]::new), n, v);
    }

    /// Adds `shift` to the buffer index of the out-of-line views among the `n` from row `row` of
    /// `views` (a method of its own, so the JIT compiles the loop apart from [#concatViews]).
    private static void shiftBufferIndexes(MemorySegment views, long row, int n, int shift) {
        for (int i = 0; i < n; i++) {
            long at = (row + i) * 16;
            if (views.get(PrimitiveArray.LE_INT, at) > VarBinViewArray.MAX_INLINED) {
                views.set(PrimitiveArray.LE_INT, at + 8, views.get(PrimitiveArray.LE_INT, at + 8) + shift);
            }
        }
    }

    private static Validity concatValidity(List<Array> parts, int n, Arena arena) {
        boolean allValid = true;
        boolean allInvalid = true;
        for (Array a : parts) {
            allValid &= a.validity().isAllValid();
            allInvalid &= a.validity().isAllInvalid();
        }
        if (allValid) {
            return Validity.ALL_VALID;
        }
        if (allInvalid) {
            return Validity.allInvalid();
        }
        MemorySegment out = arena.allocate(Math.max(1, Bits.byteLength(n)));
        long pos = 0;
        for (Array a : parts) {
            Validity pv = a.validity();
            if (pv.bits() != null) {
                Bits.copy(pv.bits(), 0, out, pos, a.length());
            } else if (pv.isAllValid()) {
                Bits.setRange(out, pos, a.length());
            }
            pos += a.length();
        }
        return Validity.ofBits(out);
    }

    /// Returns a copy of `a` in `arena` that shares no memory with it: string data is compacted
    /// to the bytes the views use and list elements to the rows the offsets use.
    public static Array deepCopy(Array a, Arena arena) {
        int n = a.length();
        Validity v = a.validity().bits() == null
                ? a.validity()
                : Validity.ofBits(Bits.slice(a.validity().bits(), 0, n, arena));
        return switch (a) {
            case NullArray na -> na;
            case BoolArray b -> new BoolArray(b.dtype(), Bits.slice(b.bits(), 0, n, arena), n, v);
            case PrimitiveArray p ->
                new PrimitiveArray(
                        p.dtype(),
                        p.ptype(),
                        copyBytes(
                                p.data(),
                                (long) n * p.ptype().byteWidth(),
                                p.ptype().byteWidth(),
                                arena),
                        n,
                        v);
            case DecimalArray d ->
                new DecimalArray(
                        d.dtype(),
                        d.byteWidth(),
                        copyBytes(d.data(), (long) n * d.byteWidth(), Math.min(16, d.byteWidth()), arena),
                        n,
                        v);
            case VarBinViewArray s -> copyStrings(s, n, v, arena);
            case StructArray s -> {
                List<Array> fields = new ArrayList<>();
                for (Array f : s.fields()) {
                    fields.add(deepCopy(f, arena));
                }
                yield new StructArray(s.dtype(), fields, n, v);
            }
            case ListArray l -> {
                long first = n == 0 ? 0 : l.start(0);
                long last = n == 0 ? 0 : l.end(n - 1);
                MemorySegment offsets = arena.allocate((n + 1L) * 8, 8);
                for (int i = 0; i <= n; i++) {
                    offsets.setAtIndex(
                            PrimitiveArray.LE_LONG, i, l.offsets().getAtIndex(PrimitiveArray.LE_LONG, i) - first);
                }
                Array elems = slice(l.elements(), (int) first, (int) (last - first), arena);
                yield new ListArray(l.dtype(), offsets, deepCopy(elems, arena), n, v);
            }
            case FixedSizeListArray f -> new FixedSizeListArray(f.dtype(), deepCopy(f.elements(), arena), n, v);
            case ExtensionArray e -> new ExtensionArray(e.dtype(), deepCopy(e.storage(), arena));
        };
    }

    /// Views read and rewritten per block of this many rows by [#copyStrings].
    private static final int VIEW_BLOCK = 1024;

    /// A copy of the strings `s` (`n` rows, validity `v`) with their out-of-line values packed
    /// end to end, in row order, into one data buffer. The views are copied in one piece and
    /// rewritten in `int[]` blocks; values that lie end to end in their source are copied as one
    /// run.
    private static VarBinViewArray copyStrings(VarBinViewArray s, int n, Validity v, Arena arena) {
        MemorySegment views = arena.allocate(Math.max(16L, n * 16L), 16);
        if (n == 0) {
            return new VarBinViewArray(s.dtype(), views, new MemorySegment[0], n, v);
        }
        MemorySegment.copy(s.views(), 0, views, 0, n * 16L);
        int[] block = new int[Math.min(n, VIEW_BLOCK) * 4];
        long total = 0;
        for (int from = 0; from < n; from += VIEW_BLOCK) {
            int m = Math.min(VIEW_BLOCK, n - from);
            readViews(views, from, block, m);
            total += outOfLineBytes(block, m);
        }
        if (total == 0) {
            return new VarBinViewArray(s.dtype(), views, new MemorySegment[0], n, v);
        }
        StringGather gather = new StringGather(s.buffers(), arena.allocate(total));
        for (int from = 0; from < n; from += VIEW_BLOCK) {
            int m = Math.min(VIEW_BLOCK, n - from);
            readViews(views, from, block, m);
            if (gather.rewrite(block, m)) {
                MemorySegment.copy(block, 0, views, PrimitiveArray.LE_INT, from * 16L, m * 4);
            }
        }
        gather.flush();
        return new VarBinViewArray(s.dtype(), views, new MemorySegment[] {gather.data}, n, v);
    }

    /// Reads the `m` views from row `from` of `views` into `block` as four ints each. (The bulk
    /// copies and the loops of [#copyStrings] sit in small methods of their own, so that the JIT
    /// compiles each once rather than the whole of `copyStrings` per on-stack entry.)
    private static void readViews(MemorySegment views, int from, int[] block, int m) {
        MemorySegment.copy(views, PrimitiveArray.LE_INT, from * 16L, block, 0, m * 4);
    }

    /// The bytes of the out-of-line values among the `m` views in `block`.
    private static long outOfLineBytes(int[] block, int m) {
        long total = 0;
        for (int k = 0; k < m; k++) {
            int size = block[4 * k];
            if (size > VarBinViewArray.MAX_INLINED) {
                total += size;
            }
        }
        return total;
    }

    /// Packs out-of-line string values end to end into `data` in row order, copying values that
    /// lie end to end in their source as one run.
    private static final class StringGather {
        private final MemorySegment[] sources;
        final MemorySegment data;
        private long pos;
        // the run of values being gathered: `runLength` bytes of `sources[runBuffer]` from `runStart`
        private int runBuffer = -1;
        private long runStart;
        private long runLength;
        /// Scratch of [#rewrite]: the indexes of a block's out-of-line views.
        private final int[] indexes = new int[VIEW_BLOCK];

        StringGather(MemorySegment[] sources, MemorySegment data) {
            this.sources = sources;
            this.data = data;
        }

        /// Points the out-of-line views among the `m` in `block` at their places in `data`
        /// (buffer 0), copying the finished runs; true when any view changed.
        boolean rewrite(int[] block, int m) {
            int count = outOfLineIndexes(block, m, indexes);
            if (count == 0) {
                return false;
            }
            gather(block, indexes, count);
            return true;
        }

        /// Writes the indexes of the out-of-line views among the `m` in `block` to `out`; returns
        /// how many. (Without a branch on the size: a branch that one column never takes is
        /// compiled as a trap, and the next column's strings would make the JIT compile again.)
        private static int outOfLineIndexes(int[] block, int m, int[] out) {
            int count = 0;
            for (int k = 0; k < m; k++) {
                out[count] = k;
                count += (int) ((VarBinViewArray.MAX_INLINED - (long) block[4 * k]) >>> 63);
            }
            return count;
        }

        /// Rewrites the `count` out-of-line views of `block` at `indexes`.
        private void gather(int[] block, int[] indexes, int count) {
            long pos = this.pos;
            int runBuffer = this.runBuffer;
            long runStart = this.runStart;
            long runLength = this.runLength;
            for (int j = 0; j < count; j++) {
                int k = indexes[j];
                int size = block[4 * k];
                if (pos > 0xFFFFFFFFL) {
                    throw VortexException.unsupported("more than 4 GiB of string data in one array");
                }
                int buffer = block[4 * k + 2];
                long offset = Integer.toUnsignedLong(block[4 * k + 3]);
                if (buffer == runBuffer && offset == runStart + runLength) {
                    runLength += size;
                } else {
                    if (runLength > 0) {
                        copyRun(runBuffer, runStart, pos - runLength, runLength);
                    }
                    runBuffer = buffer;
                    runStart = offset;
                    runLength = size;
                }
                block[4 * k + 2] = 0;
                block[4 * k + 3] = (int) pos;
                pos += size;
            }
            this.pos = pos;
            this.runBuffer = runBuffer;
            this.runStart = runStart;
            this.runLength = runLength;
        }

        /// Copies the last run.
        void flush() {
            copyRun(runBuffer, runStart, pos - runLength, runLength);
        }

        /// Copies `bytes` from `from` in source `buffer` to `at` in [#data]. Native and heap
        /// sources copy at call sites of their own: the JIT specializes a copy for the kinds of
        /// segment it has seen there, and compiles the gather loop again for every new kind.
        private void copyRun(int buffer, long from, long at, long bytes) {
            MemorySegment src = sources[buffer];
            if (src.isNative()) {
                copyFromNative(src, from, data, at, bytes);
            } else {
                copyFromHeap(src, from, data, at, bytes);
            }
        }

        private static void copyFromNative(MemorySegment src, long from, MemorySegment dst, long at, long bytes) {
            MemorySegment.copy(src, from, dst, at, bytes);
        }

        private static void copyFromHeap(MemorySegment src, long from, MemorySegment dst, long at, long bytes) {
            MemorySegment.copy(src, from, dst, at, bytes);
        }
    }

    private static MemorySegment copyBytes(MemorySegment src, long bytes, int align, Arena arena) {
        MemorySegment out = arena.allocate(Math.max(1L, bytes), align);
        MemorySegment.copy(src, 0, out, 0, bytes);
        return out;
    }

    /// Returns the element type of a list or map type (a map's elements are `{key, value}` structs).
    public static DType listElement(DType dtype) {
        return switch (dtype) {
            case DType.ListType l -> l.element();
            case DType.MapType m -> mapEntry(m);
            default -> throw VortexException.misuse(dtype + " is not a list type");
        };
    }

    /// Returns the entry type of a map: a non-nullable struct `{key, value}`.
    public static DType.Struct mapEntry(DType.MapType m) {
        return new DType.Struct(List.of("key", "value"), List.of(m.key(), m.value()), false);
    }

    /// Returns an empty array of the given type.
    public static Array empty(DType dtype, Arena arena) {
        return Constants.allNull(dtype, 0, arena);
    }
}
