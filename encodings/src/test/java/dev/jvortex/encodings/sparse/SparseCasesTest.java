package dev.jvortex.encodings.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.zigzag.ZigZagEncoder;
import java.lang.foreign.Arena;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The differing-row cases of [SparseEncoder#encode] that the shared encoder cases leave out
/// (strings with every row valid, a null fill over an array without nulls), and zigzag with nulls
/// over several blocks: each decodes to its input.
class SparseCasesTest {
    @Test
    void stringsWithoutNullsAndANullFillWithoutNulls() {
        try (Arena arena = Arena.ofConfined()) {
            String[] s = new String[3000];
            for (int i = 0; i < s.length; i++) {
                s[i] = i % 31 == 0 ? "a rare value, number " + i : "common";
            }
            Array strings = EncodeTesting.strings(s, false, arena);
            roundTrip(strings, SparseEncoder.encode(strings, LightEncoder.PACKED), arena, "strings, all valid");
            long[] v = new long[1500];
            for (int i = 0; i < v.length; i++) {
                v[i] = i % 5;
            }
            // a nullable type whose validity is "all valid" without a bitmap
            PrimitiveArray ints = Primitives.array(PType.I32, true, v, v.length, Validity.ALL_VALID);
            roundTrip(ints, SparseEncoder.encode(ints, -1, LightEncoder.PACKED), arena, "null fill, all valid");
        }
    }

    @Test
    void zigzagZeroesNullRowsInEveryBlock() {
        Random random = new Random(9);
        long[] v = new long[2500];
        for (int i = 0; i < v.length; i++) {
            v[i] = random.nextInt(2000) - 1000L;
        }
        boolean[] valid = EncodeTesting.randomValidity(random, v.length, 0.3);
        PrimitiveArray z = ZigZagEncoder.zigzag(EncodeTesting.ints(PType.I16, v, valid));
        assertNotNull(z);
        for (int i = 0; i < v.length; i++) {
            long expected = valid[i] ? ((v[i] << 1) ^ (v[i] >> 63)) & 0xFFFF : 0;
            assertEquals(expected, z.getLong(i), "row " + i);
            assertEquals(valid[i], z.validity().isValid(i), "validity of row " + i);
        }
    }

    private static void roundTrip(Array a, WriteNode node, Arena arena, String what) {
        assertNotNull(node, what);
        EncodeTesting.assertSameRows(a, EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena), what);
    }
}
