package dev.jvortex.encodings.onpair;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.encodings.EncodeTesting;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// The counts of the most frequent value of each integer child that [OnPairEncoder#split]
/// reports (the compressor skips the constant and sparse trials on them), checked against counts
/// taken from the children themselves; and parts that depend only on the rows' bytes, wherever
/// the views keep them.
class OnPairPartsTest {
    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    @Test
    void variedRows() {
        String[] rows = new String[3000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = "order " + (i * 7919 % 1000) + " of customer " + (i % 37) + (i % 5 == 0 ? "" : " urgent");
        }
        check(rows, false);
    }

    @Test
    void oneRowValueFillsNearlyAll() {
        String[] rows = new String[2000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 40 == 0 ? "rare value " + i : "zz";
        }
        check(rows, true);
    }

    @Test
    void mostRowsEmpty() {
        String[] rows = new String[2000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i % 25 == 0 ? "some text " + i : "";
        }
        check(rows, true);
    }

    @Test
    void otherArraysAreUnknown() {
        OnPairEncoder.Parts parts =
                OnPairEncoder.split(EncodeTesting.strings(new String[] {"ab", "cd"}, false, arena), 12);
        PrimitiveArray other = Primitives.array(PType.U8, false, new long[] {1, 2}, 2, Validity.ALL_VALID);
        assertEquals(-1, parts.topCount(other));
    }

    /// The parts depend only on the rows' bytes, not on where the views keep them: out-of-line
    /// values spread over two buffers, out of row order, with gaps, next to each other, between
    /// inlined ones, empty ones and nulls, give the same parts as the builder's copy of the rows.
    @Test
    void valuesAnywhereInTheBuffers() {
        String[] rows = new String[2000];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < rows.length; i++) {
            int kind = r.nextInt(10);
            rows[i] = kind == 0
                    ? null
                    : kind == 1 ? "" : kind < 5 ? "short " + r.nextInt(99) : "a longer value number " + r.nextInt(5000);
        }
        VarBinViewArray built = EncodeTesting.strings(rows, true, arena);
        // Out-of-line values: even rows in buffer 1 from its end backwards, odd rows in buffer 0
        // in order with a gap after every third one (so runs break on buffer, offset and row).
        ByteBuffer views = ByteBuffer.allocate(16 * rows.length).order(ByteOrder.LITTLE_ENDIAN);
        byte[][] buffers = {new byte[200_000], new byte[200_000]};
        int[] used = {0, 0};
        int back = buffers[1].length;
        for (int i = 0; i < rows.length; i++) {
            byte[] v = rows[i] == null ? new byte[0] : rows[i].getBytes(StandardCharsets.UTF_8);
            views.putInt(16 * i, v.length);
            if (v.length <= VarBinViewArray.MAX_INLINED) {
                views.put(16 * i + 4, v);
                continue;
            }
            int buffer = i % 2 == 0 ? 1 : 0;
            int offset;
            if (buffer == 1) {
                back -= v.length;
                offset = back;
            } else {
                offset = used[0];
                used[0] += v.length + (i % 3 == 0 ? 5 : 0);
            }
            System.arraycopy(v, 0, buffers[buffer], offset, v.length);
            views.put(16 * i + 4, v, 0, 4);
            views.putInt(16 * i + 8, buffer);
            views.putInt(16 * i + 12, offset);
        }
        VarBinViewArray spread = new VarBinViewArray(
                built.dtype(),
                MemorySegment.ofArray(views.array()),
                new MemorySegment[] {MemorySegment.ofArray(buffers[0]), MemorySegment.ofArray(buffers[1])},
                rows.length,
                built.validity());
        OnPairEncoder.Parts want = OnPairEncoder.split(built, OnPairEncoder.DEFAULT_DICT_BITS);
        OnPairEncoder.Parts got = OnPairEncoder.split(spread, OnPairEncoder.DEFAULT_DICT_BITS);
        assertEquals(want.tokens(), got.tokens());
        assertArrayEquals(want.dictBytes(), got.dictBytes());
        assertArrayEquals(want.dictOffsets(), got.dictOffsets());
        assertArrayEquals(Primitives.longs(want.codes()), Primitives.longs(got.codes()));
        assertArrayEquals(Primitives.longs(want.codesOffsets()), Primitives.longs(got.codesOffsets()));
        assertArrayEquals(Primitives.longs(want.lengths()), Primitives.longs(got.lengths()));
        assertTrue(Arrays.stream(Primitives.longs(got.lengths())).anyMatch(n -> n > VarBinViewArray.MAX_INLINED));
    }

    /// Checks each child's reported count; `dominant`: whether some child has a value filling at
    /// least nine tenths of its rows (so the skip must not apply to it).
    private void check(String[] rows, boolean dominant) {
        OnPairEncoder.Parts parts =
                OnPairEncoder.split(EncodeTesting.strings(rows, false, arena), OnPairEncoder.DEFAULT_DICT_BITS);
        boolean anyFill = false;
        for (PrimitiveArray child : new PrimitiveArray[] {parts.codes(), parts.codesOffsets(), parts.lengths()}) {
            int top = mostFrequent(child);
            int reported = parts.topCount(child);
            int n = child.length();
            if (top > n / 2) {
                assertEquals(top, reported, "a majority value is counted exactly");
            } else {
                assertTrue(reported <= n / 2 + 1, "no value below a majority is reported as frequent");
            }
            anyFill |= top >= n - n / 10;
        }
        assertEquals(dominant, anyFill);
    }

    private static int mostFrequent(PrimitiveArray a) {
        Map<Long, Integer> counts = new HashMap<>();
        int best = 0;
        for (long v : Primitives.longs(a)) {
            best = Math.max(best, counts.merge(v, 1, Integer::sum));
        }
        return best;
    }
}
