package dev.jvortex.file.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RowRangesTest {
    private static final int N = 300;

    private static boolean[] bits(RowRanges r) {
        boolean[] b = new boolean[N];
        for (int i = 0; i < r.size(); i++) {
            for (long k = r.start(i); k < r.end(i); k++) {
                b[(int) k] = true;
            }
        }
        return b;
    }

    private static RowRanges random(Random r) {
        RowRanges.Builder b = new RowRanges.Builder();
        long pos = r.nextInt(20);
        while (pos < N) {
            long len = 1 + r.nextInt(30);
            b.add(pos, Math.min(N, pos + len));
            pos += len + r.nextInt(30);
        }
        return b.build();
    }

    @Test
    void setOperationsMatchBitmaps() {
        Random r = new Random(3);
        for (int round = 0; round < 200; round++) {
            RowRanges a = random(r);
            RowRanges c = random(r);
            boolean[] x = bits(a);
            boolean[] y = bits(c);
            boolean[] and = new boolean[N];
            boolean[] or = new boolean[N];
            boolean[] not = new boolean[N];
            long count = 0;
            for (int i = 0; i < N; i++) {
                and[i] = x[i] && y[i];
                or[i] = x[i] || y[i];
                not[i] = !x[i] && i >= 10 && i < 250;
                count += x[i] ? 1 : 0;
            }
            assertArrayEquals(and, bits(a.intersect(c)));
            assertArrayEquals(or, bits(a.union(c)));
            assertArrayEquals(not, bits(a.complement(10, 250)));
            assertEquals(count, a.rowCount());
            for (int k = 0; k < 20; k++) {
                int from = r.nextInt(N);
                int to = from + r.nextInt(N - from + 1);
                boolean any = false;
                boolean[] within = new boolean[N];
                for (int i = from; i < to; i++) {
                    any |= x[i];
                    within[i] = x[i];
                }
                assertEquals(any, a.intersects(from, to));
                assertArrayEquals(within, bits(a.within(from, to)));
            }
        }
    }

    @Test
    void indicesMergeIntoRanges() {
        RowRanges r = RowRanges.ofSortedIndices(new long[] {1, 2, 3, 7, 9, 10});
        assertEquals(3, r.size());
        assertEquals(6, r.rowCount());
        assertTrue(r.intersects(0, 2));
        assertFalse(r.intersects(4, 7));
        assertTrue(RowRanges.empty().isEmpty());
    }
}
