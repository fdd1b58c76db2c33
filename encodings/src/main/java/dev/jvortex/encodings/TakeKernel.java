package dev.jvortex.encodings;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.EncodedNode;

/// Takes rows of one encoding straight from its serialized form (see [Taking]). Chosen once per
/// node, like an [dev.jvortex.core.serde.ArrayDecoder].
@FunctionalInterface
public interface TakeKernel {
    /// Returns rows `indices` (each already checked to lie in `[0, length)`) of `node`, an array of
    /// `dtype` with `length` rows, as a canonical array of `indices.length` rows; or null when this
    /// node's form is one the kernel leaves to decoding the node whole.
    Array take(EncodedNode node, DType dtype, int length, int[] indices, TakeContext ctx);
}
