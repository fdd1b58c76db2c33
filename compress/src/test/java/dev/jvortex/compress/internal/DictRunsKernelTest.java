package dev.jvortex.compress.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [DictScheme#validRuns] (branch-free without nulls) against a plain loop: lengths around the
/// 1024-row blocks, all equal, alternating, runs across a block boundary, the type's extremes,
/// nulls between equal values.
class DictRunsKernelTest {
    @Test
    void validRunsMatchAPlainLoop() {
        Random random = new Random(3);
        for (PType t : new PType[] {PType.U8, PType.I16, PType.U32, PType.I64, PType.U64}) {
            for (int len : new int[] {0, 1, 2, 1023, 1024, 1025, 2047, 2048, 2049, 5000}) {
                for (int pattern = 0; pattern < 5; pattern++) {
                    long[] v = new long[len];
                    for (int i = 0; i < len; i++) {
                        v[i] = switch (pattern) {
                            case 0 -> 5;
                            case 1 -> i % 2 == 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
                            case 2 -> i / 1024; // runs that end at block boundaries
                            case 3 -> (i + 1) / 1024; // runs that end one row before them
                            default -> random.nextInt(3);
                        };
                        v[i] = t.bitWidth() == 64
                                ? v[i]
                                : t.isSigned()
                                        ? v[i] << (64 - t.bitWidth()) >> (64 - t.bitWidth())
                                        : v[i] & ((1L << t.bitWidth()) - 1);
                    }
                    check(t, v, null);
                    boolean[] valid = new boolean[len];
                    for (int i = 0; i < len; i++) {
                        valid[i] = random.nextInt(4) != 0;
                    }
                    check(t, v, valid);
                }
            }
        }
    }

    private static void check(PType t, long[] v, boolean[] valid) {
        int len = v.length;
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
        PrimitiveArray p = Primitives.array(t, valid != null, v, len, validity);
        long expected = 0;
        boolean first = true;
        long prev = 0;
        for (int i = 0; i < len; i++) {
            if (valid == null || valid[i]) {
                if (first || v[i] != prev) {
                    expected++;
                }
                prev = v[i];
                first = false;
            }
        }
        String what = t + " len " + len + (valid == null ? "" : " with nulls");
        assertEquals(expected, DictScheme.validRuns(p), what);
        assertEquals(DType.Primitive.class, p.dtype().getClass());
        // With a bound: the whole count below it, else a count of at least the bound and at most
        // the whole (each on a fresh array, which no count is remembered for).
        for (long enough : new long[] {1, 2, expected / 2, expected, expected + 1}) {
            PrimitiveArray fresh = Primitives.array(t, valid != null, v, len, validity);
            long runs = DictScheme.validRuns(fresh, enough);
            if (expected < enough) {
                assertEquals(expected, runs, what + " enough " + enough);
            } else {
                assertTrue(runs >= enough && runs <= expected, what + " enough " + enough + ": " + runs);
            }
        }
    }

    @Test
    void runsBeyondCodesIsTheFirstRunCountWhoseEstimateReachesTheCodes() {
        for (int codeBits = 1; codeBits <= 40; codeBits++) {
            for (long valid : new long[] {2, 3, 33, 1000, 336_776, 6_001_215, (1L << 40) + 7}) {
                long r = DictScheme.runsBeyondCodes(codeBits, valid);
                double codes = (double) codeBits * valid;
                assertTrue((codeBits + 32.0) * r >= codes, codeBits + " bits, " + valid + " rows: " + r);
                assertTrue(r == 0 || (codeBits + 32.0) * (r - 1) < codes, codeBits + " bits, " + valid + " rows: " + r);
            }
        }
    }
}
