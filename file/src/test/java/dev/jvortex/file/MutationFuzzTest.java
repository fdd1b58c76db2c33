package dev.jvortex.file;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.compress.CompressionPreset;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/// Seeded mutation fuzzing of whole files: small files we write with several encodings and
/// layouts (chunked, zoned, dictionary) are damaged 800 times each (bit flips, interesting
/// bytes and integers, copied blocks, truncation) and read through every path (full, filtered,
/// parallel and by row index, file statistics, zone maps). Each attempt must read or fail with a
/// [VortexException] that is neither [VortexException.Kind#INTERNAL] (a bug) nor
/// [VortexException.Kind#MISUSE] (the caller did nothing wrong), never another exception, an
/// out-of-memory error or a hang.
///
/// A failure names the file, the attempt and its mutation; `-Djvortex.fuzz.only=<attempt>` replays
/// one attempt of every file, `-Djvortex.fuzz.mutations=<n>` runs more.
class MutationFuzzTest {
    private static final int ROWS = 2500;
    private static final int MUTATIONS = Integer.getInteger("jvortex.fuzz.mutations", 800);
    private static final int ONLY = Integer.getInteger("jvortex.fuzz.only", -1);
    private static final DType TIMESTAMP = new DType.Extension(
            "vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {1, 3, 0, 'U', 'T', 'C'});
    private static final DType.Struct SCHEMA = DType.struct(
            false,
            "id",
            new DType.Primitive(PType.I64, false),
            "small",
            new DType.Primitive(PType.I32, true),
            "price",
            new DType.Primitive(PType.F64, true),
            "noise",
            new DType.Primitive(PType.F64, false),
            "city",
            new DType.Utf8(true),
            "url",
            new DType.Utf8(false),
            "runs",
            new DType.Primitive(PType.U16, false),
            "flag",
            new DType.Bool(true),
            "at",
            TIMESTAMP);
    private static final String[] CITIES = {"Amsterdam", "Berlin", "Cairo", "Delhi", "Edinburgh", "Florence", "Geneva"};

    @TempDir
    static Path dir;

    static final List<Path> FILES = new ArrayList<>();

    @BeforeAll
    static void write() {
        WriteOptions small = WriteOptions.defaults()
                .withRowBlock(512)
                .withTargetChunkBytes(4 << 10)
                .withParallelism(1);
        FILES.add(write("default.vortex", small));
        FILES.add(write("compact.vortex", small.withPreset(CompressionPreset.COMPACT)));
        FILES.add(
                write("plain.vortex", small.compress(false).withZoneMaps(false).withDictionaries(false)));
    }

    static Stream<String> files() {
        return Stream.of("default.vortex", "compact.vortex", "plain.vortex");
    }

    private static Path write(String name, WriteOptions options) {
        Path path = dir.resolve(name);
        Random r = new Random(name.hashCode());
        try (Arena arena = Arena.ofConfined();
                VortexWriter w = VortexWriter.create(path, SCHEMA, options)) {
            List<DType> t = SCHEMA.fields();
            Builders.LongBuilder id = Builders.longs(t.get(0));
            Builders.LongBuilder smallInts = Builders.longs(t.get(1));
            Builders.DoubleBuilder price = Builders.doubles(t.get(2));
            Builders.DoubleBuilder noise = Builders.doubles(t.get(3));
            Builders.StringBuilder city = Builders.strings(t.get(4));
            Builders.StringBuilder url = Builders.strings(t.get(5));
            Builders.LongBuilder runs = Builders.longs(t.get(6));
            Builders.BoolBuilder flag = Builders.bools(t.get(7));
            Builders.LongBuilder at = Builders.longs(t.get(8));
            for (int i = 0; i < ROWS; i++) {
                id.append(1_000_000L + i);
                if (i % 11 == 0) {
                    smallInts.appendNull();
                } else {
                    smallInts.append(i % 97 == 0 ? 1 << 20 : r.nextInt(50));
                }
                if (i % 13 == 0) {
                    price.appendNull();
                } else {
                    price.append(r.nextInt(100_000) / 100.0);
                }
                noise.append(r.nextGaussian());
                if (i % 9 == 0) {
                    city.appendNull();
                } else {
                    city.append(CITIES[r.nextInt(CITIES.length)]);
                }
                url.append("https://example.org/items/" + (i * 7919 % 10007) + "?ref="
                        + CITIES[i % CITIES.length].toLowerCase(Locale.ROOT));
                runs.append(i / 150);
                if (i % 5 == 0) {
                    flag.appendNull();
                } else {
                    flag.append(r.nextInt(4) == 0);
                }
                if (i % 17 == 0) {
                    at.appendNull();
                } else {
                    at.append(1_700_000_000_000_000L + i * 60_000_000L);
                }
            }
            w.write(List.of(
                    id.build(arena),
                    smallInts.build(arena),
                    price.build(arena),
                    noise.build(arena),
                    city.build(arena),
                    url.build(arena),
                    runs.build(arena),
                    flag.build(arena),
                    at.build(arena)));
            w.finish();
        }
        return path;
    }

    @ParameterizedTest
    @MethodSource("files")
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void mutatedFilesReadOrFailCleanly(String name) throws IOException {
        byte[] original = Files.readAllBytes(dir.resolve(name));
        read(original, name + " unmodified");
        int rejected = 0;
        long start = System.nanoTime();
        for (int attempt = 0; attempt < MUTATIONS; attempt++) {
            if (ONLY >= 0 && attempt != ONLY) {
                continue;
            }
            Random r = new Random(name.hashCode() * 1_000_003L + attempt);
            StringBuilder what =
                    new StringBuilder(name).append(" attempt ").append(attempt).append(':');
            byte[] bytes = mutate(original, r, what);
            if (!read(bytes, what.toString())) {
                rejected++;
            }
        }
        System.out.println("mutation fuzz: " + name + " (" + original.length + " bytes): " + rejected + " of "
                + MUTATIONS + " rejected in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        assertTrue(ONLY >= 0 || rejected > 0, "no mutation was detected at all");
    }

    /// Returns a damaged copy of `original`, describing the damage in `what`.
    private static byte[] mutate(byte[] original, Random r, StringBuilder what) {
        byte[] b = original.clone();
        int n = 1 + (r.nextInt(4) == 0 ? r.nextInt(4) : 0);
        for (int k = 0; k < n; k++) {
            // Half the damage lands in the last 2 KiB: postscript, footer, layout and statistics.
            int pos = r.nextBoolean()
                    ? r.nextInt(b.length)
                    : Math.max(0, b.length - 1 - r.nextInt(Math.min(2048, b.length)));
            switch (r.nextInt(6)) {
                case 0 -> {
                    int bit = r.nextInt(8);
                    b[pos] ^= (byte) (1 << bit);
                    what.append(" flip bit ").append(bit).append(" at ").append(pos);
                }
                case 1 -> {
                    byte v = (byte) new int[] {0, 1, 0x7f, 0x80, 0xff, 0xfe}[r.nextInt(6)];
                    b[pos] = v;
                    what.append(" set byte ").append(pos).append(" to ").append(v & 0xff);
                }
                case 2 -> {
                    int v = new int[] {
                                0,
                                1,
                                -1,
                                2,
                                255,
                                256,
                                65535,
                                65536,
                                Integer.MAX_VALUE,
                                Integer.MIN_VALUE,
                                b.length,
                                b.length - pos,
                                1 << 30
                            }
                            [r.nextInt(13)];
                    int at = Math.min(pos, b.length - 4);
                    if (at >= 0) {
                        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(at, v);
                        what.append(" set int ").append(at).append(" to ").append(v);
                    }
                }
                case 3 -> {
                    // A varint-sized value: protobuf metadata carries lengths and counts as varints.
                    b[pos] = (byte) (0x80 | r.nextInt(128));
                    what.append(" set varint byte ").append(pos).append(" to ").append(b[pos] & 0xff);
                }
                case 4 -> {
                    int len = 1 + r.nextInt(16);
                    int from = r.nextInt(b.length);
                    int count = Math.min(len, Math.min(b.length - from, b.length - pos));
                    System.arraycopy(original, from, b, pos, count);
                    what.append(" copy ")
                            .append(count)
                            .append(" bytes from ")
                            .append(from)
                            .append(" to ")
                            .append(pos);
                }
                default -> {
                    b[pos] = (byte) r.nextInt(256);
                    what.append(" set byte ").append(pos).append(" to ").append(b[pos] & 0xff);
                }
            }
        }
        if (r.nextInt(20) == 0) {
            int cut = r.nextInt(b.length);
            b = Arrays.copyOf(b, cut);
            what.append(" truncate to ").append(cut);
        }
        return b;
    }

    /// Reads `bytes` through one of the read paths; returns true if it read, false if it was
    /// rejected with a [VortexException]; fails the test on anything else.
    private static boolean read(byte[] bytes, String what) {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment seg = arena.allocate(Math.max(1, bytes.length)).asSlice(0, bytes.length);
            MemorySegment.copy(bytes, 0, seg, ValueLayout.JAVA_BYTE, 0, bytes.length);
            try (VortexFile f = VortexFile.open(seg, what)) {
                int path = Math.floorMod(what.hashCode(), 5);
                if (!f.dtype().equals(SCHEMA) && (path == 1 || path == 4)) {
                    // A damaged schema (a renamed column, say) cannot bind the filter: that is the caller's error.
                    path = 0;
                }
                switch (path) {
                    case 0 -> scan(f, ScanOptions.all().withParallelism(1).withMaxBatchRows(1500));
                    case 1 ->
                        scan(f, ScanOptions.all().withParallelism(1).withFilter("city = 'Berlin' AND small < 20"));
                    case 2 -> scan(f, ScanOptions.all().withParallelism(2).withMaxBatchRows(700));
                    case 3 -> {
                        long rows = f.rowCount();
                        long[] idx = rows <= 0
                                ? new long[0]
                                : new Random(what.hashCode())
                                        .longs(40, 0, Math.min(rows, Integer.MAX_VALUE))
                                        .toArray();
                        try (Batch b = f.take(idx, null)) {
                            touch(b);
                        }
                    }
                    default -> {
                        for (int i = 0; i < f.columnNames().size(); i++) {
                            f.statistics(i);
                        }
                        for (String c : f.columnNames()) {
                            ZoneMap z = f.zoneMap(c);
                            if (z != null) {
                                z.close();
                            }
                        }
                        scan(
                                f,
                                ScanOptions.columns("id", "city")
                                        .withParallelism(1)
                                        .withFilter("id >= 1001000"));
                    }
                }
            }
            return true;
        } catch (VortexException e) {
            if (e.kind() == VortexException.Kind.INTERNAL || e.kind() == VortexException.Kind.MISUSE) {
                fail(what + ": damaged bytes must give a corrupt-data error, not " + e.kind() + ": " + e, e);
            }
            return false;
        } catch (Throwable t) {
            fail(what + ": expected success or VortexException but got " + t, t);
            return false;
        }
    }

    private static void scan(VortexFile f, ScanOptions options) {
        try (Scan scan = f.scan(options)) {
            for (Batch b : scan) {
                try (b) {
                    touch(b);
                }
            }
        }
    }

    /// Reads every value of every column of `b` the way a consumer does: valid rows only.
    private static void touch(Batch b) {
        for (int c = 0; c < b.columnCount(); c++) {
            Array a = b.column(c);
            for (int i = 0; i < a.length(); i++) {
                touch(a, i);
            }
        }
    }

    private static void touch(Array a, int i) {
        if (!a.isValid(i)) {
            return;
        }
        switch (a) {
            case PrimitiveArray p -> p.getLong(i);
            case BoolArray bools -> bools.get(i);
            case VarBinViewArray s -> s.getBytes(i);
            case DecimalArray d -> d.getUnscaled(i);
            case ExtensionArray e -> touch(e.storage(), i);
            case StructArray s -> s.fields().forEach(f -> touch(f, i));
            case ListArray l -> {
                for (long k = l.start(i); k < l.end(i); k++) {
                    touch(l.elements(), (int) k);
                }
            }
            default -> {}
        }
    }
}
