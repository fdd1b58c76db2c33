package dev.jvortex.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The builders, the row rendering, serialization and the damage they do in corruption tests.
class CanonicalArraysTest {
    @Test
    void buildsAndRendersRows() {
        PrimitiveArray u64 = CanonicalArrays.ints(PType.U64, new long[] {-1, 5}, new boolean[] {true, false});
        assertEquals("18446744073709551615,N", ArrayRows.render(u64));
        assertEquals("ffffffffffffffff", ArrayRows.row(u64, 0));
        assertEquals("7ff8000000000000", ArrayRows.render(CanonicalArrays.doubles(new double[] {Double.NaN}, null)));
        DecimalArray d = CanonicalArrays.decimals(
                new DType.Decimal(30, 2, false),
                new BigInteger[] {BigInteger.valueOf(-12345), new BigInteger("123456789012345678901234567890")},
                null);
        assertEquals(16, d.byteWidth());
        assertEquals("-12345,123456789012345678901234567890", ArrayRows.render(d));
        assertThrows(
                IllegalArgumentException.class,
                () -> CanonicalArrays.decimals(
                        new DType.Decimal(2, 0, false), new BigInteger[] {BigInteger.valueOf(1000)}, null));
        assertEquals("timestamp:ms:UTC?", ReferenceDecoder.dtypeSpec(CanonicalArrays.timestampType(2, "UTC", true)));
        assertEquals("decimal:30:2", ReferenceDecoder.dtypeSpec(d.dtype()));
        try (Arena arena = Arena.ofConfined()) {
            assertEquals("61,N,", ArrayRows.render(CanonicalArrays.strings(new String[] {"a", null, ""}, true, arena)));
        }
    }

    @Test
    void serializesAndDamagesTrees() {
        WriteNode leaf = new WriteNode(
                "vortex.primitive",
                new byte[0],
                List.of(new WriteNode.Buffer(MemorySegment.ofArray(new byte[] {1, 2, 3, 4}), 4)),
                List.of());
        WriteNode other = new WriteNode(
                "vortex.primitive",
                new byte[0],
                List.of(new WriteNode.Buffer(MemorySegment.ofArray(new byte[] {5, 6}), 2)),
                List.of());
        WriteNode root = new WriteNode("test.outer", new byte[] {8, 1}, List.of(), List.of(leaf, other));
        assertEquals(List.of("test.outer", "vortex.primitive"), SerializedArrays.ids(root));
        try (Arena arena = Arena.ofConfined()) {
            EncodedNode parsed = SerializedArrays.roundTrip(root, arena);
            assertEquals(
                    List.of("test.outer", "vortex.primitive", "vortex.primitive"), SerializedArrays.encodings(parsed));
            List<NodeMutations.Mutation> damaged = NodeMutations.random(parsed, 30, new Random(1), arena);
            assertTrue(damaged.size() >= 20, "mutations: " + damaged.size());
            for (NodeMutations.Mutation m : damaged) {
                assertNotEquals(describe(parsed), describe(m.root()), m.what());
            }
            assertEquals(4, parsed.child(0).buffer(0).byteSize(), "the original is never written");
        }
    }

    private static String describe(EncodedNode n) {
        StringBuilder sb =
                new StringBuilder(n.encoding()).append(java.util.HexFormat.of().formatHex(n.metadata()));
        for (int i = 0; i < n.bufferCount(); i++) {
            sb.append('/')
                    .append(java.util.HexFormat.of()
                            .formatHex(n.buffer(i).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
        }
        sb.append('(');
        for (int i = 0; i < n.childCount(); i++) {
            sb.append(describe(n.child(i))).append(',');
        }
        return sb.append(')').toString();
    }
}
