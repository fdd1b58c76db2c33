package dev.jvortex.file.layout;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/// Looks dictionary codes up in the dictionary's values: one pass per output, through Java
/// arrays (a dictionary is small next to its codes, so its values are copied out once and the
/// gather runs over heap arrays the JIT keeps in registers and vectorises the stores of).
final class DictGather {
    private DictGather() {}

    /// Returns `values[codes[i]]` for every `i`; codes are already checked to be within the values.
    static Array gather(Array values, int[] codes, Arena arena) {
        int len = codes.length;
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), p.ptype(), fixed(p.data(), p.ptype().byteWidth(), p.length(), codes,
                    arena), len, validity(p.validity(), p.length(), codes, arena));
            case VarBinViewArray s -> new VarBinViewArray(s.dtype(), fixed(s.views(), 16, s.length(), codes, arena), s.buffers(), len,
                    validity(s.validity(), s.length(), codes, arena));
            default -> ArrayOps.take(values, codes, arena);
        };
    }

    private static MemorySegment fixed(MemorySegment src, int width, int n, int[] codes, Arena arena) {
        int len = codes.length;
        MemorySegment out = arena.allocate(Math.max(1L, (long) len * width), Math.min(width, 8));
        switch (width) {
            case 1 -> {
                byte[] v = new byte[n];
                MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, v, 0, n);
                byte[] o = new byte[len];
                for (int i = 0; i < len; i++) {
                    o[i] = v[codes[i]];
                }
                MemorySegment.copy(o, 0, out, ValueLayout.JAVA_BYTE, 0, len);
            }
            case 2 -> {
                short[] v = new short[n];
                MemorySegment.copy(src, PrimitiveArray.LE_SHORT, 0, v, 0, n);
                short[] o = new short[len];
                for (int i = 0; i < len; i++) {
                    o[i] = v[codes[i]];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_SHORT, 0, len);
            }
            case 4 -> {
                int[] v = new int[n];
                MemorySegment.copy(src, PrimitiveArray.LE_INT, 0, v, 0, n);
                int[] o = new int[len];
                for (int i = 0; i < len; i++) {
                    o[i] = v[codes[i]];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_INT, 0, len);
            }
            case 8 -> {
                long[] v = new long[n];
                MemorySegment.copy(src, PrimitiveArray.LE_LONG, 0, v, 0, n);
                long[] o = new long[len];
                for (int i = 0; i < len; i++) {
                    o[i] = v[codes[i]];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_LONG, 0, len);
            }
            case 16 -> {
                // Two longs per value: string views and 128-bit decimals.
                long[] v = new long[2 * n];
                MemorySegment.copy(src, PrimitiveArray.LE_LONG, 0, v, 0, 2 * n);
                long[] o = new long[2 * len];
                for (int i = 0; i < len; i++) {
                    int c = codes[i] << 1;
                    o[2 * i] = v[c];
                    o[2 * i + 1] = v[c + 1];
                }
                MemorySegment.copy(o, 0, out, PrimitiveArray.LE_LONG, 0, 2 * len);
            }
            default -> {
                for (int i = 0; i < len; i++) {
                    MemorySegment.copy(src, (long) codes[i] * width, out, (long) i * width, width);
                }
            }
        }
        return out;
    }

    /// The validity of the gathered rows: a value's validity, looked up per code, 64 rows a word.
    private static Validity validity(Validity values, int n, int[] codes, Arena arena) {
        if (values.isAllValid() || values.isAllInvalid()) {
            return values;
        }
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            valid[i] = values.isValid(i);
        }
        int len = codes.length;
        long[] words = new long[(len + 63) >>> 6];
        for (int w = 0; w < words.length; w++) {
            int base = w << 6;
            int end = Math.min(64, len - base);
            long word = 0;
            for (int b = 0; b < end; b++) {
                word |= (valid[codes[base + b]] ? 1L : 0L) << b;
            }
            words[w] = word;
        }
        MemorySegment bits = arena.allocate(Math.max(8, (long) words.length * 8), 8);
        MemorySegment.copy(words, 0, bits, PrimitiveArray.LE_LONG, 0, words.length);
        return Validity.ofBits(bits.asSlice(0, Math.max(1, Bits.byteLength(len))));
    }
}
