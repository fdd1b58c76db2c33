package dev.jvortex.core.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [ArrayOps#deepCopy] of strings packs the out-of-line values in row order into one buffer,
/// whatever memory their source buffers live in (byte arrays, native memory, both in one array)
/// and however the inline and out-of-line values mix within and across blocks of views.
class DeepCopyStringsTest {
    /// Builds strings over three data buffers (kinds by `kinds`: 'h' heap, 'n' native) holding
    /// the out-of-line values scattered, some runs end to end, others out of order.
    private static VarBinViewArray strings(List<byte[]> values, String kinds, Random rnd, Arena arena) {
        int buffers = kinds.length();
        long[] sizes = new long[buffers];
        int n = values.size();
        MemorySegment views = arena.allocate(16L * n, 16);
        int[] bufferOf = new int[n];
        long[] offsetOf = new long[n];
        int current = 0;
        for (int i = 0; i < n; i++) {
            byte[] v = values.get(i);
            if (v.length <= VarBinViewArray.MAX_INLINED) {
                continue;
            }
            if (rnd.nextInt(4) == 0) {
                current = rnd.nextInt(buffers);
                sizes[current] += rnd.nextInt(3); // a gap: the next value starts a new run
            }
            bufferOf[i] = current;
            offsetOf[i] = sizes[current];
            sizes[current] += v.length;
        }
        MemorySegment[] data = new MemorySegment[buffers];
        for (int b = 0; b < buffers; b++) {
            data[b] = kinds.charAt(b) == 'h'
                    ? MemorySegment.ofArray(new byte[(int) Math.max(1, sizes[b])])
                    : arena.allocate(Math.max(1, sizes[b]));
        }
        for (int i = 0; i < n; i++) {
            byte[] v = values.get(i);
            long at = 16L * i;
            views.set(PrimitiveArray.LE_INT, at, v.length);
            if (v.length <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, v.length);
            } else {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, 4);
                views.set(PrimitiveArray.LE_INT, at + 8, bufferOf[i]);
                views.set(PrimitiveArray.LE_INT, at + 12, (int) offsetOf[i]);
                MemorySegment.copy(MemorySegment.ofArray(v), 0, data[bufferOf[i]], offsetOf[i], v.length);
            }
        }
        return new VarBinViewArray(new DType.Binary(false), views, data, n, Validity.ALL_VALID);
    }

    private static List<byte[]> values(Random rnd, int n, int longPercent) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int size = rnd.nextInt(100) < longPercent ? 13 + rnd.nextInt(30) : rnd.nextInt(13);
            byte[] v = new byte[size];
            rnd.nextBytes(v);
            out.add(v);
        }
        return out;
    }

    @Test
    void packsValuesFromHeapAndNativeBuffersInRowOrder() {
        Random rnd = new Random(7);
        String[] kinds = {"hhh", "nnn", "hnh", "nhn"};
        int[] longPercents = {0, 3, 50, 100};
        try (Arena arena = Arena.ofConfined()) {
            for (String k : kinds) {
                for (int longPercent : longPercents) {
                    List<byte[]> vals = values(rnd, 2_500, longPercent);
                    VarBinViewArray copy = (VarBinViewArray) ArrayOps.deepCopy(strings(vals, k, rnd, arena), arena);
                    String what = k + " with " + longPercent + "% long values";
                    long packed = 0;
                    for (int i = 0; i < vals.size(); i++) {
                        assertArrayEquals(vals.get(i), copy.getBytes(i), what + ", row " + i);
                        if (vals.get(i).length > VarBinViewArray.MAX_INLINED) {
                            assertEquals(0, copy.views().get(PrimitiveArray.LE_INT, 16L * i + 8), what);
                            assertEquals(packed, copy.views().get(PrimitiveArray.LE_INT, 16L * i + 12), what);
                            packed += vals.get(i).length;
                        }
                    }
                    assertEquals(longPercent == 0 ? 0 : 1, copy.buffers().length, what);
                    if (packed > 0) {
                        assertEquals(packed, copy.buffers()[0].byteSize(), what);
                    }
                }
            }
        }
    }
}
