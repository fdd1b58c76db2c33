package dev.jvortex.encodings.constant;

import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.util.ArrayList;
import java.util.List;

/// Encodes an array whose rows are all equal as `vortex.constant` (buffer 0: the protobuf
/// `ScalarValue`), the inverse of [ConstantDecoder]. Arrays whose valid rows are
/// equal but that also have nulls become `vortex.masked(vortex.constant(value), validity)`, as
/// the reference's compressor writes them; arrays with no valid row become a null constant.
public final class ConstantEncoder {
    private ConstantEncoder() {}

    /// Returns the constant (or masked constant) node of `a`, or null when `a` is empty, holds two
    /// different valid values, or is not a bool, primitive, decimal, utf8 or binary array.
    public static WriteNode encode(Array a) {
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return null;
        }
        Validity validity = a.validity();
        int first = Rows.firstValid(validity, len);
        if (first < 0) {
            return CanonicalEncoder.constant(new Scalar(a.dtype(), null));
        }
        boolean allValid = validity.isAllValid();
        if (a instanceof PrimitiveArray p) {
            long[] bits = Primitives.longs(p);
            long value = bits[first];
            for (int i = first + 1; i < len; i++) {
                if (bits[i] != value && (allValid || validity.isValid(i))) {
                    return null;
                }
            }
        } else {
            for (int i = first + 1; i < len; i++) {
                if ((allValid || validity.isValid(i)) && !Rows.equal(a, first, i)) {
                    return null;
                }
            }
        }
        Scalar value = Rows.scalar(a, first);
        if (allValid || validity.nullCount(len) == 0) {
            return CanonicalEncoder.constant(value);
        }
        List<WriteNode> kids = new ArrayList<>();
        kids.add(CanonicalEncoder.constant(new Scalar(a.dtype().withNullable(false), value.value())));
        kids.addAll(CanonicalEncoder.validity(a.dtype(), validity, len));
        return new WriteNode(EncodingId.MASKED.id(), new byte[0], List.of(), kids);
    }

    /// Returns a `vortex.constant` node of `value`.
    public static WriteNode constant(Scalar value) {
        return CanonicalEncoder.constant(value);
    }
}
