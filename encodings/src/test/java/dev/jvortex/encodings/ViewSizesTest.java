package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [ViewSizes] reads the same lengths as [VarBinViewArray#byteLength] from views in native memory
/// and on the heap, 0 for null rows, and sums them (capped or not) as a plain loop does.
class ViewSizesTest {
    @Test
    void lengthsAndSumsMatchAPlainLoop() {
        Random random = new Random(11);
        try (Arena arena = Arena.ofConfined()) {
            for (int n : new int[] {0, 1, 63, 64, 65, 1000}) {
                for (double nullRate : new double[] {0, 0.3, 1}) {
                    String[] values = new String[n];
                    for (int i = 0; i < n; i++) {
                        values[i] = random.nextDouble() < nullRate ? null : "x".repeat(random.nextInt(700));
                    }
                    VarBinViewArray a = EncodeTesting.strings(values, nullRate > 0, arena);
                    // the same views and buffers, the views copied to the heap
                    byte[] heapViews = a.views().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
                    VarBinViewArray onHeap = new VarBinViewArray(
                            a.dtype(), MemorySegment.ofArray(heapViews), a.buffers(), n, a.validity());
                    for (VarBinViewArray x : new VarBinViewArray[] {a, onHeap}) {
                        long[] words = ValidBits.words(x.validity(), n);
                        int[] expected = new int[n];
                        long sum = 0;
                        long capped = 0;
                        for (int i = 0; i < n; i++) {
                            if (x.validity().isValid(i)) {
                                expected[i] = x.byteLength(i);
                                sum += expected[i];
                                capped += Math.min(512, expected[i]);
                            }
                        }
                        int[] lengths = ViewSizes.lengths(x, words);
                        String what = n + " rows, null rate " + nullRate;
                        assertArrayEquals(expected, lengths, what);
                        assertEquals(sum, ViewSizes.sum(lengths), what);
                        assertEquals(capped, ViewSizes.sum(lengths, 512), what);
                        if (words == null) {
                            assertArrayEquals(expected, ViewSizes.lengths(x, ValidBits.words(Validity.ALL_VALID, n)));
                        }
                    }
                }
            }
        }
    }
}
