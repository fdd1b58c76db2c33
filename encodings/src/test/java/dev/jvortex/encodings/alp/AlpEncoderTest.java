package dev.jvortex.encodings.alp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// ALP and ALP-RD: the exponents and integers the reference's own tests expect, patches for
/// values that do not round-trip, and the choice between them.
class AlpEncoderTest {
    @Test
    void f32ExponentsAsTheReferenceChooses() {
        float[] values = new float[1025];
        Arrays.fill(values, 1.234f);
        PrimitiveArray a = EncodeTesting.floats(values, null);
        assertEquals(new AlpEncoder.Exponents(9, 6), AlpEncoder.bestExponents(a));
        AlpEncoder.Parts parts = AlpEncoder.split(a, AlpEncoder.bestExponents(a));
        assertEquals(0, parts.patchCount());
        assertEquals(1234, parts.encoded().getLong(1024));
    }

    @Test
    void f64PatchesTakeTheFillValue() {
        PrimitiveArray a = EncodeTesting.doubles(new double[] {1.234, 2.718, Math.PI, 4.0}, null);
        AlpEncoder.Exponents exponents = AlpEncoder.bestExponents(a);
        assertEquals(new AlpEncoder.Exponents(16, 13), exponents);
        AlpEncoder.Parts parts = AlpEncoder.split(a, exponents);
        assertEquals(PType.I64, parts.encoded().ptype());
        assertEquals(1, parts.patchCount());
        assertEquals(2, parts.patchRows()[0]);
        assertEquals(Math.PI, parts.patchValues().getDouble(0));
        assertEquals(
                Arrays.toString(new long[] {1234, 2718, 1234, 4000}),
                Arrays.toString(Primitives.longs(parts.encoded())));
    }

    @Test
    void specialValuesAreAllPatches() {
        double[] values = {Double.NaN, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5};
        PrimitiveArray a = EncodeTesting.doubles(values, null);
        AlpEncoder.Parts parts = AlpEncoder.split(a, AlpEncoder.bestExponents(a));
        assertEquals(4, parts.patchCount());
        // The only value that round-trips is the fill of every patched slot.
        long fill = parts.encoded().getLong(4);
        for (int i = 0; i < 4; i++) {
            assertEquals(fill, parts.encoded().getLong(i));
        }
    }

    @Test
    void nullRowsAreNotPatches() {
        PrimitiveArray a =
                EncodeTesting.doubles(new double[] {1.5, Double.NaN, 2.5}, new boolean[] {true, false, true});
        AlpEncoder.Parts parts = AlpEncoder.split(a, AlpEncoder.bestExponents(a));
        assertEquals(0, parts.patchCount());
        assertTrue(parts.encoded().isNull(1));
    }

    @Test
    void onlyFloats() {
        assertNull(AlpEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {1}, null), LightEncoder.PACKED));
        assertNull(AlpRdEncoder.encode(EncodeTesting.ints(PType.I32, new long[] {1}, null), LightEncoder.PACKED));
        assertNull(AlpRdEncoder.encode(EncodeTesting.doubles(new double[0], null), LightEncoder.PACKED));
    }

    @Test
    void realDoublesPreferAlpRd() {
        Random random = new Random(5);
        double[] values = new double[4096];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble();
        }
        PrimitiveArray a = EncodeTesting.doubles(values, null);
        WriteNode alp = AlpEncoder.encode(a, LightEncoder.PACKED);
        WriteNode rd = AlpRdEncoder.encode(a, LightEncoder.PACKED);
        assertTrue(rd.bufferBytes() < alp.bufferBytes(), "ALP-RD " + rd.bufferBytes() + " vs ALP " + alp.bufferBytes());
        assertTrue(rd.bufferBytes() < values.length * 8L, "ALP-RD must beat raw doubles: " + rd.bufferBytes());
        AlpRdEncoder.Dictionary d = AlpRdEncoder.bestDictionary(a);
        assertTrue(d.rightBitWidth() >= 48 && d.leftPatterns().length <= 8, d.toString());
        // Decimal-like doubles prefer ALP.
        double[] prices = new double[4096];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = random.nextInt(100000) / 100.0;
        }
        PrimitiveArray p = EncodeTesting.doubles(prices, null);
        assertTrue(AlpEncoder.encode(p, LightEncoder.PACKED).bufferBytes()
                < AlpRdEncoder.encode(p, LightEncoder.PACKED).bufferBytes());
        assertTrue(AlpEncoder.encode(p, LightEncoder.PACKED).bufferBytes() <= prices.length * 17L / 8 + 64);
    }
}
