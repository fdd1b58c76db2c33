package dev.jvortex.pcodec;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/// The parsed and validated meta of one pco chunk: mode, delta encoding and latent variables.
///
/// Parsing follows the field order of the package documentation; validation is what pco 1.0.2
/// checks when it builds a chunk decompressor for a number type (`ChunkMeta::new` and
/// `mode_is_valid`). Anything out of range is a [PcoException].
public final class PcoChunkMeta {
    private static final int MAX_CONV1_QUANTIZATION = 31;
    /// Largest Lookback window log accepted: a chunk holds at most 2^24 numbers. pco 1.0.3 and
    /// later (vortex-data 0.90.0 ships 1.0.4) reject larger windows; 1.0.2 took up to 2^32.
    /// Encoders write at most 15.
    private static final int MAX_WINDOW_LOG = 24;

    final PcoType ptype;
    /// The number's latent width B.
    final int numberBits;
    final PcoMode mode;
    /// IntMult and FloatMult: the base (an ordered latent for FloatMult). FloatQuant: `k`.
    final long modeParameter;
    /// Dict: the dictionary's ordered latents.
    final long[] dictionary;

    final PcoDelta delta;
    /// Consecutive: the order. Conv1: the number of weights.
    final int deltaOrder;
    final boolean secondaryUsesDelta;
    final int windowLog;
    final int stateLog;
    final int conv1Quantization;
    final long conv1Bias;
    final long[] conv1Weights;

    /// The variables in stream order: delta (Lookback only), primary, secondary (two-latent modes).
    final PcoLatentVar deltaVar;
    final PcoLatentVar primary;
    final PcoLatentVar secondary;
    final PcoLatentVar[] vars;
    /// Bits of the page meta that every page of this chunk starts with (before padding).
    final long pageMetaBits;

    private PcoChunkMeta(Builder b) {
        this.ptype = b.ptype;
        this.numberBits = b.ptype.bitWidth();
        this.mode = b.mode;
        this.modeParameter = b.modeParameter;
        this.dictionary = b.dictionary;
        this.delta = b.delta;
        this.deltaOrder = b.deltaOrder;
        this.secondaryUsesDelta = b.secondaryUsesDelta;
        this.windowLog = b.windowLog;
        this.stateLog = b.stateLog;
        this.conv1Quantization = b.conv1Quantization;
        this.conv1Bias = b.conv1Bias;
        this.conv1Weights = b.conv1Weights;
        this.deltaVar = b.deltaVar;
        this.primary = b.primary;
        this.secondary = b.secondary;
        List<PcoLatentVar> list = new ArrayList<>(3);
        if (deltaVar != null) {
            list.add(deltaVar);
        }
        list.add(primary);
        if (secondary != null) {
            list.add(secondary);
        }
        this.vars = list.toArray(new PcoLatentVar[0]);
        long bits = 0;
        for (PcoLatentVar v : vars) {
            bits += (long) v.stateCount * v.width + 4L * v.ansSizeLog;
        }
        this.pageMetaBits = bits;
    }

    /// Returns the chunk's mode.
    public PcoMode mode() {
        return mode;
    }

    /// Returns the chunk's delta encoding.
    public PcoDelta delta() {
        return delta;
    }

    /// Returns the number type the chunk was parsed for.
    public PcoType ptype() {
        return ptype;
    }

    /// Describes mode and delta encoding, e.g. `IntMult(7) | Consecutive(order 2)`.
    public String describe() {
        String m = switch (mode) {
            case CLASSIC -> "Classic";
            case INT_MULT -> "IntMult(" + Long.toUnsignedString(modeParameter) + ")";
            case FLOAT_MULT -> "FloatMult(latent " + Long.toUnsignedString(modeParameter) + ")";
            case FLOAT_QUANT -> "FloatQuant(" + modeParameter + ")";
            case DICT -> "Dict(" + dictionary.length + " entries)";
        };
        String d = switch (delta) {
            case NONE -> "None";
            case CONSECUTIVE -> "Consecutive(order " + deltaOrder + (secondaryUsesDelta ? ", secondary" : "") + ")";
            case LOOKBACK ->
                "Lookback(window 2^" + windowLog + ", state 2^" + stateLog + (secondaryUsesDelta ? ", secondary" : "")
                        + ")";
            case CONV1 -> "Conv1(order " + deltaOrder + ", quantization " + conv1Quantization + ")";
        };
        return m + " | " + d;
    }

    /// Parses a chunk meta written in format `major` for numbers of type `ptype`.
    static PcoChunkMeta parse(int major, PcoType ptype, MemorySegment bytes) {
        PcoBitReader r = PcoBitReader.of(bytes, "chunk meta");
        Builder b = new Builder();
        b.ptype = ptype;
        int numberBits = ptype.bitWidth();

        int modeId = r.readInt(4);
        switch (modeId) {
            case 0 -> b.mode = PcoMode.CLASSIC;
            case 1 -> {
                if (major == 0) {
                    throw new PcoException("pco chunk meta: IntMult in format 0 (pco 0.0.0, yanked) is not readable");
                }
                b.mode = PcoMode.INT_MULT;
                b.modeParameter = r.read(numberBits);
            }
            case 2 -> {
                b.mode = PcoMode.FLOAT_MULT;
                b.modeParameter = r.read(numberBits);
            }
            case 3 -> {
                b.mode = PcoMode.FLOAT_QUANT;
                b.modeParameter = r.read(8);
            }
            case 4 -> {
                b.mode = PcoMode.DICT;
                int dictLen = r.readInt(25);
                r.alignZero("between the dictionary length and values");
                if ((long) dictLen * numberBits > r.remaining()) {
                    throw new PcoException("pco chunk meta is truncated: dictionary of " + dictLen + " " + numberBits
                            + "-bit values but " + r.remaining() + " bits remain");
                }
                long[] dict = new long[dictLen];
                for (int i = 0; i < dictLen; i++) {
                    dict[i] = r.read(numberBits);
                }
                b.dictionary = dict;
            }
            default -> throw new PcoException("pco chunk meta: unknown mode " + modeId);
        }

        readDelta(r, major, b);

        int primaryBits = b.mode == PcoMode.DICT ? 32 : numberBits;
        if (b.delta == PcoDelta.LOOKBACK) {
            b.deltaVar = PcoLatentVar.read(r, "delta latent variable", 32);
        }
        b.primary = PcoLatentVar.read(r, "primary latent variable", primaryBits);
        if (b.mode == PcoMode.INT_MULT || b.mode == PcoMode.FLOAT_MULT || b.mode == PcoMode.FLOAT_QUANT) {
            b.secondary = PcoLatentVar.read(r, "secondary latent variable", numberBits);
        }
        r.alignZero("at the end of the chunk meta");

        validateMode(b);
        assignDelta(b);
        return new PcoChunkMeta(b);
    }

    private static void readDelta(PcoBitReader r, int major, Builder b) {
        if (major < 3) {
            int order = r.readInt(3);
            b.delta = order == 0 ? PcoDelta.NONE : PcoDelta.CONSECUTIVE;
            b.deltaOrder = order;
            return;
        }
        int variant = r.readInt(4);
        switch (variant) {
            case 0 -> b.delta = PcoDelta.NONE;
            case 1 -> {
                b.delta = PcoDelta.CONSECUTIVE;
                b.deltaOrder = r.readInt(3);
                if (b.deltaOrder == 0) {
                    throw new PcoException("pco chunk meta: Consecutive delta order must not be 0");
                }
                b.secondaryUsesDelta = r.read(1) != 0;
            }
            case 2 -> {
                b.delta = PcoDelta.LOOKBACK;
                b.windowLog = 1 + r.readInt(5);
                if (b.windowLog > MAX_WINDOW_LOG) {
                    throw new PcoException(
                            "pco chunk meta: Lookback window size log " + b.windowLog + " exceeds " + MAX_WINDOW_LOG);
                }
                b.stateLog = r.readInt(4);
                if (b.stateLog > b.windowLog) {
                    throw new PcoException("pco chunk meta: Lookback state size log " + b.stateLog
                            + " exceeds window size log " + b.windowLog);
                }
                b.secondaryUsesDelta = r.read(1) != 0;
            }
            case 3 -> {
                b.delta = PcoDelta.CONV1;
                b.conv1Quantization = r.readInt(5);
                b.conv1Bias = r.read(64) ^ Long.MIN_VALUE;
                int order = 1 + r.readInt(5);
                long[] weights = new long[order];
                for (int i = 0; i < order; i++) {
                    weights[i] = (int) (r.read(32) ^ 0x8000_0000L);
                }
                b.deltaOrder = order;
                b.conv1Weights = weights;
            }
            default -> throw new PcoException("pco chunk meta: unknown delta encoding " + variant);
        }
    }

    /// The checks pco makes before decoding a chunk as a given number type.
    private static void validateMode(Builder b) {
        PcoType p = b.ptype;
        switch (b.mode) {
            case CLASSIC, DICT -> {}
            case INT_MULT -> {
                if (p.isFloat()) {
                    throw new PcoException("pco chunk meta: IntMult mode on float type " + p.shortName());
                }
                if (b.modeParameter == 0) {
                    throw new PcoException("pco chunk meta: IntMult base must be positive");
                }
            }
            case FLOAT_MULT -> {
                if (!p.isFloat()) {
                    throw new PcoException("pco chunk meta: FloatMult mode on integer type " + p.shortName());
                }
                long bits = PcoChunkDecoder.fromOrderedFloat(b.modeParameter, p.bitWidth());
                if (!PcoFloats.isFiniteNonZero(bits, p)) {
                    throw new PcoException("pco chunk meta: FloatMult base must be finite and non-zero");
                }
            }
            case FLOAT_QUANT -> {
                if (!p.isFloat()) {
                    throw new PcoException("pco chunk meta: FloatQuant mode on integer type " + p.shortName());
                }
                int k = (int) b.modeParameter;
                int mantissa = PcoFloats.mantissaBits(p);
                if (k <= 0 || k > mantissa) {
                    throw new PcoException("pco chunk meta: FloatQuant k = " + k + " must be in 1.." + mantissa
                            + " for " + p.shortName());
                }
            }
        }
    }

    /// Gives each variable its own delta encoding and state count, and checks what depends on
    /// the variables (lookback bins, Conv1 limits).
    private static void assignDelta(Builder b) {
        switch (b.delta) {
            case NONE -> {}
            case CONSECUTIVE -> {
                setDelta(b.primary, PcoDelta.CONSECUTIVE, b.deltaOrder);
                if (b.secondaryUsesDelta && b.secondary != null) {
                    setDelta(b.secondary, PcoDelta.CONSECUTIVE, b.deltaOrder);
                }
            }
            case LOOKBACK -> {
                long window = 1L << b.windowLog;
                PcoLatentVar lookbacks = b.deltaVar;
                for (int i = 0; i < lookbacks.binCount; i++) {
                    long lower = lookbacks.lowers[i];
                    if (lower < 1 || lower > window) {
                        throw new PcoException("pco chunk meta: lookback bin " + i + " has lower bound " + lower
                                + " outside the window [1, " + window + "]");
                    }
                }
                setDelta(b.primary, PcoDelta.LOOKBACK, 1 << b.stateLog);
                if (b.secondaryUsesDelta && b.secondary != null) {
                    setDelta(b.secondary, PcoDelta.LOOKBACK, 1 << b.stateLog);
                }
            }
            case CONV1 -> {
                int w = b.primary.width;
                if (w > 32) {
                    throw new PcoException("pco chunk meta: Conv1 delta encoding on a " + w + "-bit latent");
                }
                int convBits = 2 * w;
                int maxQuantization = Math.min(MAX_CONV1_QUANTIZATION, convBits - 1);
                if (b.conv1Quantization > maxQuantization) {
                    throw new PcoException("pco chunk meta: Conv1 quantization " + b.conv1Quantization + " exceeds "
                            + maxQuantization);
                }
                // The same floating-point bound pco computes, so that the prediction sums below
                // cannot overflow the (2W)-bit arithmetic pco uses; for W <= 16 it is exact.
                double weightSum = 0;
                for (long weight : b.conv1Weights) {
                    weightSum += Math.abs((double) weight);
                }
                double maxPrediction = Math.abs((double) b.conv1Bias) + Math.scalb(1.0, w) * weightSum;
                if (maxPrediction >= Math.scalb(1.0, convBits - 1)) {
                    throw new PcoException(
                            "pco chunk meta: Conv1 weights and bias could overflow (up to " + maxPrediction + ")");
                }
                setDelta(b.primary, PcoDelta.CONV1, b.deltaOrder);
            }
        }
    }

    private static void setDelta(PcoLatentVar v, PcoDelta delta, int stateCount) {
        v.delta = delta;
        v.stateCount = stateCount;
    }

    private static final class Builder {
        PcoType ptype;
        PcoMode mode;
        long modeParameter;
        long[] dictionary;
        PcoDelta delta;
        int deltaOrder;
        boolean secondaryUsesDelta;
        int windowLog;
        int stateLog;
        int conv1Quantization;
        long conv1Bias;
        long[] conv1Weights;
        PcoLatentVar deltaVar;
        PcoLatentVar primary;
        PcoLatentVar secondary;
    }
}
