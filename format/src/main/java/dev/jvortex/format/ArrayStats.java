package dev.jvortex.format;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/// Statistics of an array or a file column as stored (`ArrayStats` in `array.fbs`).
/// Min, max and sum are protobuf `ScalarValue` bytes, decoded with the column's type.
///
/// @param min the minimum, or null
/// @param minExact whether the minimum is exact (else a lower bound)
/// @param max the maximum, or null
/// @param maxExact whether the maximum is exact (else an upper bound)
/// @param sum the sum, or null
/// @param isSorted the sortedness flag, or null
/// @param isStrictSorted the strict sortedness flag, or null
/// @param isConstant the constant flag, or null
/// @param nullCount the null count, or null
/// @param uncompressedSizeInBytes the uncompressed size, or null
/// @param nanCount the NaN count, or null
public record ArrayStats(
        byte[] min,
        boolean minExact,
        byte[] max,
        boolean maxExact,
        byte[] sum,
        Boolean isSorted,
        Boolean isStrictSorted,
        Boolean isConstant,
        Long nullCount,
        Long uncompressedSizeInBytes,
        Long nanCount) {

    /// Reads an `ArrayStats` table.
    public static ArrayStats read(FbTable t) {
        return new ArrayStats(
                bytes(t, 0),
                t.getU8(1, 0) == 1,
                bytes(t, 2),
                t.getU8(3, 0) == 1,
                bytes(t, 4),
                t.has(5) ? t.getBool(5, false) : null,
                t.has(6) ? t.getBool(6, false) : null,
                t.has(7) ? t.getBool(7, false) : null,
                t.has(8) ? t.getU64(8, 0) : null,
                t.has(9) ? t.getU64(9, 0) : null,
                t.has(10) ? t.getU64(10, 0) : null);
    }

    /// Reads the `FileStatistics` flatbuffer: one entry per top-level field.
    public static List<ArrayStats> readFileStatistics(MemorySegment buf) {
        FbTable t = FbTable.root(buf, "file statistics");
        FbVector v = t.getVector(0);
        List<ArrayStats> out = new ArrayList<>();
        if (v != null) {
            for (int i = 0; i < v.length(); i++) {
                out.add(read(v.table(i, "field statistics")));
            }
        }
        return List.copyOf(out);
    }

    private static byte[] bytes(FbTable t, int slot) {
        MemorySegment m = t.getBytes(slot);
        return m == null ? null : m.toArray(ValueLayout.JAVA_BYTE);
    }
}
