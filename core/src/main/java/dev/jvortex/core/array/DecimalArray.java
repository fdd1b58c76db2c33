package dev.jvortex.core.array;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/// Decimals as little-endian two's-complement unscaled integers of `byteWidth` bytes each
/// (1, 2, 4, 8, 16 or 32).
public record DecimalArray(DType.Decimal dtype, int byteWidth, MemorySegment data, int length, Validity validity)
        implements Array {
    /// Returns the unscaled value of row `i`.
    public BigInteger getUnscaled(int i) {
        long base = (long) i * byteWidth;
        if (byteWidth <= 8) {
            return BigInteger.valueOf(getUnscaledLong(i));
        }
        byte[] be = new byte[byteWidth];
        for (int k = 0; k < byteWidth; k++) {
            be[k] = data.get(JAVA_BYTE, base + byteWidth - 1 - k);
        }
        return new BigInteger(be);
    }

    /// The integer type holding the unscaled values of a width up to 8 bytes (1, 2, 4 or 8), for
    /// reading many at a time (`Segments.load`); null for wider ones.
    public PType unscaledType() {
        return switch (byteWidth) {
            case 1 -> PType.I8;
            case 2 -> PType.I16;
            case 4 -> PType.I32;
            case 8 -> PType.I64;
            default -> null;
        };
    }

    /// Returns the unscaled value of row `i` for widths up to 8 bytes.
    public long getUnscaledLong(int i) {
        return switch (byteWidth) {
            case 1 -> data.get(JAVA_BYTE, i);
            case 2 -> data.getAtIndex(PrimitiveArray.LE_SHORT, i);
            case 4 -> data.getAtIndex(PrimitiveArray.LE_INT, i);
            case 8 -> data.getAtIndex(PrimitiveArray.LE_LONG, i);
            default -> getUnscaled(i).longValueExact();
        };
    }

    /// Returns row `i` as a [java.math.BigDecimal].
    public java.math.BigDecimal get(int i) {
        return new java.math.BigDecimal(getUnscaled(i), dtype.scale());
    }
}
