package dev.jvortex.encodings.dict;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.fastlanes.Simd;
import dev.jvortex.encodings.fastlanes.VectorGather;
import java.lang.foreign.MemorySegment;

/// The dictionary gather for primitive values without nulls: `out[i] = values[codes[i]]`.
///
/// Rows are handled in chunks: the chunk's codes are copied into a Java array in one bulk read and
/// widened to `int` (one plain loop per code width), then gathered from a Java copy of the values
/// into a Java array that is written to `out` in one bulk copy. Every code is checked against the
/// dictionary size in the gather loop; an out-of-range code is only allowed on a null row (it then
/// reads value 0), as in the general path.
final class DictGather {
    private DictGather() {}

    /// Rows per chunk.
    static final int CHUNK = 4096;

    static void gather(EncodedNode node, PrimitiveArray values, PrimitiveArray codes, int len, MemorySegment out) {
        gather(node, values, codes, len, out, Simd.ready());
    }

    /// [#gather(EncodedNode, PrimitiveArray, PrimitiveArray, int, MemorySegment)], 4- and 8-byte
    /// values gathered with [VectorGather] when `vector` (only when [Simd#ready]); package-private
    /// so tests can run both paths.
    static void gather(
            EncodedNode node, PrimitiveArray values, PrimitiveArray codes, int len, MemorySegment out, boolean vector) {
        int n = values.length();
        int width = values.ptype().byteWidth();
        MemorySegment v = values.data();
        MemorySegment c = codes.data();
        PType cp = codes.ptype();
        Validity cv = codes.validity();
        int chunk = Math.min(CHUNK, len);
        int[] idx = new int[chunk];
        switch (width) {
            case 1 -> {
                byte[] dict = new byte[n];
                MemorySegment.copy(v, JAVA_BYTE, 0, dict, 0, n);
                byte[] o = new byte[chunk];
                for (int at = 0; at < len; at += chunk) {
                    int m = Math.min(chunk, len - at);
                    codes(node, c, cp, cv, at, m, idx, n);
                    for (int k = 0; k < m; k++) {
                        o[k] = dict[idx[k]];
                    }
                    MemorySegment.copy(o, 0, out, JAVA_BYTE, at, m);
                }
            }
            case 2 -> {
                short[] dict = new short[n];
                MemorySegment.copy(v, PrimitiveArray.LE_SHORT, 0, dict, 0, n);
                short[] o = new short[chunk];
                for (int at = 0; at < len; at += chunk) {
                    int m = Math.min(chunk, len - at);
                    codes(node, c, cp, cv, at, m, idx, n);
                    for (int k = 0; k < m; k++) {
                        o[k] = dict[idx[k]];
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_SHORT, 2L * at, m);
                }
            }
            case 4 -> {
                int[] dict = new int[n];
                MemorySegment.copy(v, PrimitiveArray.LE_INT, 0, dict, 0, n);
                int[] o = new int[chunk];
                for (int at = 0; at < len; at += chunk) {
                    int m = Math.min(chunk, len - at);
                    codes(node, c, cp, cv, at, m, idx, n);
                    if (vector) {
                        VectorGather.ints(dict, idx, o, m);
                    } else {
                        for (int k = 0; k < m; k++) {
                            o[k] = dict[idx[k]];
                        }
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_INT, 4L * at, m);
                }
            }
            case 8 -> {
                long[] dict = new long[n];
                MemorySegment.copy(v, PrimitiveArray.LE_LONG, 0, dict, 0, n);
                long[] o = new long[chunk];
                for (int at = 0; at < len; at += chunk) {
                    int m = Math.min(chunk, len - at);
                    codes(node, c, cp, cv, at, m, idx, n);
                    if (vector) {
                        VectorGather.longs(dict, idx, o, m);
                    } else {
                        for (int k = 0; k < m; k++) {
                            o[k] = dict[idx[k]];
                        }
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_LONG, 8L * at, m);
                }
            }
            default -> {
                // f16 is 2 bytes, i128 decimals are not primitive: every primitive width is covered above.
                throw new IllegalStateException("primitive width " + width);
            }
        }
    }

    /// Reads codes `[at, at + m)` into `idx[0, m)` as ints, each checked to be in `[0, n)`; an
    /// out-of-range code on a null row becomes 0, elsewhere it is corrupt input.
    private static void codes(
            EncodedNode node, MemorySegment c, PType cp, Validity cv, int at, int m, int[] idx, int n) {
        boolean bad = false;
        switch (cp.byteWidth()) {
            case 1 -> {
                byte[] raw = scratch8(m);
                MemorySegment.copy(c, JAVA_BYTE, at, raw, 0, m);
                if (cp.isSigned()) {
                    for (int k = 0; k < m; k++) {
                        idx[k] = raw[k];
                    }
                } else {
                    for (int k = 0; k < m; k++) {
                        idx[k] = raw[k] & 0xFF;
                    }
                    if (n >= 256) {
                        return; // every u8 code is in range
                    }
                }
            }
            case 2 -> {
                short[] raw = scratch16(m);
                MemorySegment.copy(c, PrimitiveArray.LE_SHORT, 2L * at, raw, 0, m);
                if (cp.isSigned()) {
                    for (int k = 0; k < m; k++) {
                        idx[k] = raw[k];
                    }
                } else {
                    for (int k = 0; k < m; k++) {
                        idx[k] = raw[k] & 0xFFFF;
                    }
                    if (n >= 65536) {
                        return; // every u16 code is in range
                    }
                }
            }
            case 4 -> MemorySegment.copy(c, PrimitiveArray.LE_INT, 4L * at, idx, 0, m);
            default -> {
                for (int k = 0; k < m; k++) {
                    long l = c.getAtIndex(PrimitiveArray.LE_LONG, (long) at + k);
                    // Anything outside [0, 2^31) becomes -1, which the range check below rejects.
                    idx[k] = l == (int) l ? (int) l : -1;
                }
            }
        }
        // Unsigned 32-bit codes of 2^31 and more are negative ints here: also out of range.
        for (int k = 0; k < m; k++) {
            int x = idx[k];
            bad |= x < 0 | x >= n;
        }
        if (bad) {
            for (int k = 0; k < m; k++) {
                int x = idx[k];
                if (x < 0 || x >= n) {
                    if (cv.isValid(at + k)) {
                        throw VortexException.corrupt(node.location() + ": code " + code(c, cp, at + k) + " at row "
                                + (at + k) + " is outside the " + n + "-entry dictionary");
                    }
                    idx[k] = 0;
                }
            }
        }
    }

    private static final ThreadLocal<byte[]> RAW8 = ThreadLocal.withInitial(() -> new byte[CHUNK]);
    private static final ThreadLocal<short[]> RAW16 = ThreadLocal.withInitial(() -> new short[CHUNK]);

    private static byte[] scratch8(int m) {
        return m <= CHUNK ? RAW8.get() : new byte[m];
    }

    private static short[] scratch16(int m) {
        return m <= CHUNK ? RAW16.get() : new short[m];
    }

    private static String code(MemorySegment c, PType cp, long row) {
        return switch (cp.byteWidth()) {
            case 1 -> Long.toString(cp.isSigned() ? c.get(JAVA_BYTE, row) : c.get(JAVA_BYTE, row) & 0xFF);
            case 2 ->
                Long.toString(
                        cp.isSigned()
                                ? c.getAtIndex(PrimitiveArray.LE_SHORT, row)
                                : c.getAtIndex(PrimitiveArray.LE_SHORT, row) & 0xFFFF);
            case 4 ->
                cp.isSigned()
                        ? Integer.toString(c.getAtIndex(PrimitiveArray.LE_INT, row))
                        : Integer.toUnsignedString(c.getAtIndex(PrimitiveArray.LE_INT, row));
            default ->
                cp.isSigned()
                        ? Long.toString(c.getAtIndex(PrimitiveArray.LE_LONG, row))
                        : Long.toUnsignedString(c.getAtIndex(PrimitiveArray.LE_LONG, row));
        };
    }
}
