package dev.jvortex.core.array;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/// [ArrayOps#deepCopy] of strings: values spread over two buffers, some end to end (copied as one
/// run), one out of order, one repeated, one inlined, come out equal in one buffer of exactly
/// their bytes.
class DeepCopyStringsTest {
    @Test
    void copiesEveryValueIntoOneBuffer() {
        String a = "aaaaaaaaaaaaaaaa"; // 16 bytes at 0 of buffer 0
        String b = "bbbbbbbbbbbbbbbbbbb"; // 19 bytes at 16 of buffer 0, right after a
        String c = "ccccccccccccc"; // 13 bytes at 0 of buffer 1
        String d = "dddddddddddddd"; // 14 bytes at 35 of buffer 0
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf0 = bytes(arena, a + b + d);
            MemorySegment buf1 = bytes(arena, c);
            // row: {buffer, offset, value}; buffer -1 inlines
            Object[][] rows = {
                {0, 0, a}, {-1, 0, "short"}, {0, 16, b}, {1, 0, c}, {0, 0, a}, {0, 35, d}, {0, 16, b}, {-1, 0, ""}
            };
            MemorySegment views = arena.allocate(rows.length * 16L, 16);
            for (int i = 0; i < rows.length; i++) {
                byte[] v = ((String) rows[i][2]).getBytes(StandardCharsets.UTF_8);
                long at = i * 16L;
                views.set(PrimitiveArray.LE_INT, at, v.length);
                if ((int) rows[i][0] < 0) {
                    MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, v.length);
                } else {
                    MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, 4);
                    views.set(PrimitiveArray.LE_INT, at + 8, (int) rows[i][0]);
                    views.set(PrimitiveArray.LE_INT, at + 12, (int) rows[i][1]);
                }
            }
            VarBinViewArray src = new VarBinViewArray(
                    new DType.Utf8(false), views, new MemorySegment[] {buf0, buf1}, rows.length, Validity.ALL_VALID);
            VarBinViewArray copy = (VarBinViewArray) ArrayOps.deepCopy(src, arena);
            assertEquals(1, copy.buffers().length);
            assertEquals(16 + 19 + 13 + 16 + 14 + 19, copy.buffers()[0].byteSize());
            for (int i = 0; i < rows.length; i++) {
                assertEquals(
                        rows[i][2],
                        new String(
                                copy.slice(i).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8),
                        "row " + i);
            }
        }
    }

    @Test
    void copiesASliceSpanningSeveralBlocksOfViews() {
        try (Arena arena = Arena.ofConfined()) {
            Builders.StringBuilder b = Builders.strings(new DType.Utf8(true));
            for (int i = 0; i < 10_000; i++) {
                if (i % 11 == 0) {
                    b.appendNull();
                } else {
                    b.append(i % 3 == 0 ? "s" + i : "a-value-longer-than-twelve-" + i);
                }
            }
            Array all = b.build(arena);
            VarBinViewArray slice = (VarBinViewArray) ArrayOps.slice(all, 1234, 8000, arena);
            VarBinViewArray copy = (VarBinViewArray) ArrayOps.deepCopy(slice, arena);
            long expectedBytes = 0;
            for (int i = 0; i < 8000; i++) {
                int r = 1234 + i;
                assertEquals(r % 11 != 0, copy.isValid(i), "row " + r);
                if (r % 11 != 0) {
                    String want = r % 3 == 0 ? "s" + r : "a-value-longer-than-twelve-" + r;
                    assertEquals(want, copy.getString(i), "row " + r);
                }
                expectedBytes += slice.byteLength(i) > VarBinViewArray.MAX_INLINED ? slice.byteLength(i) : 0;
            }
            assertEquals(expectedBytes, copy.buffers()[0].byteSize(), "only the slice's values are copied");
        }
    }

    private static MemorySegment bytes(Arena arena, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        MemorySegment m = arena.allocate(b.length);
        MemorySegment.copy(MemorySegment.ofArray(b), 0, m, 0, b.length);
        return m;
    }
}
