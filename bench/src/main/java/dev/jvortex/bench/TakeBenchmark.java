package dev.jvortex.bench;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.Taking;
import dev.jvortex.encodings.alp.AlpEncoder;
import dev.jvortex.encodings.dict.DictEncoder;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import dev.jvortex.encodings.zstd.ZstdEncoder;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

// spotless:off
/// Taking 1,000 random rows (unsorted, as a point lookup asks for them; `taken` sets the number)
/// of one serialized chunk of 65,536 rows: [#take] reads only what the rows need ([Taking]); [#decodeAndGather] decodes the
/// chunk whole and gathers, which is what a take cost before. Both allocate from a fresh arena
/// per operation.
///
/// | encoding | values | tree |
/// |---|---|---|
/// | `bitpacked` | u32, 12 random bits, 1% outliers of 30 bits | `fastlanes.bitpacked` with patches |
/// | `for` | i64, 10^12 plus 20 random bits | `fastlanes.for` over `fastlanes.bitpacked` |
/// | `alp` | f64 prices with two decimals | `vortex.alp` over bit-packed integers |
/// | `dict` | 2,000 distinct URL-like strings | `vortex.dict` (codes bit-packed, values as the dictionary encoder leaves them) |
/// | `fsst` | URL-like strings, mostly distinct | `vortex.fsst` |
/// | `onpair` | same | `vortex.onpair` |
/// | `runend` | i32, runs of 1..15 | `vortex.runend` |
/// | `zstd` | URL-like strings | `vortex.zstd` as the compact preset writes it (8,192 values per frame) |
///
/// Run: `java -jar bench/target/benchmarks.jar TakeBenchmark -wi 2 -i 3 -f 1`.
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class TakeBenchmark {
// spotless:on
    /// Rows of the chunk.
    static final int ROWS = 1 << 16;

    /// The chunk's encoding (see the class docs).
    @Param({"bitpacked", "for", "alp", "dict", "fsst", "onpair", "runend", "zstd"})
    public String encoding;

    /// Random rows taken per operation (`-p taken=10` for point lookups).
    @Param("1000")
    public int taken;

    Arena arena;
    EncodedNode root;
    DType dtype;
    int[] indices;

    @Setup(Level.Trial)
    @SuppressWarnings("MustBeClosedChecker") // closed in @TearDown
    public void setup() {
        arena = Arena.ofShared();
        Random random = new Random(42);
        Array input;
        WriteNode node;
        switch (encoding) {
            case "bitpacked" -> {
                long[] v = new long[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    v[i] = random.nextInt(100) == 0 ? random.nextInt(1 << 30) : random.nextInt(1 << 12);
                }
                PrimitiveArray a = ints(PType.U32, v);
                input = a;
                node = BitPackedEncoder.encode(a, LightEncoder.PATCHES);
            }
            case "for" -> {
                long[] v = new long[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    v[i] = 1_000_000_000_000L + random.nextInt(1 << 20);
                }
                PrimitiveArray a = ints(PType.I64, v);
                input = a;
                node = ForEncoder.encodeBitPacked(a, LightEncoder.PATCHES);
            }
            case "alp" -> {
                MemorySegment data = arena.allocate(ROWS * 8L, 8);
                for (int i = 0; i < ROWS; i++) {
                    data.setAtIndex(PrimitiveArray.LE_DOUBLE, i, random.nextInt(1_000_000) / 100.0);
                }
                PrimitiveArray a = new PrimitiveArray(
                        new DType.Primitive(PType.F64, false), PType.F64, data, ROWS, Validity.ALL_VALID);
                input = a;
                node = AlpEncoder.encode(a, LightEncoder.PACKED);
            }
            case "dict" -> {
                String[] distinct = new String[2000];
                for (int d = 0; d < distinct.length; d++) {
                    distinct[d] = url(random);
                }
                String[] rows = new String[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    rows[i] = distinct[random.nextInt(distinct.length)];
                }
                VarBinViewArray a = strings(rows);
                input = a;
                node = DictEncoder.encode(a, LightEncoder.PACKED);
            }
            case "fsst", "onpair", "zstd" -> {
                String[] rows = new String[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    rows[i] = url(random);
                }
                VarBinViewArray a = strings(rows);
                input = a;
                node = switch (encoding) {
                    case "fsst" -> FsstEncoder.encode(a, LightEncoder.PACKED);
                    case "onpair" -> OnPairEncoder.encode(a, LightEncoder.PACKED);
                    default -> ZstdEncoder.encode(a, ZstdEncoder.COMPACT_LEVEL, ZstdEncoder.COMPACT_VALUES_PER_FRAME);
                };
            }
            case "runend" -> {
                long[] v = new long[ROWS];
                long value = 0;
                for (int i = 0, run = 0; i < ROWS; i++, run--) {
                    if (run <= 0) {
                        run = 1 + random.nextInt(15);
                        value = random.nextInt(1 << 20);
                    }
                    v[i] = value;
                }
                PrimitiveArray a = ints(PType.I32, v);
                input = a;
                node = RunEndEncoder.encode(a, LightEncoder.PACKED);
            }
            default -> throw new IllegalArgumentException(encoding);
        }
        if (node == null) {
            throw new IllegalStateException(encoding + ": the encoder refused the input");
        }
        dtype = input.dtype();
        root = serialize(node, arena);
        indices = random.ints(taken, 0, ROWS).toArray();
        try (Arena check = Arena.ofConfined()) {
            Array want = ArrayOps.take(Decoding.decodeRoot(root, dtype, ROWS, check), indices, check);
            Array got = Taking.take(root, dtype, ROWS, indices, check);
            for (int k = 0; k < taken; k++) {
                if (!render(want, k).equals(render(got, k))) {
                    throw new IllegalStateException(encoding + ": take differs from the whole decode at row " + k);
                }
            }
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        arena.close();
    }

    /// The rows through [Taking]: only what they need is decoded.
    @Benchmark
    public int take() {
        try (Arena a = Arena.ofConfined()) {
            return Taking.take(root, dtype, ROWS, indices, a).length();
        }
    }

    /// The whole chunk decoded, then the rows gathered.
    @Benchmark
    public int decodeAndGather() {
        try (Arena a = Arena.ofConfined()) {
            return ArrayOps.take(Decoding.decodeRoot(root, dtype, ROWS, a), indices, a)
                    .length();
        }
    }

    private static String render(Array a, int i) {
        if (!a.isValid(i)) {
            return "null";
        }
        return switch (a) {
            case PrimitiveArray p -> Long.toHexString(p.getLong(i));
            case VarBinViewArray s -> s.getString(i);
            default -> throw new IllegalStateException("unexpected " + a.dtype());
        };
    }

    private static String url(Random random) {
        String[] hosts = {"example.com", "shop.example.org", "api.service.net", "news.site.io"};
        String[] parts = {"products", "item", "search", "user", "profile", "cart", "view", "detail"};
        return "https://" + hosts[random.nextInt(hosts.length)] + "/" + parts[random.nextInt(parts.length)] + "/"
                + random.nextInt(100_000) + "?ref=" + parts[random.nextInt(parts.length)];
    }

    private static PrimitiveArray ints(PType ptype, long[] values) {
        int w = ptype.byteWidth();
        MemorySegment data = Arena.ofAuto().allocate((long) values.length * w, w);
        for (int i = 0; i < values.length; i++) {
            PrimitiveArray.setLong(data, ptype, i, values[i]);
        }
        return new PrimitiveArray(new DType.Primitive(ptype, false), ptype, data, values.length, Validity.ALL_VALID);
    }

    private static VarBinViewArray strings(String[] rows) {
        Builders.StringBuilder b = Builders.strings(new DType.Utf8(false));
        for (String s : rows) {
            b.append(s);
        }
        return (VarBinViewArray) b.build(Arena.ofAuto());
    }

    private static EncodedNode serialize(WriteNode node, Arena arena) {
        Set<String> idSet = new LinkedHashSet<>();
        collect(node, idSet);
        List<String> ids = new ArrayList<>(idSet);
        ArraySerializer.Serialized s = ArraySerializer.serialize(node, ids::indexOf);
        MemorySegment bytes = arena.allocate(Math.max(1, s.length()), Math.max(64, s.alignment()))
                .asSlice(0, s.length());
        long pos = 0;
        for (MemorySegment part : s.parts()) {
            MemorySegment.copy(part, 0, bytes, pos, part.byteSize());
            pos += part.byteSize();
        }
        return SerializedArray.parse(bytes, ids, "take-benchmark").root();
    }

    private static void collect(WriteNode node, Set<String> out) {
        out.add(node.encoding());
        for (WriteNode c : node.children()) {
            collect(c, out);
        }
    }
}
