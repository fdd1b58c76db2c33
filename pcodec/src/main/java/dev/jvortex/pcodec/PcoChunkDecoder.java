package dev.jvortex.pcodec;

import static dev.jvortex.pcodec.PcoLatentVar.NODE_BASE_MASK;
import static dev.jvortex.pcodec.PcoLatentVar.NODE_BITS_SHIFT;
import static dev.jvortex.pcodec.PcoLatentVar.NODE_READ_MASK_SHIFT;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/// Decodes the pages of one pco chunk. Not thread-safe: it owns the scratch arrays every page
/// reuses (the page bytes, one latent array per variable, the batch's bin indices).
///
/// A page is decoded in four passes:
/// 1. page meta (checked reads) and the per-batch bodies of all variables (unchecked 64-bit
///    loads; the position is checked against the page length after every variable's batch, and
///    the copy of the page carries enough zero padding that one batch can never read past it);
/// 2. delta inversion of each variable over the whole page (equivalent to pco's 256-value
///    batches: the state only carries forward);
/// 3. the mode's join of primary and secondary into the number's ordered latent;
/// 4. the order-preserving map back to raw bits, stored little-endian.
///
/// Latents of every width live in `long` arrays, masked to their width W; sums are taken mod
/// 2^64 and masked, which is arithmetic mod 2^W.
public final class PcoChunkDecoder {
    /// Numbers per batch: each variable's symbols and offsets are interleaved per 256 numbers.
    static final int BATCH = 256;
    /// Most bits one variable can use in one batch: 256 symbols of up to 14 bits and offsets of
    /// up to 64 bits. The page copy is padded by this much (plus a word) so a batch started
    /// inside the page cannot load past the copy.
    private static final int MAX_BATCH_BYTES = BATCH * (PcoLatentVar.MAX_ANS_SIZE_LOG + 64) / 8;
    private static final int PAGE_PADDING = MAX_BATCH_BYTES + PcoBitReader.PADDING;
    /// Most numbers a pco chunk (so also a page) can hold (`MAX_ENTRIES`).
    static final int MAX_VALUES = 1 << 24;
    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private final PcoChunkMeta meta;
    private final PcoType ptype;
    private final PcoLatentVar[] vars;
    /// Index of the primary and secondary in [#vars]; -1 when absent.
    private final int primaryIndex;
    private final int secondaryIndex;
    private final int deltaIndex;

    private byte[] pageBytes = new byte[0];
    private final long[][] latents;
    private final long[][] states;
    private final int[][] ansStates;
    /// The tANS state of each latent of the current batch, found by the symbol loop; it
    /// determines the latent's bin (lower bound and offset width).
    private final int[] batchStates = new int[BATCH];
    /// Output staging for types narrower than 64 bits (a byte[], short[] or int[]).
    private Object narrow;
    /// Per variable: latents stored in the current page, and where in its array they start.
    private final int[] stored;
    private final int[] storeAt;

    PcoChunkDecoder(PcoChunkMeta meta) {
        this.meta = meta;
        this.ptype = meta.ptype;
        this.vars = meta.vars;
        int base = meta.deltaVar != null ? 1 : 0;
        this.deltaIndex = meta.deltaVar != null ? 0 : -1;
        this.primaryIndex = base;
        this.secondaryIndex = meta.secondary != null ? base + 1 : -1;
        this.latents = new long[vars.length][0];
        this.states = new long[vars.length][];
        this.ansStates = new int[vars.length][4];
        this.stored = new int[vars.length];
        this.storeAt = new int[vars.length];
        for (int v = 0; v < vars.length; v++) {
            states[v] = new long[vars[v].stateCount];
        }
    }

    /// Returns the chunk's parsed meta.
    public PcoChunkMeta meta() {
        return meta;
    }

    /// Decodes `page`, which holds `n` numbers, into `out` as raw little-endian values of the
    /// chunk's type, the first at value index `outIndex`.
    public void decodePage(MemorySegment page, int n, MemorySegment out, long outIndex) {
        if (n < 0) {
            throw new IllegalArgumentException("negative value count " + n);
        }
        if (n > MAX_VALUES) {
            throw new PcoException("pco page claims " + n + " values, more than a chunk can hold (" + MAX_VALUES + ")");
        }
        int width = ptype.byteWidth();
        if (outIndex < 0 || outIndex + n > out.byteSize() / width) {
            throw new IllegalArgumentException(
                    "output holds " + out.byteSize() / width + " values, cannot write " + n + " at " + outIndex);
        }
        long pageLength = page.byteSize();
        if (pageLength > Integer.MAX_VALUE - PAGE_PADDING) {
            throw new PcoException("pco page of " + pageLength + " bytes is too large");
        }
        int len = (int) pageLength;
        if (pageBytes.length < len + PAGE_PADDING) {
            pageBytes = new byte[len + PAGE_PADDING];
        } else {
            Arrays.fill(pageBytes, len, len + PAGE_PADDING, (byte) 0);
        }
        MemorySegment.copy(page, ValueLayout.JAVA_BYTE, 0, pageBytes, 0, len);
        long totalBits = (long) len << 3;

        // 1. Page meta: per variable its delta state, then four tANS state indices.
        if (meta.pageMetaBits > totalBits) {
            throw new PcoException(
                    "pco page of " + len + " bytes is shorter than its " + meta.pageMetaBits + "-bit page meta");
        }
        PcoBitReader header = new PcoBitReader(pageBytes, len, "page");
        for (int v = 0; v < vars.length; v++) {
            PcoLatentVar var = vars[v];
            long[] st = states[v];
            for (int i = 0; i < st.length; i++) {
                st[i] = header.read(var.width);
            }
            int[] ans = ansStates[v];
            for (int j = 0; j < 4; j++) {
                ans[j] = header.readInt(var.ansSizeLog);
            }
        }
        header.alignZero("after the page meta");
        if (n == 0) {
            return; // pco reads nothing else of an empty page
        }

        // 2. Counts: a delta-encoded variable stores n - S latents; the lookbacks follow the primary.
        int primaryState = vars[primaryIndex].stateCount;
        int bodyCount = Math.max(0, n - primaryState);
        for (int v = 0; v < vars.length; v++) {
            PcoLatentVar var = vars[v];
            if (var.binCount == 0 && bodyCount > 0) {
                throw new PcoException(
                        "pco chunk's " + var.name + " has no bins but the page stores " + bodyCount + " latents");
            }
            stored[v] = v == deltaIndex ? bodyCount : Math.max(0, n - var.stateCount);
            // Lookback and Conv1 latents are decoded after the state, in place.
            storeAt[v] = var.delta == PcoDelta.LOOKBACK || var.delta == PcoDelta.CONV1 ? var.stateCount : 0;
            int capacity = Math.max(n, storeAt[v] + stored[v]);
            if (latents[v].length < capacity) {
                latents[v] = new long[Math.max(capacity, latents[v].length + (latents[v].length >> 1))];
            }
        }

        // 3. Body: per batch of 256 numbers, per variable, tANS symbols then offsets.
        long pos = header.position();
        int batches = (n + BATCH - 1) / BATCH;
        for (int b = 0; b < batches; b++) {
            int start = b * BATCH;
            for (int v = 0; v < vars.length; v++) {
                int k = Math.min(BATCH, stored[v] - start);
                if (k <= 0) {
                    continue;
                }
                PcoLatentVar var = vars[v];
                long[] dst = latents[v];
                int at = storeAt[v] + start;
                if (var.binCount > 1 && var.maxOffsetBits == 0) {
                    // No bin has offset bits (common for small deltas): a latent is its bin's lower bound.
                    pos = decodeLowers(pageBytes, pos, var.nodes, var.stateLowers, ansStates[v], dst, at, k);
                } else if (var.binCount > 1) {
                    pos = decodeSymbols(pageBytes, pos, var.nodes, ansStates[v], batchStates, k);
                    if (var.maxOffsetBits <= 56) {
                        pos = addOffsets(
                                pageBytes,
                                pos,
                                batchStates,
                                var.stateOffsetBits,
                                var.stateLowers,
                                var.mask,
                                dst,
                                at,
                                k,
                                var.maxOffsetBits);
                    } else {
                        pos = addWideOffsets(
                                pageBytes,
                                pos,
                                batchStates,
                                var.stateOffsetBits,
                                var.stateLowers,
                                var.mask,
                                dst,
                                at,
                                k);
                    }
                } else {
                    pos = decodeSingleBin(
                            pageBytes, pos, var.lowers[0], var.offsetBits[0], var.offsetMasks[0], var.mask, dst, at, k);
                }
                if (pos > totalBits) {
                    throw new PcoException("pco page of " + len + " bytes is truncated: the " + var.name + " of batch "
                            + b + " ends at bit " + pos);
                }
            }
        }
        int rem = (int) (pos & 7);
        if (rem != 0) {
            if (PcoBitReader.peek(pageBytes, pos, 8 - rem) != 0) {
                throw new PcoException("pco page: non-zero padding bits at the end of the page body (bit " + pos + ")");
            }
            pos += 8 - rem;
        }
        if (pos > totalBits) {
            throw new PcoException("pco page of " + len + " bytes is truncated: the body ends at bit " + pos);
        }

        // 4. Delta inversion, mode join, raw bits out.
        long[] lookbacks = deltaIndex >= 0 ? latents[deltaIndex] : null;
        undoDelta(vars[primaryIndex], latents[primaryIndex], states[primaryIndex], lookbacks, n, stored[primaryIndex]);
        if (secondaryIndex >= 0) {
            undoDelta(
                    vars[secondaryIndex],
                    latents[secondaryIndex],
                    states[secondaryIndex],
                    lookbacks,
                    n,
                    stored[secondaryIndex]);
        }
        long[] primary = latents[primaryIndex];
        join(primary, secondaryIndex >= 0 ? latents[secondaryIndex] : null, n);
        store(primary, n, out, outIndex);
    }

    // ---- body ---------------------------------------------------------------------------------

    /// Masks of 0..64 low bits, indexed by width.
    private static final long[] LOW_BITS = new long[65];

    static {
        for (int b = 0; b < 64; b++) {
            LOW_BITS[b] = (1L << b) - 1;
        }
        LOW_BITS[64] = -1L;
    }

    /// Decodes `k` tANS symbols with the four interleaved states carried in `ans` and records the
    /// state each symbol was read from in `batchStates[i]` (the state determines the bin); returns
    /// the new bit position. Four symbols read at most 56 bits, so each group of four takes one
    /// 64-bit load (pco does the same). The word is loaded at the group's first bit while the four
    /// table loads are in flight; each state then takes its bits at a shift that is a running sum
    /// of the bit counts, so the four next states come out of independent shift-mask-add steps.
    /// The loop does nothing else, which keeps its values in registers.
    static long decodeSymbols(byte[] buf, long pos, int[] nodes, int[] ans, int[] batchStates, int k) {
        int s0 = ans[0];
        int s1 = ans[1];
        int s2 = ans[2];
        int s3 = ans[3];
        int i = 0;
        for (; i + 4 <= k; i += 4) {
            long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3));
            int node0 = nodes[s0];
            int node1 = nodes[s1];
            int node2 = nodes[s2];
            int node3 = nodes[s3];
            batchStates[i] = s0;
            batchStates[i + 1] = s1;
            batchStates[i + 2] = s2;
            batchStates[i + 3] = s3;
            int bits0 = node0 >>> NODE_BITS_SHIFT;
            int bits1 = node1 >>> NODE_BITS_SHIFT;
            int bits2 = node2 >>> NODE_BITS_SHIFT;
            int bits3 = node3 >>> NODE_BITS_SHIFT;
            // Shifts as a shallow sum tree rather than a chain: lane 3 waits two adds, not three.
            int sh0 = (int) pos & 7;
            int bits01 = bits0 + bits1;
            int sh1 = sh0 + bits0;
            int sh2 = sh0 + bits01;
            int sh3 = (sh0 + bits2) + bits01;
            s0 = (node0 & NODE_BASE_MASK) + ((int) (word >>> sh0) & (node0 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            s1 = (node1 & NODE_BASE_MASK) + ((int) (word >>> sh1) & (node1 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            s2 = (node2 & NODE_BASE_MASK) + ((int) (word >>> sh2) & (node2 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            s3 = (node3 & NODE_BASE_MASK) + ((int) (word >>> sh3) & (node3 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            pos += bits01 + (bits2 + bits3);
        }
        // At most three symbols left (the page's last batch): states 0, 1, 2 in turn.
        for (int lane = 0; i < k; i++, lane++) {
            long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3)) >>> (pos & 7);
            int s = lane == 0 ? s0 : lane == 1 ? s1 : s2;
            int node = nodes[s];
            int bits = node >>> NODE_BITS_SHIFT;
            batchStates[i] = s;
            int next = (node & NODE_BASE_MASK) + ((int) word & ((1 << bits) - 1));
            if (lane == 0) {
                s0 = next;
            } else if (lane == 1) {
                s1 = next;
            } else {
                s2 = next;
            }
            pos += bits;
        }
        ans[0] = s0;
        ans[1] = s1;
        ans[2] = s2;
        ans[3] = s3;
        return pos;
    }

    /// As [#decodeSymbols] for variables whose bins have no offset bits: writes each latent (its
    /// bin's lower bound, already below `2^W`) straight to `dst[at + i]`.
    static long decodeLowers(byte[] buf, long pos, int[] nodes, long[] lowers, int[] ans, long[] dst, int at, int k) {
        int s0 = ans[0];
        int s1 = ans[1];
        int s2 = ans[2];
        int s3 = ans[3];
        int i = 0;
        for (; i + 4 <= k; i += 4) {
            long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3));
            int node0 = nodes[s0];
            int node1 = nodes[s1];
            int node2 = nodes[s2];
            int node3 = nodes[s3];
            dst[at + i] = lowers[s0];
            dst[at + i + 1] = lowers[s1];
            dst[at + i + 2] = lowers[s2];
            dst[at + i + 3] = lowers[s3];
            int bits0 = node0 >>> NODE_BITS_SHIFT;
            int bits1 = node1 >>> NODE_BITS_SHIFT;
            int bits2 = node2 >>> NODE_BITS_SHIFT;
            int bits3 = node3 >>> NODE_BITS_SHIFT;
            // Shifts as a shallow sum tree rather than a chain: lane 3 waits two adds, not three.
            int sh0 = (int) pos & 7;
            int bits01 = bits0 + bits1;
            int sh1 = sh0 + bits0;
            int sh2 = sh0 + bits01;
            int sh3 = (sh0 + bits2) + bits01;
            s0 = (node0 & NODE_BASE_MASK) + ((int) (word >>> sh0) & (node0 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            s1 = (node1 & NODE_BASE_MASK) + ((int) (word >>> sh1) & (node1 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            s2 = (node2 & NODE_BASE_MASK) + ((int) (word >>> sh2) & (node2 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            s3 = (node3 & NODE_BASE_MASK) + ((int) (word >>> sh3) & (node3 >>> NODE_READ_MASK_SHIFT & NODE_BASE_MASK));
            pos += bits01 + (bits2 + bits3);
        }
        for (int lane = 0; i < k; i++, lane++) {
            long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3)) >>> (pos & 7);
            int s = lane == 0 ? s0 : lane == 1 ? s1 : s2;
            int node = nodes[s];
            int bits = node >>> NODE_BITS_SHIFT;
            dst[at + i] = lowers[s];
            int next = (node & NODE_BASE_MASK) + ((int) word & ((1 << bits) - 1));
            if (lane == 0) {
                s0 = next;
            } else if (lane == 1) {
                s1 = next;
            } else {
                s2 = next;
            }
            pos += bits;
        }
        ans[0] = s0;
        ans[1] = s1;
        ans[2] = s2;
        ans[3] = s3;
        return pos;
    }

    /// Writes `dst[at + i]`: the lower bound of the bin of state `batchStates[i]` plus its offset,
    /// for variables whose offsets are at most 56 bits wide (one 64-bit load per offset, no branch).
    /// With `maxBits` (the widest offset) at most 14, four offsets share one load (7 + 4 * 14 bits
    /// fit in 64), at most 19 three do, at most 28 two.
    static long addOffsets(
            byte[] buf,
            long pos,
            int[] batchStates,
            int[] offsetBits,
            long[] lowers,
            long mask,
            long[] dst,
            int at,
            int k,
            int maxBits) {
        int i = 0;
        if (maxBits <= 14) {
            for (; i + 4 <= k; i += 4) {
                int s0 = batchStates[i];
                int s1 = batchStates[i + 1];
                int s2 = batchStates[i + 2];
                int s3 = batchStates[i + 3];
                int bits0 = offsetBits[s0];
                int bits1 = offsetBits[s1];
                int bits2 = offsetBits[s2];
                int bits3 = offsetBits[s3];
                long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3));
                int sh0 = (int) pos & 7;
                int sh1 = sh0 + bits0;
                int sh2 = sh1 + bits1;
                int sh3 = sh2 + bits2;
                dst[at + i] = (lowers[s0] + ((word >>> sh0) & ((1L << bits0) - 1))) & mask;
                dst[at + i + 1] = (lowers[s1] + ((word >>> sh1) & ((1L << bits1) - 1))) & mask;
                dst[at + i + 2] = (lowers[s2] + ((word >>> sh2) & ((1L << bits2) - 1))) & mask;
                dst[at + i + 3] = (lowers[s3] + ((word >>> sh3) & ((1L << bits3) - 1))) & mask;
                pos += bits0 + bits1 + bits2 + bits3;
            }
        } else if (maxBits <= 19) {
            for (; i + 3 <= k; i += 3) {
                int s0 = batchStates[i];
                int s1 = batchStates[i + 1];
                int s2 = batchStates[i + 2];
                int bits0 = offsetBits[s0];
                int bits1 = offsetBits[s1];
                int bits2 = offsetBits[s2];
                long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3));
                int sh0 = (int) pos & 7;
                int sh1 = sh0 + bits0;
                int sh2 = sh1 + bits1;
                dst[at + i] = (lowers[s0] + ((word >>> sh0) & ((1L << bits0) - 1))) & mask;
                dst[at + i + 1] = (lowers[s1] + ((word >>> sh1) & ((1L << bits1) - 1))) & mask;
                dst[at + i + 2] = (lowers[s2] + ((word >>> sh2) & ((1L << bits2) - 1))) & mask;
                pos += bits0 + bits1 + bits2;
            }
        } else if (maxBits <= 28) {
            for (; i + 2 <= k; i += 2) {
                int s0 = batchStates[i];
                int s1 = batchStates[i + 1];
                int bits0 = offsetBits[s0];
                int bits1 = offsetBits[s1];
                long word = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3));
                int sh0 = (int) pos & 7;
                int sh1 = sh0 + bits0;
                dst[at + i] = (lowers[s0] + ((word >>> sh0) & ((1L << bits0) - 1))) & mask;
                dst[at + i + 1] = (lowers[s1] + ((word >>> sh1) & ((1L << bits1) - 1))) & mask;
                pos += bits0 + bits1;
            }
        }
        for (; i < k; i++) {
            int s = batchStates[i];
            int bits = offsetBits[s];
            long v = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3)) >>> (pos & 7);
            dst[at + i] = (lowers[s] + (v & ((1L << bits) - 1))) & mask;
            pos += bits;
        }
        return pos;
    }

    /// As [#addOffsets], for variables with offsets wider than 56 bits, which may need a ninth
    /// byte. The ninth byte is always merged in (shifted out of reach when it is not needed), so
    /// the loop has no data-dependent branch; the page padding keeps the load in bounds.
    static long addWideOffsets(
            byte[] buf,
            long pos,
            int[] batchStates,
            int[] offsetBits,
            long[] lowers,
            long mask,
            long[] dst,
            int at,
            int k) {
        for (int i = 0; i < k; i++) {
            int s = batchStates[i];
            int bits = offsetBits[s];
            int byteIdx = (int) (pos >>> 3);
            int shift = (int) pos & 7;
            long v = ((long) PcoBitReader.LE_LONG.get(buf, byteIdx) >>> shift)
                    | (((buf[byteIdx + 8] & 0xFFL) << 1) << (63 - shift));
            dst[at + i] = (lowers[s] + (v & LOW_BITS[bits])) & mask;
            pos += bits;
        }
        return pos;
    }

    /// Reads `k` latents of a variable with one bin (no symbol bits): `lower` plus fixed-width offsets.
    static long decodeSingleBin(
            byte[] buf, long pos, long lower, int bits, long offsetMask, long mask, long[] dst, int at, int k) {
        if (bits == 0) {
            Arrays.fill(dst, at, at + k, lower & mask);
            return pos;
        }
        if (bits <= 56) {
            for (int i = 0; i < k; i++) {
                long v = (long) PcoBitReader.LE_LONG.get(buf, (int) (pos >>> 3)) >>> (pos & 7);
                dst[at + i] = (lower + (v & offsetMask)) & mask;
                pos += bits;
            }
            return pos;
        }
        for (int i = 0; i < k; i++) {
            int byteIdx = (int) (pos >>> 3);
            int shift = (int) pos & 7;
            long v = ((long) PcoBitReader.LE_LONG.get(buf, byteIdx) >>> shift)
                    | (((buf[byteIdx + 8] & 0xFFL) << 1) << (63 - shift));
            dst[at + i] = (lower + (v & offsetMask)) & mask;
            pos += bits;
        }
        return pos;
    }

    // ---- delta --------------------------------------------------------------------------------

    /// Turns a variable's stored latents into its `n` latents, in place in `x`.
    private void undoDelta(PcoLatentVar var, long[] x, long[] state, long[] lookbacks, int n, int stored) {
        switch (var.delta) {
            case NONE -> {}
            case CONSECUTIVE -> undoConsecutive(x, n, stored, state, var.mid, var.mask);
            case LOOKBACK -> undoLookback(x, n, state, lookbacks, 1L << meta.windowLog, var.mid, var.mask);
            case CONV1 ->
                undoConv1(x, n, state, meta.conv1Weights, meta.conv1Bias, meta.conv1Quantization, var.mid, var.mask);
        }
    }

    /// Consecutive of order k: the stored values are the k-th differences (toggled); each of the
    /// k passes, last moment first, is an exclusive running sum starting at that moment. Slots
    /// `[stored, n)` hold leftovers, which never reach an output.
    static void undoConsecutive(long[] x, int n, int stored, long[] moments, long mid, long mask) {
        // The toggle is folded into the first pass and the mask into the last: sums are mod 2^64
        // either way, and toggling the leftover slots as well changes nothing that is output.
        int order = moments.length;
        if (order == 0) {
            for (int i = 0; i < n; i++) {
                x[i] = (i < stored ? x[i] ^ mid : x[i]) & mask;
            }
            return;
        }
        for (int j = order - 1; j >= 0; j--) {
            long acc = moments[j];
            long toggle = j == order - 1 ? mid : 0;
            long keep = j == 0 ? mask : -1L;
            for (int i = 0; i < n; i++) {
                long d = x[i] ^ toggle;
                x[i] = acc & keep;
                acc += d;
            }
        }
    }

    /// Lookback: `x[i] = state[i]` for `i < S`, else `delta + x[i - lookback]` (0 before the page).
    /// The stored deltas were decoded at `x[S..n)`.
    static void undoLookback(long[] x, int n, long[] state, long[] lookbacks, long window, long mid, long mask) {
        int s = state.length;
        if (n <= s) {
            System.arraycopy(state, 0, x, 0, n);
            return;
        }
        System.arraycopy(state, 0, x, 0, s);
        for (int i = s; i < n; i++) {
            long lookback = lookbacks[i - s];
            if (lookback < 1 || lookback > window) {
                throw new PcoException("pco page: lookback " + lookback + " at value " + i
                        + " is outside the window [1, " + window + "]");
            }
            long j = i - lookback;
            long earlier = j >= 0 ? x[(int) j] : 0;
            x[i] = ((x[i] ^ mid) + earlier) & mask;
        }
    }

    /// Conv1: `x[i] = state[i]` for `i < K`; else the toggled residual plus the prediction
    /// `(max(0, bias + sum w[j] x[i-K+j]) >> q) mod 2^W`. The chunk meta's overflow check keeps the
    /// sum within pco's (2W)-bit arithmetic, which `long` reproduces (wrapping alike for W = 32).
    static void undoConv1(
            long[] x, int n, long[] state, long[] weights, long bias, int quantization, long mid, long mask) {
        int order = weights.length;
        if (n <= order) {
            System.arraycopy(state, 0, x, 0, n);
            return;
        }
        System.arraycopy(state, 0, x, 0, order);
        for (int i = order; i < n; i++) {
            long sum = bias;
            int from = i - order;
            for (int j = 0; j < order; j++) {
                sum += weights[j] * x[from + j];
            }
            long prediction = sum <= 0 ? 0 : (sum >>> quantization) & mask;
            x[i] = ((x[i] ^ mid) + prediction) & mask;
        }
    }

    // ---- modes and output ---------------------------------------------------------------------

    /// Joins primary and secondary latents into the number's ordered latent, in `primary`.
    private void join(long[] primary, long[] secondary, int n) {
        int bits = meta.numberBits;
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        switch (meta.mode) {
            case CLASSIC -> {}
            case DICT -> {
                long[] dict = meta.dictionary;
                long size = dict.length;
                for (int i = 0; i < n; i++) {
                    long idx = primary[i];
                    if (idx >= size) {
                        throw new PcoException("pco page: dictionary index " + idx + " at value " + i
                                + " exceeds the dictionary of " + size);
                    }
                    primary[i] = dict[(int) idx];
                }
            }
            case INT_MULT -> {
                long base = meta.modeParameter;
                for (int i = 0; i < n; i++) {
                    primary[i] = (primary[i] * base + secondary[i]) & mask;
                }
            }
            case FLOAT_QUANT -> {
                int k = (int) meta.modeParameter;
                long cutoff = (1L << (bits - 1)) >>> k;
                long lowMax = (1L << k) - 1;
                for (int i = 0; i < n; i++) {
                    long y = primary[i];
                    long m = secondary[i];
                    long low = Long.compareUnsigned(y, cutoff) >= 0 ? m : lowMax - m;
                    primary[i] = ((y << k) + low) & mask;
                }
            }
            case FLOAT_MULT -> {
                switch (bits) {
                    case 16 -> PcoFloats.joinFloatMult16(primary, secondary, n, meta.modeParameter);
                    case 32 -> PcoFloats.joinFloatMult32(primary, secondary, n, meta.modeParameter);
                    default -> PcoFloats.joinFloatMult64(primary, secondary, n, meta.modeParameter);
                }
            }
        }
    }

    /// Maps ordered latents back to raw bits and stores them little-endian.
    private void store(long[] latent, int n, MemorySegment out, long outIndex) {
        int bits = meta.numberBits;
        long mid = 1L << (bits - 1);
        if (ptype.isFloat()) {
            long mask = bits == 64 ? -1L : (1L << bits) - 1;
            // Branch-free: the sign of a float latent is random for noisy data. `sign` is all
            // ones when the top latent bit is set (flip that bit), else zero (flip every bit).
            int up = 64 - bits;
            for (int i = 0; i < n; i++) {
                long l = latent[i];
                long sign = (l << up) >> 63;
                latent[i] = (l ^ (~sign | mid)) & mask;
            }
        } else if (ptype.isSigned()) {
            for (int i = 0; i < n; i++) {
                latent[i] ^= mid;
            }
        }
        // Narrow into a heap array, then one bulk copy: a per-value MemorySegment store checks
        // bounds and alignment on every call and showed up in profiles.
        switch (bits) {
            case 8 -> {
                byte[] narrow = narrowBytes(n);
                for (int i = 0; i < n; i++) {
                    narrow[i] = (byte) latent[i];
                }
                MemorySegment.copy(narrow, 0, out, ValueLayout.JAVA_BYTE, outIndex, n);
            }
            case 16 -> {
                short[] narrow = narrowShorts(n);
                for (int i = 0; i < n; i++) {
                    narrow[i] = (short) latent[i];
                }
                MemorySegment.copy(narrow, 0, out, LE_SHORT, outIndex * 2, n);
            }
            case 32 -> {
                int[] narrow = narrowInts(n);
                for (int i = 0; i < n; i++) {
                    narrow[i] = (int) latent[i];
                }
                MemorySegment.copy(narrow, 0, out, LE_INT, outIndex * 4, n);
            }
            default -> MemorySegment.copy(latent, 0, out, LE_LONG, outIndex * 8, n);
        }
    }

    private byte[] narrowBytes(int n) {
        if (!(narrow instanceof byte[] a) || a.length < n) {
            narrow = new byte[n];
        }
        return (byte[]) narrow;
    }

    private short[] narrowShorts(int n) {
        if (!(narrow instanceof short[] a) || a.length < n) {
            narrow = new short[n];
        }
        return (short[]) narrow;
    }

    private int[] narrowInts(int n) {
        if (!(narrow instanceof int[] a) || a.length < n) {
            narrow = new int[n];
        }
        return (int[]) narrow;
    }

    /// Maps an ordered float latent of `bits` bits back to the float's raw bits.
    static long fromOrderedFloat(long latent, int bits) {
        long mid = 1L << (bits - 1);
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        return (latent & mid) != 0 ? latent ^ mid : ~latent & mask;
    }
}
