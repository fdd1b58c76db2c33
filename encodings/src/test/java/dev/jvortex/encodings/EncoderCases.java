package dev.jvortex.encodings;

import static dev.jvortex.encodings.EncodeTesting.INTEGERS;
import static dev.jvortex.encodings.EncodeTesting.LENGTHS;
import static dev.jvortex.encodings.EncodeTesting.doubles;
import static dev.jvortex.encodings.EncodeTesting.floats;
import static dev.jvortex.encodings.EncodeTesting.ints;
import static dev.jvortex.encodings.EncodeTesting.randomInts;
import static dev.jvortex.encodings.EncodeTesting.randomValidity;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.alp.AlpEncoder;
import dev.jvortex.encodings.alp.AlpRdEncoder;
import dev.jvortex.encodings.constant.ConstantEncoder;
import dev.jvortex.encodings.datetime.DateTimePartsEncoder;
import dev.jvortex.encodings.dict.DictEncoder;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.fastlanes.DeltaEncoder;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.fastlanes.RleEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import dev.jvortex.encodings.sequence.SequenceEncoder;
import dev.jvortex.encodings.sparse.SparseEncoder;
import dev.jvortex.encodings.zigzag.ZigZagEncoder;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/// The catalogue of encoder inputs every encoder test runs: for each encoder, random and edge
/// case arrays (every integer width, nulls, sliced inputs, empty, one value, all equal, full
/// 64-bit ranges, float special values, strings) with the write tree the encoder made.
/// Used both for round trips through our decoders and for decoding by the reference.
public final class EncoderCases {
    private EncoderCases() {}

    /// One encoded input.
    ///
    /// @param name a unique, stable name (encoder, type, shape)
    /// @param input the array encoded
    /// @param node the write tree the encoder returned (never null here)
    public record Case(String name, Array input, WriteNode node) {}

    /// Returns every case, generated from a fixed seed.
    public static List<Case> all() {
        List<Case> out = new ArrayList<>();
        Random random = new Random(20260701L);
        Arena arena = Arena.ofAuto();
        bitPacked(out, random, arena);
        frameOfReference(out, random, arena);
        zigzag(out, random);
        sequence(out);
        alp(out, random);
        alpRd(out, random);
        dict(out, random, arena);
        runEnd(out, random, arena);
        sparse(out, random, arena);
        constant(out, random, arena);
        fsst(out, random, arena);
        onPair(out, random, arena);
        rle(out, new Random(20261130L));
        delta(out, new Random(20261201L));
        dateTimeParts(out, new Random(20261202L));
        zstd(out, new Random(20261203L), arena);
        pco(out, random);
        return out;
    }

    /// `fastlanes.rle` over every integer and float type: runs, random values, nulls (some, all),
    /// every length around a block, light and canonical children, and a sliced input.
    private static void rle(List<Case> out, Random random) {
        PType[] types = {
            PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16, PType.I32, PType.I64, PType.F16, PType.F32,
            PType.F64
        };
        for (PType ptype : types) {
            for (int len : new int[] {0, 1, 2, 1023, 1024, 1025, 3000, 20_000}) {
                long[] runs = runs(random, len, v -> TestArrays.canonical(ptype, v * 0x0101_0101_0101_0101L));
                long[] wide = randomInts(random, len, ptype.bitWidth(), 0, ptype);
                String n = "rle/" + ptype.shortName() + "/len" + len;
                add(
                        out,
                        n + "/runs",
                        ints(ptype, runs, null),
                        RleEncoder.encode(ints(ptype, runs, null), LightEncoder.PACKED));
                add(
                        out,
                        n + "/random",
                        ints(ptype, wide, null),
                        RleEncoder.encode(ints(ptype, wide, null), ChildEncoder.CANONICAL));
                PrimitiveArray some = ints(ptype, runs, runsValidity(random, len));
                add(out, n + "/nullable", some, RleEncoder.encode(some, LightEncoder.PACKED));
                PrimitiveArray noneValid = ints(ptype, wide, new boolean[len]);
                add(out, n + "/all-null", noneValid, RleEncoder.encode(noneValid, ChildEncoder.CANONICAL));
            }
        }
        double[] d = new double[2500];
        for (int i = 0; i < d.length; i++) {
            d[i] = SPECIAL_DOUBLES[(i / 9) % SPECIAL_DOUBLES.length];
        }
        add(out, "rle/f64/special", doubles(d, null), RleEncoder.encode(doubles(d, null), LightEncoder.PACKED));
        PrimitiveArray sliced = (PrimitiveArray)
                ArrayOps.slice(doubles(d, randomValidity(random, d.length, 0.2)), 700, 1200, Arena.ofAuto());
        add(out, "rle/f64/sliced", sliced, RleEncoder.encode(sliced, LightEncoder.PACKED));
        long[] many = new long[3000];
        for (int i = 0; i < many.length; i++) {
            many[i] = i % 1024 < 512 ? i / 2 : 7;
        }
        add(
                out,
                "rle/u32/u16-indices",
                ints(PType.U32, many, null),
                RleEncoder.encode(ints(PType.U32, many, null), LightEncoder.PACKED));
        // The cascading compressor's RLE cases are in the compress module (CompressedCases).
    }

    /// `fastlanes.delta` over every integer type: increasing, wandering and random values, nulls
    /// (some, all), every length around a block, light and canonical children, a sliced input.
    private static void delta(List<Case> out, Random random) {
        for (PType ptype : INTEGERS) {
            for (int len : new int[] {0, 1, 2, 1023, 1024, 1025, 3000, 20_000}) {
                long[] up = new long[len];
                long[] wander = new long[len];
                long x = TestArrays.random(random, ptype.bitWidth());
                long y = x;
                for (int i = 0; i < len; i++) {
                    x += random.nextInt(50);
                    y += random.nextInt(50) - 25;
                    up[i] = TestArrays.canonical(ptype, x);
                    wander[i] = TestArrays.canonical(ptype, y);
                }
                long[] wide = randomInts(random, len, ptype.bitWidth(), 0, ptype);
                String n = "delta/" + ptype.shortName() + "/len" + len;
                add(
                        out,
                        n + "/increasing",
                        ints(ptype, up, null),
                        DeltaEncoder.encode(ints(ptype, up, null), LightEncoder.PACKED));
                add(
                        out,
                        n + "/wandering",
                        ints(ptype, wander, null),
                        DeltaEncoder.encode(ints(ptype, wander, null), LightEncoder.PACKED));
                add(
                        out,
                        n + "/random",
                        ints(ptype, wide, null),
                        DeltaEncoder.encode(ints(ptype, wide, null), ChildEncoder.CANONICAL));
                PrimitiveArray some = ints(ptype, up, randomValidity(random, len, 0.2));
                add(out, n + "/nullable", some, DeltaEncoder.encode(some, LightEncoder.PACKED));
                PrimitiveArray allValid = ints(ptype, wander, randomValidity(random, len, 0));
                add(out, n + "/nullable-type", allValid, DeltaEncoder.encode(allValid, ChildEncoder.CANONICAL));
                PrimitiveArray noneValid = ints(ptype, wide, new boolean[len]);
                add(out, n + "/all-null", noneValid, DeltaEncoder.encode(noneValid, LightEncoder.PACKED));
            }
        }
        long[] v = new long[3000];
        for (int i = 0; i < v.length; i++) {
            v[i] = 1000L + i * 3L + random.nextInt(3);
        }
        PrimitiveArray sliced = (PrimitiveArray)
                ArrayOps.slice(ints(PType.U32, v, randomValidity(random, v.length, 0.1)), 1001, 1999, Arena.ofAuto());
        add(out, "delta/u32/sliced", sliced, DeltaEncoder.encode(sliced, LightEncoder.PACKED));
    }

    /// `vortex.datetimeparts` over timestamps of every unit, with and without a zone and nulls:
    /// event times, values before and after 1970, whole days; light and canonical children.
    private static void dateTimeParts(List<Case> out, Random random) {
        String[] units = {"ns", "us", "ms", "s"};
        long[] perSecond = {1_000_000_000L, 1_000_000L, 1_000L, 1L};
        for (int unit = 0; unit < 4; unit++) {
            for (int len : new int[] {0, 1, 1023, 1024, 1025, 20_000}) {
                long[] events = new long[len];
                long[] anywhere = new long[len];
                long[] days = new long[len];
                long t = 1_700_000_000L * perSecond[unit];
                for (int i = 0; i < len; i++) {
                    t += 1 + random.nextInt(1000) * Math.max(1, perSecond[unit] / 1000);
                    events[i] = t;
                    anywhere[i] = random.nextLong(-8_000_000_000L, 8_000_000_000L) * perSecond[unit]
                            + (perSecond[unit] == 1 ? 0 : random.nextLong(perSecond[unit]));
                    days[i] = (random.nextInt(40_000) - 10_000) * 86_400L * perSecond[unit];
                }
                String n = "datetimeparts/" + units[unit] + "/len" + len;
                ExtensionArray a = timestamps(unit, null, events, null);
                add(out, n + "/events", a, DateTimePartsEncoder.encode(a, LightEncoder.PACKED));
                ExtensionArray b = timestamps(unit, "Europe/Amsterdam", anywhere, randomValidity(random, len, 0.2));
                add(out, n + "/anywhere/tz/nullable", b, DateTimePartsEncoder.encode(b, LightEncoder.PACKED));
                ExtensionArray c = timestamps(unit, "UTC", days, null);
                add(out, n + "/days/tz", c, DateTimePartsEncoder.encode(c, ChildEncoder.CANONICAL));
                ExtensionArray d = timestamps(unit, null, anywhere, new boolean[len]);
                add(out, n + "/all-null", d, DateTimePartsEncoder.encode(d, LightEncoder.PACKED));
            }
        }
    }

    private static ExtensionArray timestamps(int unit, String zone, long[] values, boolean[] valid) {
        byte[] tz = zone == null ? new byte[0] : zone.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] meta = new byte[3 + tz.length];
        meta[0] = (byte) unit;
        meta[1] = (byte) tz.length;
        meta[2] = (byte) (tz.length >>> 8);
        System.arraycopy(tz, 0, meta, 3, tz.length);
        DType.Extension dtype =
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, valid != null), meta);
        return new ExtensionArray(dtype, ints(PType.I64, values, valid));
    }

    /// `vortex.zstd` as the compact preset writes it (8192 values per frame, no dictionary), plus
    /// small and single frames: every primitive type, nulls, slices, strings and binaries.
    private static void zstd(List<Case> out, Random random, Arena arena) {
        int compact = dev.jvortex.encodings.zstd.ZstdEncoder.COMPACT_VALUES_PER_FRAME;
        for (PType ptype : INTEGERS) {
            for (int len : new int[] {0, 1, 1000, 20_000}) {
                long[] values = randomInts(random, len, Math.min(ptype.bitWidth() - 1, 12), 0.02, ptype);
                PrimitiveArray a = ints(ptype, values, null);
                addZstd(out, "zstd/" + ptype.shortName() + "/len" + len, a, compact);
                if (len >= 1000) {
                    PrimitiveArray n = ints(ptype, values, randomValidity(random, len, 0.3));
                    addZstd(out, "zstd/" + ptype.shortName() + "/len" + len + "/nullable", n, compact);
                    addZstd(out, "zstd/" + ptype.shortName() + "/len" + len + "/frames-of-333", n, 333);
                }
            }
        }
        double[] prices = new double[20_000];
        float[] floats = new float[3000];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = i % 1000 == 0 ? Double.NaN : Math.round(random.nextDouble() * 100_000) / 100.0;
        }
        for (int i = 0; i < floats.length; i++) {
            floats[i] = i % 700 == 0 ? Float.NEGATIVE_INFINITY : random.nextFloat() * 10;
        }
        addZstd(out, "zstd/f64/prices", doubles(prices, null), compact);
        addZstd(out, "zstd/f64/prices/nullable", doubles(prices, randomValidity(random, prices.length, 0.1)), compact);
        addZstd(out, "zstd/f32/single-frame", floats(floats, null), 0);
        long[] stamps = new long[50_000];
        long t = 1_700_000_000_000L;
        for (int i = 0; i < stamps.length; i++) {
            t += random.nextInt(1000);
            stamps[i] = t;
        }
        addZstd(out, "zstd/i64/timestamps", ints(PType.I64, stamps, null), compact);
        addZstd(out, "zstd/i64/timestamps/single-frame", ints(PType.I64, stamps, null), 0);
        Array slicedInts = ArrayOps.slice(
                ints(PType.I32, randomInts(random, 30_000, 20, 0, PType.I32), randomValidity(random, 30_000, 0.2)),
                1234,
                20_000,
                arena);
        addZstd(out, "zstd/i32/sliced", slicedInts, compact);
        addZstd(out, "zstd/u32/all-null", ints(PType.U32, new long[3000], new boolean[3000]), compact);

        String[] domains = {"example.com", "mail.example.org", "university.edu", "company.co.uk"};
        for (int len : new int[] {0, 1, 100, 8192, 20_000}) {
            String[] emails = new String[len];
            String[] nullable = new String[len];
            for (int i = 0; i < len; i++) {
                emails[i] = "user." + random.nextInt(100000) + "@" + domains[random.nextInt(domains.length)];
                nullable[i] = random.nextInt(6) == 0 ? null : i % 50 == 0 ? "" : emails[i];
            }
            addZstd(out, "zstd/utf8/emails/len" + len, EncodeTesting.strings(emails, false, arena), compact);
            addZstd(
                    out,
                    "zstd/utf8/emails/len" + len + "/nullable",
                    EncodeTesting.strings(nullable, true, arena),
                    compact);
        }
        String[] mixed = new String[2000];
        for (int i = 0; i < mixed.length; i++) {
            StringBuilder sb = new StringBuilder();
            int size = i % 100 == 0 ? 5000 : random.nextInt(40);
            for (int k = 0; k < size; k++) {
                sb.appendCodePoint(
                        k % 7 == 0
                                ? 0x4e00 + random.nextInt(500)
                                : k % 11 == 0 ? 0x1F600 + random.nextInt(50) : 'a' + random.nextInt(26));
            }
            mixed[i] = i % 13 == 0 ? null : sb.toString();
        }
        addZstd(out, "zstd/utf8/unicode-and-long/frames-of-100", EncodeTesting.strings(mixed, true, arena), 100);
        addZstd(out, "zstd/utf8/unicode-and-long/single-frame", EncodeTesting.strings(mixed, true, arena), 0);
        Array slicedStrings = ArrayOps.slice(EncodeTesting.strings(mixed, true, arena), 333, 1500, arena);
        addZstd(out, "zstd/utf8/sliced", slicedStrings, 256);
        String[] allNull = new String[100];
        addZstd(out, "zstd/utf8/all-null", EncodeTesting.strings(allNull, true, arena), compact);
        String[] empties = new String[500];
        java.util.Arrays.fill(empties, "");
        addZstd(out, "zstd/utf8/all-empty", EncodeTesting.strings(empties, false, arena), compact);
        byte[][] bytes = new byte[12_000][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = i % 9 == 0 ? null : new byte[random.nextInt(30)];
            if (bytes[i] != null) {
                random.nextBytes(bytes[i]);
            }
        }
        addZstd(out, "zstd/binary/random/nullable", EncodeTesting.binaries(bytes, true, arena), compact);
    }

    private static void addZstd(List<Case> out, String name, Array a, int valuesPerFrame) {
        add(
                out,
                name,
                a,
                dev.jvortex.encodings.zstd.ZstdEncoder.encode(
                        a, dev.jvortex.encodings.zstd.ZstdEncoder.COMPACT_LEVEL, valuesPerFrame));
    }

    /// The pco test data of the pcodec module, for [PType]s.
    private static final List<PType> PCO_TYPES = dev.jvortex.pcodec.PcoTestData.TYPES.stream()
            .map(t -> PType.valueOf(t.name()))
            .toList();

    private static List<String> pcoShapes(PType ptype) {
        return dev.jvortex.pcodec.PcoTestData.shapes(dev.jvortex.pcodec.PcoType.valueOf(ptype.name()));
    }

    private static long[] pcoValues(PType ptype, String shape, int n, Random random) {
        return dev.jvortex.pcodec.PcoTestData.values(
                dev.jvortex.pcodec.PcoType.valueOf(ptype.name()), shape, n, random);
    }

    /// `vortex.pco`: every pco number type and data shape at edge lengths, nulls, multi-chunk
    /// columns and seeded random columns with random page sizes.
    private static void pco(List<Case> out, Random random) {
        for (PType ptype : PCO_TYPES) {
            boolean wide = ptype == PType.I32 || ptype == PType.F64;
            for (String shape : pcoShapes(ptype)) {
                for (int len : wide ? new int[] {1, 7, 257, 8191, 8192, 8193} : new int[] {1, 7, 257, 8193}) {
                    long[] values = pcoValues(ptype, shape, len, random);
                    PrimitiveArray a = ints(ptype, values, null);
                    add(
                            out,
                            "pco/" + ptype.shortName() + "/" + shape + "/len" + len,
                            a,
                            dev.jvortex.encodings.pco.PcoArrayEncoder.encode(a));
                }
            }
            for (double nullRate : new double[] {0.3, 1.0}) {
                String shape = ptype.isFloat() ? "special" : "walk";
                long[] values = pcoValues(ptype, shape, 3000, random);
                PrimitiveArray a = ints(ptype, values, randomValidity(random, values.length, nullRate));
                add(
                        out,
                        "pco/" + ptype.shortName() + "/nulls" + nullRate,
                        a,
                        dev.jvortex.encodings.pco.PcoArrayEncoder.encode(a));
            }
            PrimitiveArray empty = ints(ptype, new long[0], null);
            add(
                    out,
                    "pco/" + ptype.shortName() + "/empty",
                    empty,
                    dev.jvortex.encodings.pco.PcoArrayEncoder.encode(empty));
        }
        for (PType ptype : new PType[] {PType.I64, PType.F64}) {
            int n = (1 << 18) + 1000;
            long[] values = pcoValues(ptype, ptype.isFloat() ? "prices" : "walk", n, random);
            PrimitiveArray a = ints(ptype, values, null);
            add(
                    out,
                    "pco/" + ptype.shortName() + "/two-chunks",
                    a,
                    dev.jvortex.encodings.pco.PcoArrayEncoder.encode(a));
        }
        // Every delta encoding forced, with tiny pages: delta states longer than the page,
        // Lookback pages of one value.
        for (int delta = dev.jvortex.pcodec.PcoEncoder.LOOKBACK; delta <= 7; delta++) {
            PType ptype = delta % 2 == 0 ? PType.I64 : PType.U16;
            for (int pageN : new int[] {1, 2, 3, 7, 300}) {
                long[] values = pcoValues(ptype, delta < 0 ? "repeats" : "walk", 1000, random);
                PrimitiveArray a = ints(ptype, values, null);
                add(
                        out,
                        "pco/" + ptype.shortName() + "/delta" + delta + "/pages" + pageN,
                        a,
                        dev.jvortex.encodings.pco.PcoArrayEncoder.encode(a, pageN, delta));
            }
        }
        for (int c = 0; c < 400; c++) {
            PType ptype = PCO_TYPES.get(random.nextInt(9));
            List<String> shapes = pcoShapes(ptype);
            String shape = shapes.get(random.nextInt(shapes.size()));
            int len = 1 + random.nextInt(random.nextBoolean() ? 50 : 3000);
            int pageN = 1 + random.nextInt(random.nextBoolean() ? 100 : 4000);
            long[] values = pcoValues(ptype, shape, len, random);
            boolean[] valid = random.nextBoolean() ? null : randomValidity(random, len, random.nextDouble());
            PrimitiveArray a = ints(ptype, values, valid);
            add(
                    out,
                    "pco/random" + c + "/" + ptype.shortName() + "/" + shape + "/len" + len + "/page" + pageN,
                    a,
                    dev.jvortex.encodings.pco.PcoArrayEncoder.encode(a, pageN));
        }
    }

    private static void add(List<Case> out, String name, Array input, WriteNode node) {
        if (node == null) {
            throw new AssertionError("encoder returned null for case " + name);
        }
        out.add(new Case(name, input, node));
    }

    private static void bitPacked(List<Case> out, Random random, Arena arena) {
        for (PType ptype : INTEGERS) {
            int typeBits = ptype.bitWidth();
            int maxBits = ptype.isSigned() ? typeBits - 1 : typeBits;
            for (int len : LENGTHS) {
                for (int bits : new int[] {0, 1, 3, typeBits / 2, typeBits - 1}) {
                    String base = "bitpacked/" + ptype.shortName() + "/len" + len + "/bits" + bits;
                    long[] values = randomInts(random, len, Math.min(bits, maxBits), 0, ptype);
                    PrimitiveArray a = ints(ptype, values, null);
                    add(out, base + "/exact", a, BitPackedEncoder.encode(a, bits, ChildEncoder.CANONICAL));
                    if (len >= 1000) {
                        // Outliers of the full (non-negative) width become patches.
                        long[] spiky = randomInts(random, len, Math.min(bits, maxBits), 0.01, ptype);
                        for (int i = 0; i < len; i++) {
                            if (spiky[i] < 0) {
                                spiky[i] = spiky[i] & Long.MAX_VALUE >>> (64 - typeBits);
                            }
                        }
                        PrimitiveArray s = ints(ptype, spiky, null);
                        add(out, base + "/patched", s, BitPackedEncoder.encode(s, bits, ChildEncoder.CANONICAL));
                        add(out, base + "/patched-light", s, BitPackedEncoder.encode(s, bits, LightEncoder.PACKED));
                        boolean[] valid = randomValidity(random, len, 0.2);
                        // Null rows hold values of any width: they must neither be patched nor break packing.
                        long[] under = spiky.clone();
                        for (int i = 0; i < len; i++) {
                            if (!valid[i]) {
                                under[i] = -1;
                            }
                        }
                        PrimitiveArray n = ints(ptype, under, valid);
                        add(out, base + "/nullable", n, BitPackedEncoder.encode(n, bits, ChildEncoder.CANONICAL));
                        Array sliced = ArrayOps.slice(n, 13, len - 20, arena);
                        add(
                                out,
                                base + "/sliced",
                                sliced,
                                BitPackedEncoder.encode((PrimitiveArray) sliced, bits, ChildEncoder.CANONICAL));
                    }
                }
                long[] mixed = randomInts(random, len, Math.min(5, maxBits), 0.05, ptype);
                for (int i = 0; i < len; i++) {
                    mixed[i] &= Long.MAX_VALUE >>> (64 - typeBits);
                }
                PrimitiveArray m = ints(ptype, mixed, null);
                WriteNode best = BitPackedEncoder.encode(m, LightEncoder.PATCHES);
                if (best != null) {
                    add(out, "bitpacked/" + ptype.shortName() + "/len" + len + "/best", m, best);
                }
            }
        }
        // Over 65,535 rows: u32 patch indices and wider chunk offsets.
        long[] big = randomInts(random, 70_000, 4, 0, PType.U16);
        for (int i = 65_530; i < big.length; i += 97) {
            big[i] = 60_000;
        }
        big[3] = 50_000;
        PrimitiveArray bigArray = ints(PType.U16, big, null);
        add(
                out,
                "bitpacked/u16/u32-patch-indices",
                bigArray,
                BitPackedEncoder.encode(bigArray, 4, ChildEncoder.CANONICAL));
        // A nullable type without a validity bitmap: no validity child.
        PrimitiveArray nullableType = Primitives.array(
                PType.I32,
                true,
                randomInts(random, 2000, 9, 0, PType.I32),
                2000,
                dev.jvortex.core.array.Validity.ALL_VALID);
        add(
                out,
                "bitpacked/i32/nullable-type-all-valid",
                nullableType,
                BitPackedEncoder.encode(nullableType, LightEncoder.PATCHES));
        add(out, "for/i32/nullable-type-all-valid", nullableType, ForEncoder.encode(nullableType, LightEncoder.PACKED));
        PrimitiveArray allNull = ints(PType.U32, new long[1500], new boolean[1500]);
        add(out, "bitpacked/u32/all-null", allNull, BitPackedEncoder.encode(allNull, 0, ChildEncoder.CANONICAL));
    }

    private static void frameOfReference(List<Case> out, Random random, Arena arena) {
        for (PType ptype : INTEGERS) {
            int typeBits = ptype.bitWidth();
            for (int len : new int[] {1, 7, 1024, 3000}) {
                long min = ptype.isSigned() ? -(1L << (typeBits - 2)) : 1L << (typeBits - 2);
                long[] values = randomInts(random, len, typeBits / 4, 0, ptype);
                for (int i = 0; i < len; i++) {
                    values[i] = TestArrays.canonical(ptype, values[i] + min);
                }
                PrimitiveArray a = ints(ptype, values, null);
                add(out, "for/" + ptype.shortName() + "/len" + len, a, ForEncoder.encode(a, LightEncoder.PACKED));
                boolean[] valid = randomValidity(random, len, 0.3);
                valid[0] = true;
                PrimitiveArray n = ints(ptype, values, valid);
                add(
                        out,
                        "for/" + ptype.shortName() + "/len" + len + "/nullable",
                        n,
                        ForEncoder.encode(n, LightEncoder.PACKED));
                WriteNode packed = ForEncoder.encodeBitPacked(n, LightEncoder.PATCHES);
                if (packed != null) {
                    add(out, "for/" + ptype.shortName() + "/len" + len + "/bitpacked", n, packed);
                }
            }
            // The whole range of the type: the shifted values wrap.
            long[] extremes = {
                ptype.isSigned() ? Long.MIN_VALUE >> (64 - typeBits) : 0,
                ptype.isSigned() ? Long.MAX_VALUE >> (64 - typeBits) : TestArrays.low(-1L, typeBits),
                0,
                1,
                -1
            };
            for (int i = 0; i < extremes.length; i++) {
                extremes[i] = TestArrays.canonical(ptype, extremes[i]);
            }
            PrimitiveArray e = ints(ptype, extremes, null);
            add(out, "for/" + ptype.shortName() + "/full-range", e, ForEncoder.encode(e, ChildEncoder.CANONICAL));
            Array sliced = ArrayOps.slice(
                    ints(ptype, randomInts(random, 2100, 6, 0, ptype), randomValidity(random, 2100, 0.1)),
                    1000,
                    1050,
                    arena);
            add(
                    out,
                    "for/" + ptype.shortName() + "/sliced",
                    sliced,
                    ForEncoder.encode((PrimitiveArray) sliced, LightEncoder.PACKED));
        }
    }

    private static void zigzag(List<Case> out, Random random) {
        for (PType ptype : new PType[] {PType.I8, PType.I16, PType.I32, PType.I64}) {
            int typeBits = ptype.bitWidth();
            for (int len : new int[] {0, 1, 1025, 3000}) {
                long[] values = new long[len];
                for (int i = 0; i < len; i++) {
                    values[i] = random.nextInt(200) - 100;
                }
                if (len > 2) {
                    values[0] = Long.MIN_VALUE >> (64 - typeBits);
                    values[1] = Long.MAX_VALUE >> (64 - typeBits);
                }
                for (int i = 0; i < len; i++) {
                    values[i] = TestArrays.canonical(ptype, values[i]);
                }
                PrimitiveArray a = ints(ptype, values, null);
                add(
                        out,
                        "zigzag/" + ptype.shortName() + "/len" + len,
                        a,
                        ZigZagEncoder.encode(a, ChildEncoder.CANONICAL));
                add(
                        out,
                        "zigzag/" + ptype.shortName() + "/len" + len + "/packed",
                        a,
                        ZigZagEncoder.encode(a, LightEncoder.PACKED));
                PrimitiveArray n = ints(ptype, values, randomValidity(random, len, 0.25));
                add(
                        out,
                        "zigzag/" + ptype.shortName() + "/len" + len + "/nullable",
                        n,
                        ZigZagEncoder.encode(n, LightEncoder.PACKED));
            }
        }
    }

    private static void sequence(List<Case> out) {
        for (PType ptype : INTEGERS) {
            int typeBits = ptype.bitWidth();
            long max = ptype.isSigned() ? Long.MAX_VALUE >> (64 - typeBits) : TestArrays.low(-1L, typeBits);
            long min = ptype.isSigned() ? Long.MIN_VALUE >> (64 - typeBits) : 0;
            seq(out, ptype, "up", 0, 1, 100);
            seq(out, ptype, "one", 42, 0, 1);
            seq(out, ptype, "to-max", max - 99 * 1, 1, 100);
            seq(out, ptype, "from-min", min, 1, 100);
            if (ptype.isSigned()) {
                seq(out, ptype, "down", 50, -1, 100);
                seq(out, ptype, "wide-step", min, max, 2);
            } else {
                seq(out, ptype, "wide-step", 0, max, 2);
            }
        }
        seq(out, PType.I64, "big", -1_000_000_000_000L, 7_777_777L, 3000);
        seq(out, PType.U64, "top", -4096, 1, 4096);
    }

    private static void seq(List<Case> out, PType ptype, String name, long base, long step, int len) {
        long[] values = new long[len];
        for (int i = 0; i < len; i++) {
            values[i] = TestArrays.canonical(ptype, base + i * step);
        }
        PrimitiveArray a = ints(ptype, values, null);
        add(out, "sequence/" + ptype.shortName() + "/" + name, a, SequenceEncoder.encode(a));
        PrimitiveArray nullable = ints(ptype, values, EncodeTesting.randomValidity(new Random(1), len, 0));
        add(
                out,
                "sequence/" + ptype.shortName() + "/" + name + "/nullable-type",
                nullable,
                SequenceEncoder.encode(nullable));
    }

    /// Special doubles: every one must survive ALP bit for bit (as patches).
    static final double[] SPECIAL_DOUBLES = {
        Double.NaN,
        Double.longBitsToDouble(0x7ff0000000000123L),
        Double.longBitsToDouble(0xfff8000000000000L),
        -0.0,
        0.0,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        -Double.MIN_VALUE,
        Double.MAX_VALUE,
        -Double.MAX_VALUE,
        Double.MIN_NORMAL,
        1e300,
        -1e-300,
        0.1,
        1.0 / 3,
        9.223372036854776E18,
        -9.223372036854776E18,
        1e18,
        123456789.123456789
    };

    /// Special floats.
    static final float[] SPECIAL_FLOATS = {
        Float.NaN,
        Float.intBitsToFloat(0x7fc00123),
        -0.0f,
        0.0f,
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE,
        Float.MAX_VALUE,
        -Float.MAX_VALUE,
        Float.MIN_NORMAL,
        0.1f,
        1.0f / 3,
        2.1474836E9f,
        -2.1474836E9f,
        16777217f
    };

    private static void alp(List<Case> out, Random random) {
        for (int len : LENGTHS) {
            double[] prices = new double[len];
            float[] fprices = new float[len];
            for (int i = 0; i < len; i++) {
                prices[i] = Math.round(random.nextDouble() * 100_000) / 100.0;
                fprices[i] = Math.round(random.nextFloat() * 10_000) / 100.0f;
            }
            add(
                    out,
                    "alp/f64/prices/len" + len,
                    doubles(prices, null),
                    AlpEncoder.encode(doubles(prices, null), LightEncoder.PACKED));
            add(
                    out,
                    "alp/f32/prices/len" + len,
                    floats(fprices, null),
                    AlpEncoder.encode(floats(fprices, null), LightEncoder.PACKED));
            double[] special = prices.clone();
            float[] fspecial = fprices.clone();
            for (int i = 0; i < len; i += 37) {
                special[i] = SPECIAL_DOUBLES[(i / 37) % SPECIAL_DOUBLES.length];
                fspecial[i] = SPECIAL_FLOATS[(i / 37) % SPECIAL_FLOATS.length];
            }
            add(
                    out,
                    "alp/f64/special/len" + len,
                    doubles(special, null),
                    AlpEncoder.encode(doubles(special, null), LightEncoder.PACKED));
            add(
                    out,
                    "alp/f32/special/len" + len,
                    floats(fspecial, null),
                    AlpEncoder.encode(floats(fspecial, null), LightEncoder.PACKED));
            boolean[] valid = randomValidity(random, len, 0.3);
            add(
                    out,
                    "alp/f64/nullable/len" + len,
                    doubles(special, valid),
                    AlpEncoder.encode(doubles(special, valid), LightEncoder.PACKED));
            add(
                    out,
                    "alp/f32/nullable/len" + len,
                    floats(fspecial, valid),
                    AlpEncoder.encode(floats(fspecial, valid), LightEncoder.PACKED));
        }
        add(
                out,
                "alp/f64/all-special",
                doubles(SPECIAL_DOUBLES, null),
                AlpEncoder.encode(doubles(SPECIAL_DOUBLES, null), LightEncoder.PACKED));
        double[] longer = new double[3000];
        for (int i = 0; i < longer.length; i++) {
            longer[i] = i % 101 == 0 ? SPECIAL_DOUBLES[i % SPECIAL_DOUBLES.length] : random.nextInt(100_000) / 1000.0;
        }
        PrimitiveArray slicedAlp = (PrimitiveArray)
                ArrayOps.slice(doubles(longer, randomValidity(random, 3000, 0.1)), 1001, 1999, Arena.ofAuto());
        add(out, "alp/f64/sliced", slicedAlp, AlpEncoder.encode(slicedAlp, LightEncoder.PACKED));
        add(out, "alprd/f64/sliced", slicedAlp, AlpRdEncoder.encode(slicedAlp, LightEncoder.PACKED));
        add(
                out,
                "alp/f32/all-special",
                floats(SPECIAL_FLOATS, null),
                AlpEncoder.encode(floats(SPECIAL_FLOATS, null), LightEncoder.PACKED));
        double[] noisy = new double[2000];
        for (int i = 0; i < noisy.length; i++) {
            noisy[i] = random.nextGaussian() * 1e6;
        }
        add(out, "alp/f64/noise", doubles(noisy, null), AlpEncoder.encode(doubles(noisy, null), LightEncoder.PACKED));
        for (int e = 0; e <= 18; e += 3) {
            double[] scaled = new double[300];
            for (int i = 0; i < scaled.length; i++) {
                scaled[i] = random.nextInt(1_000_000) / Math.pow(10, e);
            }
            PrimitiveArray s = doubles(scaled, null);
            add(out, "alp/f64/exponent" + e, s, AlpEncoder.encode(s, ChildEncoder.CANONICAL));
            for (int f = 0; f <= e; f += 2) {
                add(
                        out,
                        "alp/f64/exponent" + e + "/fixed-" + e + "-" + f,
                        s,
                        AlpEncoder.encode(s, new AlpEncoder.Exponents(e, f), ChildEncoder.CANONICAL));
            }
        }
    }

    private static void alpRd(List<Case> out, Random random) {
        for (int len : new int[] {1, 2, 1023, 1025, 3000}) {
            double[] values = new double[len];
            float[] fvalues = new float[len];
            for (int i = 0; i < len; i++) {
                values[i] = random.nextDouble() * 1000;
                fvalues[i] = random.nextFloat() * 1000;
            }
            add(
                    out,
                    "alprd/f64/random/len" + len,
                    doubles(values, null),
                    AlpRdEncoder.encode(doubles(values, null), LightEncoder.PACKED));
            add(
                    out,
                    "alprd/f32/random/len" + len,
                    floats(fvalues, null),
                    AlpRdEncoder.encode(floats(fvalues, null), LightEncoder.PACKED));
            double[] special = values.clone();
            float[] fspecial = fvalues.clone();
            for (int i = 0; i < len; i += 11) {
                special[i] = SPECIAL_DOUBLES[(i / 11) % SPECIAL_DOUBLES.length];
                fspecial[i] = SPECIAL_FLOATS[(i / 11) % SPECIAL_FLOATS.length];
            }
            add(
                    out,
                    "alprd/f64/special/len" + len,
                    doubles(special, null),
                    AlpRdEncoder.encode(doubles(special, null), LightEncoder.PACKED));
            add(
                    out,
                    "alprd/f32/special/len" + len,
                    floats(fspecial, null),
                    AlpRdEncoder.encode(floats(fspecial, null), LightEncoder.PACKED));
            boolean[] valid = randomValidity(random, len, 0.3);
            add(
                    out,
                    "alprd/f64/nullable/len" + len,
                    doubles(special, valid),
                    AlpRdEncoder.encode(doubles(special, valid), LightEncoder.PACKED));
            add(
                    out,
                    "alprd/f32/nullable/len" + len,
                    floats(fspecial, valid),
                    AlpRdEncoder.encode(floats(fspecial, valid), LightEncoder.PACKED));
        }
        double[] wide = new double[3000];
        for (int i = 0; i < wide.length; i++) {
            wide[i] = Double.longBitsToDouble(random.nextLong());
        }
        add(
                out,
                "alprd/f64/random-bits",
                doubles(wide, null),
                AlpRdEncoder.encode(doubles(wide, null), LightEncoder.PACKED));
    }

    private static void dict(List<Case> out, Random random, Arena arena) {
        for (PType ptype : INTEGERS) {
            long[] pool = randomInts(random, 40, ptype.bitWidth(), 0, ptype);
            long[] values = new long[3000];
            for (int i = 0; i < values.length; i++) {
                values[i] = pool[random.nextInt(pool.length)];
            }
            add(
                    out,
                    "dict/" + ptype.shortName(),
                    ints(ptype, values, null),
                    DictEncoder.encode(ints(ptype, values, null), LightEncoder.PACKED));
            boolean[] valid = randomValidity(random, values.length, 0.2);
            add(
                    out,
                    "dict/" + ptype.shortName() + "/nullable",
                    ints(ptype, values, valid),
                    DictEncoder.encode(ints(ptype, values, valid), 1 << 20, ChildEncoder.CANONICAL));
        }
        long[] wide = new long[70000];
        for (int i = 0; i < wide.length; i++) {
            wide[i] = i % 300 == 0 ? i : random.nextInt(1000);
        }
        add(
                out,
                "dict/i64/u16-codes",
                ints(PType.I64, wide, null),
                DictEncoder.encode(ints(PType.I64, wide, null), LightEncoder.PACKED));
        double[] doubles = new double[2000];
        for (int i = 0; i < doubles.length; i++) {
            doubles[i] = SPECIAL_DOUBLES[random.nextInt(SPECIAL_DOUBLES.length)];
        }
        add(
                out,
                "dict/f64/special",
                doubles(doubles, null),
                DictEncoder.encode(doubles(doubles, null), LightEncoder.PACKED));
        String[] words = {
            "", "a", "apple", "banana", "a string longer than twelve bytes", "\u00e9t\u00e9", "\ud83d\ude00 emoji"
        };
        for (int len : new int[] {1, 10, 3000}) {
            String[] s = new String[len];
            String[] sn = new String[len];
            for (int i = 0; i < len; i++) {
                s[i] = words[random.nextInt(words.length)];
                sn[i] = random.nextInt(5) == 0 ? null : s[i];
            }
            add(
                    out,
                    "dict/utf8/len" + len,
                    EncodeTesting.strings(s, false, arena),
                    DictEncoder.encode(EncodeTesting.strings(s, false, arena), len, LightEncoder.PACKED));
            Array nullable = EncodeTesting.strings(sn, true, arena);
            if (DictEncoder.encode(nullable, len, ChildEncoder.CANONICAL) != null) {
                add(
                        out,
                        "dict/utf8/len" + len + "/nullable",
                        nullable,
                        DictEncoder.encode(nullable, len, ChildEncoder.CANONICAL));
            }
        }
    }

    private static void runEnd(List<Case> out, Random random, Arena arena) {
        for (PType ptype : INTEGERS) {
            long[] values = runs(random, 3000, v -> TestArrays.canonical(ptype, v * 0x0101_0101_0101_0101L));
            add(
                    out,
                    "runend/" + ptype.shortName(),
                    ints(ptype, values, null),
                    RunEndEncoder.encode(ints(ptype, values, null), LightEncoder.PACKED));
            boolean[] valid = runsValidity(random, values.length);
            add(
                    out,
                    "runend/" + ptype.shortName() + "/nullable",
                    ints(ptype, values, valid),
                    RunEndEncoder.encode(ints(ptype, values, valid), ChildEncoder.CANONICAL));
        }
        add(
                out,
                "runend/i32/one",
                ints(PType.I32, new long[] {5}, null),
                RunEndEncoder.encode(ints(PType.I32, new long[] {5}, null), LightEncoder.PACKED));
        long[] constant = new long[70000];
        add(
                out,
                "runend/u16/one-run-u32-ends",
                ints(PType.U16, constant, null),
                RunEndEncoder.encode(ints(PType.U16, constant, null), LightEncoder.PACKED));
        double[] d = new double[2000];
        for (int i = 0; i < d.length; i++) {
            d[i] = SPECIAL_DOUBLES[(i / 50) % SPECIAL_DOUBLES.length];
        }
        add(out, "runend/f64/special", doubles(d, null), RunEndEncoder.encode(doubles(d, null), LightEncoder.PACKED));
        PrimitiveArray dn = doubles(d, runsValidity(random, d.length));
        add(out, "runend/f64/special/nullable", dn, RunEndEncoder.encode(dn, LightEncoder.PACKED));
        String[] s = new String[1500];
        for (int i = 0; i < s.length; i++) {
            s[i] = (i / 100) % 3 == 2 ? null : "run number " + (i / 100);
        }
        add(
                out,
                "runend/utf8/nullable",
                EncodeTesting.strings(s, true, arena),
                RunEndEncoder.encode(EncodeTesting.strings(s, true, arena), ChildEncoder.CANONICAL));
        boolean[] b = new boolean[2000];
        for (int i = 0; i < b.length; i++) {
            b[i] = (i / 128) % 2 == 0;
        }
        add(
                out,
                "runend/bool",
                EncodeTesting.bools(b, null),
                RunEndEncoder.encode(EncodeTesting.bools(b, null), LightEncoder.PACKED));
    }

    private static long[] runs(Random random, int len, Function<Long, Long> value) {
        long[] out = new long[len];
        int i = 0;
        while (i < len) {
            long v = value.apply((long) random.nextInt(256));
            int run = 1 + random.nextInt(60);
            for (int k = 0; k < run && i < len; k++) {
                out[i++] = v;
            }
        }
        return out;
    }

    private static boolean[] runsValidity(Random random, int len) {
        boolean[] out = new boolean[len];
        int i = 0;
        while (i < len) {
            boolean v = random.nextInt(3) != 0;
            int run = 1 + random.nextInt(40);
            for (int k = 0; k < run && i < len; k++) {
                out[i++] = v;
            }
        }
        return out;
    }

    private static void sparse(List<Case> out, Random random, Arena arena) {
        for (PType ptype : INTEGERS) {
            long[] values = new long[3000];
            long fill = TestArrays.canonical(ptype, 77);
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextInt(20) == 0 ? TestArrays.canonical(ptype, random.nextLong()) : fill;
            }
            add(
                    out,
                    "sparse/" + ptype.shortName(),
                    ints(ptype, values, null),
                    SparseEncoder.encode(ints(ptype, values, null), LightEncoder.PACKED));
            boolean[] valid = randomValidity(random, values.length, 0.05);
            add(
                    out,
                    "sparse/" + ptype.shortName() + "/nullable",
                    ints(ptype, values, valid),
                    SparseEncoder.encode(ints(ptype, values, valid), firstValid(valid), ChildEncoder.CANONICAL));
            boolean[] mostlyNull = randomValidity(random, values.length, 0.95);
            add(
                    out,
                    "sparse/" + ptype.shortName() + "/null-fill",
                    ints(ptype, values, mostlyNull),
                    SparseEncoder.encode(ints(ptype, values, mostlyNull), -1, LightEncoder.PACKED));
        }
        double[] d = new double[1000];
        java.util.Arrays.fill(d, -0.0);
        d[3] = 0.0;
        d[500] = Double.NaN;
        add(
                out,
                "sparse/f64/negative-zero-fill",
                doubles(d, null),
                SparseEncoder.encode(doubles(d, null), LightEncoder.PACKED));
        String[] s = new String[2000];
        for (int i = 0; i < s.length; i++) {
            s[i] = i % 97 == 0 ? null : i % 31 == 0 ? "rare value number " + i : "common";
        }
        add(
                out,
                "sparse/utf8",
                EncodeTesting.strings(s, true, arena),
                SparseEncoder.encode(EncodeTesting.strings(s, true, arena), LightEncoder.PACKED));
    }

    private static int firstValid(boolean[] valid) {
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                return i;
            }
        }
        return -1;
    }

    private static void constant(List<Case> out, Random random, Arena arena) {
        for (PType ptype : INTEGERS) {
            long v = TestArrays.canonical(ptype, random.nextLong());
            long[] values = new long[1500];
            java.util.Arrays.fill(values, v);
            add(
                    out,
                    "constant/" + ptype.shortName(),
                    ints(ptype, values, null),
                    ConstantEncoder.encode(ints(ptype, values, null)));
            boolean[] valid = randomValidity(random, values.length, 0.3);
            add(
                    out,
                    "constant/" + ptype.shortName() + "/masked",
                    ints(ptype, values, valid),
                    ConstantEncoder.encode(ints(ptype, values, valid)));
            add(
                    out,
                    "constant/" + ptype.shortName() + "/all-null",
                    ints(ptype, values, new boolean[values.length]),
                    ConstantEncoder.encode(ints(ptype, values, new boolean[values.length])));
        }
        for (double d : SPECIAL_DOUBLES) {
            double[] values = new double[10];
            java.util.Arrays.fill(values, d);
            add(
                    out,
                    "constant/f64/" + Long.toHexString(Double.doubleToRawLongBits(d)),
                    doubles(values, null),
                    ConstantEncoder.encode(doubles(values, null)));
        }
        float[] f = new float[5];
        java.util.Arrays.fill(f, Float.intBitsToFloat(0x7fc00123));
        add(out, "constant/f32/nan-payload", floats(f, null), ConstantEncoder.encode(floats(f, null)));
        String[] s = new String[100];
        java.util.Arrays.fill(s, "the same string, longer than twelve bytes");
        add(
                out,
                "constant/utf8",
                EncodeTesting.strings(s, false, arena),
                ConstantEncoder.encode(EncodeTesting.strings(s, false, arena)));
        s[7] = null;
        add(
                out,
                "constant/utf8/masked",
                EncodeTesting.strings(s, true, arena),
                ConstantEncoder.encode(EncodeTesting.strings(s, true, arena)));
        boolean[] b = new boolean[100];
        java.util.Arrays.fill(b, true);
        add(out, "constant/bool", EncodeTesting.bools(b, null), ConstantEncoder.encode(EncodeTesting.bools(b, null)));
        Array bn = EncodeTesting.bools(b, randomValidity(random, 100, 0.5));
        add(out, "constant/bool/masked", bn, ConstantEncoder.encode(bn));
    }

    private static void fsst(List<Case> out, Random random, Arena arena) {
        String[] domains = {"example.com", "mail.example.org", "university.edu", "company.co.uk"};
        for (int len : new int[] {1, 2, 100, 1025, 3000}) {
            String[] emails = new String[len];
            String[] nullable = new String[len];
            for (int i = 0; i < len; i++) {
                emails[i] = "user." + random.nextInt(100000) + "@" + domains[random.nextInt(domains.length)];
                nullable[i] = random.nextInt(6) == 0 ? null : i % 50 == 0 ? "" : emails[i];
            }
            add(
                    out,
                    "fsst/utf8/emails/len" + len,
                    EncodeTesting.strings(emails, false, arena),
                    FsstEncoder.encode(EncodeTesting.strings(emails, false, arena), ChildEncoder.CANONICAL));
            VarBinViewArray n = EncodeTesting.strings(nullable, true, arena);
            if (FsstEncoder.encode(n, LightEncoder.PACKED) != null) {
                add(out, "fsst/utf8/emails/len" + len + "/nullable", n, FsstEncoder.encode(n, LightEncoder.PACKED));
            }
        }
        String[] many = new String[3000];
        for (int i = 0; i < many.length; i++) {
            many[i] = i % 9 == 0 ? null : "row " + i + " of a sliced string column";
        }
        Array slicedStrings = ArrayOps.slice(EncodeTesting.strings(many, true, arena), 777, 2000, arena);
        add(
                out,
                "fsst/utf8/sliced",
                slicedStrings,
                FsstEncoder.encode((VarBinViewArray) slicedStrings, LightEncoder.PACKED));
        add(out, "dict/utf8/sliced", slicedStrings, DictEncoder.encode(slicedStrings, 2000, LightEncoder.PACKED));
        add(out, "runend/utf8/sliced", slicedStrings, RunEndEncoder.encode(slicedStrings, LightEncoder.PACKED));
        String[] mixed = new String[600];
        for (int i = 0; i < mixed.length; i++) {
            StringBuilder sb = new StringBuilder();
            int size = i % 100 == 0 ? 2000 : random.nextInt(40);
            for (int k = 0; k < size; k++) {
                sb.appendCodePoint(
                        k % 7 == 0
                                ? 0x4e00 + random.nextInt(500)
                                : k % 11 == 0 ? 0x1F600 + random.nextInt(50) : 'a' + random.nextInt(26));
            }
            mixed[i] = sb.toString();
        }
        add(
                out,
                "fsst/utf8/unicode-and-long",
                EncodeTesting.strings(mixed, false, arena),
                FsstEncoder.encode(EncodeTesting.strings(mixed, false, arena), LightEncoder.PACKED));
        byte[][] bytes = new byte[800][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = new byte[random.nextInt(30)];
            random.nextBytes(bytes[i]);
            if (i % 3 == 0 && bytes[i].length > 4) {
                bytes[i][0] = (byte) 0xFF;
                bytes[i][1] = (byte) 0xFF;
                bytes[i][2] = 0;
            }
        }
        add(
                out,
                "fsst/binary/random",
                EncodeTesting.binaries(bytes, false, arena),
                FsstEncoder.encode(EncodeTesting.binaries(bytes, false, arena), LightEncoder.PACKED));
        byte[][] withNulls = bytes.clone();
        for (int i = 0; i < withNulls.length; i += 5) {
            withNulls[i] = null;
        }
        add(
                out,
                "fsst/binary/nullable",
                EncodeTesting.binaries(withNulls, true, arena),
                FsstEncoder.encode(EncodeTesting.binaries(withNulls, true, arena), ChildEncoder.CANONICAL));
        String[] same = new String[50];
        java.util.Arrays.fill(same, "abababababababababababababab");
        add(
                out,
                "fsst/utf8/repeated",
                EncodeTesting.strings(same, false, arena),
                FsstEncoder.encode(EncodeTesting.strings(same, false, arena), LightEncoder.PACKED));
    }

    private static void onPair(List<Case> out, Random random, Arena arena) {
        String[] domains = {"example.com", "vortex.dev", "data.example.org", "shop.example.net"};
        for (int len : new int[] {1, 2, 100, 1025, 4000}) {
            String[] urls = new String[len];
            String[] nullable = new String[len];
            for (int i = 0; i < len; i++) {
                urls[i] = "https://www." + domains[random.nextInt(domains.length)] + "/item/" + random.nextInt(100000)
                        + "?q=x";
                nullable[i] = random.nextInt(6) == 0 ? null : i % 50 == 0 ? "" : urls[i];
            }
            add(
                    out,
                    "onpair/utf8/urls/len" + len,
                    EncodeTesting.strings(urls, false, arena),
                    OnPairEncoder.encode(EncodeTesting.strings(urls, false, arena), ChildEncoder.CANONICAL));
            VarBinViewArray n = EncodeTesting.strings(nullable, true, arena);
            add(out, "onpair/utf8/urls/len" + len + "/nullable", n, OnPairEncoder.encode(n, LightEncoder.PACKED));
        }
        String[] mixed = new String[700];
        for (int i = 0; i < mixed.length; i++) {
            StringBuilder sb = new StringBuilder();
            int size = i % 100 == 0 ? 3000 : random.nextInt(40);
            for (int k = 0; k < size; k++) {
                sb.appendCodePoint(
                        k % 7 == 0
                                ? 0x4e00 + random.nextInt(500)
                                : k % 11 == 0 ? 0x1F600 + random.nextInt(50) : 'a' + random.nextInt(26));
            }
            mixed[i] = i % 13 == 0 ? "" : sb.toString();
        }
        add(
                out,
                "onpair/utf8/unicode-and-long",
                EncodeTesting.strings(mixed, false, arena),
                OnPairEncoder.encode(EncodeTesting.strings(mixed, false, arena), LightEncoder.PACKED));
        String[] words = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"};
        String[] logs = new String[3000];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = i % 11 == 0
                    ? null
                    : "2024-05-01 INFO [svc-" + words[random.nextInt(words.length)] + "] request "
                            + random.nextInt(1_000_000) + " served";
        }
        Array slicedLogs = ArrayOps.slice(EncodeTesting.strings(logs, true, arena), 321, 2500, arena);
        add(
                out,
                "onpair/utf8/logs/sliced",
                slicedLogs,
                OnPairEncoder.encode((VarBinViewArray) slicedLogs, LightEncoder.PACKED));
        byte[][] bytes = new byte[900][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = i % 7 == 0 ? null : new byte[random.nextInt(30)];
            if (bytes[i] != null) {
                random.nextBytes(bytes[i]);
            }
        }
        add(
                out,
                "onpair/binary/random/nullable",
                EncodeTesting.binaries(bytes, true, arena),
                OnPairEncoder.encode(EncodeTesting.binaries(bytes, true, arena), LightEncoder.PACKED));
        add(
                out,
                "onpair/utf8/all-null",
                EncodeTesting.strings(new String[] {null, null, null}, true, arena),
                OnPairEncoder.encode(
                        EncodeTesting.strings(new String[] {null, null, null}, true, arena), LightEncoder.PACKED));
        add(
                out,
                "onpair/utf8/all-empty",
                EncodeTesting.strings(new String[] {"", "", "", ""}, false, arena),
                OnPairEncoder.encode(
                        EncodeTesting.strings(new String[] {"", "", "", ""}, false, arena), LightEncoder.PACKED));
        String[] same = new String[300];
        java.util.Arrays.fill(same, "abcabcabcabcabcabcabcabcabcabcabcabcabcabc");
        add(
                out,
                "onpair/utf8/repeated",
                EncodeTesting.strings(same, false, arena),
                OnPairEncoder.encode(EncodeTesting.strings(same, false, arena), LightEncoder.PACKED));
    }
}
