package dev.jvortex.encodings.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.TestNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// The one-pass dictionary gather ([DictGather], through [DictDecoder#gather]) for every
/// code type and every value width, against `values[codes[i]]` computed one row at a time; codes
/// out of range on null rows (allowed) and on valid rows (corrupt), dictionaries whose size makes
/// the range check unnecessary, and lengths that are not a multiple of the chunk.
class DictGatherTest {
    private static final PType[] CODE_TYPES = {
        PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32, PType.U64, PType.I64
    };
    private static final PType[] VALUE_TYPES = {PType.U8, PType.I16, PType.F32, PType.I64};

    @Test
    void everyCodeTypeAndValueWidth() {
        Random random = new Random(5);
        for (PType cp : CODE_TYPES) {
            for (PType vp : VALUE_TYPES) {
                for (int n : new int[] {1, 7, 256, 300}) {
                    if (n > 127 && cp.byteWidth() == 1 && cp.isSigned()) {
                        continue;
                    }
                    if (n > 255 && cp.byteWidth() == 1) {
                        continue;
                    }
                    for (int len : new int[] {0, 5, DictGather.CHUNK + 3}) {
                        check(random, cp, vp, n, len, false);
                        check(random, cp, vp, n, len, true);
                    }
                }
            }
        }
    }

    @Test
    void outOfRangeCodeOnAValidRowIsCorrupt() {
        for (PType cp : CODE_TYPES) {
            try (Arena arena = Arena.ofConfined()) {
                long bad = cp.isSigned() ? -1 : 9;
                PrimitiveArray codes = array(arena, cp, new long[] {0, 1, bad, 2}, null);
                PrimitiveArray values = array(arena, PType.I32, new long[] {10, 11, 12}, null);
                VortexException e = assertThrows(
                        VortexException.class,
                        () -> DictDecoder.gather(node(), values, codes, 4, new Decoding(arena)),
                        cp.shortName());
                assertTrue(e.getMessage().contains("at row 2"), e.getMessage());
            }
        }
    }

    private static void check(Random random, PType cp, PType vp, int n, int len, boolean withNulls) {
        long[] dict = new long[n];
        for (int i = 0; i < n; i++) {
            dict[i] = random.nextLong();
        }
        long[] codes = new long[len];
        boolean[] valid = new boolean[len];
        long maxCode = cp.byteWidth() == 1
                ? (cp.isSigned() ? 127 : 255)
                : cp.byteWidth() == 2 ? (cp.isSigned() ? 32767 : 65535) : 1L << 40;
        for (int i = 0; i < len; i++) {
            valid[i] = !withNulls || random.nextInt(4) != 0;
            codes[i] = random.nextInt(n);
            if (!valid[i] && random.nextBoolean()) {
                // Null rows may hold anything that fits the code type, in range or not.
                codes[i] = cp.isSigned() && random.nextBoolean()
                        ? -1 - random.nextInt(3)
                        : Math.min(maxCode, n + random.nextInt(1000));
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            PrimitiveArray codeArray = array(arena, cp, codes, withNulls ? valid : null);
            PrimitiveArray valueArray = array(arena, vp, dict, null);
            Array out = DictDecoder.gather(node(), valueArray, codeArray, len, new Decoding(arena));
            PrimitiveArray p = (PrimitiveArray) out;
            String what = cp.shortName() + " codes, " + vp.shortName() + " values, n " + n + ", len " + len
                    + (withNulls ? ", nulls" : "");
            assertEquals(vp, p.ptype(), what);
            for (int i = 0; i < len; i++) {
                assertEquals(valid[i], p.validity().isValid(i), what + " validity at " + i);
                if (valid[i]) {
                    assertEquals(low(dict[(int) codes[i]], vp), raw(p.data(), vp, i), what + " at " + i);
                }
            }
            if (!withNulls) {
                assertFalse(len > 0 && !p.validity().isValid(0), what);
            }
            // Both paths of the kernel itself, whatever the process-wide choice is.
            for (boolean vector : new boolean[] {false, true}) {
                if (vector && !dev.jvortex.encodings.fastlanes.Simd.ENABLED) {
                    continue;
                }
                MemorySegment direct = arena.allocate(Math.max(1, (long) len * vp.byteWidth()), 8);
                DictGather.gather(node(), valueArray, codeArray, len, direct, vector);
                for (int i = 0; i < len; i++) {
                    if (valid[i]) {
                        assertEquals(
                                low(dict[(int) codes[i]], vp),
                                raw(direct, vp, i),
                                what + (vector ? " vector" : " scalar") + " at " + i);
                    }
                }
            }
        }
    }

    private static long raw(MemorySegment d, PType t, int i) {
        return switch (t.byteWidth()) {
            case 1 -> d.get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
            case 2 -> d.get(PrimitiveArray.LE_SHORT, 2L * i) & 0xFFFFL;
            case 4 -> d.get(PrimitiveArray.LE_INT, 4L * i) & 0xFFFF_FFFFL;
            default -> d.get(PrimitiveArray.LE_LONG, 8L * i);
        };
    }

    private static long low(long v, PType t) {
        return t.byteWidth() == 8 ? v : v & ((1L << (8 * t.byteWidth())) - 1);
    }

    private static TestNode node() {
        return TestNode.of("vortex.dict", new byte[0], List.of());
    }

    private static PrimitiveArray array(Arena arena, PType t, long[] values, boolean[] valid) {
        int w = t.byteWidth();
        MemorySegment data = arena.allocate(Math.max(1, (long) values.length * w), 8);
        for (int i = 0; i < values.length; i++) {
            long v = values[i];
            switch (w) {
                case 1 -> data.set(ValueLayout.JAVA_BYTE, i, (byte) v);
                case 2 -> data.set(PrimitiveArray.LE_SHORT, 2L * i, (short) v);
                case 4 -> data.set(PrimitiveArray.LE_INT, 4L * i, (int) v);
                default -> data.set(PrimitiveArray.LE_LONG, 8L * i, v);
            }
        }
        Validity validity = Validity.ALL_VALID;
        if (valid != null) {
            MemorySegment bits = arena.allocate(Math.max(1, Bits.byteLength(values.length)));
            for (int i = 0; i < values.length; i++) {
                if (valid[i]) {
                    Bits.set(bits, i);
                }
            }
            validity = Validity.ofBits(bits);
        }
        return new PrimitiveArray(new DType.Primitive(t, valid != null), t, data, values.length, validity);
    }
}
