package dev.jvortex.encodings.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestArrays;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/// `vortex.dict` through the general path of [DictDecoder] (values with nulls, empty and very
/// large dictionaries, more rows than one block of codes), against `values[codes[i]]` written
/// out row by row in the test, and the corrupt forms it must refuse.
class DictDecoderTest {
    private static final DType I32_NULLABLE = new DType.Primitive(PType.I32, true);
    private static final DType I32 = new DType.Primitive(PType.I32, false);

    private final Arena arena = Arena.ofConfined();

    @AfterEach
    void close() {
        arena.close();
    }

    private static TestNode dict(
            long valuesLen, PType codesType, Boolean nullableCodes, TestNode codes, TestNode values) {
        byte[] meta = new DictMetadata(valuesLen, codesType.code(), nullableCodes, null).write();
        return TestNode.of("vortex.dict", meta, List.of(), codes, values);
    }

    private PrimitiveArray decode(TestNode node, DType type, int len) {
        return (PrimitiveArray) Decoding.decodeRoot(node, type, len, arena);
    }

    @Test
    void valuesWithNullsAcrossSeveralCodeBlocks() {
        // 5000 rows: more than one 4096-code block; the value at index 1 is null.
        int len = 5000;
        long[] codes = new long[len];
        for (int i = 0; i < len; i++) {
            codes[i] = (i * 7L) % 3;
        }
        TestNode values = TestArrays.primitive(PType.I32, new long[] {10, 0, -30}, new boolean[] {true, false, true});
        PrimitiveArray a =
                decode(dict(3, PType.U8, false, TestArrays.primitive(PType.U8, codes), values), I32_NULLABLE, len);
        assertEquals(len, a.length());
        for (int i = 0; i < len; i++) {
            int c = (i * 7) % 3;
            assertEquals(c != 1, a.isValid(i), "validity of row " + i);
            if (c == 0) {
                assertEquals(10, a.getLong(i), "row " + i);
            } else if (c == 2) {
                assertEquals(-30, a.getLong(i), "row " + i);
            }
        }
    }

    @Test
    void nullCodesOutOfRangeAreNullAndValidOnesAreKept() {
        TestNode values = TestArrays.primitive(PType.I32, new long[] {5, 6}, new boolean[] {true, false});
        TestNode codes = TestArrays.primitive(
                PType.I16, new long[] {0, 99, -4, 1, 0}, new boolean[] {true, false, false, true, true});
        PrimitiveArray a = decode(dict(2, PType.I16, true, codes, values), I32_NULLABLE, 5);
        assertEquals(List.of(true, false, false, false, true), validity(a));
        assertEquals(5, a.getLong(0));
        assertEquals(5, a.getLong(4));
    }

    @Test
    void nullCodesIntoPrimitiveValuesWithoutNulls() {
        TestNode values = TestArrays.primitive(PType.I32, new long[] {100, 200, 300});
        TestNode codes =
                TestArrays.primitive(PType.U8, new long[] {2, 250, 0, 1}, new boolean[] {true, false, true, true});
        PrimitiveArray a = decode(dict(3, PType.U8, true, codes, values), I32_NULLABLE, 4);
        assertEquals(List.of(true, false, true, true), validity(a));
        assertEquals(300, a.getLong(0));
        assertEquals(100, a.getLong(2));
        assertEquals(200, a.getLong(3));
    }

    @Test
    void dictionaryMuchLargerThanTheRows() {
        // 70,000 entries for 10 rows: more than 65,536 and more than four times the rows.
        int n = 70_000;
        long[] dictValues = new long[n];
        for (int i = 0; i < n; i++) {
            dictValues[i] = 3L * i + 1;
        }
        long[] codes = {69_999, 0, 65_536, 12, 40_000, 1, 2, 69_998, 7, 65_535};
        PrimitiveArray a = decode(
                dict(
                        n,
                        PType.U32,
                        false,
                        TestArrays.primitive(PType.U32, codes),
                        TestArrays.primitive(PType.I32, dictValues)),
                I32,
                codes.length);
        for (int i = 0; i < codes.length; i++) {
            assertEquals(3L * codes[i] + 1, a.getLong(i), "row " + i);
            assertTrue(a.isValid(i));
        }
    }

    @Test
    void dictionaryOfExactlyFourTimesTheRowsAboveTheSmallLimit() {
        // 65,540 entries for 16,385 rows: n <= 4 * len holds (65,540 = 4 * 16,385).
        int n = 65_540;
        int len = 16_385;
        long[] dictValues = new long[n];
        for (int i = 0; i < n; i++) {
            dictValues[i] = n - i;
        }
        long[] codes = new long[len];
        for (int i = 0; i < len; i++) {
            codes[i] = (i * 4L + 3) % n;
        }
        PrimitiveArray a = decode(
                dict(
                        n,
                        PType.U32,
                        false,
                        TestArrays.primitive(PType.U32, codes),
                        TestArrays.primitive(PType.I32, dictValues)),
                I32,
                len);
        for (int i = 0; i < len; i++) {
            assertEquals(n - ((i * 4L + 3) % n), a.getLong(i), "row " + i);
        }
    }

    @Test
    void emptyDictionaryWithOnlyNullCodesIsAllNull() {
        TestNode codes = TestArrays.primitive(PType.U8, new long[] {0, 3, 9}, new boolean[] {false, false, false});
        PrimitiveArray a =
                decode(dict(0, PType.U8, true, codes, TestArrays.primitive(PType.I32, new long[0])), I32_NULLABLE, 3);
        assertEquals(3, a.length());
        assertEquals(List.of(false, false, false), validity(a));
    }

    @Test
    void emptyDictionaryWithNoRowsIsEmpty() {
        Array a = Decoding.decodeRoot(
                dict(
                        0,
                        PType.U8,
                        false,
                        TestArrays.primitive(PType.U8, new long[0]),
                        TestArrays.primitive(PType.I32, new long[0])),
                I32,
                0,
                arena);
        assertEquals(0, a.length());
    }

    @Test
    void nonNullCodeIntoAnEmptyDictionaryIsCorrupt() {
        TestNode codes = TestArrays.primitive(PType.U8, new long[] {0, 0}, new boolean[] {false, true});
        TestNode node = dict(0, PType.U8, true, codes, TestArrays.primitive(PType.I32, new long[0]));
        VortexException e = assertThrows(VortexException.class, () -> decode(node, I32_NULLABLE, 2));
        assertTrue(e.getMessage().contains("outside the 0-entry dictionary"), e.getMessage());
    }

    @Test
    void validCodePastTheDictionaryIsCorruptOnTheGeneralPath() {
        TestNode values = TestArrays.primitive(PType.I32, new long[] {1, 2}, new boolean[] {true, true});
        TestNode codes = TestArrays.primitive(PType.U8, new long[] {0, 1, 2});
        VortexException e = assertThrows(
                VortexException.class, () -> decode(dict(2, PType.U8, false, codes, values), I32_NULLABLE, 3));
        assertTrue(e.getMessage().contains("code 2 at row 2"), e.getMessage());
    }

    @Test
    void negativeValidCodeIsCorrupt() {
        TestNode values = TestArrays.primitive(PType.I32, new long[] {1, 2}, new boolean[] {true, true});
        TestNode codes = TestArrays.primitive(PType.I8, new long[] {-1});
        VortexException e = assertThrows(
                VortexException.class, () -> decode(dict(2, PType.I8, false, codes, values), I32_NULLABLE, 1));
        assertTrue(e.getMessage().contains("code -1 at row 0"), e.getMessage());
    }

    @Test
    void floatCodesAndWrongChildCountsAreCorrupt() {
        TestNode values = TestArrays.primitive(PType.I32, new long[] {1});
        TestNode codes = TestArrays.primitive(PType.U8, new long[] {0});
        byte[] meta = new DictMetadata(1, PType.U8.code(), false, null).write();
        assertThrows(VortexException.class, () -> decode(TestNode.of("vortex.dict", meta, List.of(), codes), I32, 1));
        assertThrows(
                VortexException.class,
                () -> decode(TestNode.of("vortex.dict", meta, List.of(), codes, values, values), I32, 1));
        TestNode floatCodes = TestArrays.primitive(PType.F32, new long[] {0});
        VortexException e = assertThrows(
                VortexException.class, () -> decode(dict(1, PType.F32, false, floatCodes, values), I32, 1));
        assertTrue(e.getMessage().contains("must be integers"), e.getMessage());
    }

    @Test
    void missingNullableCodesFlagFollowsTheType() {
        // Without the flag, codes of a nullable column carry a validity child.
        TestNode values = TestArrays.primitive(PType.I32, new long[] {8, 9});
        TestNode codes = TestArrays.primitive(PType.U8, new long[] {1, 0}, new boolean[] {false, true});
        PrimitiveArray a = decode(dict(2, PType.U8, null, codes, values), I32_NULLABLE, 2);
        assertFalse(a.isValid(0));
        assertEquals(8, a.getLong(1));
    }

    private static List<Boolean> validity(PrimitiveArray a) {
        return java.util.stream.IntStream.range(0, a.length())
                .mapToObj(a::isValid)
                .toList();
    }
}
