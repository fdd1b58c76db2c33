package dev.jvortex.encodings.fastlanes;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;

/// The metadata of `fastlanes.for`: the reference value, stored as a bare protobuf `ScalarValue`
/// of the array's type (no wrapper message; see the package docs).
///
/// @param reference the value added to every encoded value
public record ForMetadata(Scalar reference) {
    /// Reads the metadata bytes of a `fastlanes.for` node holding values of `dtype`.
    public static ForMetadata read(byte[] bytes, DType dtype) {
        return new ForMetadata(Scalar.decode(bytes, dtype));
    }

    /// Returns the metadata bytes.
    public byte[] write() {
        return reference.encode();
    }
}
