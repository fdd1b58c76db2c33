package dev.jvortex.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.Builders;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.api.Test;

/// [Rows#gather] and [Bits#popCount] give the same rows and counts whatever memory the input
/// lives in (a byte array, another array, native memory) and whatever the validity bitmap's.
class RowsGatherKindsTest {
    private static final Random RANDOM = new Random(3);

    private static int[] rows(int len, int n) {
        int[] rows = new int[n];
        for (int k = 0; k < n; k++) {
            rows[k] = RANDOM.nextInt(len);
        }
        return rows;
    }

    private static Validity randomBits(int len, boolean nativeMemory, Arena arena) {
        byte[] raw = new byte[(int) Math.max(1, Bits.byteLength(len))];
        RANDOM.nextBytes(raw);
        MemorySegment bits = nativeMemory ? arena.allocate(raw.length) : MemorySegment.ofArray(new byte[raw.length]);
        MemorySegment.copy(MemorySegment.ofArray(raw), 0, bits, 0, raw.length);
        return Validity.ofBits(bits);
    }

    @Test
    void fixedWidthRowsFromEveryKindOfMemory() {
        int len = 300;
        try (Arena arena = Arena.ofConfined()) {
            for (int w : new int[] {1, 2, 4, 8, 16, 32}) {
                byte[] raw = new byte[len * w];
                RANDOM.nextBytes(raw);
                MemorySegment nativeData = arena.allocate(raw.length);
                MemorySegment.copy(MemorySegment.ofArray(raw), 0, nativeData, 0, raw.length);
                long[] longs = new long[(raw.length + 7) / 8];
                MemorySegment longData = MemorySegment.ofArray(longs).asSlice(0, raw.length);
                MemorySegment.copy(MemorySegment.ofArray(raw), 0, longData, 0, raw.length);
                int[] rows = rows(len, 500);
                byte[] expected = new byte[rows.length * w];
                for (int k = 0; k < rows.length; k++) {
                    System.arraycopy(raw, rows[k] * w, expected, k * w, w);
                }
                for (MemorySegment data : new MemorySegment[] {MemorySegment.ofArray(raw), nativeData, longData}) {
                    for (boolean nativeBits : new boolean[] {false, true}) {
                        Validity validity = randomBits(len, nativeBits, arena);
                        Array a = w <= 8
                                ? new PrimitiveArray(new DType.Primitive(ptype(w), true), ptype(w), data, len, validity)
                                : new DecimalArray(
                                        new DType.Decimal(w == 16 ? 38 : 76, 0, true), w, data, len, validity);
                        Array g = Rows.gather(a, rows, rows.length);
                        MemorySegment out = g instanceof PrimitiveArray p ? p.data() : ((DecimalArray) g).data();
                        String what = w + "-byte values, " + (data.isNative() ? "native" : "heap") + " data";
                        assertArrayEquals(expected, out.toArray(ValueLayout.JAVA_BYTE), what);
                        for (int k = 0; k < rows.length; k++) {
                            assertEquals(validity.isValid(rows[k]), g.validity().isValid(k), what + ", row " + k);
                        }
                    }
                }
                MemorySegment shortNative = nativeData.asSlice(0, (long) (len - 1) * w);
                Array cut = new PrimitiveArray(
                        new DType.Primitive(PType.U8, false), PType.U8, shortNative, len, Validity.ALL_VALID);
                if (w == 1) {
                    assertThrows(IndexOutOfBoundsException.class, () -> Rows.gather(cut, new int[] {len - 1}, 1));
                }
            }
        }
    }

    private static PType ptype(int w) {
        return switch (w) {
            case 1 -> PType.U8;
            case 2 -> PType.U16;
            case 4 -> PType.U32;
            default -> PType.U64;
        };
    }

    @Test
    void allValidGatherIsAllValidAndAllSetBitsToo() {
        int len = 100;
        byte[] ones = new byte[13];
        java.util.Arrays.fill(ones, (byte) -1);
        PrimitiveArray a =
                Primitives.array(PType.I64, true, new long[len], len, Validity.ofBits(MemorySegment.ofArray(ones)));
        assertSame(Validity.ALL_VALID, Rows.gather(a, rows(len, 70), 70).validity());
        assertSame(Validity.ALL_VALID, Rows.gather(a, new int[0], 0).validity());
    }

    @Test
    void stringRowsInlinedAndNotFromNativeAndHeapViews() {
        try (Arena arena = Arena.ofConfined()) {
            Builders.StringBuilder b = Builders.strings(new DType.Utf8(true));
            int len = 5000;
            String[] values = new String[len];
            for (int i = 0; i < len; i++) {
                values[i] = RANDOM.nextInt(5) == 0 ? null : "v".repeat(RANDOM.nextInt(30)) + i;
                if (values[i] == null) {
                    b.appendNull();
                } else {
                    b.append(values[i]);
                }
            }
            VarBinViewArray built = (VarBinViewArray) b.build(arena);
            for (int i = 0; i < len; i++) {
                assertEquals(values[i] == null ? "" : values[i], built.getString(i), "built row " + i);
            }
            VarBinViewArray heap = new VarBinViewArray(
                    built.dtype(),
                    MemorySegment.ofArray(built.views().toArray(ValueLayout.JAVA_BYTE)),
                    built.buffers(),
                    len,
                    built.validity());
            int[] rows = rows(len, 3000);
            for (VarBinViewArray s : new VarBinViewArray[] {built, heap}) {
                VarBinViewArray g = (VarBinViewArray) Rows.gather(s, rows, rows.length);
                for (int k = 0; k < rows.length; k++) {
                    String v = values[rows[k]];
                    assertEquals(v == null ? "" : v, g.getString(k), "row " + k);
                    assertEquals(v != null, g.validity().isValid(k), "validity of row " + k);
                }
            }
            VarBinViewArray none = (VarBinViewArray) Rows.gather(built, new int[0], 0);
            assertEquals(0, none.length());
            assertEquals(0, none.buffers().length);
        }
    }

    @Test
    void popCountOfEveryRangeInNativeAndHeapBits() {
        byte[] raw = new byte[40];
        RANDOM.nextBytes(raw);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment nativeBits = arena.allocate(raw.length);
            MemorySegment.copy(MemorySegment.ofArray(raw), 0, nativeBits, 0, raw.length);
            for (MemorySegment bits : new MemorySegment[] {MemorySegment.ofArray(raw), nativeBits}) {
                for (int from = 0; from < 200; from += 7) {
                    for (int n = 0; from + n <= 320; n += 5) {
                        int expected = 0;
                        for (int i = from; i < from + n; i++) {
                            expected += (raw[i >>> 3] >> (i & 7)) & 1;
                        }
                        assertEquals(expected, Bits.popCount(bits, from, n), "bits " + from + " + " + n);
                    }
                }
            }
            // the last bits of a bitmap whose length is not a multiple of 8 bytes
            MemorySegment tail = nativeBits.asSlice(0, 13);
            assertEquals(Bits.popCount(MemorySegment.ofArray(raw), 97, 7), Bits.popCount(tail, 97, 7));
        }
    }
}
