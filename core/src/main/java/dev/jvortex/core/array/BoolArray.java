package dev.jvortex.core.array;

import dev.jvortex.core.DType;
import java.lang.foreign.MemorySegment;

/// Booleans as a bitmap (bit `i` of byte `i / 8`, least-significant first).
public record BoolArray(DType dtype, MemorySegment bits, int length, Validity validity) implements Array {
    /// Returns the value of row `i` (meaningless for null rows).
    public boolean get(int i) {
        return Bits.get(bits, i);
    }
}
