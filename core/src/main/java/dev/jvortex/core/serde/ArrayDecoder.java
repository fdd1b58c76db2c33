package dev.jvortex.core.serde;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;

/// Decodes one encoding into a canonical array. Chosen once per node, never per value.
@FunctionalInterface
public interface ArrayDecoder {
    /// Decodes `node` as an array of `dtype` with `length` rows.
    Array decode(EncodedNode node, DType dtype, int length, DecodeContext ctx);
}
