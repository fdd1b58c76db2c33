package dev.jvortex.core;

/// Physical primitive types, numbered as in the format's flatbuffer and protobuf enums.
public enum PType {
    U8(1, false, false),
    U16(2, false, false),
    U32(4, false, false),
    U64(8, false, false),
    I8(1, true, false),
    I16(2, true, false),
    I32(4, true, false),
    I64(8, true, false),
    F16(2, true, true),
    F32(4, true, true),
    F64(8, true, true);

    private static final PType[] VALUES = values();

    private final int byteWidth;
    private final boolean signed;
    private final boolean floating;

    PType(int byteWidth, boolean signed, boolean floating) {
        this.byteWidth = byteWidth;
        this.signed = signed;
        this.floating = floating;
    }

    /// Returns the type with wire number `code`, or fails with a corrupt-data error.
    public static PType fromCode(int code) {
        if (code < 0 || code >= VALUES.length) {
            throw VortexException.corrupt("unknown ptype code " + code);
        }
        return VALUES[code];
    }

    /// Returns the wire number of this type.
    public int code() {
        return ordinal();
    }

    /// Returns the width of one value in bytes.
    public int byteWidth() {
        return byteWidth;
    }

    /// Returns the width of one value in bits.
    public int bitWidth() {
        return byteWidth * 8;
    }

    /// Returns true for signed integers and floats.
    public boolean isSigned() {
        return signed;
    }

    /// Returns true for F16, F32 and F64.
    public boolean isFloat() {
        return floating;
    }

    /// Returns true for the eight integer types.
    public boolean isInteger() {
        return !floating;
    }

    /// Returns the unsigned integer type of the same width (floats map to the unsigned type of their width).
    public PType toUnsigned() {
        return switch (byteWidth) {
            case 1 -> U8;
            case 2 -> U16;
            case 4 -> U32;
            default -> U64;
        };
    }

    /// Returns the signed integer type of the same width.
    public PType toSigned() {
        return switch (byteWidth) {
            case 1 -> I8;
            case 2 -> I16;
            case 4 -> I32;
            default -> I64;
        };
    }

    /// Returns the name the reference prints, e.g. `i64`, `u8`, `f16`.
    public String shortName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
