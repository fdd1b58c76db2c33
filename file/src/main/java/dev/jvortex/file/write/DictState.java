package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/// The dictionary being built for a string column in the dictionary layout: distinct values
/// (a null row is a null entry), and u16 codes, one per row. A dictionary holds at most 65,535
/// entries or 1 MiB of value bytes, as the reference's; then a new one starts.
final class DictState {
    static final int MAX_ENTRIES = 65_535;
    static final long MAX_BYTES = 1 << 20;
    static final int CODES_PER_CHUNK = 1 << 19;

    /// The distinct values' bytes laid end to end; entry `e` is `data[starts[e] .. starts[e + 1])`
    /// (entries count from 0 in order of appearance, the null entry included with no bytes).
    private byte[] data = new byte[4096];
    private int[] starts = new int[1025];
    private int entries;
    /// Open addressing over entry numbers (-1 empty).
    private int[] table = filled(2048);
    private byte[] scratch = new byte[256];
    private final Builders.StringBuilder values;
    private int nullCode = -1;
    private long bytes;
    private char[] codes = new char[4096];
    private int pending;

    DictState(DType dtype) {
        values = Builders.strings(dtype);
    }

    /// Decides from the first block whether `a` is a string column with few enough distinct values:
    /// at most a quarter of the rows, or at most half when the default compressor chooses a
    /// dictionary for the block.
    static boolean worthIt(DType dtype, Array a, int block) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary) || !(a instanceof VarBinViewArray s)) {
            return false;
        }
        int n = Math.min(a.length(), block);
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (s.isValid(i)) {
                distinct.add(s.slice(i).asByteBuffer()); // a view, not a heap copy of every value
            }
        }
        if (distinct.size() * 4L <= n) {
            return true;
        }
        if (distinct.size() * 2L > n) {
            return false;
        }
        // In between, as the reference decides: a dictionary layout when the default compressor
        // picks a dictionary for the first block.
        try (Arena arena = Arena.ofConfined()) {
            Array first = n == a.length() ? a : dev.jvortex.core.array.ArrayOps.slice(a, 0, n, arena);
            return dev.jvortex.encodings.EncodingId.DICT
                    .id()
                    .equals(dev.jvortex.compress.Compressor.FULL.compress(first).encoding());
        }
    }

    /// Adds row `i` of `a`.
    void add(VarBinViewArray a, int i) {
        int code;
        if (!a.isValid(i)) {
            if (nullCode < 0) {
                nullCode = values.size();
                values.appendNull();
                addEntry(scratch, 0);
            }
            code = nullCode;
        } else {
            int size = a.byteLength(i);
            if (scratch.length < size) {
                scratch = new byte[Math.max(size, 2 * scratch.length)];
            }
            a.copyBytes(i, scratch, 0);
            code = lookup(scratch, size);
        }
        if (pending == codes.length) {
            codes = Arrays.copyOf(codes, codes.length * 2);
        }
        codes[pending++] = (char) code;
    }

    /// The code of the value `v[0 .. size)`, added to the dictionary when new.
    private int lookup(byte[] v, int size) {
        int h = hash(v, size);
        int mask = table.length - 1;
        for (int slot = h & mask; ; slot = (slot + 1) & mask) {
            int e = table[slot];
            if (e < 0) {
                int code = values.size();
                values.append(Arrays.copyOf(v, size));
                bytes += size;
                addEntry(v, size);
                table[slot] = code;
                if (2 * entries > table.length) {
                    rehash();
                }
                return code;
            }
            if (e != nullCode
                    && starts[e + 1] - starts[e] == size
                    && Arrays.equals(data, starts[e], starts[e + 1], v, 0, size)) {
                return e;
            }
        }
    }

    private void addEntry(byte[] v, int size) {
        if (entries + 2 > starts.length) {
            starts = Arrays.copyOf(starts, 2 * starts.length);
        }
        int at = starts[entries];
        if (at + size > data.length) {
            data = Arrays.copyOf(data, Math.max(at + size, 2 * data.length));
        }
        System.arraycopy(v, 0, data, at, size);
        entries++;
        starts[entries] = at + size;
    }

    private void rehash() {
        int[] next = filled(table.length * 2);
        int mask = next.length - 1;
        for (int e = 0; e < entries; e++) {
            if (e == nullCode) {
                continue;
            }
            int slot = hash(data, starts[e], starts[e + 1] - starts[e]) & mask;
            while (next[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            next[slot] = e;
        }
        table = next;
    }

    private static int hash(byte[] v, int size) {
        return hash(v, 0, size);
    }

    private static int hash(byte[] v, int from, int size) {
        long h = 0x9E3779B97F4A7C15L ^ size;
        for (int k = from; k < from + size; k++) {
            h = (h ^ (v[k] & 0xFF)) * 0x100000001B3L;
        }
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ (h >>> 32));
    }

    private static int[] filled(int n) {
        int[] t = new int[n];
        Arrays.fill(t, -1);
        return t;
    }

    int pendingCodes() {
        return pending;
    }

    boolean full() {
        return values.size() >= MAX_ENTRIES || bytes >= MAX_BYTES;
    }

    /// Returns the codes added since the last call as a u16 array, and forgets them.
    PrimitiveArray takeCodes(Arena arena) {
        MemorySegment seg = arena.allocate(Math.max(2L, pending * 2L), 2);
        MemorySegment.copy(
                codes,
                0,
                seg,
                java.lang.foreign.ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN),
                0,
                pending);
        PrimitiveArray out =
                new PrimitiveArray(new DType.Primitive(PType.U16, false), PType.U16, seg, pending, Validity.ALL_VALID);
        pending = 0;
        return out;
    }

    /// Returns the dictionary values.
    Array values(Arena arena) {
        return values.build(arena);
    }
}
