package dev.jvortex.core.array;

import dev.jvortex.core.DType;

/// An array of the null type: every row is null.
public record NullArray(int length) implements Array {
    @Override
    public DType dtype() {
        return new DType.Null();
    }

    @Override
    public Validity validity() {
        return Validity.allInvalid();
    }
}
