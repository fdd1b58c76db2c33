package dev.jvortex.core.array;

import dev.jvortex.core.DType;

/// A decoded (canonical) array: the in-memory form every encoding decodes to.
///
/// Buffers are [java.lang.foreign.MemorySegment]s: either slices of the mapped file
/// (zero copy) or memory of the arena that decoded them. Accessing an array after its arena
/// or file was closed fails with the FFM scope error.
public sealed interface Array
        permits NullArray,
                BoolArray,
                PrimitiveArray,
                DecimalArray,
                VarBinViewArray,
                StructArray,
                ListArray,
                FixedSizeListArray,
                ExtensionArray {
    /// Returns the logical type.
    DType dtype();

    /// Returns the number of rows.
    int length();

    /// Returns which rows are valid (non-null).
    Validity validity();

    /// Returns true when row `i` is not null.
    default boolean isValid(int i) {
        return validity().isValid(i);
    }

    /// Returns true when row `i` is null.
    default boolean isNull(int i) {
        return !validity().isValid(i);
    }
}
