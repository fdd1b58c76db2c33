package dev.jvortex.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.VortexException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/// The encodings and codecs on the examples of the Parquet specification and on hand-made
/// inputs.
class DecodersTest {
    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) {
            b[i] = (byte) v[i];
        }
        return b;
    }

    @Test
    void bitPackedLevelsAreMostSignificantBitFirst() {
        // Encodings.md: 0..7 with bit width 3 → 00000101 00111001 01110111
        byte[] out = new byte[8];
        int used = Decoders.bitPackedLevels(bytes(0b00000101, 0b00111001, 0b01110111), 0, 3, 3, out, 0, 8, "t");
        assertEquals(3, used);
        assertArrayEquals(bytes(0, 1, 2, 3, 4, 5, 6, 7), out);
        assertThrows(
                VortexException.class, () -> Decoders.bitPackedLevels(bytes(1, 2), 0, 2, 3, new byte[8], 0, 8, "t"));
    }

    @Test
    void rleHybridSpecExample() {
        // Encodings.md: 0..7 with bit width 3 as one bit-packed run → header 0b11, then 10001000 11000110 11111010
        byte[] in = bytes(0b11, 0b10001000, 0b11000110, 0b11111010);
        int[] out = new int[8];
        new Decoders.Rle(in, 0, in.length, 3, "t").read(out, 0, 8);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, out);
        // An RLE run: 5 × 300 at bit width 9 (two value bytes).
        byte[] run = bytes(10, 0x2C, 0x01);
        int[] five = new int[5];
        new Decoders.Rle(run, 0, run.length, 9, "t").read(five, 0, 5);
        assertArrayEquals(new int[] {300, 300, 300, 300, 300}, five);
        assertThrows(VortexException.class, () -> new Decoders.Rle(run, 0, run.length, 9, "t").read(new int[6], 0, 6));
    }

    @Test
    void rleHybridRoundTripsAtEveryWidth() {
        // runs and bit-packed groups at widths 1-32, read back in uneven pieces (so that reads
        // start inside a group and near the end of a run), as ints and, up to 7 bits, as bytes
        java.util.Random r = new java.util.Random(11);
        for (int w = 1; w <= 32; w++) {
            int n = 1 + r.nextInt(3000);
            int[] values = new int[n];
            long max = (1L << w) - 1;
            for (int i = 0; i < n; i++) {
                values[i] = r.nextInt(4) == 0 && i > 0 ? values[i - 1] : (int) (r.nextLong() & max);
            }
            if (n > 40) {
                java.util.Arrays.fill(values, 10, 30, (int) max); // an RLE run
            }
            ByteSink sink = new ByteSink(16);
            RleHybrid.encode(values, n, w, sink);
            byte[] enc = java.util.Arrays.copyOf(sink.array(), sink.size());
            int[] got = new int[n];
            Decoders.Rle rle = new Decoders.Rle(enc, 0, enc.length, w, "t");
            for (int at = 0; at < n; ) {
                int k = Math.min(n - at, 1 + r.nextInt(40));
                rle.read(got, at, k);
                at += k;
            }
            assertArrayEquals(values, got, "width " + w);
            // and in one read (long stretches of bit-packed values streamed through one call)
            int[] all = new int[n];
            new Decoders.Rle(enc, 0, enc.length, w, "t").read(all, 0, n);
            assertArrayEquals(values, all, "width " + w + ", one read");
            if (w <= 7) {
                byte[] gotBytes = new byte[n];
                Decoders.Rle levels = new Decoders.Rle(enc, 0, enc.length, w, "t");
                for (int at = 0; at < n; ) {
                    int k = Math.min(n - at, 1 + r.nextInt(40));
                    levels.read(gotBytes, at, k);
                    at += k;
                }
                for (int i = 0; i < n; i++) {
                    assertEquals(values[i], gotBytes[i], "width " + w + ", value " + i);
                }
                byte[] allBytes = new byte[n];
                new Decoders.Rle(enc, 0, enc.length, w, "t").read(allBytes, 0, n);
                for (int i = 0; i < n; i++) {
                    assertEquals(values[i], allBytes[i], "width " + w + ", value " + i + ", one read");
                }
            }
            // reading past the last group's padding fails cleanly
            int width = w;
            int[] tooMany = new int[n + 8];
            assertThrows(
                    VortexException.class,
                    () -> new Decoders.Rle(enc, 0, enc.length, width, "t").read(tooMany, 0, tooMany.length));
        }
    }

    @Test
    void deltaBinaryPackedSpecExamples() {
        // Encodings.md example 1: 1, 2, 3, 4, 5 → header (128, 4, 5, 1), block min delta 1, widths 0.
        byte[] in = bytes(0x80, 0x01, 4, 5, 2, 2, 0, 0, 0, 0);
        long[] out = new long[5];
        int end = Decoders.deltaBinaryPacked(in, 0, in.length, out, 0, 5, false, "t");
        assertArrayEquals(new long[] {1, 2, 3, 4, 5}, out);
        assertEquals(in.length, end);
        // 7, 5, 3, 1, 2, 3, 4, 5: deltas -2 -2 -2 1 1 1 1, min -2 → 0 0 0 3 3 3 3 at 2 bits.
        byte[] in2 = bytes(0x80, 0x01, 4, 8, 14, 3, 2, 0, 0, 0, 0b11000000, 0b11111111, 0, 0, 0, 0, 0, 0);
        byte[] padded = new byte[in2.length + 32];
        System.arraycopy(in2, 0, padded, 0, in2.length);
        long[] out2 = new long[8];
        Decoders.deltaBinaryPacked(padded, 0, padded.length, out2, 0, 8, true, "t");
        assertArrayEquals(new long[] {7, 5, 3, 1, 2, 3, 4, 5}, out2);
    }

    @Test
    void snappyLiteralsAndCopies() {
        // "abcabcabcabcX": literal "abc", copy-1 (offset 3, length 9), literal "X".
        byte[] in = bytes(13, 2 << 2, 'a', 'b', 'c', 0b000_101_01, 3, 0, 'X');
        byte[] out = new byte[13];
        Codecs.snappy(in, 0, in.length, out, 0, 13, "t");
        assertEquals("abcabcabcabcX", new String(out, StandardCharsets.US_ASCII));
        assertThrows(VortexException.class, () -> Codecs.snappy(in, 0, in.length, new byte[12], 0, 12, "t"));
        byte[] badOffset = bytes(5, 0b000_000_01, 9);
        assertThrows(
                VortexException.class, () -> Codecs.snappy(badOffset, 0, badOffset.length, new byte[5], 0, 5, "t"));
    }

    @Test
    void lz4Blocks() {
        // token 0x3F: 3 literals "abc", match offset 3 length 15 + 4 + 1 extra = 20; then a final literal "Z".
        byte[] in = bytes(0x3F, 'a', 'b', 'c', 3, 0, 1, 0x10, 'Z');
        byte[] out = new byte[24];
        assertEquals(24, Codecs.lz4(in, 0, in.length, out, 0, 24, "t"));
        assertEquals("abc".repeat(7) + "ab" + "Z", new String(out, StandardCharsets.US_ASCII));
        byte[] zeroOffset = bytes(0x10, 'a', 0, 0);
        assertThrows(VortexException.class, () -> Codecs.lz4(zeroOffset, 0, zeroOffset.length, new byte[8], 0, 8, "t"));
        // Hadoop framing around the same block.
        byte[] framed = new byte[8 + in.length];
        framed[3] = 24;
        framed[7] = (byte) in.length;
        System.arraycopy(in, 0, framed, 8, in.length);
        byte[] out2 = new byte[24];
        Codecs.lz4Hadoop(framed, 0, framed.length, out2, 0, 24, "t");
        assertArrayEquals(out, out2);
    }

    @Test
    void thriftCompactStruct() {
        // field 1 i32 = -3, field 2 binary "ab", field 4 (delta 2) true, field 300 (long form) i64 = 1, stop
        byte[] in = bytes(0x15, 5, 0x18, 2, 'a', 'b', 0x21, 0x06, 0xD8, 0x04, 2, 0);
        Thrift.Struct s = new Thrift(in, 0, in.length, "t").readStruct();
        assertEquals(-3, s.i32(1, "a"));
        assertEquals("ab", s.string(2, "b"));
        assertEquals(true, s.bool(4, false));
        assertEquals(1, s.i64(300, "d"));
        byte[] hugeList = bytes(0x19, 0xF5, 0xFF, 0xFF, 0xFF, 0x0F, 0);
        assertThrows(VortexException.class, () -> new Thrift(hugeList, 0, hugeList.length, "t").readStruct());
    }
}
