package dev.jvortex.core.serde;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/// What a decoder needs besides its node: memory and the way to decode children.
public interface DecodeContext {
    /// Returns the arena that owns decoded memory.
    Arena arena();

    /// Decodes a child node (any encoding) as `dtype` with `length` rows.
    Array decode(EncodedNode node, DType dtype, int length);

    /// Allocates zeroed memory for decoded values, failing cleanly when the size is implausible.
    MemorySegment allocate(long bytes, long alignment);

    /// Checks a length read from the file before it is used to size anything.
    static int checkedLength(long len, String what) {
        if (len < 0 || len > Integer.MAX_VALUE - 16) {
            throw VortexException.corrupt(what + " " + Long.toUnsignedString(len) + " is out of range");
        }
        return (int) len;
    }
}
