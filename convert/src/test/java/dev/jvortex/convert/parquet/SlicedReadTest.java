package dev.jvortex.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.ArrayRows;
import dev.jvortex.testing.CanonicalArrays;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/// A row group read in slices of rows that do not line up with its pages (small pages, some
/// string columns dictionary-encoded, others plain after the dictionary grew too large, nulls,
/// a struct) gives the rows that were written, slice by slice; a conversion in slices writes
/// the same bytes as one of the whole row group; and a column chunk that ends early fails
/// with a [VortexException].
class SlicedReadTest {
    private static final int ROWS = 30_000;

    @TempDir
    Path tmp;

    private List<Array> source;

    private Path write(Arena arena, ParquetWriter.Options options) throws IOException {
        Random r = new Random(11);
        long[] ids = new long[ROWS];
        long[] small = new long[ROWS];
        boolean[] valid = new boolean[ROWS];
        String[] names = new String[ROWS];
        String[] notes = new String[ROWS];
        double[] prices = new double[ROWS];
        boolean[] flags = new boolean[ROWS];
        BigInteger[] amounts = new BigInteger[ROWS];
        for (int i = 0; i < ROWS; i++) {
            ids[i] = i * 7L - 5000;
            small[i] = r.nextInt(100);
            valid[i] = r.nextInt(7) != 0;
            names[i] = r.nextInt(9) == 0 ? null : "name-" + r.nextInt(40);
            notes[i] = r.nextInt(11) == 0
                    ? null
                    : "a longer note " + r.nextLong() + (i % 3 == 0 ? "" : "!".repeat(i % 17));
            prices[i] = r.nextGaussian() * 1000;
            flags[i] = r.nextBoolean();
            amounts[i] = BigInteger.valueOf(r.nextLong() % 1_000_000_000L);
        }
        Array x = CanonicalArrays.ints(PType.I32, small, valid);
        Array y = CanonicalArrays.doubles(prices, null);
        DType.Struct pairType = DType.struct(List.of("x", "y"), List.of(x.dtype(), y.dtype()));
        source = List.of(
                CanonicalArrays.ints(PType.I64, ids, null),
                CanonicalArrays.strings(names, true, arena),
                CanonicalArrays.strings(notes, true, arena),
                CanonicalArrays.doubles(prices, valid),
                CanonicalArrays.bools(flags, valid),
                CanonicalArrays.decimals(new DType.Decimal(18, 2, true), amounts, valid),
                new StructArray(pairType, List.of(x, y), ROWS, Validity.ALL_VALID));
        List<String> names0 = List.of("id", "name", "note", "price", "flag", "amount", "pair");
        List<DType> types = new ArrayList<>();
        for (Array a : source) {
            types.add(a.dtype());
        }
        Path file = tmp.resolve("sliced.parquet");
        try (OutputStream out = Files.newOutputStream(file);
                ParquetWriter w = ParquetWriter.create(out, DType.struct(names0, types), options)) {
            w.write(source);
            w.finish();
        }
        return file;
    }

    private static ParquetWriter.Options smallPages() {
        return new ParquetWriter.Options(ParquetWriter.Codec.ZSTD, 128L << 20, 1 << 20, 3000, true);
    }

    @ParameterizedTest
    @ValueSource(ints = {1000, 4096, 7777})
    void slicesGiveTheWrittenRows(int sliceRows) throws IOException {
        try (Arena arena = Arena.ofShared()) {
            Path file = write(arena, smallPages());
            try (ParquetFile pq = ParquetFile.open(file)) {
                assertEquals(1, pq.rowGroupCount());
                assertTrue(pq.sliceable(0, sliceRows));
                ParquetFile.Slices slices = pq.slices(0, sliceRows);
                long from = 0;
                int count = 0;
                while (slices.hasNext()) {
                    List<Array> got = slices.next(arena);
                    int n = got.getFirst().length();
                    assertEquals(Math.min(sliceRows, ROWS - from), n);
                    for (int f = 0; f < source.size(); f++) {
                        for (int i = 0; i < n; i++) {
                            assertEquals(
                                    ArrayRows.row(source.get(f), (int) from + i),
                                    ArrayRows.row(got.get(f), i),
                                    "field " + f + ", row " + (from + i));
                        }
                    }
                    from += n;
                    count++;
                }
                assertEquals(ROWS, from);
                assertEquals((ROWS + sliceRows - 1) / sliceRows, count);
            }
        }
    }

    @Test
    void aSmallOrRepeatedRowGroupIsNotSliced() throws IOException {
        try (Arena arena = Arena.ofShared()) {
            Path file = write(arena, smallPages());
            try (ParquetFile pq = ParquetFile.open(file)) {
                assertFalse(pq.sliceable(0, ROWS / 2));
                assertThrows(IllegalArgumentException.class, () -> pq.slices(0, ROWS));
            }
        }
    }

    @Test
    void conversionInSlicesWritesTheSameFile() throws IOException {
        Path file;
        try (Arena arena = Arena.ofShared()) {
            file = write(arena, smallPages());
        }
        Path whole = tmp.resolve("whole.vortex");
        Path sliced = tmp.resolve("sliced.vortex");
        ParquetConverter.Result a =
                ParquetConverter.convert(file, whole, WriteOptions.defaults(), rows -> {}, Integer.MAX_VALUE / 2);
        ParquetConverter.Result b = ParquetConverter.convert(file, sliced, WriteOptions.defaults(), rows -> {}, 2500);
        assertEquals(ROWS, a.rows());
        assertEquals(ROWS, b.rows());
        assertEquals(-1L, Files.mismatch(whole, sliced));
    }

    @Test
    void aTruncatedChunkFailsInSlices() throws IOException {
        Path file;
        try (Arena arena = Arena.ofShared()) {
            file = write(arena, smallPages().withDictionary(false));
        }
        byte[] bytes = Files.readAllBytes(file);
        Random r = new Random(3);
        int failures = 0;
        for (int trial = 0; trial < 60; trial++) {
            byte[] bad = bytes.clone();
            // damage the column data, not the footer
            int at = 4 + r.nextInt(bytes.length / 2);
            for (int k = 0; k < 8; k++) {
                bad[at + k] = (byte) r.nextInt(256);
            }
            Path damaged = tmp.resolve("damaged.parquet");
            Files.write(damaged, bad);
            try (Arena arena = Arena.ofShared();
                    ParquetFile pq = ParquetFile.open(damaged)) {
                ParquetFile.Slices slices = pq.slices(0, 1000);
                while (slices.hasNext()) {
                    slices.next(arena);
                }
            } catch (VortexException e) {
                failures++;
            }
        }
        assertTrue(failures > 0, "no damaged file failed");
    }
}
