package dev.jvortex.core.array;

import dev.jvortex.core.DType;

/// An extension-typed array: the logical type over its decoded storage.
public record ExtensionArray(DType.Extension dtype, Array storage) implements Array {
    @Override
    public int length() {
        return storage.length();
    }

    @Override
    public Validity validity() {
        return storage.validity();
    }
}
