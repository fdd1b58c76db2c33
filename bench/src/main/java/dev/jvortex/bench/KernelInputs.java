package dev.jvortex.bench;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.alp.AlpEncoder;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.datetime.DateTimePartsDecoder;
import dev.jvortex.encodings.datetime.DateTimePartsEncoder;
import dev.jvortex.encodings.dict.DictEncoder;
import dev.jvortex.encodings.fastlanes.BitPack;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.fastlanes.BitPackedMetadata;
import dev.jvortex.encodings.fastlanes.DeltaMetadata;
import dev.jvortex.encodings.fastlanes.FastLanes;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.fastlanes.RleMetadata;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

// spotless:off
/// Encoded inputs for the kernel benchmarks, named by a spec `kernel:type[:arg]`, each decoding
/// to exactly `outBytes` bytes of values (string bytes for FSST).
///
/// | spec | values | tree |
/// |---|---|---|
/// | `bitpacked:u64:W` | uniform random `W`-bit values | `fastlanes.bitpacked` at width `W` ([BitPackedEncoder]; at the type's full width, which the encoder refuses, the node is built from the documented layout with [BitPack]) |
/// | `for:i64:W` | a negative reference plus random `W`-bit offsets | `fastlanes.for` over `fastlanes.bitpacked` ([ForEncoder], the reference's cascade) |
/// | `for-plain:i64:W` | same | `fastlanes.for` over `vortex.primitive`: the FoR kernel alone, writing a second buffer |
/// | `delta:i64` | a random walk with steps 0..99 | `fastlanes.delta` with primitive bases and deltas, built from the documented layout (no delta encoder yet) |
/// | `alp:f64` | prices with two decimals below 10,000 (f32: one decimal below 100) | `vortex.alp` over `vortex.primitive` ([AlpEncoder]): the ALP kernel alone |
/// | `alp-packed:f64` | same | `vortex.alp` with light children (here bit-packed integers), the real cascade |
/// | `rle:i64:R` | runs of random length 1..2R-1 of random values | `fastlanes.rle` with primitive children, built from the documented layout (no RLE encoder yet) |
/// | `dict:i64:D` | uniform random codes into `D` random values | `vortex.dict` with primitive codes and values ([DictEncoder]): the gather alone |
/// | `fsst:utf8` | URL-like strings | `vortex.fsst` with primitive lengths and offsets ([FsstEncoder]) |
///
/// Every input is serialized with the file writer's [ArraySerializer] and parsed back with
/// [SerializedArray], so decoders see the same nodes and buffer alignment as in a file.
final class KernelInputs {
// spotless:on
    private KernelInputs() {}

    /// Children written as canonical arrays: isolates the kernel of the parent node.
    static final ChildEncoder PLAIN = (role, child) -> CanonicalEncoder.encode(child);

    /// One encoded input.
    ///
    /// @param spec the spec it was made from
    /// @param root the parsed root node
    /// @param dtype its type
    /// @param length its rows
    /// @param expected the values it must decode to
    /// @param tree the encodings of the tree, e.g. `fastlanes.for(fastlanes.bitpacked)`
    /// @param encodedBytes the serialized size
    record Input(
            String spec, EncodedNode root, DType dtype, int length, Array expected, String tree, long encodedBytes) {}

    /// Builds the input named by `spec` decoding to `outBytes` bytes.
    static Input make(String spec, int outBytes, Arena arena) {
        String[] p = spec.split(":");
        String kernel = p[0];
        Random random = new Random(42 + spec.hashCode());
        if (kernel.equals("fsst") || kernel.equals("onpair")) {
            return fsst(spec, outBytes, random, arena);
        }
        if (kernel.equals("datetime")) {
            return dateTime(spec, outBytes, random, arena);
        }
        PType ptype = PType.valueOf(p[1].toUpperCase(Locale.ROOT));
        int n = outBytes / ptype.byteWidth();
        if (n % FastLanes.BLOCK != 0) {
            throw new IllegalArgumentException(
                    "outBytes " + outBytes + " must hold whole blocks of 1024 " + ptype.shortName());
        }
        int arg = p.length > 2 ? Integer.parseInt(p[2]) : 0;
        long[] values = new long[n];
        WriteNode node;
        switch (kernel) {
            case "bitpacked" -> {
                for (int i = 0; i < n; i++) {
                    values[i] = bits(random, arg);
                }
                PrimitiveArray a = array(ptype, values);
                node = arg < ptype.bitWidth()
                        ? BitPackedEncoder.encode(a, arg, LightEncoder.PATCHES)
                        : fullWidth(ptype, values);
            }
            case "for", "for-plain" -> {
                long reference = ptype.bitWidth() == 64 ? -123_456_789_012L : -1_234_567L;
                for (int i = 0; i < n; i++) {
                    values[i] = truncate(ptype, reference + bits(random, arg));
                }
                PrimitiveArray a = array(ptype, values);
                node = kernel.equals("for")
                        ? ForEncoder.encodeBitPacked(a, LightEncoder.PATCHES)
                        : ForEncoder.encode(a, PLAIN);
            }
            case "delta" -> {
                long v = 1_000_000;
                for (int i = 0; i < n; i++) {
                    v += random.nextInt(100);
                    values[i] = truncate(ptype, v);
                }
                node = delta(ptype, values);
            }
            case "alp", "alp-packed" -> {
                // f64: two decimals below 10,000. f32: one decimal below 100, where ALP needs no patches
                // (two-decimal f32 values leave 4-28 % of the rows as patches with our encoder).
                boolean f64 = ptype == PType.F64;
                for (int i = 0; i < n; i++) {
                    double d = f64 ? random.nextInt(1_000_000) / 100.0 : random.nextInt(1_000) / 10.0;
                    values[i] = f64 ? Double.doubleToRawLongBits(d) : Float.floatToRawIntBits((float) d);
                }
                PrimitiveArray a = array(ptype, values);
                node = AlpEncoder.encode(a, kernel.equals("alp") ? PLAIN : LightEncoder.PACKED);
            }
            case "rle" -> {
                long v = 0;
                for (int i = 0, left = 0; i < n; i++, left--) {
                    if (left == 0) {
                        v = truncate(ptype, random.nextLong());
                        left = 1 + random.nextInt(2 * arg - 1);
                    }
                    values[i] = v;
                }
                node = rle(ptype, values);
            }
            case "dict" -> {
                long[] dictionary = new long[arg];
                Set<Long> seen = new LinkedHashSet<>();
                while (seen.size() < arg) {
                    seen.add(truncate(ptype, random.nextLong()));
                }
                int k = 0;
                for (long d : seen) {
                    dictionary[k++] = d;
                }
                for (int i = 0; i < n; i++) {
                    values[i] = dictionary[random.nextInt(arg)];
                }
                node = DictEncoder.encode(array(ptype, values), arg, PLAIN);
            }
            default -> throw new IllegalArgumentException("unknown kernel spec " + spec);
        }
        if (node == null) {
            throw new IllegalStateException(spec + ": the encoder refused the input");
        }
        return finish(spec, node, new DType.Primitive(ptype, false), n, array(ptype, values), arena);
    }

    private static Input fsst(String spec, int outBytes, Random random, Arena arena) {
        String[] hosts = {"example.com", "vortex.dev", "data.gov", "shop.example.org", "news.site.net", "cdn.static.io"
        };
        String[] words = {
            "products",
            "category",
            "search",
            "article",
            "2024",
            "index",
            "images",
            "user",
            "profile",
            "checkout",
            "help",
            "about",
            "blog",
            "item",
            "view",
            "list"
        };
        Builders.StringBuilder b = Builders.strings(new DType.Utf8(false));
        List<String> rows = new ArrayList<>();
        long total = 0;
        while (total < outBytes) {
            StringBuilder s = new StringBuilder(random.nextInt(4) == 0 ? "http://" : "https://");
            s.append(random.nextInt(3) == 0 ? "www." : "").append(hosts[random.nextInt(hosts.length)]);
            int parts = 1 + random.nextInt(4);
            for (int k = 0; k < parts; k++) {
                s.append('/').append(words[random.nextInt(words.length)]);
            }
            if (random.nextBoolean()) {
                s.append("?id=").append(random.nextInt(100_000));
            }
            String row = s.toString();
            if (total + row.length() > outBytes) {
                row = row.substring(0, (int) (outBytes - total));
            }
            rows.add(row);
            total += row.length();
        }
        for (String row : rows) {
            b.append(row);
        }
        VarBinViewArray a = (VarBinViewArray) b.build(arena);
        WriteNode node = spec.startsWith("onpair") ? OnPairEncoder.encode(a, PLAIN) : FsstEncoder.encode(a, PLAIN);
        return finish(spec, node, a.dtype(), a.length(), a, arena);
    }

    /// Millisecond timestamps over about three weeks, as `vortex.datetimeparts` with plain
    /// children (the encoder's narrowest types for days, seconds and subseconds).
    private static Input dateTime(String spec, int outBytes, Random random, Arena arena) {
        int n = outBytes / 8;
        long[] values = new long[n];
        long t = 1_700_000_000_000L;
        for (int i = 0; i < n; i++) {
            t += random.nextInt(5_000);
            values[i] = t;
        }
        // vortex.timestamp metadata: unit (2 = milliseconds), then a zero-length zone.
        DType.Extension dtype = new DType.Extension(
                DateTimePartsDecoder.TIMESTAMP_ID, new DType.Primitive(PType.I64, false), new byte[] {2, 0, 0});
        ExtensionArray a = new ExtensionArray(dtype, array(PType.I64, values));
        WriteNode node = DateTimePartsEncoder.encode(a, PLAIN);
        if (node == null) {
            throw new IllegalStateException(spec + ": the encoder refused the input");
        }
        return finish(spec, node, dtype, n, a, arena);
    }

    /// A bit-packed node at the type's full width, from the documented layout: metadata
    /// `bit_width` (field 1), one buffer of `128 × width`-byte blocks packed by [BitPack].
    private static WriteNode fullWidth(PType ptype, long[] values) {
        int width = ptype.bitWidth();
        MemorySegment packed = MemorySegment.ofArray(new byte[values.length * ptype.byteWidth()]);
        long[] in = new long[FastLanes.BLOCK];
        long[] out = new long[FastLanes.BLOCK];
        for (int b = 0; b < values.length / FastLanes.BLOCK; b++) {
            System.arraycopy(values, b * FastLanes.BLOCK, in, 0, FastLanes.BLOCK);
            switch (width) {
                case 64 -> BitPack.pack64(width, in, out);
                case 32 -> {
                    int[] i32 = new int[FastLanes.BLOCK];
                    int[] o32 = new int[FastLanes.BLOCK];
                    for (int k = 0; k < FastLanes.BLOCK; k++) {
                        i32[k] = (int) in[k];
                    }
                    BitPack.pack32(width, i32, o32);
                    for (int k = 0; k < FastLanes.BLOCK; k++) {
                        out[k] = o32[k];
                    }
                }
                case 16 -> {
                    short[] i16 = new short[FastLanes.BLOCK];
                    short[] o16 = new short[FastLanes.BLOCK];
                    for (int k = 0; k < FastLanes.BLOCK; k++) {
                        i16[k] = (short) in[k];
                    }
                    BitPack.pack16(width, i16, o16);
                    for (int k = 0; k < FastLanes.BLOCK; k++) {
                        out[k] = o16[k];
                    }
                }
                default -> {
                    byte[] i8 = new byte[FastLanes.BLOCK];
                    byte[] o8 = new byte[FastLanes.BLOCK];
                    for (int k = 0; k < FastLanes.BLOCK; k++) {
                        i8[k] = (byte) in[k];
                    }
                    BitPack.pack8(width, i8, o8);
                    for (int k = 0; k < FastLanes.BLOCK; k++) {
                        out[k] = o8[k];
                    }
                }
            }
            MemorySegment words = Primitives.segment(ptype, out, FastLanes.BLOCK);
            MemorySegment.copy(words, 0, packed, (long) b * FastLanes.BLOCK * ptype.byteWidth(), words.byteSize());
        }
        byte[] meta = new BitPackedMetadata(width, 0, null).write();
        return new WriteNode(EncodingId.BITPACKED.id(), meta, List.of(new WriteNode.Buffer(packed, 8)), List.of());
    }

    /// A `fastlanes.delta` node from the documented layout: per block, the values in transposed
    /// order, each lane a running sum from its base (the lane's first value, so its first delta is
    /// 0); two children, bases and deltas, both primitive.
    private static WriteNode delta(PType ptype, long[] values) {
        int lanes = FastLanes.lanes(ptype.bitWidth());
        int rows = ptype.bitWidth();
        int blocks = values.length / FastLanes.BLOCK;
        long[] bases = new long[blocks * lanes];
        long[] deltas = new long[values.length];
        long[] t = new long[FastLanes.BLOCK];
        for (int c = 0; c < blocks; c++) {
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                t[i] = values[c * FastLanes.BLOCK + FastLanes.transpose(i)];
            }
            for (int lane = 0; lane < lanes; lane++) {
                long prev = t[FastLanes.index(0, lane)];
                bases[c * lanes + lane] = prev;
                for (int row = 0; row < rows; row++) {
                    int at = FastLanes.index(row, lane);
                    deltas[c * FastLanes.BLOCK + at] = t[at] - prev;
                    prev = t[at];
                }
            }
        }
        byte[] meta = new DeltaMetadata(values.length, 0).write();
        return WriteNode.of(
                EncodingId.DELTA.id(),
                meta,
                CanonicalEncoder.encode(array(ptype, bases)),
                CanonicalEncoder.encode(array(ptype, deltas)));
    }

    /// A `fastlanes.rle` node from the documented layout: per block, its run values in order and per
    /// row the index of its run within the block (u8 when every block has at most 256 runs, else
    /// u16), plus the absolute start of each block's values (u32).
    private static WriteNode rle(PType ptype, long[] values) {
        int blocks = values.length / FastLanes.BLOCK;
        long[] runValues = new long[values.length];
        long[] indices = new long[values.length];
        long[] starts = new long[blocks];
        int nvalues = 0;
        int maxRuns = 0;
        for (int c = 0; c < blocks; c++) {
            starts[c] = nvalues;
            int first = nvalues;
            for (int j = 0; j < FastLanes.BLOCK; j++) {
                long v = values[c * FastLanes.BLOCK + j];
                if (j == 0 || v != runValues[nvalues - 1]) {
                    runValues[nvalues++] = v;
                }
                indices[c * FastLanes.BLOCK + j] = nvalues - 1 - first;
            }
            maxRuns = Math.max(maxRuns, nvalues - first);
        }
        PType indicesPtype = maxRuns <= 256 ? PType.U8 : PType.U16;
        byte[] meta = new RleMetadata(nvalues, values.length, indicesPtype.code(), blocks, PType.U32.code(), 0).write();
        return WriteNode.of(
                EncodingId.RLE.id(),
                meta,
                CanonicalEncoder.encode(array(ptype, Arrays.copyOf(runValues, nvalues))),
                CanonicalEncoder.encode(array(indicesPtype, indices)),
                CanonicalEncoder.encode(array(PType.U32, starts)));
    }

    /// Serializes `node` as the file writer does, parses it back and checks that it decodes to `expected`.
    private static Input finish(String spec, WriteNode node, DType dtype, int len, Array expected, Arena arena) {
        List<String> ids = new ArrayList<>(ids(node, new LinkedHashSet<>()));
        ArraySerializer.Serialized s = ArraySerializer.serialize(node, ids::indexOf);
        MemorySegment bytes = arena.allocate(Math.max(1, s.length()), Math.max(64, s.alignment()))
                .asSlice(0, s.length());
        long pos = 0;
        for (MemorySegment part : s.parts()) {
            MemorySegment.copy(part, 0, bytes, pos, part.byteSize());
            pos += part.byteSize();
        }
        EncodedNode root = SerializedArray.parse(bytes, ids, spec).root();
        try (Arena check = Arena.ofConfined()) {
            requireSame(spec + " (fresh arena)", expected, new Decoding(check).decode(root, dtype, len));
        }
        return new Input(spec, root, dtype, len, expected, tree(node), s.length());
    }

    /// Checks that `actual` holds exactly the rows of `expected` (no nulls in these inputs).
    static void requireSame(String what, Array expected, Array actual) {
        if (actual.length() != expected.length()) {
            throw new IllegalStateException(
                    what + ": decoded " + actual.length() + " rows, expected " + expected.length());
        }
        if (expected instanceof ExtensionArray e && actual instanceof ExtensionArray a) {
            requireSame(what, e.storage(), a.storage());
        } else if (expected instanceof PrimitiveArray e && actual instanceof PrimitiveArray a) {
            long bytes = (long) e.length() * e.ptype().byteWidth();
            long at = MemorySegment.mismatch(e.data(), 0, bytes, a.data(), 0, bytes);
            if (at >= 0) {
                throw new IllegalStateException(what + ": decoded values differ at byte " + at);
            }
        } else if (expected instanceof VarBinViewArray e && actual instanceof VarBinViewArray a) {
            for (int i = 0; i < e.length(); i++) {
                if (!Arrays.equals(e.getBytes(i), a.getBytes(i))) {
                    throw new IllegalStateException(what + ": decoded string " + i + " differs");
                }
            }
        } else {
            throw new IllegalStateException(
                    what + ": decoded a " + actual.getClass().getSimpleName() + ", expected a "
                            + expected.getClass().getSimpleName());
        }
    }

    private static Set<String> ids(WriteNode node, Set<String> out) {
        out.add(node.encoding());
        for (WriteNode c : node.children()) {
            ids(c, out);
        }
        return out;
    }

    /// Renders the tree's encodings, e.g. `fastlanes.for(fastlanes.bitpacked)`.
    static String tree(WriteNode node) {
        if (node.children().isEmpty()) {
            return node.encoding();
        }
        List<String> kids = new ArrayList<>();
        for (WriteNode c : node.children()) {
            kids.add(tree(c));
        }
        return node.encoding() + "(" + String.join(", ", kids) + ")";
    }

    /// Returns a uniformly random value of `width` bits (0..64).
    static long bits(Random random, int width) {
        return width == 0 ? 0 : random.nextLong() >>> (64 - width);
    }

    private static long truncate(PType ptype, long v) {
        return switch (ptype.byteWidth()) {
            case 1 -> ptype.isSigned() ? (byte) v : v & 0xFF;
            case 2 -> ptype.isSigned() ? (short) v : v & 0xFFFF;
            case 4 -> ptype.isSigned() ? (int) v : v & 0xFFFF_FFFFL;
            default -> v;
        };
    }

    private static PrimitiveArray array(PType ptype, long[] values) {
        return Primitives.array(ptype, false, values, values.length, Validity.ALL_VALID);
    }

    /// Prints `spec`, tree, encoded bytes and bits per value for each spec argument (used by
    /// `bench/kernels.sh` to label its table): `KernelInputs OUT_BYTES SPEC...`.
    public static void main(String[] args) {
        int outBytes = Integer.parseInt(args[0]);
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 1; i < args.length; i++) {
                Input in = make(args[i], outBytes, arena);
                System.out.printf(
                        Locale.ROOT, "%s\t%s\t%d\t%d%n", in.spec(), in.tree(), in.encodedBytes(), in.length());
            }
        }
    }
}
