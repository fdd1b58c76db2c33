package dev.jvortex.encodings.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.constant.ConstantEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.sparse.SparseEncoder;
import java.lang.foreign.Arena;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/// Constant, dictionary and sparse: when each applies and what it writes.
class DictConstantSparseEncodersTest {
    @Test
    void distinctEstimateNeverRejectsAnArrayWithinTheBound() {
        java.util.Random random = new java.util.Random(42);
        for (PType ptype : new PType[] {PType.I32, PType.I64, PType.F64, PType.U16}) {
            for (int len : new int[] {4096, 20_000, 131_072}) {
                int limit = ptype == PType.U16 ? Math.min(len / 2, 60_000) : len / 2;
                for (int distinct : new int[] {limit, limit / 2, limit * 9 / 10}) {
                    long[] pool = new long[distinct];
                    java.util.Set<Long> seen = new java.util.HashSet<>();
                    for (int k = 0; k < distinct; k++) {
                        long v;
                        do {
                            v = ptype == PType.U16
                                    ? random.nextInt(65_536)
                                    : ptype == PType.I32 ? random.nextInt() : random.nextLong();
                            if (ptype == PType.F64) {
                                v = Double.doubleToRawLongBits(Math.round(random.nextDouble() * 1e6) / 100.0);
                            }
                        } while (!seen.add(v));
                        pool[k] = v;
                    }
                    long[] values = new long[len];
                    for (int i = 0; i < len; i++) {
                        // Every pool value at least once, then random repeats.
                        values[i] = i < distinct ? pool[i] : pool[random.nextInt(distinct)];
                    }
                    PrimitiveArray a = EncodeTesting.ints(ptype, values, null);
                    assertEquals(
                            false,
                            DictEncoder.surelyMoreDistinct(a, limit),
                            ptype + " len " + len + " distinct " + distinct);
                    assertNotNull(DictEncoder.split(a, limit));
                    if (2 * distinct <= len && distinct >= len / 8) {
                        // Twice the distinct values of the bound: rejected without a table.
                        assertEquals(true, DictEncoder.surelyMoreDistinct(a, distinct / 2), ptype + " len " + len);
                    }
                }
            }
        }
    }

    @Test
    void constantAppliesOnlyToEqualRows() {
        assertNull(ConstantEncoder.encode(EncodeTesting.ints(PType.I32, new long[0], null)));
        assertNull(ConstantEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {1, 2}, null)));
        assertNull(ConstantEncoder.encode(EncodeTesting.doubles(new double[] {0.0, -0.0}, null)));
        assertEquals(
                "vortex.constant",
                ConstantEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {4, 4}, null))
                        .encoding());
        WriteNode masked = ConstantEncoder.encode(
                EncodeTesting.ints(PType.I32, new long[] {4, 9, 4}, new boolean[] {true, false, true}));
        assertEquals("vortex.masked", masked.encoding());
        assertEquals("vortex.constant", masked.children().get(0).encoding());
        assertEquals("vortex.bool", masked.children().get(1).encoding());
        WriteNode allNull = ConstantEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {4, 9}, new boolean[2]));
        assertEquals(
                "0800",
                HexFormat.of()
                        .formatHex(allNull.buffers().get(0).data().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)));
    }

    @Test
    void dictionaryMetadataAndCodeWidths() {
        long[] values = new long[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i % 3) * 1000;
        }
        PrimitiveArray a = EncodeTesting.ints(PType.I64, values, new boolean[1000]);
        assertNull(DictEncoder.split(a, 10), "no valid rows");
        boolean[] valid = new boolean[1000];
        java.util.Arrays.fill(valid, true);
        valid[1] = false;
        DictEncoder.Parts parts = DictEncoder.split(EncodeTesting.ints(PType.I64, values, valid), 10);
        assertEquals(4, parts.values().length(), "three values and the null");
        assertEquals(false, parts.values().isValid(1));
        assertEquals(PType.U8, parts.codes().ptype());
        assertEquals(false, parts.codes().dtype().nullable());
        WriteNode node = DictEncoder.node(
                parts, CanonicalEncoder.encode(parts.codes()), CanonicalEncoder.encode(parts.values()));
        // values_len 4, codes u8 (absent), is_nullable_codes false, all_values_referenced: as the reference writes
        // them.
        assertEquals("080418002001", HexFormat.of().formatHex(node.metadata()));
        assertNull(DictEncoder.split(EncodeTesting.ints(PType.I64, values, valid), 2), "over the limit");
        long[] many = new long[300];
        for (int i = 0; i < many.length; i++) {
            many[i] = i;
        }
        assertEquals(
                PType.U16,
                DictEncoder.split(EncodeTesting.ints(PType.U16, many, null), 1000)
                        .codes()
                        .ptype());
    }

    @Test
    void sparseFillsWithTheMostFrequentValue() {
        long[] values = new long[100];
        java.util.Arrays.fill(values, 5);
        values[10] = 6;
        boolean[] valid = new boolean[100];
        java.util.Arrays.fill(valid, true);
        valid[20] = false;
        PrimitiveArray a = EncodeTesting.ints(PType.U32, values, valid);
        assertEquals(0, SparseEncoder.mostFrequentRow(a));
        WriteNode node = SparseEncoder.encode(a, LightEncoder.PACKED);
        assertNotNull(node);
        // patches: len 2, u8 indices (absent); no chunk offsets.
        assertEquals("0a020802", HexFormat.of().formatHex(node.metadata()));
        assertNull(
                SparseEncoder.encode(EncodeTesting.ints(PType.U32, new long[] {5, 5}, null), LightEncoder.PACKED),
                "nothing to patch");
    }

    @Test
    void stringsGatherIntoCompactBuffers() {
        try (Arena arena = Arena.ofConfined()) {
            String[] s = new String[1000];
            for (int i = 0; i < s.length; i++) {
                s[i] = i % 2 == 0 ? "a value longer than twelve bytes" : "short";
            }
            DictEncoder.Parts parts = DictEncoder.split(EncodeTesting.strings(s, false, arena), 10);
            assertEquals(2, parts.values().length());
            WriteNode values = ChildEncoder.CANONICAL.encode(ChildEncoder.Role.VALUES, parts.values());
            assertEquals(32 + 2 * 16, values.bufferBytes(), "one long value stored once, plus two views");
        }
    }
}
