package dev.jvortex.encodings.sequence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.EncodeTesting;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/// Long progressions, read block by block: a break in any row (first or last of a block) or an
/// overflow late in the array is found, in heap and native data alike.
class SequenceBlocksTest {
    @Test
    void breaksAndOverflowsAnywhere() {
        try (Arena arena = Arena.ofConfined()) {
            for (PType t : new PType[] {PType.I32, PType.U16, PType.I64, PType.U64}) {
                for (int len : new int[] {2, 3, 1025, 1026, 3000}) {
                    long[] v = new long[len];
                    for (int i = 0; i < len; i++) {
                        v[i] = 7 + 3L * i;
                    }
                    check(t, v, true, arena);
                    for (int at : new int[] {2, 1025, 1026, 2049, len - 1}) {
                        if (at >= 2 && at < len) {
                            long[] broken = v.clone();
                            broken[at] += 1;
                            check(t, broken, false, arena);
                        }
                    }
                }
            }
            long[] i64 = new long[2000];
            long[] u64 = new long[2000];
            for (int i = 0; i < 2000; i++) {
                i64[i] = Long.MAX_VALUE - 1999L * 5 + 5L * i;
                u64[i] = -1L - 1999L * 5 + 5L * i;
            }
            check(PType.I64, i64, true, arena);
            check(PType.U64, u64, true, arena);
            // one step further wraps: signed overflow, and unsigned going below the row before
            long[] i64wrap = java.util.Arrays.copyOf(i64, 2001);
            i64wrap[2000] = i64[1999] + 5;
            long[] u64wrap = java.util.Arrays.copyOf(u64, 2001);
            u64wrap[2000] = u64[1999] + 5;
            check(PType.I64, i64wrap, false, arena);
            check(PType.U64, u64wrap, false, arena);
        }
    }

    private static void check(PType t, long[] values, boolean sequence, Arena arena) {
        PrimitiveArray heap = EncodeTesting.ints(t, values, null);
        MemorySegment data = arena.allocate(heap.data().byteSize());
        MemorySegment.copy(heap.data(), 0, data, 0, data.byteSize());
        PrimitiveArray off = new PrimitiveArray(new DType.Primitive(t, false), t, data, values.length, heap.validity());
        assertEquals(sequence, SequenceEncoder.encode(heap) != null, t + " of " + values.length + " rows (heap)");
        assertEquals(sequence, SequenceEncoder.encode(off) != null, t + " of " + values.length + " rows (native)");
    }
}
