package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/// Test support for the encoders: serialize a write tree as the file writer would, parse and
/// decode it with this module's decoders, compare arrays row by row, and make test inputs.
public final class EncodeTesting {
    private EncodeTesting() {}

    /// Returns the encoding ids of `node`'s tree in first-use order (the array's id table).
    public static List<String> ids(WriteNode node) {
        Set<String> out = new LinkedHashSet<>();
        collect(node, out);
        return List.copyOf(out);
    }

    private static void collect(WriteNode node, Set<String> out) {
        out.add(node.encoding());
        for (WriteNode c : node.children()) {
            collect(c, out);
        }
    }

    /// Returns the serialized bytes of `node`, its encodings numbered by their position in `ids`.
    public static byte[] serialize(WriteNode node, List<String> ids) {
        ArraySerializer.Serialized s = ArraySerializer.serialize(node, ids::indexOf);
        byte[] out = new byte[(int) s.length()];
        int pos = 0;
        for (MemorySegment part : s.parts()) {
            MemorySegment.copy(part, 0, MemorySegment.ofArray(out), pos, part.byteSize());
            pos += (int) part.byteSize();
        }
        assertEquals(out.length, pos, "serialized length");
        return out;
    }

    /// Serializes `node`, parses it back and decodes it as `len` rows of `dtype` in `arena`.
    public static Array roundTrip(WriteNode node, DType dtype, int len, Arena arena) {
        List<String> ids = ids(node);
        byte[] bytes = serialize(node, ids);
        MemorySegment segment = arena.allocate(Math.max(1, bytes.length), 64).asSlice(0, bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
        return Decoding.decodeRoot(SerializedArray.parse(segment, ids, "test").root(), dtype, len, arena);
    }

    /// Asserts that `actual` holds the same rows as `expected`: validity, and values at valid rows
    /// (floats by their bits).
    public static void assertSameRows(Array expected, Array actual, String what) {
        assertEquals(expected.length(), actual.length(), what + ": length");
        String want = render(expected);
        String got = render(actual);
        if (!want.equals(got)) {
            String[] w = want.split(",", -1);
            String[] g = got.split(",", -1);
            for (int i = 0; i < Math.min(w.length, g.length); i++) {
                if (!w[i].equals(g[i])) {
                    fail(what + ": row " + i + " expected " + w[i] + " but was " + g[i]);
                }
            }
            fail(what + ": rows differ");
        }
    }

    /// Renders the rows as the reference decoding script prints them: `N` for null, integers in
    /// decimal, floats as the hex of their bits, bools 0/1, strings and bytes as hex; comma-separated.
    public static String render(Array a) {
        if (a instanceof ExtensionArray e) {
            // Timestamps (and other extensions) as their storage values.
            return render(e.storage());
        }
        StringBuilder sb = new StringBuilder();
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < a.length(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            if (!a.isValid(i)) {
                sb.append('N');
                continue;
            }
            switch (a) {
                case PrimitiveArray p -> {
                    long v = p.getLong(i);
                    switch (p.ptype()) {
                        case F16, F32, F64 -> sb.append(Long.toHexString(v));
                        case U64 -> sb.append(Long.toUnsignedString(v));
                        default -> sb.append(v);
                    }
                }
                case BoolArray b -> sb.append(b.get(i) ? '1' : '0');
                case VarBinViewArray s -> sb.append(hex.formatHex(s.getBytes(i)));
                case DecimalArray d -> sb.append(d.getUnscaled(i));
                default -> throw new IllegalArgumentException("cannot render " + a.dtype());
            }
        }
        return sb.toString();
    }

    /// Returns the reference script's name for a flat type, e.g. `i32?`, or a timestamp, e.g.
    /// `timestamp:ms?` or `timestamp:us:UTC` (unit `s`, `ms`, `us` or `ns`, then the zone if any).
    public static String dtypeSpec(DType dtype) {
        String base = switch (dtype) {
            case DType.Extension e
            when "vortex.timestamp".equals(e.id()) && e.metadata().length >= 3 -> {
                String unit = switch (e.metadata()[0]) {
                    case 0 -> "ns";
                    case 1 -> "us";
                    case 2 -> "ms";
                    case 3 -> "s";
                    default -> throw new IllegalArgumentException("no spec for " + dtype);
                };
                int zoneLength = (e.metadata()[1] & 0xFF) | (e.metadata()[2] & 0xFF) << 8;
                yield "timestamp:" + unit
                        + (zoneLength == 0
                                ? ""
                                : ":" + new String(e.metadata(), 3, zoneLength, StandardCharsets.UTF_8));
            }
            case DType.Primitive p -> p.ptype().shortName();
            case DType.Bool b -> "bool";
            case DType.Utf8 u -> "utf8";
            case DType.Binary b -> "binary";
            default -> throw new IllegalArgumentException("no spec for " + dtype);
        };
        return dtype.nullable() ? base + "?" : base;
    }

    // ---------------------------------------------------------------- inputs

    /// Returns `values` as an array of `ptype`; `valid == null` means non-nullable.
    public static PrimitiveArray ints(PType ptype, long[] values, boolean[] valid) {
        return Primitives.array(ptype, valid != null, values, values.length, validity(valid));
    }

    /// Returns `values` as an f64 array; `valid == null` means non-nullable.
    public static PrimitiveArray doubles(double[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Double.doubleToRawLongBits(values[i]);
        }
        return Primitives.array(PType.F64, valid != null, bits, bits.length, validity(valid));
    }

    /// Returns `values` as an f32 array; `valid == null` means non-nullable.
    public static PrimitiveArray floats(float[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            bits[i] = Float.floatToRawIntBits(values[i]);
        }
        return Primitives.array(PType.F32, valid != null, bits, bits.length, validity(valid));
    }

    /// Returns UTF-8 strings (null entries are null rows) as a view array; `nullable` sets the type.
    public static VarBinViewArray strings(String[] values, boolean nullable, Arena arena) {
        dev.jvortex.core.array.Builders.StringBuilder b =
                dev.jvortex.core.array.Builders.strings(new DType.Utf8(nullable));
        for (String s : values) {
            if (s == null) {
                b.appendNull();
            } else {
                b.append(s);
            }
        }
        return (VarBinViewArray) b.build(arena);
    }

    /// Returns byte strings (null entries are null rows) as a binary view array; `nullable` sets the type.
    public static VarBinViewArray binaries(byte[][] values, boolean nullable, Arena arena) {
        dev.jvortex.core.array.Builders.StringBuilder b =
                dev.jvortex.core.array.Builders.strings(new DType.Binary(nullable));
        for (byte[] v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.append(v);
            }
        }
        return (VarBinViewArray) b.build(arena);
    }

    /// Returns a bool array; `valid == null` means non-nullable.
    public static BoolArray bools(boolean[] values, boolean[] valid) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Math.max(1, Bits.byteLength(values.length))]);
        for (int i = 0; i < values.length; i++) {
            if (values[i]) {
                Bits.set(bits, i);
            }
        }
        return new BoolArray(new DType.Bool(valid != null), bits, values.length, validity(valid));
    }

    /// Returns a validity of `valid` (null: all valid).
    public static Validity validity(boolean[] valid) {
        if (valid == null) {
            return Validity.ALL_VALID;
        }
        MemorySegment bits = MemorySegment.ofArray(new byte[(int) Math.max(1, Bits.byteLength(valid.length))]);
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                Bits.set(bits, i);
            }
        }
        return Validity.ofBits(bits);
    }

    /// Returns random validity with about `nullRate` nulls.
    public static boolean[] randomValidity(Random random, int len, double nullRate) {
        boolean[] v = new boolean[len];
        for (int i = 0; i < len; i++) {
            v[i] = random.nextDouble() >= nullRate;
        }
        return v;
    }

    /// Returns `len` random values of `bits` bits (unsigned patterns), with about `outlierRate`
    /// of them replaced by values of the type's full width.
    public static long[] randomInts(Random random, int len, int bits, double outlierRate, PType ptype) {
        long[] out = new long[len];
        for (int i = 0; i < len; i++) {
            long v = TestArrays.random(random, bits);
            if (random.nextDouble() < outlierRate) {
                v = TestArrays.random(random, ptype.bitWidth());
            }
            out[i] = TestArrays.canonical(ptype, v);
        }
        return out;
    }

    /// The lengths every encoder is tried at: empty, one, around one block, several blocks.
    public static final int[] LENGTHS = {0, 1, 2, 7, 1023, 1024, 1025, 3000};

    /// The eight integer types.
    public static final PType[] INTEGERS = {
        PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16, PType.I32, PType.I64
    };

    /// Returns `s` as UTF-8 bytes.
    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /// Returns a list of `n` copies of the pattern `values` (cycled).
    public static List<String> cycle(List<String> values, int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(values.get(i % values.size()));
        }
        return out;
    }
}
