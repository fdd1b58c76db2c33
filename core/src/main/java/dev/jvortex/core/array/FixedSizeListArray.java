package dev.jvortex.core.array;

import dev.jvortex.core.DType;

/// Lists of exactly `size` elements: row `i` is `elements[i × size, (i + 1) × size)`.
public record FixedSizeListArray(DType.FixedSizeList dtype, Array elements, int length, Validity validity)
        implements Array {
    /// Returns the number of elements per row.
    public int size() {
        return dtype.size();
    }
}
