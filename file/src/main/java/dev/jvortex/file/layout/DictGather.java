package dev.jvortex.file.layout;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.expr.FilterEvaluator;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/// Looks dictionary codes up in the dictionary's values.
///
/// A dictionary is small next to its codes, so its values are copied into a Java array once;
/// the codes are then read a few thousand at a time into a Java array, checked against the
/// dictionary's size, gathered into a Java buffer that stays in cache and copied out, so each
/// output byte is written once and every loop runs over heap arrays.
final class DictGather {
    private DictGather() {}

    /// Rows per round: the codes and gathered values of a round stay in the first-level caches.
    private static final int CHUNK = 2048;

    /// Returns the values of every row of `d` (null where the code or the value is null).
    static Array gatherAll(FilterEvaluator.Dictionary d, Arena arena) {
        Array values = d.values();
        PrimitiveArray codes = d.codes();
        int width =
                values instanceof PrimitiveArray p ? p.ptype().byteWidth() : values instanceof VarBinViewArray ? 16 : 0;
        if (width == 0 || codes.ptype().isSigned() || codes.ptype().byteWidth() > 4) {
            return gather(values, d.indices(), arena);
        }
        int len = codes.length();
        int n = values.length();
        MemorySegment src = values instanceof PrimitiveArray p ? p.data() : ((VarBinViewArray) values).views();
        MemorySegment out = arena.allocate(Math.max(1L, (long) len * width), Math.min(width, 8));
        Validity valueValidity = values.validity();
        boolean[] valueValid =
                valueValidity.isAllValid() || valueValidity.isAllInvalid() ? null : validTable(valueValidity, n);
        long[] validWords = valueValid == null ? null : new long[(len + 63) >>> 6];
        int[] chunk = new int[CHUNK];
        Looker look = looker(width, src, n, out);
        int codeWidth = codes.ptype().byteWidth();
        byte[] b8 = codeWidth == 1 ? new byte[CHUNK] : null;
        short[] b16 = codeWidth == 2 ? new short[CHUNK] : null;
        MemorySegment codeData = codes.data();
        for (int start = 0; start < len; start += CHUNK) {
            int m = Math.min(CHUNK, len - start);
            switch (codeWidth) {
                case 1 -> {
                    MemorySegment.copy(codeData, ValueLayout.JAVA_BYTE, start, b8, 0, m);
                    for (int i = 0; i < m; i++) {
                        chunk[i] = b8[i] & 0xFF;
                    }
                }
                case 2 -> {
                    MemorySegment.copy(codeData, PrimitiveArray.LE_SHORT, (long) start << 1, b16, 0, m);
                    for (int i = 0; i < m; i++) {
                        chunk[i] = b16[i] & 0xFFFF;
                    }
                }
                default -> MemorySegment.copy(codeData, PrimitiveArray.LE_INT, (long) start << 2, chunk, 0, m);
            }
            int bad = 0;
            for (int i = 0; i < m; i++) {
                bad |= chunk[i] | (n - 1 - chunk[i]);
            }
            if (bad < 0) {
                // A code outside the dictionary: corrupt on a valid row, else looked up as 0.
                for (int i = 0; i < m; i++) {
                    chunk[i] = d.index(start + i);
                }
            }
            look.gather(chunk, m, start);
            if (validWords != null) {
                for (int w = 0; w < (m + 63) >>> 6; w++) {
                    int base = w << 6;
                    int end = Math.min(64, m - base);
                    long word = 0;
                    for (int b = 0; b < end; b++) {
                        word |= (valueValid[chunk[base + b]] ? 1L : 0L) << b;
                    }
                    validWords[(start >>> 6) + w] = word;
                }
            }
        }
        Validity v = valueValid == null ? valueValidity : bits(validWords, len, arena);
        if (!codes.validity().isAllValid()) {
            v = v.and(codes.validity(), len, arena);
        }
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), p.ptype(), out, len, v);
            case VarBinViewArray s -> new VarBinViewArray(s.dtype(), out, s.buffers(), len, v);
            default -> throw new IllegalStateException("unreachable: " + values.getClass());
        };
    }

    /// Returns `values[codes[i]]` for every `i`; codes are already checked to be within the values.
    static Array gather(Array values, int[] codes, Arena arena) {
        int len = codes.length;
        int width =
                values instanceof PrimitiveArray p ? p.ptype().byteWidth() : values instanceof VarBinViewArray ? 16 : 0;
        if (width == 0) {
            return ArrayOps.take(values, codes, arena);
        }
        int n = values.length();
        MemorySegment src = values instanceof PrimitiveArray p ? p.data() : ((VarBinViewArray) values).views();
        MemorySegment out = arena.allocate(Math.max(1L, (long) len * width), Math.min(width, 8));
        Looker look = looker(width, src, n, out);
        int[] chunk = new int[CHUNK];
        for (int start = 0; start < len; start += CHUNK) {
            int m = Math.min(CHUNK, len - start);
            System.arraycopy(codes, start, chunk, 0, m);
            look.gather(chunk, m, start);
        }
        Validity valueValidity = values.validity();
        Validity v = valueValidity;
        if (!valueValidity.isAllValid() && !valueValidity.isAllInvalid()) {
            boolean[] valid = validTable(valueValidity, n);
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
            v = bits(words, len, arena);
        }
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), p.ptype(), out, len, v);
            case VarBinViewArray s -> new VarBinViewArray(s.dtype(), out, s.buffers(), len, v);
            default -> throw new IllegalStateException("unreachable: " + values.getClass());
        };
    }

    private static boolean[] validTable(Validity v, int n) {
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            valid[i] = v.isValid(i);
        }
        return valid;
    }

    private static Validity bits(long[] words, int len, Arena arena) {
        MemorySegment bits = arena.allocate(Math.max(8, (long) words.length * 8), 8);
        MemorySegment.copy(words, 0, bits, PrimitiveArray.LE_LONG, 0, words.length);
        return Validity.ofBits(bits.asSlice(0, Math.max(1, Bits.byteLength(len))));
    }

    /// Gathers one round of codes (each within the values) into the output at row `at`.
    private interface Looker {
        void gather(int[] codes, int m, int at);
    }

    /// A looker over the values copied into a Java array of their width, with a round's buffer.
    private static Looker looker(int width, MemorySegment src, int n, MemorySegment out) {
        return switch (width) {
            case 1 -> {
                byte[] v = new byte[n];
                MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, v, 0, n);
                byte[] o = new byte[CHUNK];
                yield (codes, m, at) -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = v[codes[i]];
                    }
                    MemorySegment.copy(o, 0, out, ValueLayout.JAVA_BYTE, at, m);
                };
            }
            case 2 -> {
                short[] v = new short[n];
                MemorySegment.copy(src, PrimitiveArray.LE_SHORT, 0, v, 0, n);
                short[] o = new short[CHUNK];
                yield (codes, m, at) -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = v[codes[i]];
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_SHORT, (long) at << 1, m);
                };
            }
            case 4 -> {
                int[] v = new int[n];
                MemorySegment.copy(src, PrimitiveArray.LE_INT, 0, v, 0, n);
                int[] o = new int[CHUNK];
                yield (codes, m, at) -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = v[codes[i]];
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_INT, (long) at << 2, m);
                };
            }
            case 8 -> {
                long[] v = new long[n];
                MemorySegment.copy(src, PrimitiveArray.LE_LONG, 0, v, 0, n);
                long[] o = new long[CHUNK];
                yield (codes, m, at) -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = v[codes[i]];
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_LONG, (long) at << 3, m);
                };
            }
            case 16 -> {
                // Two longs per value: string views and 128-bit decimals.
                long[] v = new long[2 * n];
                MemorySegment.copy(src, PrimitiveArray.LE_LONG, 0, v, 0, 2 * n);
                long[] o = new long[2 * CHUNK];
                yield (codes, m, at) -> {
                    for (int i = 0; i < m; i++) {
                        int c = codes[i] << 1;
                        o[2 * i] = v[c];
                        o[2 * i + 1] = v[c + 1];
                    }
                    MemorySegment.copy(o, 0, out, PrimitiveArray.LE_LONG, (long) at << 4, 2 * m);
                };
            }
            default ->
                (codes, m, at) -> {
                    for (int i = 0; i < m; i++) {
                        MemorySegment.copy(src, (long) codes[i] * width, out, (long) (at + i) * width, width);
                    }
                };
        };
    }
}
