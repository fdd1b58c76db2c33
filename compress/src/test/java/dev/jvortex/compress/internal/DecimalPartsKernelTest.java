package dev.jvortex.compress.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.Validity;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [DecimalBytePartsScheme#unscaledLongs] (wide decimals read as 64-bit words) against the
/// values read through [BigInteger]: every width, the edges of the 64-bit range and just past
/// them, nulls holding values that would not fit.
class DecimalPartsKernelTest {
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    @Test
    void unscaledLongsMatchBigIntegers() {
        Random random = new Random(7);
        for (int width : new int[] {1, 2, 4, 8, 16, 32}) {
            List<BigInteger> edges = new ArrayList<>(List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate()));
            BigInteger typeMax = BigInteger.ONE.shiftLeft(8 * width - 1).subtract(BigInteger.ONE);
            BigInteger typeMin = BigInteger.ONE.shiftLeft(8 * width - 1).negate();
            edges.add(typeMax);
            edges.add(typeMin);
            if (width > 8) {
                edges.add(LONG_MAX);
                edges.add(LONG_MIN);
                edges.add(LONG_MAX.add(BigInteger.ONE));
                edges.add(LONG_MIN.subtract(BigInteger.ONE));
                edges.add(BigInteger.ONE.shiftLeft(64));
                edges.add(BigInteger.ONE.shiftLeft(64).negate());
            }
            for (BigInteger odd : edges) {
                for (int len : new int[] {0, 1, 5, 1025}) {
                    BigInteger[] values = new BigInteger[len];
                    for (int i = 0; i < len; i++) {
                        values[i] = BigInteger.valueOf(random.nextInt(2000) - 1000);
                    }
                    if (len > 0) {
                        values[len - 1] = odd;
                    }
                    check(width, values, null);
                    if (len > 0) {
                        boolean[] valid = new boolean[len];
                        for (int i = 0; i < len; i++) {
                            valid[i] = random.nextBoolean();
                        }
                        valid[len - 1] = false; // a null may hold anything
                        check(width, values, valid);
                        valid[len - 1] = true;
                        check(width, values, valid);
                    }
                }
            }
        }
    }

    private static void check(int width, BigInteger[] values, boolean[] valid) {
        int len = values.length;
        MemorySegment data = MemorySegment.ofArray(new byte[Math.max(1, len * width)]);
        for (int i = 0; i < len; i++) {
            byte[] be = values[i].toByteArray();
            for (int k = 0; k < width; k++) {
                int from = be.length - 1 - k;
                byte b = from >= 0 ? be[from] : (byte) (values[i].signum() < 0 ? -1 : 0);
                data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) i * width + k, b);
            }
        }
        Validity validity = Validity.ALL_VALID;
        if (valid != null) {
            MemorySegment bits = MemorySegment.ofArray(new byte[Math.max(1, (len + 7) / 8)]);
            for (int i = 0; i < len; i++) {
                if (valid[i]) {
                    Bits.set(bits, i);
                }
            }
            validity = Validity.ofBits(bits);
        }
        DecimalArray d = new DecimalArray(new DType.Decimal(76, 0, valid != null), width, data, len, validity);
        long[] expected = new long[len];
        for (int i = 0; i < len; i++) {
            if (valid != null && !valid[i]) {
                continue;
            }
            BigInteger b = d.getUnscaled(i);
            if (b.bitLength() > 63) {
                expected = null;
                break;
            }
            expected[i] = b.longValue();
        }
        assertArrayEquals(expected, DecimalBytePartsScheme.unscaledLongs(d), "width " + width + " len " + len);
    }
}
