package dev.jvortex.encodings.bytebool;

import static dev.jvortex.encodings.StringTestArrays.assertCorrupt;
import static dev.jvortex.encodings.StringTestArrays.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.encodings.StringTestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteBoolDecodeTest {
    @Test
    void packsTruthyBytes() {
        int[] lengths = {0, 1, 7, 8, 9, 63, 64, 65, 1023, 1024, 1025};
        Random random = new Random(2);
        for (int n : lengths) {
            for (boolean nullable : new boolean[] {false, true}) {
                byte[] bytes = new byte[n];
                boolean[] valid = new boolean[n];
                for (int i = 0; i < n; i++) {
                    bytes[i] = random.nextBoolean() ? 0 : (byte) (1 + random.nextInt(255));
                    valid[i] = random.nextInt(4) != 0;
                }
                TestNode node = nullable
                        ? TestNode.of(
                                "vortex.bytebool",
                                new byte[0],
                                List.of(MemorySegment.ofArray(bytes)),
                                StringTestArrays.bools(valid))
                        : TestNode.of("vortex.bytebool", new byte[0], List.of(MemorySegment.ofArray(bytes)));
                try (Arena arena = Arena.ofConfined()) {
                    BoolArray a = assertInstanceOf(BoolArray.class, decode(node, new DType.Bool(nullable), n, arena));
                    for (int i = 0; i < n; i++) {
                        assertEquals(bytes[i] != 0, a.get(i), n + " row " + i);
                        assertEquals(!nullable || valid[i], a.isValid(i), n + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void rejectsWrongLengthsTypesAndMetadata() {
        TestNode node = TestNode.of("vortex.bytebool", new byte[0], List.of(MemorySegment.ofArray(new byte[5])));
        assertCorrupt(node, new DType.Bool(false), 6);
        assertCorrupt(node, new DType.Bool(false), 4);
        assertCorrupt(node, new DType.Utf8(false), 5);
        assertCorrupt(
                TestNode.of("vortex.bytebool", new byte[] {8, 0}, List.of(MemorySegment.ofArray(new byte[5]))),
                new DType.Bool(false),
                5);
        assertCorrupt(TestNode.of("vortex.bytebool", new byte[0], List.of()), new DType.Bool(false), 0);
    }
}
