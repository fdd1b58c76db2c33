package dev.jvortex.core.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// A filter evaluated once per dictionary value must select exactly the rows a row-by-row
/// evaluation selects, with nulls in the codes and in the values, for every kind of test.
class FilterDictionaryTest {
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "s",
            new DType.Utf8(true),
            "n",
            new DType.Primitive(PType.I64, true),
            "k",
            new DType.Primitive(PType.I64, false));

    @Test
    void perValueEvaluationSelectsTheSameRowsAsPerRow() {
        Random r = new Random(3);
        int rows = 5000;
        int values = 40;
        String[] sv = new String[values];
        Integer[] nv = new Integer[values];
        for (int i = 0; i < values; i++) {
            sv[i] = i % 13 == 5 ? null : "v" + (i * 37 % 101);
            nv[i] = i % 11 == 2 ? null : i * 3 - 50;
        }
        int[] codes = new int[rows];
        boolean[] codeNull = new boolean[rows];
        for (int i = 0; i < rows; i++) {
            codes[i] = r.nextInt(values);
            codeNull[i] = r.nextInt(9) == 0;
        }
        try (Arena arena = Arena.ofConfined()) {
            Builders.StringBuilder sValues = Builders.strings(SCHEMA.fields().get(0));
            Builders.LongBuilder nValues = Builders.longs(SCHEMA.fields().get(1));
            for (int i = 0; i < values; i++) {
                if (sv[i] == null) {
                    sValues.appendNull();
                } else {
                    sValues.append(sv[i]);
                }
                if (nv[i] == null) {
                    nValues.appendNull();
                } else {
                    nValues.append(nv[i]);
                }
            }
            Array sDict = sValues.build(arena);
            Array nDict = nValues.build(arena);
            // The same columns materialised row by row.
            Builders.StringBuilder sRows = Builders.strings(SCHEMA.fields().get(0));
            Builders.LongBuilder nRows = Builders.longs(SCHEMA.fields().get(1));
            Builders.LongBuilder kRows = Builders.longs(SCHEMA.fields().get(2));
            for (int i = 0; i < rows; i++) {
                int c = codes[i];
                if (codeNull[i] || sv[c] == null) {
                    sRows.appendNull();
                } else {
                    sRows.append(sv[c]);
                }
                if (codeNull[i] || nv[c] == null) {
                    nRows.appendNull();
                } else {
                    nRows.append(nv[c]);
                }
                kRows.append(i);
            }
            Array s = sRows.build(arena);
            Array n = nRows.build(arena);
            Array k = kRows.build(arena);
            MemorySegment bits = arena.allocate(Bits.byteLength(rows));
            for (int i = 0; i < rows; i++) {
                if (!codeNull[i]) {
                    Bits.set(bits, i);
                }
            }
            Validity codeValidity = Validity.ofBits(bits);
            // Codes of three widths: bytes and shorts take the table path, ints the indices path;
            // null rows get codes past the dictionary, which must not matter.
            List<PrimitiveArray> codeArrays = new ArrayList<>();
            for (PType ptype : List.of(PType.U8, PType.U16, PType.U32)) {
                MemorySegment data = arena.allocate((long) rows * ptype.byteWidth());
                for (int i = 0; i < rows; i++) {
                    PrimitiveArray.setLong(data, ptype, i, codeNull[i] ? values + 3 + i % 7 : codes[i]);
                }
                codeArrays.add(new PrimitiveArray(new DType.Primitive(ptype, true), ptype, data, rows, codeValidity));
            }
            List<String> filters = List.of(
                    "s = 'v74'",
                    "s <> 'v74'",
                    "s IS NULL",
                    "s IS NOT NULL",
                    "s LIKE 'v1%'",
                    "NOT s LIKE 'v1%'",
                    "s IN ('v0', 'v37', 'v74')",
                    "n > 0",
                    "n BETWEEN -20 AND 20 AND s >= 'v5'",
                    "NOT (n < 10 OR s = 'v0')",
                    "k < 2500 AND n <= 7",
                    "k > 100 OR s IS NULL",
                    "n IS NULL OR NOT n = 1");
            for (PrimitiveArray codeArray : codeArrays) {
                FilterEvaluator.Dictionary sd = new FilterEvaluator.Dictionary(codeArray, sDict);
                FilterEvaluator.Dictionary nd = new FilterEvaluator.Dictionary(codeArray, nDict);
                for (String text : filters) {
                    Expr bound = Binder.bind(Expr.parse(text), SCHEMA);
                    FilterEvaluator perRow = new FilterEvaluator(bound, SCHEMA);
                    FilterEvaluator perValue = new FilterEvaluator(bound, SCHEMA);
                    List<Integer> expected = indices(perRow.evaluate(
                            name -> switch (name) {
                                case "s" -> s;
                                case "n" -> n;
                                default -> k;
                            },
                            rows));
                    List<Integer> actual = indices(perValue.evaluate(
                            new FilterEvaluator.Columns() {
                                @Override
                                public Array column(String name) {
                                    return switch (name) {
                                        case "s" -> s;
                                        case "n" -> n;
                                        default -> k;
                                    };
                                }

                                @Override
                                public FilterEvaluator.Dictionary dictionary(String name) {
                                    return switch (name) {
                                        case "s" -> sd;
                                        case "n" -> nd;
                                        default -> null;
                                    };
                                }
                            },
                            rows));
                    assertTrue(
                            !expected.isEmpty() && expected.size() < rows || text.contains("IS"),
                            text + " selects some rows");
                    assertArrayEquals(
                            expected.stream().mapToInt(Integer::intValue).toArray(),
                            actual.stream().mapToInt(Integer::intValue).toArray(),
                            text + " with " + codeArray.ptype() + " codes");
                }
            }
            assertTrue(s instanceof VarBinViewArray && n instanceof PrimitiveArray);
        }
    }

    private static List<Integer> indices(Selection sel) {
        List<Integer> out = new ArrayList<>();
        for (int i : sel.indices()) {
            out.add(i);
        }
        return out;
    }

    @Test
    void aValidCodeOutsideTheDictionaryIsCorrupt() {
        try (Arena arena = Arena.ofConfined()) {
            Builders.StringBuilder sValues = Builders.strings(SCHEMA.fields().get(0));
            sValues.append("a");
            sValues.append("b");
            Array dict = sValues.build(arena);
            for (PType ptype : List.of(PType.U8, PType.U16, PType.U32)) {
                MemorySegment data = arena.allocate(100L * ptype.byteWidth());
                PrimitiveArray.setLong(data, ptype, 77, 2);
                PrimitiveArray codes =
                        new PrimitiveArray(new DType.Primitive(ptype, false), ptype, data, 100, Validity.ALL_VALID);
                FilterEvaluator.Dictionary d = new FilterEvaluator.Dictionary(codes, dict);
                Expr bound = Binder.bind(Expr.parse("s = 'a'"), SCHEMA);
                dev.jvortex.core.VortexException e = org.junit.jupiter.api.Assertions.assertThrows(
                        dev.jvortex.core.VortexException.class,
                        () -> new FilterEvaluator(bound, SCHEMA)
                                .evaluate(
                                        new FilterEvaluator.Columns() {
                                            @Override
                                            public Array column(String name) {
                                                throw new AssertionError("the dictionary path must be taken");
                                            }

                                            @Override
                                            public FilterEvaluator.Dictionary dictionary(String name) {
                                                return d;
                                            }
                                        },
                                        100));
                assertTrue(e.getMessage().contains("dictionary code 2 at row 77"), e.getMessage());
                org.junit.jupiter.api.Assertions.assertThrows(dev.jvortex.core.VortexException.class, d::indices);
            }
        }
    }
}
