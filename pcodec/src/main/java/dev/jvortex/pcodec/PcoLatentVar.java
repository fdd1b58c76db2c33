package dev.jvortex.pcodec;

/// One latent variable of a chunk (delta, primary or secondary): its bins, its tANS decoding
/// table and the delta encoding it gets.
///
/// The tANS table is indexed by state and already resolved to the state's bin, as pco's own
/// decoder does: the symbol loop loads one packed int (bits 0..13 `next_base`, bits 14..27 the
/// mask of the bits to read, bits 28..31 their number), the offset loop the state's bin's lower
/// bound and offset width, and
/// never touches the bins themselves. Every field fits: `ans_size_log <= 14`, so states,
/// `next_base` and the bit count stay below 2^14, 2^14 and 15; offsets are at most 64 bits.
final class PcoLatentVar {
    /// Largest `ans_size_log` pco allows.
    static final int MAX_ANS_SIZE_LOG = 14;

    static final int NODE_BASE_MASK = 0x3FFF;
    /// The bit count sits in the top bits, so one unsigned shift extracts it.
    static final int NODE_BITS_SHIFT = 28;
    /// The mask of the bits to read (`2^bits - 1`, at most 14 bits) sits above `next_base`.
    static final int NODE_READ_MASK_SHIFT = 14;

    /// Which variable this is, for messages.
    final String name;
    /// Latent width W in bits (8, 16, 32 or 64).
    final int width;
    /// `2^W - 1` (all ones for 64 bits).
    final long mask;
    /// `2^(W-1)`, the value stored delta latents are toggled by.
    final long mid;
    final int ansSizeLog;
    final int binCount;
    /// Per bin: the lower bound, the offset width and its mask. Length `max(1, binCount)`.
    final long[] lowers;
    final int[] offsetBits;
    final long[] offsetMasks;
    /// Widest offset of any bin.
    final int maxOffsetBits;
    /// Per tANS state: the packed node (see the class comment), its bin's lower bound and offset
    /// width, its bin.
    final int[] nodes;
    final long[] stateLowers;
    final int[] stateOffsetBits;
    final int[] stateBins;

    /// The delta encoding this variable gets, and how many latents its page state holds.
    PcoDelta delta = PcoDelta.NONE;
    int stateCount;

    private PcoLatentVar(
            String name, int width, int ansSizeLog, int binCount, long[] lowers, int[] offsetBits, int[] weights) {
        this.name = name;
        this.width = width;
        this.mask = width == 64 ? -1L : (1L << width) - 1;
        this.mid = 1L << (width - 1);
        this.ansSizeLog = ansSizeLog;
        this.binCount = binCount;
        this.lowers = lowers;
        this.offsetBits = offsetBits;
        this.offsetMasks = new long[lowers.length];
        int maxBits = 0;
        for (int i = 0; i < lowers.length; i++) {
            int b = offsetBits[i];
            offsetMasks[i] = b == 64 ? -1L : (1L << b) - 1;
            maxBits = Math.max(maxBits, b);
        }
        this.maxOffsetBits = maxBits;
        int tableSize = 1 << ansSizeLog;
        this.nodes = new int[tableSize];
        this.stateLowers = new long[tableSize];
        this.stateOffsetBits = new int[tableSize];
        this.stateBins = new int[tableSize];
        buildTable(weights);
    }

    /// Width of the per-bin `offset_bits` field for a latent of `width` bits: `floor(log2 W) + 1`.
    static int offsetBitsWidth(int width) {
        return 32 - Integer.numberOfLeadingZeros(width);
    }

    /// Reads a latent-variable meta of latent width `width` from the chunk meta.
    static PcoLatentVar read(PcoBitReader r, String name, int width) {
        int ansSizeLog = r.readInt(4);
        int binCount = r.readInt(15);
        if ((1 << ansSizeLog) < binCount) {
            throw new PcoException("pco chunk meta: " + name + " ANS size log " + ansSizeLog + " is too small for "
                    + binCount + " bins");
        }
        if (binCount == 1 && ansSizeLog > 0) {
            throw new PcoException(
                    "pco chunk meta: " + name + " has 1 bin but ANS size log " + ansSizeLog + " (must be 0)");
        }
        if (ansSizeLog > MAX_ANS_SIZE_LOG) {
            throw new PcoException(
                    "pco chunk meta: " + name + " ANS size log " + ansSizeLog + " exceeds " + MAX_ANS_SIZE_LOG);
        }
        int offsetWidth = offsetBitsWidth(width);
        long binBits = (long) binCount * (ansSizeLog + width + offsetWidth);
        if (binBits > r.remaining()) {
            throw new PcoException("pco chunk meta is truncated: " + name + " declares " + binCount + " bins ("
                    + binBits + " bits) but " + r.remaining() + " bits remain");
        }
        int slots = Math.max(1, binCount);
        long[] lowers = new long[slots];
        int[] offsetBits = new int[slots];
        int[] weights = new int[slots];
        weights[0] = 1; // with 0 bins the table is one state of weight 1
        for (int i = 0; i < binCount; i++) {
            weights[i] = r.readInt(ansSizeLog) + 1;
            lowers[i] = r.read(width);
            int bits = r.readInt(offsetWidth);
            if (bits > width) {
                throw new PcoException("pco chunk meta: " + name + " bin " + i + " has " + bits
                        + " offset bits, more than its " + width + "-bit latent");
            }
            offsetBits[i] = bits;
        }
        return new PcoLatentVar(name, width, ansSizeLog, binCount, lowers, offsetBits, weights);
    }

    /// Builds the tANS decoding table: spread the symbols over the table with an odd stride, then
    /// give each state its `next_base` and bit count from the symbol's running counter `x_s`,
    /// which runs through `[w_s, 2 w_s)`.
    private void buildTable(int[] weights) {
        int sizeLog = ansSizeLog;
        int tableSize = 1 << sizeLog;
        long total = 0;
        for (int w : weights) {
            total += w;
        }
        if (total != tableSize) {
            throw new PcoException("pco chunk meta: " + name + " bin weights sum to " + total
                    + " but the ANS table has " + tableSize + " states");
        }
        int stride = 3 * tableSize / 5;
        if ((stride & 1) == 0) {
            stride++;
        }
        int step = 0;
        for (int s = 0; s < weights.length; s++) {
            for (int k = 0; k < weights[s]; k++) {
                stateBins[(stride * step) & (tableSize - 1)] = s;
                step++;
            }
        }
        int[] counters = weights.clone();
        for (int idx = 0; idx < tableSize; idx++) {
            int s = stateBins[idx];
            int xs = counters[s]++;
            int bits = sizeLog - (31 - Integer.numberOfLeadingZeros(xs));
            int nextBase = (xs << bits) - tableSize;
            nodes[idx] = nextBase | ((1 << bits) - 1) << NODE_READ_MASK_SHIFT | bits << NODE_BITS_SHIFT;
            stateLowers[idx] = lowers[s];
            stateOffsetBits[idx] = offsetBits[s];
        }
    }

    /// Returns the spread of symbols over the table, for tests: `state -> bin`.
    int[] slotBins() {
        return stateBins.clone();
    }
}
