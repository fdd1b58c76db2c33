package dev.jvortex.pcodec;

import java.util.Locale;

/// The number types pco compresses: integers of 8 to 64 bits, signed or not, and IEEE floats of
/// 16, 32 and 64 bits.
///
/// Values travel as `long`s holding the number's bits: sign-extended for signed integers,
/// zero-extended for unsigned ones, the raw IEEE bits (zero-extended) for floats, e.g.
/// `Double.doubleToRawLongBits(x)` for [#F64] and `Float.floatToRawIntBits(x) & 0xFFFFFFFFL`
/// for [#F32].
public enum PcoType {
    /// Unsigned 8-bit integers (decoding only).
    U8(1, false, false),
    /// Unsigned 16-bit integers.
    U16(2, false, false),
    /// Unsigned 32-bit integers.
    U32(4, false, false),
    /// Unsigned 64-bit integers.
    U64(8, false, false),
    /// Signed 8-bit integers (decoding only).
    I8(1, true, false),
    /// Signed 16-bit integers.
    I16(2, true, false),
    /// Signed 32-bit integers.
    I32(4, true, false),
    /// Signed 64-bit integers.
    I64(8, true, false),
    /// IEEE half-precision floats.
    F16(2, true, true),
    /// IEEE single-precision floats.
    F32(4, true, true),
    /// IEEE double-precision floats.
    F64(8, true, true);

    private final int byteWidth;
    private final boolean signed;
    private final boolean floating;

    PcoType(int byteWidth, boolean signed, boolean floating) {
        this.byteWidth = byteWidth;
        this.signed = signed;
        this.floating = floating;
    }

    /// Returns the width of one number in bytes.
    public int byteWidth() {
        return byteWidth;
    }

    /// Returns the width of one number in bits.
    public int bitWidth() {
        return byteWidth * 8;
    }

    /// Returns true for signed integers and floats.
    public boolean isSigned() {
        return signed;
    }

    /// Returns true for [#F16], [#F32] and [#F64].
    public boolean isFloat() {
        return floating;
    }

    /// Returns the name pco prints, e.g. `i64`, `u16`, `f32`.
    public String shortName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
