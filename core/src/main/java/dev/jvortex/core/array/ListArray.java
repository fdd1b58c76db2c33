package dev.jvortex.core.array;

import dev.jvortex.core.DType;
import java.lang.foreign.MemorySegment;

/// Variable-length lists: row `i` is `elements[offsets[i], offsets[i + 1])`, with `length + 1`
/// little-endian i64 offsets.
public record ListArray(DType dtype, MemorySegment offsets, Array elements, int length, Validity validity)
        implements Array {
    /// Returns the first element index of row `i`.
    public long start(int i) {
        return offsets.getAtIndex(PrimitiveArray.LE_LONG, i);
    }

    /// Returns the element index after the last element of row `i`.
    public long end(int i) {
        return offsets.getAtIndex(PrimitiveArray.LE_LONG, i + 1L);
    }
}
