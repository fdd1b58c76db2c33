package dev.jvortex.encodings.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.pcodec.PcoEncoder;
import dev.jvortex.pcodec.PcoTestData;
import dev.jvortex.pcodec.PcoType;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Round trips of [PcoArrayEncoder] through [PcoArrayDecoder]: `vortex.pco` nodes of every number
/// type, with and without nulls. (The codec itself is tested in the pcodec module.)
class PcoArrayEncoderTest {
    @Test
    void arraysWithNullsRoundTrip() {
        Random r = new Random(99);
        try (Arena arena = Arena.ofConfined()) {
            for (PcoType type : PcoTestData.TYPES) {
                PType ptype = PType.valueOf(type.name());
                for (int len : new int[] {0, 1, 100, 8191, 8192, 8193, 20_000}) {
                    for (double nullRate : new double[] {0, 0.3, 1}) {
                        List<String> shapes = PcoTestData.shapes(type);
                        long[] values = PcoTestData.values(type, shapes.get(r.nextInt(shapes.size())), len, r);
                        boolean[] valid = nullRate == 0 && r.nextBoolean()
                                ? null
                                : EncodeTesting.randomValidity(r, len, nullRate);
                        PrimitiveArray a = EncodeTesting.ints(ptype, values, valid);
                        WriteNode node = PcoArrayEncoder.encode(a);
                        Array decoded = EncodeTesting.roundTrip(node, a.dtype(), len, arena);
                        EncodeTesting.assertSameRows(a, decoded, ptype.shortName() + "/" + len + "/" + nullRate);
                    }
                }
            }
        }
    }

    @Test
    void nodeLayout() {
        Random r = new Random(1);
        long[] values = PcoTestData.values(PcoType.I32, "walk", 20_000, r);
        boolean[] valid = EncodeTesting.randomValidity(r, values.length, 0.5);
        PrimitiveArray a = EncodeTesting.ints(PType.I32, values, valid);
        WriteNode node = PcoArrayEncoder.encode(a);
        int validCount = 0;
        for (boolean b : valid) {
            validCount += b ? 1 : 0;
        }
        int pages = PcoEncoder.pageSizes(validCount, 8192).length;
        assertEquals("vortex.pco", node.encoding());
        assertEquals(1 + pages, node.buffers().size());
        assertEquals(1, node.children().size());
        assertNull(PcoArrayEncoder.encode(EncodeTesting.ints(PType.I8, new long[] {1, 2}, null)));
    }
}
