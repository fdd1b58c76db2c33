package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The one-call API: [Pcodec] round trips of every array kind and type, with settings, and its
/// argument checks. Also runs the example of the module's README.
class PcodecTest {
    /// The example of `pcodec/README.md`, as written there.
    @Test
    void readmeExample() {
        long[] timestamps = new long[100_000];
        for (int i = 0; i < timestamps.length; i++) {
            timestamps[i] = 1_700_000_000_000L + 1_000L * i + (i * 7919 % 13);
        }
        PcoCompressed compressed = Pcodec.compress(timestamps);
        long[] back = Pcodec.decompressLongs(compressed);
        assertArrayEquals(timestamps, back);
        assertTrue(compressed.byteSize() < timestamps.length, "about 4 bits per value: " + compressed.byteSize());

        double[] prices = {9.99, 10.49, 10.99, 9.99, Double.NaN, -0.0};
        assertArrayEquals(prices, Pcodec.decompressDoubles(Pcodec.compress(prices)));

        Pcodec.Settings settings =
                Pcodec.Settings.DEFAULT.withLevel(12).withDelta(1).withPaging(1 << 16, 8192);
        PcoCompressed fine = Pcodec.compress(PcoType.U32, new long[] {1, 2, 3, 4_000_000_000L}, settings);
        assertArrayEquals(new long[] {1, 2, 3, 4_000_000_000L}, Pcodec.decompress(fine));
    }

    @Test
    void everyArrayKindRoundTrips() {
        Random r = new Random(17);
        for (int n : new int[] {0, 1, 2, 255, 256, 257, 10_000}) {
            long[] longs = r.longs(n).toArray();
            int[] ints = r.ints(n, -1000, 1000).toArray();
            double[] doubles =
                    r.doubles(n).map(d -> Math.round(d * 10_000) / 100.0).toArray();
            float[] floats = new float[n];
            for (int i = 0; i < n; i++) {
                floats[i] = i % 17 == 0 ? Float.NaN : (float) r.nextGaussian();
            }
            assertArrayEquals(longs, Pcodec.decompressLongs(Pcodec.compress(longs)), "longs " + n);
            assertArrayEquals(ints, Pcodec.decompressInts(Pcodec.compress(ints)), "ints " + n);
            assertArrayEquals(doubles, Pcodec.decompressDoubles(Pcodec.compress(doubles)), "doubles " + n);
            float[] back = Pcodec.decompressFloats(Pcodec.compress(floats));
            for (int i = 0; i < n; i++) {
                assertEquals(
                        Float.floatToRawIntBits(floats[i]),
                        Float.floatToRawIntBits(back[i]),
                        "floats " + n + " at " + i);
            }
        }
    }

    @Test
    void everyTypeWithSettings() {
        Random r = new Random(5);
        for (PcoType type : PcoTestData.TYPES) {
            for (String shape : PcoTestData.shapes(type)) {
                long[] values = PcoTestData.values(type, shape, 3000, r);
                Pcodec.Settings settings = Pcodec.Settings.DEFAULT
                        .withLevel(r.nextInt(13))
                        .withPaging(1 + r.nextInt(2000), 1 + r.nextInt(700));
                PcoCompressed c = Pcodec.compress(type, values, settings);
                assertEquals(3000, c.valueCount());
                assertArrayEquals(values, Pcodec.decompress(c), type.shortName() + "/" + shape + " " + settings);
            }
        }
    }

    @Test
    void chunksFollowTheSettings() {
        long[] values = new long[10_000];
        PcoCompressed c = Pcodec.compress(PcoType.I64, values, Pcodec.Settings.DEFAULT.withPaging(4000, 1500));
        assertEquals(3, c.chunks().size());
        assertArrayEquals(new int[] {1334, 1333, 1333}, c.chunks().get(0).pageCounts());
        assertArrayEquals(new int[] {1000, 1000}, c.chunks().get(2).pageCounts());
        assertEquals(0, Pcodec.compress(new long[0]).chunks().size());
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> Pcodec.Settings.DEFAULT.withLevel(13));
        assertThrows(IllegalArgumentException.class, () -> Pcodec.Settings.DEFAULT.withDelta(8));
        assertThrows(IllegalArgumentException.class, () -> Pcodec.Settings.DEFAULT.withPaging(0, 10));
        assertThrows(IllegalArgumentException.class, () -> Pcodec.Settings.DEFAULT.withPaging(10, 0));
        assertThrows(
                IllegalArgumentException.class,
                () -> Pcodec.compress(PcoType.U8, new long[] {1}, Pcodec.Settings.DEFAULT));
        PcoCompressed ints = Pcodec.compress(new int[] {1, 2, 3});
        assertThrows(IllegalArgumentException.class, () -> Pcodec.decompressLongs(ints));
        PcoEncoder.Chunk chunk = ints.chunks().get(0);
        PcoCompressed lying = new PcoCompressed(
                PcoType.I32, ints.header(), List.of(new PcoEncoder.Chunk(chunk.meta(), chunk.pages(), new int[] {-1})));
        assertThrows(IllegalArgumentException.class, () -> Pcodec.decompressInts(lying));
        PcoCompressed newer = new PcoCompressed(PcoType.I32, new byte[] {5, 0}, ints.chunks());
        assertTrue(assertThrows(PcoException.class, () -> Pcodec.decompressInts(newer))
                .isUnsupported());
        PcoCompressed cut = new PcoCompressed(
                PcoType.I32,
                ints.header(),
                List.of(new PcoEncoder.Chunk(new byte[] {0}, chunk.pages(), chunk.pageCounts())));
        assertThrows(PcoException.class, () -> Pcodec.decompressInts(cut));
    }
}
