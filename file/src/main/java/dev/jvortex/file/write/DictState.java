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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/// The dictionary being built for a string column in the dictionary layout: distinct values
/// (a null row is a null entry), and u16 codes, one per row. A dictionary holds at most 65,535
/// entries or 1 MiB of value bytes, as the reference's; then a new one starts.
final class DictState {
    static final int MAX_ENTRIES = 65_535;
    static final long MAX_BYTES = 1 << 20;
    static final int CODES_PER_CHUNK = 1 << 19;

    private final Map<ByteBuffer, Integer> index = new HashMap<>();
    private final Builders.StringBuilder values;
    private int nullCode = -1;
    private long bytes;
    private char[] codes = new char[4096];
    private int pending;
    long rows;
    final List<long[]> codeChunks = new ArrayList<>();

    DictState(DType dtype) {
        values = Builders.strings(dtype);
    }

    /// Decides from the first block whether `a` is a string column with few enough distinct values.
    static boolean worthIt(DType dtype, Array a, int block) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary) || !(a instanceof VarBinViewArray s)) {
            return false;
        }
        int n = Math.min(a.length(), block);
        Set<ByteBuffer> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (s.isValid(i)) {
                distinct.add(ByteBuffer.wrap(s.getBytes(i)));
            }
        }
        return distinct.size() * 4L <= n;
    }

    /// Adds row `i` of `a`.
    void add(VarBinViewArray a, int i) {
        int code;
        if (!a.isValid(i)) {
            if (nullCode < 0) {
                nullCode = values.size();
                values.appendNull();
            }
            code = nullCode;
        } else {
            byte[] v = a.getBytes(i);
            ByteBuffer key = ByteBuffer.wrap(v);
            Integer c = index.get(key);
            if (c == null) {
                c = values.size();
                index.put(key, c);
                values.append(v);
                bytes += v.length;
            }
            code = c;
        }
        if (pending == codes.length) {
            codes = Arrays.copyOf(codes, codes.length * 2);
        }
        codes[pending++] = (char) code;
        rows++;
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
        for (int i = 0; i < pending; i++) {
            seg.setAtIndex(PrimitiveArray.LE_SHORT, i, (short) codes[i]);
        }
        PrimitiveArray out = new PrimitiveArray(new DType.Primitive(PType.U16, false), PType.U16, seg, pending, Validity.ALL_VALID);
        pending = 0;
        return out;
    }

    /// Returns the dictionary values.
    Array values(Arena arena) {
        return values.build(arena);
    }
}
