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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/// The dictionary being built for a string column in the dictionary layout: distinct values
/// (a null row is a null entry), and u16 codes, one per row. A dictionary holds at most 65,535
/// entries or 1 MiB of value bytes, as the reference's; then a new one starts.
final class DictState implements DictParts.Entries {
    static final int MAX_ENTRIES = 65_535;
    static final long MAX_BYTES = 1 << 20;
    static final int CODES_PER_CHUNK = 1 << 19;
    /// Longest value hashed and compared by its first and last 8 bytes alone.
    private static final int MEDIUM = 16;
    private static final VarHandle LE_LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /// The distinct values' bytes laid end to end; entry `e` is `data[starts[e] .. starts[e + 1])`
    /// (entries count from 0 in order of appearance, the null entry included with no bytes).
    private byte[] data = new byte[4096];
    private int[] starts = new int[1025];
    private int entries;
    /// Open addressing over entry numbers (-1 empty).
    private int[] table = filled(2048);
    private byte[] scratch = new byte[256];
    /// Per entry: its keys (see [#addEntry]), which a value is compared with before its bytes.
    private long[] key0 = new long[1025];
    private long[] key1 = new long[1025];
    /// The rows being added.
    private final ViewBlock block = new ViewBlock();
    /// The data buffers of the rows being added.
    private final ViewBuffers buffers = new ViewBuffers();
    private final Builders.StringBuilder values;
    private int nullCode = -1;
    private long bytes;
    private char[] codes = new char[4096];
    private int pending;
    /// Whether the dictionary is [#full], kept up to date as entries are added.
    private boolean filled;

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
        long distinct = distinctValues(dtype, s, n);
        if (distinct * 4L <= n) {
            return true;
        }
        if (distinct * 2L > n) {
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

    /// The number of distinct non-null values among the first `n` rows of `s`: counted by a
    /// dictionary, or by a set of the values when they do not fit one.
    private static long distinctValues(DType dtype, VarBinViewArray s, int n) {
        DictState probe = new DictState(dtype);
        if (probe.addRows(s, 0, n) == n) {
            return probe.values.size() - (probe.nullCode >= 0 ? 1 : 0);
        }
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (s.isValid(i)) {
                distinct.add(s.slice(i).asByteBuffer()); // a view, not a heap copy of every value
            }
        }
        return distinct.size();
    }

    /// Adds row `i` of `a`.
    void add(VarBinViewArray a, int i) {
        addRows(a, i, i + 1);
    }

    /// Adds rows of `a` from `from` (before `to`) until the codes pending reach
    /// [#CODES_PER_CHUNK] or the dictionary is [#full]; returns the index after the last row
    /// added. The views are read in blocks of `long`s: a value of at most 12 bytes is hashed and
    /// compared as the two words of its view (size and inline bytes), without copying it.
    int addRows(VarBinViewArray a, int from, int to) {
        buffers.map(a);
        int end = addMapped(a, from, to);
        buffers.release();
        return end;
    }

    /// [#addRows] once [#buffers] holds those of `a`.
    private int addMapped(VarBinViewArray a, int from, int to) {
        Validity validity = a.validity();
        int i = from;
        while (i < to) {
            int m = block.load(a, validity, i, to);
            // At least one row, as many as the chunk has room for: the kernel then stops early
            // only when the dictionary fills.
            int lim = Math.max(1, Math.min(m, CODES_PER_CHUNK - pending));
            if (pending + lim > codes.length) {
                codes = Arrays.copyOf(codes, Math.max(pending + lim, codes.length * 2));
            }
            int done = addBlock(lim);
            i += done;
            if (done < m || pending >= CODES_PER_CHUNK || full()) {
                return i;
            }
        }
        return to;
    }

    /// Adds the first `lim` rows of the loaded block to the pending codes,
    /// which have room for them; stops after a row that fills the dictionary. Returns the rows
    /// added. A kernel of its own: the driver [#addRows] loops once per block, and the JIT compiles
    /// this small loop alone instead of everything inlined into the driver's OSR compilation.
    private int addBlock(int lim) {
        long[] words = block.words;
        char[] codes = this.codes;
        int p = pending;
        int k = 0;
        while (k < lim) {
            int code;
            if (!block.valid(k)) {
                code = nullCode();
            } else {
                long w0 = words[2 * k];
                int size = (int) w0;
                code = size <= VarBinViewArray.MAX_INLINED
                        ? lookupInline(ViewBlock.key0(w0, size), ViewBlock.key1(words[2 * k + 1], size), size)
                        : lookupLong(words[2 * k + 1], size);
            }
            codes[p++] = (char) code;
            k++;
            if (filled) {
                break;
            }
        }
        pending = p;
        return k;
    }

    private int nullCode() {
        if (nullCode < 0) {
            nullCode = values.size();
            values.appendNull();
            addEntry(scratch, 0, -1L, 0);
            checkFull();
        }
        return nullCode;
    }

    /// The code of an inline value of `size` (at most 12) bytes, whose view's keys
    /// ([ViewBlock#key0], [ViewBlock#key1]) are `k0` and `k1`.
    private int lookupInline(long k0, long k1, int size) {
        int h = hashInline(k0, k1);
        int mask = table.length - 1;
        for (int slot = h & mask; ; slot = (slot + 1) & mask) {
            int e = table[slot];
            if (e < 0) {
                for (int j = 0; j < size; j++) {
                    scratch[j] = (byte) (j < 4 ? k0 >>> (32 + 8 * j) : k1 >>> (8 * (j - 4)));
                }
                return insert(slot, scratch, size, k0, k1);
            }
            if (key0[e] == k0 && key1[e] == k1 && starts[e + 1] - starts[e] == size) {
                return e;
            }
        }
    }

    /// The code of a value of `size` (more than 12) bytes in the data buffer its view's second
    /// word `w1` points to. Its first and last 8 bytes, read in place, are its
    /// keys; a value of at most 16 bytes is hashed and compared by them without a copy.
    private int lookupLong(long w1, int size) {
        int b = (int) w1;
        long at = w1 >>> 32;
        long first = buffers.leLong(b, at);
        long last = buffers.leLong(b, at + size - 8);
        boolean copied = size > MEDIUM;
        if (copied) {
            if (scratch.length < size) {
                scratch = new byte[Math.max(size, 2 * scratch.length)];
            }
            buffers.copy(b, at, scratch, size);
        }
        int h = copied ? hashBytes(scratch, 0, size) : hashMedium(first, last, size);
        int mask = table.length - 1;
        for (int slot = h & mask; ; slot = (slot + 1) & mask) {
            int e = table[slot];
            if (e < 0) {
                if (!copied) {
                    buffers.copy(b, at, scratch, size);
                }
                return insert(slot, scratch, size, first, last);
            }
            if (key0[e] == first
                    && key1[e] == last
                    && starts[e + 1] - starts[e] == size
                    && (!copied || Arrays.equals(data, starts[e], starts[e + 1], scratch, 0, size))) {
                return e;
            }
        }
    }

    /// Adds the value `v[0 .. size)` (keys `k0`, `k1`) as a new entry, found missing at `slot`.
    private int insert(int slot, byte[] v, int size, long k0, long k1) {
        int code = values.size();
        values.append(Arrays.copyOf(v, size));
        bytes += size;
        addEntry(v, size, k0, k1);
        checkFull();
        table[slot] = code;
        if (2 * entries > table.length) {
            rehash();
        }
        return code;
    }

    /// Appends an entry's bytes and keys: for a value of at most 12 bytes its view's keys
    /// ([ViewBlock#key0], [ViewBlock#key1]), for a longer one its first and last 8 bytes as
    /// little-endian words, for the null entry -1 and 0 (no value of size 0 has these).
    private void addEntry(byte[] v, int size, long k0, long k1) {
        if (entries + 2 > starts.length) {
            starts = Arrays.copyOf(starts, 2 * starts.length);
            key0 = Arrays.copyOf(key0, starts.length);
            key1 = Arrays.copyOf(key1, starts.length);
        }
        int at = starts[entries];
        if (at + size > data.length) {
            data = Arrays.copyOf(data, Math.max(at + size, 2 * data.length));
        }
        System.arraycopy(v, 0, data, at, size);
        key0[entries] = k0;
        key1[entries] = k1;
        entries++;
        starts[entries] = at + size;
    }

    /// Brings [#filled] up to date after an entry is added.
    private void checkFull() {
        filled = full();
    }

    private void rehash() {
        int[] next = filled(table.length * 2);
        int mask = next.length - 1;
        for (int e = 0; e < entries; e++) {
            if (e == nullCode) {
                continue;
            }
            int size = starts[e + 1] - starts[e];
            int h = size <= VarBinViewArray.MAX_INLINED
                    ? hashInline(key0[e], key1[e])
                    : size <= MEDIUM ? hashMedium(key0[e], key1[e], size) : hashBytes(data, starts[e], size);
            int slot = h & mask;
            while (next[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            next[slot] = e;
        }
        table = next;
    }

    private static int hashMedium(long first, long last, int size) {
        return mix((first ^ size) * 0xC2B2AE3D27D4EB4FL + last);
    }

    private static int hashInline(long k0, long k1) {
        return mix(k0 * 0x9E3779B97F4A7C15L + k1);
    }

    /// Hashes `v[from .. from + size)` eight bytes at a time.
    private static int hashBytes(byte[] v, int from, int size) {
        long h = 0x9E3779B97F4A7C15L ^ size;
        int k = from;
        int end = from + size;
        for (; k + 8 <= end; k += 8) {
            h = Long.rotateLeft((h ^ (long) LE_LONGS.get(v, k)) * 0x100000001B3L, 29);
        }
        long tail = 0;
        for (int shift = 0; k < end; k++, shift += 8) {
            tail |= (v[k] & 0xFFL) << shift;
        }
        return mix(h ^ tail);
    }

    private static int mix(long x) {
        long h = x;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        h *= 0x94D049BB133111EBL;
        return (int) (h ^ (h >>> 29));
    }

    private static int[] filled(int n) {
        int[] t = new int[n];
        Arrays.fill(t, -1);
        return t;
    }

    @Override
    public int pendingCodes() {
        return pending;
    }

    boolean full() {
        return values.size() >= MAX_ENTRIES || bytes >= MAX_BYTES;
    }

    /// Returns the codes added since the last call as a u16 array, and forgets them.
    @Override
    public PrimitiveArray takeCodes(Arena arena) {
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
    @Override
    public Array values(Arena arena) {
        return values.build(arena);
    }
}
