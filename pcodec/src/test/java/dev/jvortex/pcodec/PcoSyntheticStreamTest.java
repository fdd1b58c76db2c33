package dev.jvortex.pcodec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.pcodec.PcoTestEncoder.Bin;
import dev.jvortex.pcodec.PcoTestEncoder.BitWriter;
import dev.jvortex.pcodec.PcoTestEncoder.Var;
import dev.jvortex.pcodec.PcoTestEncoder.VarPage;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/// Streams built by [PcoTestEncoder] (and the worked examples of the format digest), covering
/// what the golden vectors cannot: every tANS table size, offsets up to 64 bits, Lookback with
/// several state latents, deltas on the secondary variable, tiny pages, NaN products.
class PcoSyntheticStreamTest {
    private static final byte[] HEADER = {4, 1};
    private static final HexFormat HEX = HexFormat.of();
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat LE_FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    // ---- helpers -------------------------------------------------------------------------------

    private static long mask(int width) {
        return width == 64 ? -1L : (1L << width) - 1;
    }

    /// Returns bins covering `latents` (split into up to 8 ranges) with random weights.
    static Var binsCovering(long[] latents, int width, Random random) {
        long[] sorted = latents.clone();
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] ^= Long.MIN_VALUE; // unsigned order under signed sort
        }
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] ^= Long.MIN_VALUE;
        }
        long[] distinct = Arrays.stream(sorted).distinct().toArray();
        int groups = distinct.length == 0 ? 0 : Math.min(distinct.length, 1 + random.nextInt(8));
        List<long[]> ranges = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            int from = (int) ((long) distinct.length * g / groups);
            int to = (int) ((long) distinct.length * (g + 1) / groups) - 1;
            ranges.add(new long[] {distinct[from], distinct[to]});
        }
        int sizeLog = groups <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(groups - 1) + random.nextInt(4);
        int[] weights = weights(random, groups, sizeLog);
        List<Bin> bins = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            long span = ranges.get(g)[1] - ranges.get(g)[0];
            int bits = 64 - Long.numberOfLeadingZeros(span);
            bins.add(new Bin(weights[g], ranges.get(g)[0], Math.min(bits, width)));
        }
        return new Var(width, sizeLog, bins);
    }

    /// Random weights >= 1 for `count` bins summing to `2^sizeLog`.
    static int[] weights(Random random, int count, int sizeLog) {
        int[] w = new int[count];
        if (count == 0) {
            return w;
        }
        Arrays.fill(w, 1);
        int extra = (1 << sizeLog) - count;
        while (extra > 0) {
            int add = 1 + random.nextInt(extra);
            w[random.nextInt(count)] += add;
            extra -= add;
        }
        return w;
    }

    /// Decodes one page with the given chunk meta, returning the raw values.
    static byte[] decode(PcoType ptype, byte[] meta, byte[] page, int n) {
        PcoChunkDecoder chunk = PcoDecoder.open(HEADER).chunk(ptype, MemorySegment.ofArray(meta));
        byte[] out = new byte[n * ptype.byteWidth()];
        chunk.decodePage(MemorySegment.ofArray(page), n, MemorySegment.ofArray(out), 0);
        return out;
    }

    /// Raw little-endian values of `bits` (each masked to the type's width).
    static byte[] raw(PcoType ptype, long[] bits) {
        int width = ptype.byteWidth();
        byte[] out = new byte[bits.length * width];
        for (int i = 0; i < bits.length; i++) {
            for (int b = 0; b < width; b++) {
                out[i * width + b] = (byte) (bits[i] >>> (8 * b));
            }
        }
        return out;
    }

    static void assertValues(PcoType ptype, long[] expectedLatents, byte[] actual, String what) {
        long[] bits = new long[expectedLatents.length];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = PcoTestEncoder.fromOrdered(expectedLatents[i], ptype);
        }
        byte[] expected = raw(ptype, bits);
        if (!Arrays.equals(expected, actual)) {
            int width = ptype.byteWidth();
            for (int i = 0; i < bits.length; i++) {
                if (!Arrays.equals(expected, i * width, (i + 1) * width, actual, i * width, (i + 1) * width)) {
                    throw new AssertionError(what + ": value " + i + " is "
                            + HEX.formatHex(actual, i * width, (i + 1) * width) + ", expected "
                            + HEX.formatHex(expected, i * width, (i + 1) * width));
                }
            }
        }
    }

    // ---- the digest's worked examples ----------------------------------------------------------

    @Test
    void workedExampleClassicI32() {
        byte[] out = decode(PcoType.I32, HEX.parseHex("001000e8ffffff3b00"), HEX.parseHex("0085e28c5028060a05"), 10);
        MemorySegment seg = MemorySegment.ofArray(out);
        int[] expected = {-3, 7, 7, 100, 5, 7, 7, 0, 7, 7};
        for (int i = 0; i < 10; i++) {
            assertEquals(expected[i], seg.get(LE_INT, 4L * i));
        }
    }

    @Test
    void workedExampleConsecutiveU32TwoPages() {
        PcoChunkDecoder chunk =
                PcoDecoder.open(HEADER).chunk(PcoType.U32, MemorySegment.ofArray(HEX.parseHex("100101000100004000")));
        int[] out = new int[6];
        MemorySegment seg = MemorySegment.ofArray(out);
        chunk.decodePage(MemorySegment.ofArray(HEX.parseHex("0a000000")), 3, seg, 0);
        chunk.decodePage(MemorySegment.ofArray(HEX.parseHex("10000000")), 3, seg, 3);
        assertArrayEquals(new int[] {10, 12, 14, 16, 18, 20}, out);
        assertEquals(PcoDelta.CONSECUTIVE, chunk.meta().delta());
    }

    @Test
    void workedExampleTansF32() {
        byte[] out = decode(PcoType.F32, HEX.parseHex("002200e0ffffff07100000f81700"), HEX.parseHex("a200"), 4);
        MemorySegment seg = MemorySegment.ofArray(out);
        float[] expected = {1.5f, -2.0f, 1.5f, 1.5f};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], seg.get(LE_FLOAT, 4L * i));
        }
    }

    @Test
    void workedExampleConstantU16HasEmptyPage() {
        byte[] out = decode(PcoType.U16, HEX.parseHex("001000380000"), new byte[0], 3000);
        MemorySegment seg = MemorySegment.ofArray(out);
        for (int i = 0; i < 3000; i++) {
            assertEquals(7, seg.get(LE_SHORT, 2L * i));
        }
    }

    @Test
    void spreadMatchesPcosOwnExample() {
        BitWriter w = new BitWriter();
        new Var(32, 4, List.of(new Bin(1, 0, 0), new Bin(1, 1, 0), new Bin(3, 2, 0), new Bin(11, 3, 0))).writeMeta(w);
        byte[] bytes = w.align().toBytes();
        PcoLatentVar v = PcoLatentVar.read(
                new PcoBitReader(Arrays.copyOf(bytes, bytes.length + 16), bytes.length, "test"), "primary", 32);
        assertArrayEquals(new int[] {0, 3, 2, 3, 2, 3, 3, 3, 3, 1, 3, 2, 3, 3, 3, 3}, v.slotBins());
    }

    // ---- classic, every type, random tables ------------------------------------------------------

    @ParameterizedTest
    @EnumSource(PcoType.class)
    void classicRandomTablesAndOffsets(PcoType ptype) {
        int width = ptype.bitWidth();
        for (int seed = 0; seed < 40; seed++) {
            Random random = new Random(seed * 31L + width);
            int sizeLog = random.nextInt(15);
            int binCount = sizeLog == 0 ? 1 : 1 + random.nextInt(Math.min(1 << sizeLog, 300));
            if (binCount == 1) {
                sizeLog = 0; // pco requires it
            }
            if (seed == 0) {
                sizeLog = 14;
                binCount = 1 << 14; // the largest table, every weight 1
            }
            int[] weights = weights(random, binCount, sizeLog);
            List<Bin> bins = new ArrayList<>();
            for (int b = 0; b < binCount; b++) {
                int bits = random.nextInt(8) == 0 ? width : random.nextInt(width + 1);
                bins.add(new Bin(weights[b], random.nextLong() & mask(width), bits));
            }
            Var var = new Var(width, sizeLog, bins);
            int n = 1 + random.nextInt(seed % 5 == 0 ? 3000 : 700);
            long[] latents = new long[n];
            for (int i = 0; i < n; i++) {
                // Pick a bin by index and an offset inside it; binOf() may pick an earlier bin that
                // also holds the value, which is equally valid.
                Bin b = bins.get(random.nextInt(binCount));
                long offset =
                        b.offsetBits() == 64 ? random.nextLong() : random.nextLong() & ((1L << b.offsetBits()) - 1);
                latents[i] = (b.lower() + offset) & mask(width);
            }
            BitWriter meta = new BitWriter().write(0, 4).write(0, 4);
            var.writeMeta(meta);
            byte[] page = PcoTestEncoder.page(n, List.of(new VarPage(var, new long[0], latents)));
            assertValues(
                    ptype,
                    latents,
                    decode(ptype, meta.align().toBytes(), page, n),
                    ptype + " seed " + seed + " (size log " + sizeLog + ", " + binCount + " bins, n " + n + ")");
        }
    }

    // ---- deltas ----------------------------------------------------------------------------------

    /// Consecutive deltas of `order` (toggled), and the moments, as pco's encoder forms them.
    static long[][] consecutive(long[] x, int order, int width) {
        long[] moments = new long[order];
        long[] cur = x.clone();
        for (int k = 0; k < order; k++) {
            moments[k] = cur.length > 0 ? cur[0] : 0;
            long[] next = new long[Math.max(0, cur.length - 1)];
            for (int i = 0; i < next.length; i++) {
                next[i] = (cur[i + 1] - cur[i]) & mask(width);
            }
            cur = next;
        }
        for (int i = 0; i < cur.length; i++) {
            cur[i] = (cur[i] ^ (1L << (width - 1))) & mask(width);
        }
        return new long[][] {moments, cur};
    }

    @ParameterizedTest
    @EnumSource(
            value = PcoType.class,
            names = {"U8", "I16", "U32", "I64"})
    void intMultWithConsecutiveOnBothLatents(PcoType ptype) {
        int width = ptype.bitWidth();
        for (int seed = 0; seed < 30; seed++) {
            Random random = new Random(seed + 1000L * width);
            int order = 1 + random.nextInt(7);
            boolean secondaryUsesDelta = random.nextBoolean();
            long base = 1 + (random.nextLong() & mask(Math.min(width, 20)) >>> 1);
            int n = 1 + random.nextInt(seed < 5 ? 8 : 900);
            long[] x0 = new long[n];
            long[] x1 = new long[n];
            long value = random.nextLong();
            for (int i = 0; i < n; i++) {
                value += random.nextInt(1000) - 500;
                x0[i] = value & mask(width);
                x1[i] = random.nextInt(5) & mask(width);
            }
            long[][] p = consecutive(x0, order, width);
            long[][] s = secondaryUsesDelta ? consecutive(x1, order, width) : new long[][] {new long[0], x1};
            Var primary = binsCovering(p[1], width, random);
            Var secondary = binsCovering(s[1], width, random);
            BitWriter meta = new BitWriter()
                    .write(1, 4)
                    .write(base, width)
                    .write(1, 4)
                    .write(order, 3)
                    .write(secondaryUsesDelta ? 1 : 0, 1);
            primary.writeMeta(meta);
            secondary.writeMeta(meta);
            byte[] page = PcoTestEncoder.page(
                    n, List.of(new VarPage(primary, p[0], p[1]), new VarPage(secondary, s[0], s[1])));
            long[] expected = new long[n];
            for (int i = 0; i < n; i++) {
                expected[i] = (x0[i] * base + x1[i]) & mask(width);
            }
            assertValues(
                    ptype,
                    expected,
                    decode(ptype, meta.align().toBytes(), page, n),
                    ptype + " seed " + seed + " order " + order + " sud " + secondaryUsesDelta + " n " + n);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PcoType.class,
            names = {"U16", "I32", "U64"})
    void lookbackWithSeveralStateLatentsAndSecondary(PcoType ptype) {
        int width = ptype.bitWidth();
        long mid = 1L << (width - 1);
        for (int seed = 0; seed < 30; seed++) {
            Random random = new Random(seed + 77L * width);
            int stateLog = random.nextInt(4);
            int windowLog = Math.max(1, stateLog) + random.nextInt(5);
            int state = 1 << stateLog;
            int window = 1 << windowLog;
            boolean secondaryUsesDelta = random.nextBoolean();
            long base = 3 + random.nextInt(1000);
            int n = 1 + random.nextInt(seed < 6 ? 10 : 900);
            long[] x0 = new long[n];
            long[] x1 = new long[n];
            for (int i = 0; i < n; i++) {
                x0[i] = random.nextInt(4) == 0 ? random.nextLong() & mask(width) : i > 0 ? x0[random.nextInt(i)] : 5;
                x1[i] = random.nextInt(3);
            }
            int stored = Math.max(0, n - state);
            long[] lookbacks = new long[stored];
            long[] d0 = new long[stored];
            long[] d1 = new long[stored];
            for (int j = 0; j < stored; j++) {
                int i = state + j;
                int lb = 1 + random.nextInt(window); // may reach before the page, where values read as 0
                lookbacks[j] = lb;
                d0[j] = ((x0[i] - (i - lb >= 0 ? x0[i - lb] : 0)) ^ mid) & mask(width);
                d1[j] = ((x1[i] - (i - lb >= 0 ? x1[i - lb] : 0)) ^ mid) & mask(width);
            }
            long[] st0 = Arrays.copyOf(Arrays.copyOf(x0, Math.min(n, state)), state);
            long[] st1 = Arrays.copyOf(Arrays.copyOf(x1, Math.min(n, state)), state);
            Var deltaVar = binsCovering(lookbacks, 32, random);
            if (deltaVar.bins().isEmpty()) {
                deltaVar = new Var(32, 0, List.of(new Bin(1, 1, 0)));
            }
            Var primary = binsCovering(d0, width, random);
            long[] secondaryStored = secondaryUsesDelta ? d1 : x1;
            Var secondary = binsCovering(secondaryStored, width, random);
            BitWriter meta = new BitWriter()
                    .write(1, 4)
                    .write(base, width)
                    .write(2, 4)
                    .write(windowLog - 1, 5)
                    .write(stateLog, 4)
                    .write(secondaryUsesDelta ? 1 : 0, 1);
            deltaVar.writeMeta(meta);
            primary.writeMeta(meta);
            secondary.writeMeta(meta);
            byte[] page = PcoTestEncoder.page(
                    n,
                    List.of(
                            new VarPage(deltaVar, new long[0], lookbacks),
                            new VarPage(primary, st0, d0),
                            new VarPage(secondary, secondaryUsesDelta ? st1 : new long[0], secondaryStored)));
            long[] expected = new long[n];
            for (int i = 0; i < n; i++) {
                expected[i] = (x0[i] * base + x1[i]) & mask(width);
            }
            assertValues(
                    ptype,
                    expected,
                    decode(ptype, meta.align().toBytes(), page, n),
                    ptype + " seed " + seed + " window 2^" + windowLog + " state " + state + " sud "
                            + secondaryUsesDelta + " n " + n);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = PcoType.class,
            names = {"I8", "U16", "I16", "U32", "I32"})
    void conv1(PcoType ptype) {
        int width = ptype.bitWidth();
        long mid = 1L << (width - 1);
        for (int seed = 0; seed < 30; seed++) {
            Random random = new Random(seed + 13L * width);
            int order = 1 + random.nextInt(seed % 3 == 0 ? (width == 8 ? 16 : 32) : 6);
            int quantization = random.nextInt(Math.min(12, 2 * width - 4));
            // Keep |bias| + 2^W * sum|w| below 2^(2W-1), as pco requires.
            int maxWeight = width == 8 ? 1 : 16;
            long[] weights = new long[order];
            for (int j = 0; j < order; j++) {
                weights[j] = random.nextInt(2 * maxWeight + 1) - maxWeight;
            }
            long bias = random.nextInt(1 << 10) - (1 << 9);
            int n = 1 + random.nextInt(seed < 4 ? order + 2 : 700);
            long[] x = new long[n];
            long v = random.nextLong();
            for (int i = 0; i < n; i++) {
                v += random.nextInt(200) - 100;
                x[i] = v & mask(width);
            }
            int stored = Math.max(0, n - order);
            long[] residuals = new long[stored];
            for (int i = order; i < n; i++) {
                long sum = bias;
                for (int j = 0; j < order; j++) {
                    sum += weights[j] * x[i - order + j];
                }
                long prediction = Math.max(sum, 0) >>> quantization;
                residuals[i - order] = ((x[i] - prediction) ^ mid) & mask(width);
            }
            long[] state = Arrays.copyOf(Arrays.copyOf(x, Math.min(n, order)), order);
            Var primary = binsCovering(residuals, width, random);
            BitWriter meta = new BitWriter()
                    .write(0, 4)
                    .write(3, 4)
                    .write(quantization, 5)
                    .write(bias ^ Long.MIN_VALUE, 64)
                    .write(order - 1, 5);
            for (long w : weights) {
                meta.write(w ^ 0x8000_0000L, 32);
            }
            primary.writeMeta(meta);
            byte[] page = PcoTestEncoder.page(n, List.of(new VarPage(primary, state, residuals)));
            assertValues(
                    ptype,
                    x,
                    decode(ptype, meta.align().toBytes(), page, n),
                    ptype + " seed " + seed + " order " + order + " q " + quantization + " n " + n);
        }
    }

    @Test
    void conv1RejectsOverflowingWeightsAndWideLatents() {
        BitWriter meta = new BitWriter()
                .write(0, 4)
                .write(3, 4)
                .write(3, 5)
                .write(Long.MIN_VALUE, 64)
                .write(0, 5)
                .write((1L << 16) ^ 0x8000_0000L, 32); // |w| * 2^16 = 2^32 >= 2^31 for a 16-bit latent
        new Var(16, 0, List.of(new Bin(1, 0, 16))).writeMeta(meta);
        byte[] bytes = meta.align().toBytes();
        assertThrows(
                PcoException.class, () -> PcoDecoder.open(HEADER).chunk(PcoType.U16, MemorySegment.ofArray(bytes)));

        BitWriter wide = new BitWriter()
                .write(0, 4)
                .write(3, 4)
                .write(3, 5)
                .write(Long.MIN_VALUE, 64)
                .write(0, 5)
                .write(1 ^ 0x8000_0000L, 32);
        new Var(64, 0, List.of(new Bin(1, 0, 64))).writeMeta(wide);
        byte[] wideBytes = wide.align().toBytes();
        PcoException e = assertThrows(
                PcoException.class, () -> PcoDecoder.open(HEADER).chunk(PcoType.U64, MemorySegment.ofArray(wideBytes)));
        assertTrue(e.getMessage().contains("Conv1"), e.getMessage());
    }

    // ---- modes -----------------------------------------------------------------------------------

    /// A two-latent chunk with single-bin variables whose latents are given per value.
    private static byte[] twoLatentChunk(
            int modeId, long parameter, int parameterBits, int width, long[] x0, long[] x1, byte[][] pageOut) {
        Random random = new Random(7);
        Var primary = binsCovering(x0, width, random);
        Var secondary = binsCovering(x1, width, random);
        BitWriter meta =
                new BitWriter().write(modeId, 4).write(parameter, parameterBits).write(0, 4);
        primary.writeMeta(meta);
        secondary.writeMeta(meta);
        pageOut[0] = PcoTestEncoder.page(
                x0.length, List.of(new VarPage(primary, new long[0], x0), new VarPage(secondary, new long[0], x1)));
        return meta.align().toBytes();
    }

    @Test
    void floatMultQuietsNaNMultiplicandsBitExactly() {
        // Primary latents whose integer-valued float is a signalling NaN (both signs) or an
        // infinity; the secondary is MID, i.e. no ULP adjustment. Base 1.0.
        record Case(PcoType type, long nanBits, long quietBit, long gpiBits, int precision) {}
        for (Case c : List.of(
                new Case(PcoType.F64, 0x7FF0_0000_0000_0001L, 0x0008_0000_0000_0000L, 0x4340_0000_0000_0000L, 53),
                new Case(PcoType.F32, 0x7F80_0001L, 0x0040_0000L, 0x4B80_0000L, 24),
                new Case(PcoType.F16, 0x7C01L, 0x0200L, 0x6800L, 11))) {
            int width = c.type().bitWidth();
            long mid = 1L << (width - 1);
            long sign = mid;
            long infBits = c.nanBits() - 1;
            // int_float(l) for l >= MID has bits gpiBits + (a - 2^P) with a = l - MID
            long positiveNan = mid + (1L << c.precision()) + (c.nanBits() - c.gpiBits());
            long positiveInf = mid + (1L << c.precision()) + (infBits - c.gpiBits());
            long negativeNan = (mid - 1 - (positiveNan - mid)) & mask(width);
            long[] x0 = {positiveNan, negativeNan, positiveInf, mid + 3};
            long[] x1 = {mid, mid, mid, mid + 1};
            long one = PcoTestEncoder.toOrdered(
                    switch (c.type()) {
                        case F64 -> Double.doubleToRawLongBits(1.0);
                        case F32 -> Float.floatToRawIntBits(1.0f);
                        default -> Float.floatToFloat16(1.0f);
                    },
                    c.type());
            byte[][] page = new byte[1][];
            byte[] meta = twoLatentChunk(2, one, width, width, x0, x1, page);
            byte[] out = decode(c.type(), meta, page[0], 4);
            long three = switch (c.type()) {
                case F64 -> Double.doubleToRawLongBits(3.0);
                case F32 -> Float.floatToRawIntBits(3.0f);
                default -> Float.floatToFloat16(3.0f);
            };
            long[] expected = {
                c.nanBits() | c.quietBit(),
                c.nanBits() | c.quietBit() | sign,
                infBits,
                PcoTestEncoder.fromOrdered(PcoTestEncoder.toOrdered(three, c.type()) + 1, c.type())
            };
            assertArrayEquals(raw(c.type(), expected), out, c.type() + " FloatMult");
        }
    }

    @Test
    void floatMultRejectsZeroOrInfiniteBase() {
        for (long base : new long[] {
            Double.doubleToRawLongBits(0.0),
            Double.doubleToRawLongBits(-0.0),
            Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
            Double.doubleToRawLongBits(Double.NaN)
        }) {
            byte[][] page = new byte[1][];
            byte[] meta = twoLatentChunk(
                    2, PcoTestEncoder.toOrdered(base, PcoType.F64), 64, 64, new long[] {1}, new long[] {1}, page);
            assertThrows(PcoException.class, () -> decode(PcoType.F64, meta, page[0], 1));
        }
    }

    @Test
    void floatQuantJoinsHighAndLowBits() {
        int k = 7;
        float[] values = {1.5f, -2.25f, 0.0f, -0.0f, Float.MIN_VALUE, -Float.MAX_VALUE, 123.456f, Float.NaN};
        long[] x0 = new long[values.length];
        long[] x1 = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            long ordered = PcoTestEncoder.toOrdered(Float.floatToRawIntBits(values[i]), PcoType.F32);
            x0[i] = ordered >>> k;
            long low = ordered & ((1L << k) - 1);
            boolean negative = Float.floatToRawIntBits(values[i]) < 0;
            x1[i] = negative ? (1L << k) - 1 - low : low;
        }
        byte[][] page = new byte[1][];
        byte[] meta = twoLatentChunk(3, k, 8, 32, x0, x1, page);
        MemorySegment out = MemorySegment.ofArray(decode(PcoType.F32, meta, page[0], values.length));
        for (int i = 0; i < values.length; i++) {
            assertEquals(Float.floatToRawIntBits(values[i]), out.get(LE_INT, 4L * i), "value " + i);
        }
    }

    @Test
    void dictModeAndOutOfRangeIndex() {
        long[] dict = {
            PcoTestEncoder.toOrdered(-5, PcoType.I64),
            PcoTestEncoder.toOrdered(Long.MAX_VALUE, PcoType.I64),
            PcoTestEncoder.toOrdered(42, PcoType.I64)
        };
        long[] idx = {2, 0, 1, 1, 2, 0, 0};
        BitWriter meta = new BitWriter().write(4, 4).write(dict.length, 25).align();
        for (long d : dict) {
            meta.write(d, 64);
        }
        meta.write(0, 4);
        Var primary = binsCovering(idx, 32, new Random(3));
        primary.writeMeta(meta);
        byte[] metaBytes = meta.align().toBytes();
        byte[] page = PcoTestEncoder.page(idx.length, List.of(new VarPage(primary, new long[0], idx)));
        MemorySegment out = MemorySegment.ofArray(decode(PcoType.I64, metaBytes, page, idx.length));
        long[] expected = {42, -5, Long.MAX_VALUE, Long.MAX_VALUE, 42, -5, -5};
        assertArrayEquals(expected, out.toArray(ValueLayout.JAVA_LONG_UNALIGNED));

        long[] bad = {0, 3};
        BitWriter badMeta = new BitWriter().write(4, 4).write(dict.length, 25).align();
        for (long d : dict) {
            badMeta.write(d, 64);
        }
        badMeta.write(0, 4);
        Var badPrimary = new Var(32, 0, List.of(new Bin(1, 0, 2)));
        badPrimary.writeMeta(badMeta);
        byte[] badBytes = badMeta.align().toBytes();
        byte[] badPage = PcoTestEncoder.page(2, List.of(new VarPage(badPrimary, new long[0], bad)));
        PcoException e = assertThrows(PcoException.class, () -> decode(PcoType.I64, badBytes, badPage, 2));
        assertTrue(e.getMessage().contains("dictionary index"), e.getMessage());
    }

    @Test
    void lookbackOutsideTheWindowIsCorrupt() {
        // window 2^1 = 2; a lookback of 3 is out of range (bins may not say so: lower 1, 2 offset bits).
        BitWriter meta =
                new BitWriter().write(0, 4).write(2, 4).write(0, 5).write(0, 4).write(0, 1);
        Var deltaVar = new Var(32, 0, List.of(new Bin(1, 1, 2)));
        Var primary = new Var(32, 0, List.of(new Bin(1, 0, 32)));
        deltaVar.writeMeta(meta);
        primary.writeMeta(meta);
        byte[] metaBytes = meta.align().toBytes();
        byte[] page = PcoTestEncoder.page(
                3,
                List.of(
                        new VarPage(deltaVar, new long[0], new long[] {1, 3}),
                        new VarPage(primary, new long[] {9}, new long[] {0x8000_0000L, 0x8000_0000L})));
        PcoException e = assertThrows(PcoException.class, () -> decode(PcoType.U32, metaBytes, page, 3));
        assertTrue(e.getMessage().contains("lookback 3"), e.getMessage());
        // lower bound outside the window is caught in the chunk meta already
        BitWriter badMeta =
                new BitWriter().write(0, 4).write(2, 4).write(0, 5).write(0, 4).write(0, 1);
        new Var(32, 0, List.of(new Bin(1, 5, 0))).writeMeta(badMeta);
        primary.writeMeta(badMeta);
        byte[] badBytes = badMeta.align().toBytes();
        assertThrows(
                PcoException.class, () -> PcoDecoder.open(HEADER).chunk(PcoType.U32, MemorySegment.ofArray(badBytes)));
        // windows beyond 2^24 (a chunk's most numbers) are refused, as pco 1.0.3+ does
        BitWriter hugeWindow =
                new BitWriter().write(0, 4).write(2, 4).write(24, 5).write(0, 4).write(0, 1);
        new Var(32, 0, List.of(new Bin(1, 1, 0))).writeMeta(hugeWindow);
        primary.writeMeta(hugeWindow);
        byte[] hugeBytes = hugeWindow.align().toBytes();
        PcoException huge = assertThrows(
                PcoException.class, () -> PcoDecoder.open(HEADER).chunk(PcoType.U32, MemorySegment.ofArray(hugeBytes)));
        assertTrue(huge.getMessage().contains("window"), huge.getMessage());
    }

    @Test
    void binlessVariableWithLatentsIsCorrupt() {
        BitWriter meta = new BitWriter().write(0, 4).write(0, 4);
        new Var(32, 0, List.of()).writeMeta(meta);
        byte[] metaBytes = meta.align().toBytes();
        assertThrows(PcoException.class, () -> decode(PcoType.I32, metaBytes, new byte[0], 1));
        // ... but a consecutive chunk whose pages hold only the state needs no bins
        BitWriter consecutive =
                new BitWriter().write(0, 4).write(1, 4).write(1, 3).write(0, 1);
        new Var(32, 0, List.of()).writeMeta(consecutive);
        byte[] page = new BitWriter().write(0x8000_0005L, 32).toBytes();
        MemorySegment out =
                MemorySegment.ofArray(decode(PcoType.I32, consecutive.align().toBytes(), page, 1));
        assertEquals(5, out.get(LE_INT, 0));
    }

    @Test
    void nonZeroPaddingIsCorrupt() {
        byte[] meta = HEX.parseHex("001000e8ffffff3b00");
        byte[] page = HEX.parseHex("0085e28c5028060a05");
        page[8] |= (byte) 0x80; // the 2 padding bits after 70 body bits
        assertThrows(PcoException.class, () -> decode(PcoType.I32, meta, page, 10));
        byte[] badMeta = meta.clone();
        badMeta[8] |= (byte) 0x80; // the chunk meta's 7 padding bits
        assertThrows(PcoException.class, () -> decode(PcoType.I32, badMeta, HEX.parseHex("0085e28c5028060a05"), 10));
    }

    @Test
    void formatThreeUsesTheSameLayoutAndOldFormatsABareOrder() {
        // Format 2 (pco 0.3): a 3-bit delta order instead of variant + payload.
        BitWriter meta = new BitWriter().write(0, 4).write(1, 3);
        new Var(32, 0, List.of(new Bin(1, 0x8000_0002L, 0))).writeMeta(meta);
        PcoChunkDecoder chunk = PcoDecoder.open(new byte[] {2})
                .chunk(PcoType.U32, MemorySegment.ofArray(meta.align().toBytes()));
        int[] out = new int[4];
        chunk.decodePage(
                MemorySegment.ofArray(new BitWriter().write(10, 32).toBytes()), 4, MemorySegment.ofArray(out), 0);
        assertArrayEquals(new int[] {10, 12, 14, 16}, out);
        // Format 0 could not express IntMult the way later formats do.
        BitWriter intMult = new BitWriter().write(1, 4).write(7, 32).write(0, 3);
        assertThrows(
                PcoException.class,
                () -> PcoDecoder.open(new byte[] {0})
                        .chunk(
                                PcoType.U32,
                                MemorySegment.ofArray(intMult.align().toBytes())));
    }
}
