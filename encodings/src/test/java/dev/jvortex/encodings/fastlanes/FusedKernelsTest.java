package dev.jvortex.encodings.fastlanes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.PType;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.EncodeTesting;
import dev.jvortex.encodings.KernelInputs;
import dev.jvortex.encodings.KernelInputs.Input;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.constant.ConstantEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/// The fused and cached kernels of FoR and bit-packing against their plain forms: FoR fused with
/// bit-packing against packing a materialised shifted copy, the cached min/max against a plain
/// loop, the branch-free run test against a plain count, and [LightEncoder#packInts] (which
/// skips FoR when the minimum is 0) against the plain choice between all its candidates.
class FusedKernelsTest {
    @Test
    void minMaxMatchesAPlainLoopAndItsCache() {
        for (Input in : KernelInputs.all()) {
            long[] expected = null;
            boolean unsigned64 = in.array().ptype() == PType.U64;
            for (int i = 0; i < in.values().length; i++) {
                if (!KernelInputs.valid(in, i)) {
                    continue;
                }
                long v = in.values()[i];
                if (expected == null) {
                    expected = new long[] {v, v};
                } else if (unsigned64) {
                    expected[0] = Long.compareUnsigned(v, expected[0]) < 0 ? v : expected[0];
                    expected[1] = Long.compareUnsigned(v, expected[1]) > 0 ? v : expected[1];
                } else {
                    expected[0] = Math.min(v, expected[0]);
                    expected[1] = Math.max(v, expected[1]);
                }
            }
            long[] first = ForEncoder.minMax(in.array());
            assertArrayEquals(expected, first, in.name());
            assertArrayEquals(expected, ForEncoder.minMaxOnce(in.array()), in.name());
            if (first != null) {
                first[0] ^= 1; // a caller's change must not reach the cache
                long[] again = ForEncoder.minMax(in.array());
                assertNotSame(first, again);
                assertArrayEquals(expected, again, in.name());
            } else {
                assertNull(ForEncoder.minMax(in.array()), in.name());
            }
        }
    }

    @Test
    void cacheTellsEqualArraysApart() {
        // Two arrays with the same values but different identities, then a different array of
        // the same length: each gets its own answer.
        PrimitiveArray a = EncodeTesting.ints(PType.I32, new long[] {5, 6, 7}, null);
        PrimitiveArray b = EncodeTesting.ints(PType.I32, new long[] {-5, 6, 70}, null);
        assertArrayEquals(new long[] {5, 7}, ForEncoder.minMax(a));
        assertArrayEquals(new long[] {-5, 70}, ForEncoder.minMax(b));
        assertArrayEquals(new long[] {5, 7}, ForEncoder.minMax(a));
        PrimitiveArray c = EncodeTesting.ints(PType.I32, new long[] {1, 2, 3}, null);
        assertArrayEquals(new long[] {1, 3}, ForEncoder.minMax(c));
        assertArrayEquals(new long[] {-5, 70}, ForEncoder.minMax(b));
    }

    @Test
    void fusedForPackingMatchesPackingTheShiftedCopy() {
        for (Input in : KernelInputs.all()) {
            PrimitiveArray a = in.array();
            Long min = ForEncoder.minimum(a);
            for (long reference : new long[] {min == null ? 0 : min, 1, -1, Long.MIN_VALUE, 255}) {
                PrimitiveArray shifted = ForEncoder.subtract(a, reference);
                String what = in.name() + " reference " + reference;
                assertArrayEquals(BitPackedEncoder.histogram(shifted), BitPackedEncoder.histogram(a, reference), what);
                assertSameNode(
                        BitPackedEncoder.encode(shifted, LightEncoder.PATCHES),
                        BitPackedEncoder.encodeShifted(a, reference, LightEncoder.PATCHES),
                        what);
            }
            WriteNode plainFor = min == null
                    ? null
                    : orNull(BitPackedEncoder.encode(ForEncoder.subtract(a, min), LightEncoder.PATCHES), a, min);
            assertSameNode(plainFor, ForEncoder.encodeBitPacked(a, LightEncoder.PATCHES), in.name());
        }
    }

    @Test
    void packIntsMatchesThePlainChoice() {
        for (Input in : KernelInputs.all()) {
            PrimitiveArray a = in.array();
            WriteNode expected = ConstantEncoder.encode(a);
            if (expected == null) {
                expected = CanonicalEncoder.encode(a);
                WriteNode packed = BitPackedEncoder.encode(a, LightEncoder.PATCHES);
                if (packed != null && packed.bufferBytes() < expected.bufferBytes()) {
                    expected = packed;
                }
                Long min = ForEncoder.minimum(a);
                WriteNode shifted = min == null
                        ? null
                        : orNull(BitPackedEncoder.encode(ForEncoder.subtract(a, min), LightEncoder.PATCHES), a, min);
                if (shifted != null && shifted.bufferBytes() < expected.bufferBytes()) {
                    expected = shifted;
                }
            }
            assertSameNode(expected, LightEncoder.packInts(a), in.name());
        }
    }

    @Test
    void histogramMatchesAPlainCount() {
        for (Input in : KernelInputs.all()) {
            int typeBits = in.array().ptype().bitWidth();
            long[] expected = new long[typeBits + 1];
            for (int i = 0; i < in.values().length; i++) {
                long bits = typeBits == 64 ? in.values()[i] : in.values()[i] & ((1L << typeBits) - 1);
                expected[KernelInputs.valid(in, i) ? 64 - Long.numberOfLeadingZeros(bits) : 0]++;
            }
            assertArrayEquals(expected, BitPackedEncoder.histogram(in.array()), in.name());
        }
    }

    @Test
    void packingRoundTripsAtEveryWidth() {
        // The packed rows and patches (block fast path or row by row) decode to the input.
        for (Input in : KernelInputs.all()) {
            PrimitiveArray a = in.array();
            if (a.length() == 0) {
                continue;
            }
            for (int width : new int[] {0, 1, 3, a.ptype().bitWidth() - 1}) {
                WriteNode node = BitPackedEncoder.encode(a, width, LightEncoder.PATCHES);
                if (node == null) {
                    // Refused: a negative valid value.
                    assertTrue(a.ptype().isSigned(), in.name());
                    continue;
                }
                try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
                    EncodeTesting.assertSameRows(
                            a,
                            EncodeTesting.roundTrip(node, a.dtype(), a.length(), arena),
                            in.name() + " width " + width);
                }
            }
        }
    }

    @Test
    void averageRunMatchesAPlainCount() {
        for (Input in : KernelInputs.all()) {
            long[] v = in.values();
            long valid = 0;
            long runs = 0;
            boolean first = true;
            long prev = 0;
            for (int i = 0; i < v.length; i++) {
                if (KernelInputs.valid(in, i)) {
                    valid++;
                    if (first || v[i] != prev) {
                        runs++;
                    }
                    prev = v[i];
                    first = false;
                }
            }
            for (int minRun = 1; minRun <= 5; minRun++) {
                boolean expected = runs > 0 && valid >= (long) minRun * runs;
                assertEquals(expected, RleEncoder.averageRunAtLeast(in.array(), minRun), in.name() + " " + minRun);
            }
        }
    }

    private static WriteNode orNull(WriteNode packed, PrimitiveArray a, long min) {
        return packed == null ? null : ForEncoder.node(a, min, packed);
    }

    private static void assertSameNode(WriteNode expected, WriteNode actual, String what) {
        if (expected == null || actual == null) {
            assertEquals(expected == null, actual == null, what + ": null");
            return;
        }
        assertEquals(EncodeTesting.ids(expected), EncodeTesting.ids(actual), what);
        assertEquals(
                Arrays.toString(EncodeTesting.serialize(expected, EncodeTesting.ids(expected))),
                Arrays.toString(EncodeTesting.serialize(actual, EncodeTesting.ids(actual))),
                what);
    }
}
