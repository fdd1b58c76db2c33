package dev.jvortex.core.array;

import dev.jvortex.core.DType;

/// An extension-typed array: the logical type over its decoded storage.
public record ExtensionArray(DType.Extension dtype, Array storage) implements Array {
    public int length() {
        return storage.length();
    }

    public Validity validity() {
        return storage.validity();
    }
}
