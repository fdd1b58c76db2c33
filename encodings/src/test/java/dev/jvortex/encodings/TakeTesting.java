package dev.jvortex.encodings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.NullArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/// Checks of [Taking] against the whole decode: the index sets to try and a row-by-row comparison
/// of arrays of any type. The expected rows come from `ArrayOps.take` over `Decoding`, never from
/// the take code.
final class TakeTesting {
    private TakeTesting() {}

    /// Serializes `node` and parses it back (as [EncodeTesting#roundTrip] does) into `arena`.
    static EncodedNode parse(WriteNode node, Arena arena) {
        List<String> ids = EncodeTesting.ids(node);
        byte[] bytes = EncodeTesting.serialize(node, ids);
        MemorySegment segment = arena.allocate(Math.max(1, bytes.length), 64).asSlice(0, bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, segment, 0, bytes.length);
        return SerializedArray.parse(segment, ids, "test").root();
    }

    /// The index sets tried on an array of `len` rows: empty, first, last, every row, every row
    /// backwards, the rows around the 1024-row block boundaries, random sorted, random unsorted
    /// with repeats, and a few rows repeated many times.
    static Map<String, int[]> indexSets(int len, Random random) {
        Map<String, int[]> out = new LinkedHashMap<>();
        out.put("empty", new int[0]);
        if (len == 0) {
            return out;
        }
        out.put("first", new int[] {0});
        out.put("last", new int[] {len - 1});
        int[] all = new int[len];
        int[] reversed = new int[len];
        for (int i = 0; i < len; i++) {
            all[i] = i;
            reversed[i] = len - 1 - i;
        }
        out.put("all", all);
        out.put("reversed", reversed);
        List<Integer> edges = new ArrayList<>();
        for (int b = 1024; b - 1 < len; b += 1024) {
            for (int i = b - 2; i <= b + 1; i++) {
                if (i >= 0 && i < len) {
                    edges.add(i);
                }
            }
        }
        edges.add(len - 1);
        edges.add(0);
        out.put("block-edges", edges.stream().mapToInt(Integer::intValue).toArray());
        int m = Math.min(len, 1 + random.nextInt(Math.min(len, 300)));
        int[] sorted = random.ints(m, 0, len).sorted().toArray();
        out.put("random-sorted", sorted);
        int[] unsorted = random.ints(Math.max(2, m), 0, len).toArray();
        unsorted[unsorted.length - 1] = unsorted[0];
        out.put("random-unsorted-repeats", unsorted);
        int[] few = new int[50];
        for (int k = 0; k < few.length; k++) {
            few[k] = k % 3 == 0 ? len - 1 : k % 3 == 1 ? len / 2 : 0;
        }
        out.put("repeated", few);
        return out;
    }

    /// Takes `idx` of `root` both ways and asserts the same type and rows; returns the number of
    /// nodes [Taking] decoded whole.
    static int check(EncodedNode root, DType dtype, int len, int[] idx, String what) {
        try (Arena arena = Arena.ofConfined()) {
            Array full = Decoding.decodeRoot(root, dtype, len, arena);
            Array expected = ArrayOps.take(full, idx, arena);
            TakeContext ctx = new TakeContext(arena);
            Array actual = ctx.take(root, dtype, len, idx);
            assertSameRows(expected, actual, what);
            return ctx.wholeDecodes();
        }
    }

    /// Asserts equal types, lengths, validity and values at valid rows (floats by their bits).
    static void assertSameRows(Array expected, Array actual, String what) {
        assertEquals(expected.dtype(), actual.dtype(), what + ": type");
        assertEquals(expected.length(), actual.length(), what + ": length");
        for (int i = 0; i < expected.length(); i++) {
            String w = row(expected, i);
            String g = row(actual, i);
            if (!w.equals(g)) {
                fail(what + ": row " + i + " expected " + w + " but was " + g);
            }
        }
    }

    /// Renders row `i` of an array of any type.
    static String row(Array a, int i) {
        if (a instanceof ExtensionArray e) {
            return row(e.storage(), i);
        }
        if (!a.isValid(i)) {
            return "N";
        }
        return switch (a) {
            case NullArray n -> "N";
            case PrimitiveArray p -> Long.toHexString(p.getLong(i));
            case BoolArray b -> b.get(i) ? "1" : "0";
            case VarBinViewArray s -> HexFormat.of().formatHex(s.getBytes(i));
            case DecimalArray d -> d.getUnscaled(i).toString();
            case StructArray s -> {
                StringBuilder sb = new StringBuilder("{");
                for (Array f : s.fields()) {
                    sb.append(row(f, i)).append(';');
                }
                yield sb.append('}').toString();
            }
            case ListArray l -> {
                StringBuilder sb = new StringBuilder("[");
                for (long e = l.start(i); e < l.end(i); e++) {
                    sb.append(row(l.elements(), (int) e)).append(';');
                }
                yield sb.append(']').toString();
            }
            case FixedSizeListArray f -> {
                StringBuilder sb = new StringBuilder("[");
                for (int e = 0; e < f.size(); e++) {
                    sb.append(row(f.elements(), i * f.size() + e)).append(';');
                }
                yield sb.append(']').toString();
            }
            case ExtensionArray e -> row(e.storage(), i);
        };
    }
}
