package dev.jvortex.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import java.security.NoSuchAlgorithmException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// Columns of an extension type over primitive storage (timestamps, dates) carry their first
/// chunk's choice to later chunks ([Compressor#compress(Array, Compressor.Choice)]): the way that
/// won (the storage compressed, or `vortex.datetimeparts`) is run alone while its ratio stays
/// within 10 % of the first chunk's; otherwise both ways run as without a choice.
class ExtensionChoiceTest {
    private static final int ROWS = 20_000;
    private static final long HOUR_MS = 3_600_000L;

    /// Millisecond timestamps from `start`, one per `step` milliseconds, with a few milliseconds
    /// of jitter, about one in 50 null.
    private static ExtensionArray timestamps(long start, long step, Random random) {
        long[] v = new long[ROWS];
        boolean[] valid = new boolean[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = start + i * step + random.nextInt(4);
            valid[i] = random.nextInt(50) != 0;
        }
        return new ExtensionArray(
                (DType.Extension) DType.timestamp(TimeUnit.MILLISECONDS, "UTC").withNullable(true),
                EncodeTesting.ints(PType.I64, v, valid));
    }

    /// Millisecond timestamps spread over two centuries at random.
    private static ExtensionArray scattered(Random random) {
        long[] v = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = random.nextLong(6_000_000_000_000L);
        }
        return new ExtensionArray(
                DType.timestamp(TimeUnit.MILLISECONDS, "UTC"),
                Primitives.array(PType.I64, false, v, ROWS, Validity.ALL_VALID));
    }

    /// Dates (days as i32): about 2,500 distinct days in random order.
    private static ExtensionArray dates(Random random) {
        long[] v = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = 8_000 + random.nextInt(2_500);
        }
        return new ExtensionArray(
                DType.date(TimeUnit.DAYS), Primitives.array(PType.I32, false, v, ROWS, Validity.ALL_VALID));
    }

    private static double ratio(ExtensionArray a, WriteNode n) {
        return (double) CanonicalEncoder.encode(a.storage()).bufferBytes() / n.bufferBytes();
    }

    @Test
    void laterChunksLikeTheFirstKeepItsWay() {
        Random random = new Random(7);
        for (Compressor c :
                new Compressor[] {Compressor.DATA, Compressor.data(CompressionPreset.COMPACT, Compressor.MAX_DEPTH)}) {
            ExtensionArray[][] columns = {
                {timestamps(1_600_000_000_000L, HOUR_MS, random), timestamps(1_672_000_000_000L, HOUR_MS, random)},
                {timestamps(1_600_000_000_000L, 1_000L, random), timestamps(1_600_020_000_000L, 1_000L, random)},
                {dates(random), dates(random)}
            };
            for (ExtensionArray[] column : columns) {
                String what = column[0].dtype() + " " + c.preset();
                Compressor.Result first = c.compress(column[0], null);
                assertNotNull(first.choice(), what);
                Compressor.Result later = c.compress(column[1], first.choice());
                Verify.check(column[1], later.node());
                assertEquals(first.node().encoding(), later.node().encoding(), what);
                assertTrue(
                        ratio(column[1], later.node()) >= 0.9 * ratio(column[0], first.node()),
                        what + ": " + ratio(column[1], later.node()) + " against " + ratio(column[0], first.node()));
            }
        }
    }

    @Test
    void aChunkUnlikeTheFirstRunsBothWays() throws NoSuchAlgorithmException {
        Random random = new Random(11);
        ExtensionArray regular = timestamps(1_600_000_000_000L, HOUR_MS, random);
        ExtensionArray wild = scattered(random);
        Compressor.Result first = Compressor.DATA.compress(regular, null);
        Compressor.Result later = Compressor.DATA.compress(wild, first.choice());
        Verify.check(wild, later.node());
        assertEquals(
                CompressorOutputTest.hash(Compressor.DATA.compress(wild)), CompressorOutputTest.hash(later.node()));
    }

    @Test
    void withoutAChoiceTheResultIsTheUsualOne() throws NoSuchAlgorithmException {
        Random random = new Random(13);
        for (Array a :
                new Array[] {timestamps(1_600_000_000_000L, HOUR_MS, random), scattered(random), dates(random)}) {
            assertEquals(
                    CompressorOutputTest.hash(Compressor.DATA.compress(a)),
                    CompressorOutputTest.hash(Compressor.DATA.compress(a, null).node()));
        }
    }
}
