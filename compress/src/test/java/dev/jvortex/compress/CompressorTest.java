package dev.jvortex.compress;

import static dev.jvortex.encodings.EncodeTesting.doubles;
import static dev.jvortex.encodings.EncodeTesting.floats;
import static dev.jvortex.encodings.EncodeTesting.ints;
import static dev.jvortex.encodings.EncodeTesting.randomValidity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/// Round trips of [Compressor] output through the encodings module's decoders, for every kind of input.
public class CompressorTest {
    /// One input.
    ///
    /// @param name the case name
    /// @param input the array
    public record Case(String name, Array input) {}

    /// Returns every input, from a fixed seed.
    public static List<Case> cases(Arena arena) {
        Random random = new Random(42);
        List<Case> out = new ArrayList<>();
        int[] lengths = {0, 1, 5, 1000, 5000, 70000};
        for (int len : lengths) {
            for (PType t : EncodeTesting.INTEGERS) {
                for (boolean nullable : new boolean[] {false, true}) {
                    boolean[] valid = nullable ? randomValidity(random, len, 0.1) : null;
                    String n = t.shortName() + (nullable ? "?" : "") + "/" + len;
                    out.add(new Case(
                            "small " + n,
                            ints(t, gen(len, i -> random.nextInt(100) + (t.isSigned() ? -50 : 0)), valid)));
                    out.add(new Case(
                            "random " + n, ints(t, EncodeTesting.randomInts(random, len, t.bitWidth(), 0, t), valid)));
                    out.add(new Case(
                            "outliers " + n, ints(t, EncodeTesting.randomInts(random, len, 5, 0.02, t), valid)));
                    out.add(new Case("seq " + n, ints(t, gen(len, i -> (i * 3L) & 0x7f), valid)));
                    out.add(new Case("runs " + n, ints(t, gen(len, i -> (i / 100) % 7), valid)));
                    out.add(new Case(
                            "sparse " + n,
                            ints(t, gen(len, i -> random.nextInt(50) == 0 ? random.nextInt(100) : 7), valid)));
                    out.add(new Case("dict " + n, ints(t, gen(len, i -> (random.nextInt(8) * 12345L) & 0x7f), valid)));
                }
            }
            out.add(new Case("iota i64/" + len, ints(PType.I64, gen(len, i -> 1000 + i * 7L), null)));
            boolean[] valid = randomValidity(random, len, 0.2);
            double[] prices = new double[len];
            double[] noise = new double[len];
            double[] few = new double[len];
            float[] fl = new float[len];
            for (int i = 0; i < len; i++) {
                prices[i] = Math.round(random.nextDouble() * 100000) / 100.0;
                noise[i] = random.nextGaussian();
                few[i] = random.nextInt(4) * 0.1;
                fl[i] = random.nextInt(1000) / 10f;
            }
            if (len > 3) {
                prices[1] = Double.NaN;
                prices[2] = -0.0;
            }
            out.add(new Case("prices/" + len, doubles(prices, null)));
            out.add(new Case("prices?/" + len, doubles(prices, valid)));
            out.add(new Case("noise/" + len, doubles(noise, null)));
            out.add(new Case("few?/" + len, doubles(few, valid)));
            out.add(new Case("f32/" + len, floats(fl, null)));
            String[] words = new String[len];
            String[] urls = new String[len];
            for (int i = 0; i < len; i++) {
                words[i] = random.nextInt(10) == 0 ? null : "word" + random.nextInt(20);
                urls[i] = "https://example.com/path/" + random.nextInt(100000) + "/item?id=" + i;
            }
            out.add(new Case("words/" + len, EncodeTesting.strings(words, true, arena)));
            out.add(new Case("urls/" + len, EncodeTesting.strings(urls, false, arena)));
            byte[][] bins = new byte[len][];
            for (int i = 0; i < len; i++) {
                bins[i] = new byte[] {(byte) random.nextInt(3), 1, 2};
            }
            out.add(new Case("binary/" + len, EncodeTesting.binaries(bins, false, arena)));
            boolean[] bits = new boolean[len];
            for (int i = 0; i < len; i++) {
                bits[i] = random.nextBoolean();
            }
            out.add(new Case("bools/" + len, EncodeTesting.bools(bits, valid)));
            out.add(new Case("const bools/" + len, EncodeTesting.bools(new boolean[len], null)));
            Array ids = ints(PType.I32, gen(len, i -> i), null);
            Array amounts = doubles(prices, valid);
            out.add(new Case(
                    "struct/" + len,
                    new StructArray(
                            new DType.Struct(
                                    List.of("id", "amount", "w"),
                                    List.of(ids.dtype(), amounts.dtype(), new DType.Utf8(true)),
                                    false),
                            List.of(ids, amounts, out.get(out.size() - 5).input()),
                            len,
                            Validity.ALL_VALID)));
            DType.Extension ts = new DType.Extension(
                    "vortex.timestamp", new DType.Primitive(PType.I64, false), new byte[] {3, 0, 0});
            out.add(new Case(
                    "timestamps/" + len,
                    new ExtensionArray(
                            ts, ints(PType.I64, gen(len, i -> 1_700_000_000_000_000L + i * 1_000_000L), null))));
            long[] offs = new long[len + 1];
            for (int i = 0; i < len; i++) {
                offs[i + 1] = offs[i] + (i % 3);
            }
            PrimitiveArray elements = ints(PType.U16, gen((int) offs[len], i -> i % 11), null);
            MemorySegment offsets = MemorySegment.ofArray(new byte[(len + 1) * 8]);
            for (int i = 0; i <= len; i++) {
                offsets.setAtIndex(PrimitiveArray.LE_LONG, i, offs[i]);
            }
            out.add(new Case(
                    "list/" + len,
                    new ListArray(
                            new DType.ListType(elements.dtype(), false), offsets, elements, len, Validity.ALL_VALID)));
            for (int width : new int[] {8, 16}) {
                MemorySegment dec = MemorySegment.ofArray(new byte[len * width]);
                for (int i = 0; i < len; i++) {
                    long x = random.nextInt(2000000) - 1000000;
                    dec.set(PrimitiveArray.LE_LONG, (long) i * width, x);
                    if (width == 16) {
                        dec.set(PrimitiveArray.LE_LONG, (long) i * width + 8, x >> 63);
                    }
                }
                out.add(new Case(
                        "decimal" + width + "/" + len,
                        new dev.jvortex.core.array.DecimalArray(
                                new DType.Decimal(width == 8 ? 18 : 38, 2, true),
                                width,
                                dec,
                                len,
                                EncodeTesting.validity(valid))));
            }
            PrimitiveArray mk = ints(PType.I64, gen((int) offs[len], i -> i % 4), null);
            PrimitiveArray mv = ints(
                    PType.I32,
                    gen((int) offs[len], i -> i * 31L % 200 - 100),
                    randomValidity(random, (int) offs[len], 0.1));
            DType.MapType mt = new DType.MapType(mk.dtype(), mv.dtype(), false, true);
            StructArray entries = new StructArray(
                    dev.jvortex.core.array.ArrayOps.mapEntry(mt), List.of(mk, mv), (int) offs[len], Validity.ALL_VALID);
            out.add(new Case(
                    "map/" + len,
                    new ListArray(
                            mt, offsets, entries, len, EncodeTesting.validity(randomValidity(random, len, 0.1)))));
            PrimitiveArray fe = ints(PType.I32, gen(len * 3, i -> i % 5), null);
            out.add(new Case(
                    "fsl/" + len,
                    new FixedSizeListArray(
                            new DType.FixedSizeList(fe.dtype(), 3, false), fe, len, Validity.ALL_VALID)));
        }
        return out;
    }

    interface Gen {
        long at(int i);
    }

    static long[] gen(int len, Gen g) {
        long[] v = new long[len];
        for (int i = 0; i < len; i++) {
            v[i] = g.at(i);
        }
        return v;
    }

    @TestFactory
    Stream<DynamicTest> roundTrips() {
        Arena arena = Arena.ofAuto();
        return cases(arena).stream()
                .flatMap(c -> Stream.of(Compressor.DATA, Compressor.FULL)
                        .map(comp ->
                                DynamicTest.dynamicTest(c.name() + (comp == Compressor.FULL ? " full" : ""), () -> {
                                    WriteNode node = comp.compress(c.input());
                                    Verify.check(c.input(), node);
                                    assertTrue(
                                            node.bufferBytes()
                                                    <= CanonicalEncoder.encode(c.input())
                                                            .bufferBytes(),
                                            "not larger than canonical");
                                    if (c.input() instanceof PrimitiveArray
                                            || c.input() instanceof dev.jvortex.core.array.VarBinViewArray) {
                                        try (Arena a = Arena.ofConfined()) {
                                            Array decoded = EncodeTesting.roundTrip(
                                                    node,
                                                    c.input().dtype(),
                                                    c.input().length(),
                                                    a);
                                            EncodeTesting.assertSameRows(c.input(), decoded, c.name());
                                        }
                                    }
                                })));
    }

    @Test
    void compressesTypicalColumns() {
        Array seq = ints(PType.I64, gen(100000, i -> i), null);
        assertEquals("vortex.sequence", Compressor.DATA.compress(seq).encoding());
        Array small = ints(PType.I64, gen(100000, i -> (i * 7919L) % 1000), null);
        assertTrue(Compressor.DATA.compress(small).bufferBytes() < 100000 * 2);
    }
}
