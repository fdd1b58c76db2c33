package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/// The bit writer's batch writes (values joined in fours or pairs when narrow enough, buffer
/// grown as it fills) against one field at a time.
class PcoBitWriterTest {
    @Test
    void batchIntsMatchFieldByField() {
        Random r = new Random(3);
        for (int c = 0; c < 400; c++) {
            int n = r.nextInt(600);
            int maxBits = 1 + r.nextInt(c % 2 == 0 ? 14 : 31);
            int[] vals = new int[n];
            int[] bits = new int[n];
            for (int i = 0; i < n; i++) {
                bits[i] = r.nextInt(maxBits + 1);
                vals[i] = (int) (r.nextLong() & ((1L << bits[i]) - 1));
            }
            int from = n == 0 ? 0 : r.nextInt(n);
            int lead = r.nextInt(64);
            PcoBitWriter batch = new PcoBitWriter(r.nextInt(40));
            PcoBitWriter single = new PcoBitWriter(8);
            batch.write(-1L, lead);
            single.write(-1L, lead);
            batch.writeInts(vals, bits, from, n, maxBits);
            for (int i = from; i < n; i++) {
                single.write(vals[i] & 0xFFFF_FFFFL, bits[i]);
            }
            batch.write(5, 3);
            single.write(5, 3);
            assertArrayEquals(single.toBytes(), batch.toBytes(), "case " + c);
        }
    }

    @Test
    void batchOffsetsMatchFieldByField() {
        Random r = new Random(4);
        for (int c = 0; c < 400; c++) {
            int n = r.nextInt(600);
            int bins = 1 + r.nextInt(20);
            int maxBits = c % 3 == 0 ? 64 : 1 + r.nextInt(28);
            int[] offsetBits = new int[bins];
            for (int b = 0; b < bins; b++) {
                offsetBits[b] = r.nextInt(maxBits + 1);
            }
            int[] symbols = new int[n];
            long[] offsets = new long[n];
            for (int i = 0; i < n; i++) {
                symbols[i] = r.nextInt(bins);
                int b = offsetBits[symbols[i]];
                offsets[i] = b == 64 ? r.nextLong() : r.nextLong() & ((1L << b) - 1);
            }
            int from = n == 0 ? 0 : r.nextInt(n);
            int lead = r.nextInt(64);
            PcoBitWriter batch = new PcoBitWriter(r.nextInt(40));
            PcoBitWriter single = new PcoBitWriter(8);
            batch.write(-1L, lead);
            single.write(-1L, lead);
            batch.writeOffsets(offsets, symbols, offsetBits, from, n, maxBits);
            for (int i = from; i < n; i++) {
                single.write(offsets[i], offsetBits[symbols[i]]);
            }
            batch.write(5, 3);
            single.write(5, 3);
            assertArrayEquals(single.toBytes(), batch.toBytes(), "case " + c);
        }
    }
}
