package dev.jvortex.encodings.sequence;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.EncodedNode;
import java.math.BigInteger;

/// The metadata of `vortex.sequence` (fields in the package docs): two nested `ScalarValue`s.
///
/// @param base       `base` (1): the first value, as [dev.jvortex.core.array.PrimitiveArray#getLong] reads it
/// @param multiplier `multiplier` (2): the step, of either integer kind
public record SequenceMetadata(long base, BigInteger multiplier) {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /// Reads the metadata of `node`, a `vortex.sequence` array of integers of `ptype`; both fields
    /// are required.
    public static SequenceMetadata read(EncodedNode node, PType ptype) {
        Long base = null;
        BigInteger multiplier = null;
        ProtoReader r = new ProtoReader(node.metadata(), "SequenceMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 ->
                    base = (Long) Scalar.decodeValue(
                            r.readMessage("SequenceMetadata.base"), new DType.Primitive(ptype, false));
                case 2 -> multiplier = integerValue(node, r.readMessage("SequenceMetadata.multiplier"));
                default -> r.skip();
            }
        }
        if (base == null || multiplier == null) {
            throw VortexException.corrupt(
                    node.location() + ": sequence metadata lacks its " + (base == null ? "base" : "multiplier"));
        }
        return new SequenceMetadata(base, multiplier);
    }

    /// Returns the metadata bytes for an array of `ptype`: both values as scalars of that type
    /// (the multiplier's low 64 bits).
    public byte[] write(PType ptype) {
        DType type = new DType.Primitive(ptype, false);
        return new ProtoWriter()
                .bytes(1, new Scalar(type, base).encode())
                .bytes(2, new Scalar(type, multiplier.longValue()).encode())
                .toByteArray();
    }

    /// Reads an integer `ScalarValue` of either kind. Writers store the multiplier as a signed
    /// 64-bit value whatever the array's type, so it is not range-checked against the ptype here.
    private static BigInteger integerValue(EncodedNode node, ProtoReader r) {
        BigInteger value = null;
        while (r.next()) {
            switch (r.field()) {
                case 3 -> value = BigInteger.valueOf(r.readSVarint());
                case 4 -> value = unsigned(r.readVarint());
                default -> {
                    r.skip();
                    value = null;
                }
            }
        }
        if (value == null) {
            throw VortexException.corrupt(node.location() + ": sequence multiplier is not an integer");
        }
        return value;
    }

    /// Returns `bits` read as an unsigned 64-bit value.
    static BigInteger unsigned(long bits) {
        BigInteger v = BigInteger.valueOf(bits);
        return bits < 0 ? v.add(TWO_64) : v;
    }
}
