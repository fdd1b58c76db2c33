package dev.jvortex.file.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The writer thread's string loops ([DictState], [StringStats], `ArrayOps.deepCopy`), which read
/// views in blocks and compare short values by their view words, checked against plain
/// per-value computations on values chosen to trip them: inline values with stray bytes after
/// them in the view, values of 13 to 16 bytes sharing their first and last 8 bytes, longer
/// values sharing both ends, nulls at odd offsets, data in several buffers out of order.
class WriterThreadKernelsTest {
    private static final DType BINARY = new DType.Binary(true);

    /// Random values of 0 to 40 bytes from a small alphabet (so values repeat), with look-alikes.
    private static List<byte[]> values(Random rnd, int n) {
        List<byte[]> pool = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int size = rnd.nextInt(41);
            byte[] v = new byte[size];
            for (int k = 0; k < size; k++) {
                v[k] = (byte) "ab\0\u00ff".charAt(rnd.nextInt(4));
            }
            pool.add(v);
        }
        // same first and last 8 bytes, different middles or sizes
        pool.add("AAAAAAAA-x-ZZZZZZZZ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        pool.add("AAAAAAAA-y-ZZZZZZZZ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        pool.add("AAAAAAAAZZZZZZZZ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        pool.add("AAAAAAAAZZZZZZZ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        pool.add("AAAAAAAZZZZZZZZ".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        // a 16-byte value whose first and last 8 bytes equal the view words of the inline "abcde"
        pool.add(new byte[] {5, 0, 0, 0, 'a', 'b', 'c', 'd', 'e', 0, 0, 0, 0, 0, 0, 0});
        pool.add(new byte[] {'a', 'b', 'c', 'd', 'e'});
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(rnd.nextInt(9) == 0 ? null : pool.get(rnd.nextInt(pool.size())));
        }
        return out;
    }

    /// Strings of `values` (null for a null row): long values spread over three data buffers in
    /// a shuffled order, inline values with stray non-zero bytes after them in their views. With
    /// `heap`, buffers 0 and 2 are slices of byte arrays from a few bytes in, with other bytes
    /// around them (read through the array, they must be read at the slice's offset), and buffer
    /// 1 is native; else all three are native.
    private static VarBinViewArray strings(List<byte[]> values, Random rnd, Arena arena, boolean heap) {
        int n = values.size();
        MemorySegment views = arena.allocate(16L * n, 16);
        MemorySegment bits = arena.allocate(Bits.byteLength(n));
        MemorySegment[] buffers = new MemorySegment[3];
        long[] used = new long[3];
        for (int b = 0; b < 3; b++) {
            if (heap && b != 1) {
                byte[] array = new byte[40 * n + 40];
                Arrays.fill(array, (byte) 0x7F);
                buffers[b] = MemorySegment.ofArray(array).asSlice(5 + 6 * b, 40L * n + 8);
            } else {
                buffers[b] = arena.allocate(40L * n + 8);
            }
        }
        for (int i = 0; i < n; i++) {
            byte[] v = values.get(i);
            long at = 16L * i;
            for (int k = 4; k < 16; k++) {
                views.set(ValueLayout.JAVA_BYTE, at + k, (byte) (0x5A + k)); // stray bytes
            }
            if (v == null) {
                views.set(PrimitiveArray.LE_INT, at, 0);
                continue;
            }
            Bits.set(bits, i);
            views.set(PrimitiveArray.LE_INT, at, v.length);
            if (v.length <= VarBinViewArray.MAX_INLINED) {
                MemorySegment.copy(v, 0, views, ValueLayout.JAVA_BYTE, at + 4, v.length);
            } else {
                int b = rnd.nextInt(3);
                used[b] += rnd.nextInt(3); // sometimes a gap, so some values do not lie end to end
                MemorySegment.copy(v, 0, buffers[b], ValueLayout.JAVA_BYTE, used[b], v.length);
                MemorySegment.copy(v, 0, views, ValueLayout.JAVA_BYTE, at + 4, 4);
                views.set(PrimitiveArray.LE_INT, at + 8, b);
                views.set(PrimitiveArray.LE_INT, at + 12, (int) used[b]);
                used[b] += v.length;
            }
        }
        return new VarBinViewArray(BINARY, views, buffers, n, Validity.ofBits(bits));
    }

    private static byte[] row(VarBinViewArray a, int i) {
        return a.isValid(i) ? a.getBytes(i) : null;
    }

    @Test
    void dictionaryCodesAreTheFirstAppearanceOrderOfEachValue() {
        dictionaryCodes(false);
    }

    @Test
    void dictionaryCodesOfValuesInByteArrays() {
        dictionaryCodes(true);
    }

    private static void dictionaryCodes(boolean heap) {
        Random rnd = new Random(7);
        try (Arena arena = Arena.ofConfined()) {
            List<byte[]> vals = values(rnd, 20_000);
            VarBinViewArray a = strings(vals, rnd, arena, heap);
            DictState dict = new DictState(BINARY);
            // uneven pieces, starting at odd rows, as a writer fed odd batches would
            int from = 0;
            while (from < a.length()) {
                int to = Math.min(a.length(), from + 1 + rnd.nextInt(1500));
                assertEquals(to, dict.addRows(a, from, to));
                from = to;
            }
            Map<String, Integer> expected = new HashMap<>();
            List<byte[]> entries = new ArrayList<>();
            PrimitiveArray codes = dict.takeCodes(arena);
            for (int i = 0; i < vals.size(); i++) {
                byte[] v = vals.get(i);
                String key = v == null ? "null" : "v" + Arrays.toString(v);
                Integer code = expected.get(key);
                if (code == null) {
                    code = entries.size();
                    expected.put(key, code);
                    entries.add(v);
                }
                assertEquals(code.intValue(), (int) codes.getLong(i), "row " + i);
            }
            VarBinViewArray dictValues = (VarBinViewArray) dict.values(arena);
            assertEquals(entries.size(), dictValues.length());
            for (int e = 0; e < entries.size(); e++) {
                assertArrayEquals(entries.get(e), row(dictValues, e), "entry " + e);
            }
        }
    }

    @Test
    void zoneBoundsAreEachZonesLeastAndGreatestValue() {
        zoneBounds(false);
    }

    @Test
    void zoneBoundsOfValuesInByteArrays() {
        zoneBounds(true);
    }

    private static void zoneBounds(boolean heap) {
        Random rnd = new Random(11);
        int zone = 97;
        try (Arena arena = Arena.ofConfined()) {
            List<byte[]> vals = values(rnd, 5_000);
            VarBinViewArray a = strings(vals, rnd, arena, heap);
            StringStats stats = new StringStats(BINARY, zone);
            int from = 0;
            while (from < a.length()) {
                int len = Math.min(a.length() - from, 1 + rnd.nextInt(700));
                stats.add(ArrayOps.slice(a, from, len, arena));
                from += len;
            }
            Array lower = null;
            Array upper = null;
            for (ZoneColumn c : stats.zoneColumns(arena)) {
                if (c.id().equals("vortex.bounded_min")) {
                    lower = c.values();
                } else if (c.id().equals("vortex.bounded_max")) {
                    upper = ((StructArray) c.values()).fields().getFirst();
                }
            }
            int zones = (vals.size() + zone - 1) / zone;
            assertEquals(zones, lower.length());
            for (int z = 0; z < zones; z++) {
                byte[] min = null;
                byte[] max = null;
                for (int i = z * zone; i < Math.min(vals.size(), (z + 1) * zone); i++) {
                    byte[] v = vals.get(i);
                    if (v != null && (min == null || Arrays.compareUnsigned(v, min) < 0)) {
                        min = v;
                    }
                    if (v != null && (max == null || Arrays.compareUnsigned(v, max) > 0)) {
                        max = v;
                    }
                }
                // values are at most 40 bytes, so the bounds are the values themselves
                assertArrayEquals(min, row((VarBinViewArray) lower, z), "least of zone " + z);
                assertArrayEquals(max, row((VarBinViewArray) upper, z), "greatest of zone " + z);
            }
        }
    }

    @Test
    void deepCopyPacksStringsIntoOneBuffer() {
        Random rnd = new Random(3);
        try (Arena arena = Arena.ofConfined()) {
            List<byte[]> vals = values(rnd, 3_000);
            VarBinViewArray a = strings(vals, rnd, arena, false);
            VarBinViewArray slice = (VarBinViewArray) ArrayOps.slice(a, 101, 2_500, arena);
            VarBinViewArray copy = (VarBinViewArray) ArrayOps.deepCopy(slice, arena);
            assertEquals(1, copy.buffers().length);
            long packed = 0;
            for (int i = 0; i < copy.length(); i++) {
                assertArrayEquals(vals.get(101 + i), row(copy, i), "row " + i);
                if (copy.isValid(i) && copy.byteLength(i) > VarBinViewArray.MAX_INLINED) {
                    assertEquals(0, copy.views().get(PrimitiveArray.LE_INT, 16L * i + 8));
                    assertEquals(packed, copy.views().get(PrimitiveArray.LE_INT, 16L * i + 12), "offset of row " + i);
                    packed += copy.byteLength(i);
                }
            }
            assertEquals(packed, copy.buffers()[0].byteSize());
            assertTrue(packed > 0);
            VarBinViewArray inlineOnly = (VarBinViewArray)
                    ArrayOps.deepCopy(strings(List.of(new byte[3], new byte[0]), rnd, arena, false), arena);
            assertEquals(0, inlineOnly.buffers().length);
            assertFalse(((VarBinViewArray) ArrayOps.deepCopy(ArrayOps.slice(a, 0, 0, arena), arena)).length() > 0);
        }
    }
}
