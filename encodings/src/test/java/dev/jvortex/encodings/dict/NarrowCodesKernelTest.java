package dev.jvortex.encodings.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.encodings.KernelInputs;
import dev.jvortex.encodings.KernelInputs.Input;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// The direct-table dictionary codes of narrow-range integers against a plain map from value to
/// code (first appearance order, one code for all nulls), and against the hash-table codes.
class NarrowCodesKernelTest {
    @Test
    void narrowCodesMatchAPlainMapAndTheHashTable() {
        int narrow = 0;
        for (Input in : KernelInputs.all()) {
            long[] v = in.values();
            int len = v.length;
            long[] minMax = ForEncoder.minMax(in.array());
            if (minMax == null) {
                continue;
            }
            long range = minMax[1] - minMax[0];
            boolean isNarrow = Long.compareUnsigned(range, DictEncoder.narrowRangeLimit(len)) < 0;
            for (int maxValues : new int[] {1, 2, 3, Math.max(1, len / 2), len + 1}) {
                // The plain form.
                Map<Long, Integer> codeOf = new HashMap<>();
                int[] expectedCodes = new int[len];
                int[] firstRows = new int[len + 1];
                int n = 0;
                int nullCode = -1;
                boolean tooMany = false;
                for (int i = 0; i < len && !tooMany; i++) {
                    Integer code = KernelInputs.valid(in, i) ? codeOf.get(v[i]) : (nullCode < 0 ? null : nullCode);
                    if (code == null) {
                        if (n >= maxValues) {
                            tooMany = true;
                            break;
                        }
                        code = n;
                        firstRows[n++] = i;
                        if (KernelInputs.valid(in, i)) {
                            codeOf.put(v[i], code);
                        } else {
                            nullCode = code;
                        }
                    }
                    expectedCodes[i] = code;
                }
                int[] expectedFirst = tooMany ? null : java.util.Arrays.copyOf(firstRows, n);
                int[] codes = new int[len];
                int[] got = DictEncoder.primitiveCodes(in.array(), codes, maxValues, 16);
                assertArrayEquals(expectedFirst, got, in.name() + " max " + maxValues);
                if (got != null) {
                    assertArrayEquals(expectedCodes, codes, in.name() + " max " + maxValues);
                }
                int[] hashed = new int[len];
                assertArrayEquals(
                        expectedFirst,
                        DictEncoder.hashedCodes(in.array(), hashed, maxValues, 16),
                        in.name() + " hashed, max " + maxValues);
                if (isNarrow) {
                    int[] direct = new int[len];
                    assertArrayEquals(
                            expectedFirst,
                            DictEncoder.narrowCodes(in.array(), direct, maxValues, minMax[0], (int) range),
                            in.name() + " direct, max " + maxValues);
                    if (expectedFirst != null) {
                        assertArrayEquals(expectedCodes, direct, in.name());
                    }
                    narrow++;
                }
            }
        }
        assertTrue(narrow > 1000, "narrow inputs tried: " + narrow);
    }
}
