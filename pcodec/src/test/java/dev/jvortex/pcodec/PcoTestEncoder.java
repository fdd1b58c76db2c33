package dev.jvortex.pcodec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// A deliberately simple pco writer for tests, written from the format description: the caller
/// chooses bins, delta states and stored latents; this class writes the bits, including the
/// tANS encoding (run backwards over a page's latents, emitted forwards per batch). It makes
/// streams pco's own encoder never writes (64-bit offsets, huge tables, Lookback states,
/// secondary deltas) so the decoder can be checked on them.
final class PcoTestEncoder {
    private PcoTestEncoder() {}

    /// LSB-first bit writer.
    static final class BitWriter {
        private byte[] buf = new byte[64];
        private long pos;

        /// Writes the low `bits` bits of `value`.
        BitWriter write(long value, int bits) {
            for (int i = 0; i < bits; i++) {
                if ((pos >>> 3) >= buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                if (((value >>> i) & 1) != 0) {
                    buf[(int) (pos >>> 3)] |= (byte) (1 << (pos & 7));
                }
                pos++;
            }
            return this;
        }

        /// Pads with zero bits to a byte boundary.
        BitWriter align() {
            pos = (pos + 7) & ~7L;
            if ((pos >>> 3) > buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            return this;
        }

        byte[] toBytes() {
            return Arrays.copyOf(buf, (int) ((pos + 7) >>> 3));
        }
    }

    /// A bin: `weight` in the tANS table, latents `lower + [0, 2^offsetBits)`.
    record Bin(int weight, long lower, int offsetBits) {}

    /// A latent variable's chunk-level description.
    record Var(int width, int ansSizeLog, List<Bin> bins) {
        void writeMeta(BitWriter w) {
            w.write(ansSizeLog, 4).write(bins.size(), 15);
            int offsetWidth = 32 - Integer.numberOfLeadingZeros(width);
            for (Bin b : bins) {
                w.write(b.weight() - 1, ansSizeLog).write(b.lower(), width).write(b.offsetBits(), offsetWidth);
            }
        }

        long mask() {
            return width == 64 ? -1L : (1L << width) - 1;
        }

        /// Returns the index of the first bin holding `latent`.
        int binOf(long latent) {
            for (int i = 0; i < bins.size(); i++) {
                Bin b = bins.get(i);
                long offset = (latent - b.lower()) & mask();
                if (b.offsetBits() == 64 || Long.compareUnsigned(offset, 1L << b.offsetBits()) < 0) {
                    return i;
                }
            }
            throw new IllegalArgumentException("no bin holds " + Long.toUnsignedString(latent));
        }
    }

    /// One variable in one page: its delta state and stored latents.
    record VarPage(Var var, long[] state, long[] stored) {}

    /// Writes a page of `n` numbers whose variables (in stream order) hold `vars`.
    static byte[] page(int n, List<VarPage> vars) {
        int count = vars.size();
        int[][] bins = new int[count][];
        long[][] symbolBits = new long[count][];
        int[][] symbolWidth = new int[count][];
        int[][] finals = new int[count][];
        for (int v = 0; v < count; v++) {
            VarPage vp = vars.get(v);
            long[] stored = vp.stored();
            bins[v] = new int[stored.length];
            for (int i = 0; i < stored.length; i++) {
                bins[v][i] = vp.var().binOf(stored[i]);
            }
            symbolBits[v] = new long[stored.length];
            symbolWidth[v] = new int[stored.length];
            finals[v] = encodeAns(vp.var(), bins[v], symbolBits[v], symbolWidth[v]);
        }
        BitWriter w = new BitWriter();
        for (int v = 0; v < count; v++) {
            VarPage vp = vars.get(v);
            for (long s : vp.state()) {
                w.write(s, vp.var().width());
            }
            for (int j = 0; j < 4; j++) {
                w.write(finals[v][j], vp.var().ansSizeLog());
            }
        }
        w.align();
        for (int start = 0; start < n; start += 256) {
            for (int v = 0; v < count; v++) {
                VarPage vp = vars.get(v);
                int k = Math.min(256, vp.stored().length - start);
                if (k <= 0) {
                    continue;
                }
                if (vp.var().bins().size() > 1) {
                    for (int i = start; i < start + k; i++) {
                        w.write(symbolBits[v][i], symbolWidth[v][i]);
                    }
                }
                for (int i = start; i < start + k; i++) {
                    Bin b = vp.var().bins().get(bins[v][i]);
                    w.write(vp.stored()[i] - b.lower(), b.offsetBits());
                }
            }
        }
        return w.align().toBytes();
    }

    /// The tANS spread of symbols over `2^sizeLog` slots (stride `3T/5`, made odd).
    static int[] spread(int sizeLog, int[] weights) {
        int t = 1 << sizeLog;
        int[] slots = new int[t];
        int stride = 3 * t / 5;
        if (stride % 2 == 0) {
            stride++;
        }
        int step = 0;
        for (int s = 0; s < weights.length; s++) {
            for (int k = 0; k < weights[s]; k++) {
                slots[(stride * step) % t] = s;
                step++;
            }
        }
        return slots;
    }

    /// Encodes the symbols backwards with four interleaved states; returns the final state
    /// indices (state - T) that go into the page meta.
    private static int[] encodeAns(Var var, int[] symbols, long[] bitsOut, int[] widthOut) {
        int sizeLog = var.ansSizeLog();
        int t = 1 << sizeLog;
        List<Bin> binList = var.bins();
        int[] weights = binList.isEmpty()
                ? new int[] {1}
                : binList.stream().mapToInt(Bin::weight).toArray();
        int[] slots = spread(sizeLog, weights);
        List<List<Integer>> slotsOf = new ArrayList<>();
        for (int s = 0; s < weights.length; s++) {
            slotsOf.add(new ArrayList<>());
        }
        for (int i = 0; i < t; i++) {
            slotsOf.get(slots[i]).add(i);
        }
        int[] states = {t, t, t, t};
        for (int i = symbols.length - 1; i >= 0; i--) {
            int j = i % 4;
            int x = states[j];
            int s = symbols[i];
            int w = weights[s];
            int m = sizeLog - (31 - Integer.numberOfLeadingZeros(2 * w - 1));
            int r = x >= (2 * w) << m ? m + 1 : m;
            bitsOut[i] = x & ((1L << r) - 1);
            widthOut[i] = r;
            states[j] = t + slotsOf.get(s).get((x >> r) - w);
        }
        int[] out = new int[4];
        for (int j = 0; j < 4; j++) {
            out[j] = states[j] - t;
        }
        return out;
    }

    // ---- order-preserving latents --------------------------------------------------------------

    /// Returns the order-preserving latent of raw bits `bits` of type `p`.
    static long toOrdered(long bits, PcoType p) {
        int width = p.bitWidth();
        long mid = 1L << (width - 1);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        bits &= mask;
        if (p.isFloat()) {
            return (bits & mid) != 0 ? ~bits & mask : bits ^ mid;
        }
        return p.isSigned() ? bits ^ mid : bits;
    }

    /// Returns the raw bits of order-preserving latent `latent` of type `p`.
    static long fromOrdered(long latent, PcoType p) {
        int width = p.bitWidth();
        long mid = 1L << (width - 1);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        latent &= mask;
        if (p.isFloat()) {
            return (latent & mid) != 0 ? latent ^ mid : ~latent & mask;
        }
        return p.isSigned() ? latent ^ mid : latent;
    }
}
