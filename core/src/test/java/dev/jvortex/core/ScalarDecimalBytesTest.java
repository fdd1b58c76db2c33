package dev.jvortex.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/// Decimal scalars of every byte count up to their type's width, both signs, encode to bytes
/// that decode to the same value (the little-endian bytes sign-filled past the value's own).
class ScalarDecimalBytesTest {
    @Test
    void decimalsOfEveryLengthRoundTrip() {
        for (int precision : new int[] {2, 9, 18, 38, 76}) {
            DType.Decimal dtype = new DType.Decimal(precision, 0, false);
            BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
            for (BigInteger v = BigInteger.ONE;
                    v.compareTo(max) <= 0;
                    v = v.shiftLeft(7).add(BigInteger.ONE)) {
                for (BigInteger x : new BigInteger[] {v, v.negate(), BigInteger.ZERO, max, max.negate()}) {
                    Scalar s = new Scalar(dtype, x);
                    assertEquals(s, Scalar.decode(s.encode(), dtype), "decimal(" + precision + ") " + x);
                }
            }
        }
    }
}
