package dev.jvortex.encodings.compress;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.DecimalArray;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.FixedSizeListArray;
import dev.jvortex.core.array.ListArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.LightEncoder;
import dev.jvortex.encodings.Primitives;
import dev.jvortex.encodings.Rows;
import dev.jvortex.encodings.alp.AlpEncoder;
import dev.jvortex.encodings.alp.AlpRdEncoder;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.datetime.DateTimePartsEncoder;
import dev.jvortex.encodings.fastlanes.BitPackedEncoder;
import dev.jvortex.encodings.fastlanes.DeltaEncoder;
import dev.jvortex.encodings.fastlanes.ForEncoder;
import dev.jvortex.encodings.fastlanes.RleEncoder;
import dev.jvortex.encodings.fsst.FsstEncoder;
import dev.jvortex.encodings.onpair.OnPairEncoder;
import dev.jvortex.encodings.pco.PcoArrayEncoder;
import dev.jvortex.encodings.runend.RunEndEncoder;
import dev.jvortex.encodings.sequence.SequenceEncoder;
import dev.jvortex.encodings.structural.ConstantEncoder;
import dev.jvortex.encodings.structural.DictEncoder;
import dev.jvortex.encodings.structural.SparseEncoder;
import dev.jvortex.encodings.zigzag.ZigZagEncoder;
import dev.jvortex.encodings.zstd.ZstdEncoder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;

/// A BtrBlocks-style cascading compressor, after the reference's default compressor
/// (`vortex-compressor`, `vortex-btrblocks`): per array type a list of schemes competes, the
/// smallest write tree wins, and a scheme's children (dictionary codes and values, run ends,
/// FoR/zigzag/ALP integers, ...) are compressed again, at most [#MAX_DEPTH] levels deep. A
/// result is used only when it is strictly smaller than the canonical encoding.
///
/// Large arrays are judged on a sample (64-row runs, about 1 % of the rows, at least 1024
/// rows), except dictionaries, sparse and OnPair, which are judged on every row; only the winner
/// is then applied to the whole array. The [CompressionPreset#COMPACT] preset adds `vortex.pco`
/// for integers wider than 8 bits and floats, and `vortex.zstd` for strings and binaries,
/// competing like the others. Nested arrays (struct fields, list elements and offsets, fixed-size list elements, extension storage) are compressed part by
/// part; a timestamp also tries `vortex.datetimeparts` (its parts compressed) and keeps the
/// smaller. Bool, decimal and validity stay canonical unless constant.
public final class Compressor {
    /// Cascade levels by default (the reference's `MAX_CASCADE`).
    public static final int MAX_DEPTH = 3;
    /// The deepest cascade the options accept.
    public static final int DEPTH_LIMIT = 8;
    /// Rows in one sample run.
    static final int SAMPLE_RUN = 64;
    /// Arrays up to this length are judged on all their rows.
    static final int EXACT_LIMIT = 4096;

    /// The compressor of leaf chunks and dictionary-layout codes: no integer dictionaries (the
    /// dictionary layout does that job), as in the reference's data compressor.
    public static final Compressor DATA = new Compressor(false, CompressionPreset.DEFAULT, MAX_DEPTH);
    /// The compressor of zone tables and dictionary-layout values: every scheme.
    public static final Compressor FULL = new Compressor(true, CompressionPreset.DEFAULT, MAX_DEPTH);

    /// The competing schemes.
    enum Scheme { CONSTANT, SEQUENCE, FOR, ZIGZAG, BITPACK, SPARSE, DICT, RUNEND, ALP, ALPRD, FSST, VARBIN, INT_RLE, FLOAT_RLE, DELTA, ONPAIR, PCO, ZSTD }

    /// Whether [Scheme#DELTA] also competes for arrays with nulls (system property
    /// `jvortex.compressor.unstable=true`). The reference keeps delta behind its
    /// `unstable_encodings` feature; its two-child form (no nulls) reads in every reference
    /// version we test, so that form competes by default, while the three-child form with
    /// validity, which newer reference versions no longer accept, stays off.
    static final boolean UNSTABLE = Boolean.getBoolean("jvortex.compressor.unstable");
    /// The least average run length (valid rows per run) for the RLE schemes, as the reference.
    static final int RLE_MIN_RUN = 4;
    /// The least length for [Scheme#DELTA].
    static final int DELTA_MIN_LENGTH = 1024;

    private final boolean intDict;
    private final CompressionPreset preset;
    private final int maxDepth;

    private Compressor(boolean intDict, CompressionPreset preset, int maxDepth) {
        this.intDict = intDict;
        this.preset = preset;
        this.maxDepth = maxDepth;
    }

    /// The compressor of leaf chunks and dictionary-layout codes (no integer dictionaries) with
    /// the given preset and cascade depth (1 to [#DEPTH_LIMIT]: how many scheme levels may stack).
    public static Compressor data(CompressionPreset preset, int depth) {
        return new Compressor(false, checkPreset(preset), checkDepth(depth));
    }

    /// The compressor of zone tables and dictionary values (every scheme) with the given preset
    /// and cascade depth.
    public static Compressor full(CompressionPreset preset, int depth) {
        return new Compressor(true, checkPreset(preset), checkDepth(depth));
    }

    private static CompressionPreset checkPreset(CompressionPreset preset) {
        if (preset == null) {
            throw dev.jvortex.core.VortexException.misuse("the compression preset must not be null");
        }
        return preset;
    }

    /// Checks a cascade depth option.
    public static int checkDepth(int depth) {
        if (depth < 1 || depth > DEPTH_LIMIT) {
            throw dev.jvortex.core.VortexException.misuse("cascade depth must be between 1 and " + DEPTH_LIMIT + ", got " + depth);
        }
        return depth;
    }

    /// Returns the preset.
    public CompressionPreset preset() {
        return preset;
    }

    /// Returns the cascade depth.
    public int depth() {
        return maxDepth;
    }

    /// Returns the smallest write tree found for the canonical array `a`; it decodes to exactly `a`.
    public WriteNode compress(Array a) {
        return compress(a, maxDepth, EnumSet.noneOf(Scheme.class), false);
    }

    private WriteNode compress(Array a, int depth, EnumSet<Scheme> excluded, boolean sample) {
        switch (a) {
            case StructArray s -> {
                List<WriteNode> kids = new ArrayList<>(CanonicalEncoder.validity(s.dtype(), s.validity(), s.length()));
                for (Array f : s.fields()) {
                    kids.add(compress(f, maxDepth, EnumSet.noneOf(Scheme.class), sample));
                }
                return new WriteNode("vortex.struct", new byte[0], List.of(), kids);
            }
            case ListArray l -> {
                if (l.dtype() instanceof DType.MapType) {
                    return map(l, sample);
                }
                byte[] meta = new ProtoWriter().varintIfNonZero(1, l.elements().length()).varint(2, PType.I64.code()).toByteArray();
                List<WriteNode> kids = new ArrayList<>();
                kids.add(compress(l.elements(), maxDepth, EnumSet.noneOf(Scheme.class), sample));
                PrimitiveArray offsets = new PrimitiveArray(new DType.Primitive(PType.I64, false), PType.I64,
                        l.offsets().asSlice(0, (l.length() + 1L) * 8), l.length() + 1, Validity.ALL_VALID);
                kids.add(compress(offsets, maxDepth - 1, EnumSet.of(Scheme.DICT), sample));
                kids.addAll(CanonicalEncoder.validity(l.dtype(), l.validity(), l.length()));
                return new WriteNode("vortex.list", meta, List.of(), kids);
            }
            case FixedSizeListArray f -> {
                List<WriteNode> kids = new ArrayList<>();
                kids.add(compress(f.elements(), maxDepth, EnumSet.noneOf(Scheme.class), sample));
                kids.addAll(CanonicalEncoder.validity(f.dtype(), f.validity(), f.length()));
                return new WriteNode("vortex.fixed_size_list", new byte[0], List.of(), kids);
            }
            case ExtensionArray e -> {
                WriteNode ext = WriteNode.of("vortex.ext", new byte[0], compress(e.storage(), depth, excluded, sample));
                WriteNode parts = temporal(e, depth, sample);
                return parts != null && parts.bufferBytes() < ext.bufferBytes() ? parts : ext;
            }
            default -> {
                return choose(a, depth, excluded, sample);
            }
        }
    }

    /// A map as `vortex.map` over a `vortex.listview` (as [CanonicalEncoder] writes it), with the
    /// entries, offsets and sizes compressed.
    private WriteNode map(ListArray l, boolean sample) {
        int n = l.length();
        long[] offsets = new long[n];
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = l.start(i);
            sizes[i] = l.end(i) - l.start(i);
        }
        byte[] meta = new ProtoWriter().varintIfNonZero(1, l.elements().length()).varint(2, PType.I64.code())
                .varint(3, PType.I64.code()).toByteArray();
        List<WriteNode> kids = new ArrayList<>();
        kids.add(compress(l.elements(), maxDepth, EnumSet.noneOf(Scheme.class), sample));
        kids.add(compress(Primitives.array(PType.I64, false, offsets, n, Validity.ALL_VALID), maxDepth - 1, EnumSet.of(Scheme.DICT), sample));
        kids.add(compress(Primitives.array(PType.I64, false, sizes, n, Validity.ALL_VALID), maxDepth - 1, EnumSet.of(Scheme.DICT), sample));
        kids.addAll(CanonicalEncoder.validity(l.dtype(), l.validity(), n));
        return new WriteNode("vortex.map", new byte[0], List.of(),
                List.of(new WriteNode("vortex.listview", meta, List.of(), kids)));
    }

    /// Runs the schemes that apply to a flat array and keeps the smallest result.
    private WriteNode choose(Array a, int depth, EnumSet<Scheme> excluded, boolean sample) {
        WriteNode canonical = CanonicalEncoder.encode(a);
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return canonical;
        }
        if (!sample && !excluded.contains(Scheme.CONSTANT)) {
            WriteNode constant = ConstantEncoder.encode(a);
            if (constant != null) {
                return constant.bufferBytes() < canonical.bufferBytes() ? constant : canonical;
            }
        }
        if (a.validity().isAllInvalid()) {
            return canonical;
        }
        if (depth <= 0) {
            return leaf(a, canonical);
        }
        if (a instanceof DecimalArray d) {
            WriteNode parts = byteParts(d, depth, excluded, sample);
            return parts != null && parts.bufferBytes() < canonical.bufferBytes() ? parts : canonical;
        }
        List<Scheme> schemes = schemes(a, excluded);
        if (schemes.isEmpty()) {
            return canonical;
        }
        if (!sample && schemes.contains(Scheme.SEQUENCE) && a instanceof PrimitiveArray p) {
            WriteNode seq = SequenceEncoder.encode(p);
            if (seq != null) {
                return seq;
            }
        }
        schemes.remove(Scheme.SEQUENCE);
        Array judged = a;
        if (len > EXACT_LIMIT) {
            judged = sample(a);
        }
        // Schemes compete by ratio (canonical bytes / compressed bytes) on the judged rows; a
        // dictionary is judged on every row, since a sample's distinct count says little about the
        // whole array's.
        WriteNode best = null;
        Scheme winner = null;
        boolean bestIsFull = false;
        double bestRatio = 1.0;
        // The best scheme judged on the sample, for a second look when a scheme judged on every
        // row wins a close contest (a sample favours neither side consistently).
        Scheme sampledWinner = null;
        double sampledRatio = 1.0;
        long judgedBytes = judged == a ? canonical.bufferBytes() : CanonicalEncoder.encode(judged).bufferBytes();
        for (Scheme s : schemes) {
            // Dictionaries, sparse and OnPair are judged on every row: a 1 % sample says little
            // about how few rows differ from the most frequent value, and a dictionary (with it
            // the code width) grows with the input, so a sample overrates it.
            boolean full = judged != a && (s == Scheme.DICT || s == Scheme.SPARSE || s == Scheme.ONPAIR);
            Array target = full ? a : judged;
            if (full && s == Scheme.DICT && a instanceof PrimitiveArray p
                    && dictSkipped(p, judged, depth, excluded, canonical.bufferBytes(), bestRatio)) {
                continue;
            }
            WriteNode n;
            try {
                n = apply(s, target, depth, excluded, target != a || sample);
            } catch (RuntimeException e) {
                n = null;
            }
            if (n == null) {
                continue;
            }
            double ratio = (double) (target == a ? canonical.bufferBytes() : judgedBytes) / Math.max(1, n.bufferBytes());
            if (target != a && ratio > sampledRatio) {
                sampledRatio = ratio;
                sampledWinner = s;
            }
            if (n.bufferBytes() > 0 && ratio > bestRatio || n.bufferBytes() == 0) {
                bestRatio = n.bufferBytes() == 0 ? Double.POSITIVE_INFINITY : ratio;
                best = n;
                winner = s;
                bestIsFull = target == a;
            }
        }
        if (winner == null) {
            return canonical;
        }
        if (!bestIsFull) {
            best = apply(winner, a, depth, excluded, sample);
        } else if (best.bufferBytes() > 0) {
            // A second look, on every row, at the closest sampled contender and at run-end, whose
            // runs a sample of 64-row runs cuts short (it gives up quickly without long runs).
            List<Scheme> again = new ArrayList<>(2);
            if (sampledWinner != null && sampledRatio >= 0.75 * bestRatio) {
                again.add(sampledWinner);
            }
            if (schemes.contains(Scheme.RUNEND) && !again.contains(Scheme.RUNEND)) {
                again.add(Scheme.RUNEND);
            }
            for (Scheme s : again) {
                WriteNode other;
                try {
                    other = apply(s, a, depth, excluded, sample);
                } catch (RuntimeException e) {
                    other = null;
                }
                if (other != null && other.bufferBytes() < best.bufferBytes()) {
                    best = other;
                }
            }
        }
        return best != null && best.bufferBytes() < canonical.bufferBytes() ? best : canonical;
    }

    /// Whether the dictionary trial on every row of `p` is skipped ([#dictCannotWin] or
    /// [#dictUnpromising]), with one distinct-count estimate of the whole array for both.
    private boolean dictSkipped(PrimitiveArray p, Array judged, int depth, EnumSet<Scheme> excluded, long canonicalBytes,
            double bestRatio) {
        double wholeDistinct = DictEncoder.estimateDistinct(p);
        return dictCannotWin(p, wholeDistinct, canonicalBytes, bestRatio)
                || dictUnpromising(p, wholeDistinct, judged, depth, excluded, canonicalBytes, bestRatio);
    }

    /// Whether a dictionary of the primitive array `p` cannot beat `bestRatio` even if its values
    /// cost nothing: its codes need at least the bits of the (estimated) distinct count per valid
    /// row, or per run plus a 32-bit run end, as the reference's dictionary estimate counts them;
    /// 20 % slack for the estimate. Saves building a dictionary over every row in vain.
    private static boolean dictCannotWin(PrimitiveArray p, double wholeDistinct, long canonicalBytes, double bestRatio) {
        int len = p.length();
        Validity v = p.validity();
        boolean allValid = v.isAllValid();
        long valid = allValid ? len : len - v.nullCount(len);
        if (valid < 2) {
            return false;
        }
        double distinct = wholeDistinct * 0.9;
        int codeBits = Math.max(1, 64 - Long.numberOfLeadingZeros((long) Math.max(1, distinct - 1)));
        long[] bits = Primitives.longs(p);
        long runs = 0;
        boolean first = true;
        long prev = 0;
        for (int i = 0; i < len; i++) {
            if (allValid || v.isValid(i)) {
                if (first || bits[i] != prev) {
                    runs++;
                }
                prev = bits[i];
                first = false;
            }
        }
        double codesBytes = Math.min((double) codeBits * valid, (codeBits + 32.0) * runs) / 8;
        return canonicalBytes / (0.8 * codesBytes) <= bestRatio;
    }

    /// Whether a dictionary of the primitive array `a`, tried on the sample `judged` and scaled up
    /// to every row, falls clearly (10 %) short of `bestRatio`. The codes grow with the rows and
    /// with the code width of the whole array's (estimated) distinct count, the values with that
    /// count, so a dictionary that wins on the whole array but not on a small sample still gets
    /// its full trial.
    private boolean dictUnpromising(PrimitiveArray a, double wholeDistinct, Array judged, int depth, EnumSet<Scheme> excluded, long canonicalBytes,
            double bestRatio) {
        if (!(judged instanceof PrimitiveArray sample) || bestRatio <= 1.0) {
            return false;
        }
        WriteNode n;
        try {
            n = apply(Scheme.DICT, sample, depth, excluded, true);
        } catch (RuntimeException e) {
            return false;
        }
        double sampleDistinct = Math.max(1, DictEncoder.estimateDistinct(sample));
        double distinct = Math.max(sampleDistinct, wholeDistinct);
        if (n == null || n.children().size() < 2) {
            // No dictionary on the sample (too many distinct values there): codes at the width of
            // the whole array's distinct count, values compressed as well as the best scheme does.
            double codes = a.length() * (double) Math.max(1, 64 - Long.numberOfLeadingZeros((long) distinct)) / 8;
            double values = distinct * a.ptype().byteWidth() / bestRatio;
            return canonicalBytes / (codes + values) < 0.9 * bestRatio;
        }
        double widthGrowth = (double) Math.max(1, 64 - Long.numberOfLeadingZeros((long) distinct))
                / Math.max(1, 64 - Long.numberOfLeadingZeros((long) sampleDistinct));
        double codes = n.children().get(0).bufferBytes() * ((double) a.length() / sample.length()) * widthGrowth;
        double values = n.children().get(1).bufferBytes() * (distinct / sampleDistinct);
        return canonicalBytes / (codes + values) < 0.9 * bestRatio;
    }

    /// A timestamp as `vortex.datetimeparts` with its days, seconds and subseconds compressed one
    /// level down (the reference's temporal scheme); null when it does not apply or the storage is
    /// constant (the storage path already gives the constant).
    private WriteNode temporal(ExtensionArray e, int depth, boolean sample) {
        if (depth <= 0 || e.length() == 0 || !DateTimePartsEncoder.applies(e) || e.storage().validity().isAllInvalid()
                || ConstantEncoder.encode(e.storage()) != null) {
            return null;
        }
        return DateTimePartsEncoder.encode(e, (role, child) -> compress(child, depth - 1, EnumSet.noneOf(Scheme.class), sample));
    }

    /// A decimal whose unscaled values fit in 64 bits as `vortex.decimal_byte_parts` over the
    /// narrowest signed integers (compressed one level down); null when some value is wider.
    private WriteNode byteParts(DecimalArray d, int depth, EnumSet<Scheme> excluded, boolean sample) {
        int len = d.length();
        long[] values = new long[len];
        long min = 0;
        long max = 0;
        Validity v = d.validity();
        for (int i = 0; i < len; i++) {
            if (!v.isAllValid() && !v.isValid(i)) {
                continue;
            }
            long x;
            if (d.byteWidth() <= 8) {
                x = d.getUnscaledLong(i);
            } else {
                java.math.BigInteger b = d.getUnscaled(i);
                if (b.bitLength() > 63) {
                    return null;
                }
                x = b.longValue();
            }
            values[i] = x;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        PType t = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE ? PType.I8
                : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE ? PType.I16
                : min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? PType.I32 : PType.I64;
        PrimitiveArray msp = Primitives.array(t, d.dtype().nullable(), values, len, v);
        byte[] meta = new ProtoWriter().varintIfNonZero(1, t.code()).toByteArray();
        return WriteNode.of("vortex.decimal_byte_parts", meta, compress(msp, depth - 1, excluded, sample));
    }

    /// Strings as `vortex.varbin`: the values laid end to end (null rows empty) and `len + 1`
    /// offsets (i32 when they fit, else i64), compressed one level down.
    private WriteNode varbin(VarBinViewArray a, int depth, EnumSet<Scheme> excluded, boolean sample) {
        int len = a.length();
        Validity v = a.validity();
        long total = 0;
        for (int i = 0; i < len; i++) {
            if (v.isAllValid() || v.isValid(i)) {
                total += a.byteLength(i);
            }
        }
        if (total > Integer.MAX_VALUE - 16) {
            return null;
        }
        byte[] bytes = new byte[(int) total];
        long[] offsets = new long[len + 1];
        int pos = 0;
        for (int i = 0; i < len; i++) {
            if (v.isAllValid() || v.isValid(i)) {
                byte[] b = a.getBytes(i);
                System.arraycopy(b, 0, bytes, pos, b.length);
                pos += b.length;
            }
            offsets[i + 1] = pos;
        }
        PType t = PType.I32;
        List<WriteNode> kids = new ArrayList<>();
        kids.add(compress(Primitives.array(t, false, offsets, len + 1, Validity.ALL_VALID), depth - 1,
                with(excluded, Scheme.VARBIN, Scheme.DICT, Scheme.SPARSE, Scheme.RUNEND), sample));
        kids.addAll(CanonicalEncoder.validity(a.dtype(), v, len));
        byte[] meta = new ProtoWriter().varint(1, t.code()).toByteArray();
        return new WriteNode("vortex.varbin", meta, List.of(new WriteNode.Buffer(java.lang.foreign.MemorySegment.ofArray(bytes), 1)), kids);
    }

    /// The reference's exponent choice (on 32 strided values), unless an exhaustive search on a
    /// larger sample (up to [#EXACT_LIMIT] rows, else [#sample]) estimates fewer bytes: one
    /// unlucky strided sample can otherwise patch a large part of a chunk.
    static AlpEncoder.Exponents alpExponents(PrimitiveArray a) {
        AlpEncoder.Exponents best = AlpEncoder.bestExponents(a);
        if (a.length() <= 32) {
            return best;
        }
        PrimitiveArray s = a.length() > EXACT_LIMIT ? (PrimitiveArray) sample(a) : a;
        return AlpEncoder.refineExponents(s, best);
    }

    /// At the end of the cascade: integers bit-packed (after FoR when smaller), else canonical.
    private static WriteNode leaf(Array a, WriteNode canonical) {
        if (a instanceof PrimitiveArray p && p.ptype().isInteger() && p.dtype() instanceof DType.Primitive) {
            return LightEncoder.packInts(p);
        }
        return canonical;
    }

    private List<Scheme> schemes(Array a, EnumSet<Scheme> excluded) {
        List<Scheme> out = new ArrayList<>();
        if (a instanceof PrimitiveArray p && p.dtype() instanceof DType.Primitive) {
            PType t = p.ptype();
            if (t.isInteger()) {
                out.add(Scheme.SEQUENCE);
                out.add(Scheme.FOR);
                Long min = t.isSigned() ? ForEncoder.minimum(p) : null;
                if (min != null && min < 0) {
                    // As the reference: zigzag only pays when some value is negative.
                    out.add(Scheme.ZIGZAG);
                }
                out.add(Scheme.BITPACK);
                out.add(Scheme.SPARSE);
                if (intDict) {
                    out.add(Scheme.DICT);
                }
                out.add(Scheme.RUNEND);
                if (!excluded.contains(Scheme.INT_RLE) && RleEncoder.averageRunLength(p) >= RLE_MIN_RUN) {
                    out.add(Scheme.INT_RLE);
                }
                if (p.length() >= DELTA_MIN_LENGTH && (UNSTABLE || p.validity().nullCount(p.length()) == 0)) {
                    out.add(Scheme.DELTA);
                }
                if (preset == CompressionPreset.COMPACT && t.byteWidth() > 1) {
                    out.add(Scheme.PCO);
                }
            } else if (t == PType.F16 || t == PType.F32 || t == PType.F64) {
                if (t != PType.F16) {
                    // ALP and ALP-RD take no half floats, as in the reference.
                    out.add(Scheme.ALP);
                    out.add(Scheme.ALPRD);
                }
                out.add(Scheme.DICT);
                out.add(Scheme.SPARSE);
                if (!excluded.contains(Scheme.FLOAT_RLE) && RleEncoder.averageRunLength(p) >= RLE_MIN_RUN) {
                    out.add(Scheme.FLOAT_RLE);
                }
                if (preset == CompressionPreset.COMPACT) {
                    out.add(Scheme.PCO);
                }
            } else {
                out.add(Scheme.DICT);
            }
        } else if (a instanceof VarBinViewArray s && !(s.dtype() instanceof DType.Extension)) {
            out.add(Scheme.DICT);
            if (s.dtype() instanceof DType.Utf8) {
                out.add(Scheme.FSST);
                // After FSST, which wins ties, as in the reference's scheme list.
                out.add(Scheme.ONPAIR);
            }
            out.add(Scheme.SPARSE);
            out.add(Scheme.VARBIN);
            if (preset == CompressionPreset.COMPACT) {
                out.add(Scheme.ZSTD);
            }
        }
        out.removeAll(excluded);
        return out;
    }

    /// Applies scheme `s` to `a` with its children cascaded; null when it does not apply.
    private WriteNode apply(Scheme s, Array a, int depth, EnumSet<Scheme> excluded, boolean sample) {
        return switch (s) {
            case FOR -> ForEncoder.encode((PrimitiveArray) a);
            case BITPACK -> BitPackedEncoder.encode((PrimitiveArray) a);
            case ZIGZAG -> ZigZagEncoder.encode((PrimitiveArray) a,
                    children(depth, excluded, s, sample, Scheme.ZIGZAG, Scheme.DICT, Scheme.RUNEND, Scheme.SPARSE));
            case SPARSE -> {
                // As the reference: mostly null, or one value in at least 90 % of the rows.
                int fill = SparseEncoder.dominantRow(a, a.length() / 10);
                if (fill == SparseEncoder.NO_FILL) {
                    yield null;
                }
                yield SparseEncoder.encode(a, fill, (role, child) -> role == ChildEncoder.Role.INDICES
                        ? compress(child, depth - 1, with(excluded, s, Scheme.DICT, Scheme.RUNEND, Scheme.SPARSE, Scheme.INT_RLE), sample)
                        : compress(child, depth - 1, with(excluded, s, Scheme.SPARSE), sample));
            }
            case DICT -> DictEncoder.encode(a, Math.max(1, a.length() / 2), (role, child) -> switch (role) {
                case CODES -> compress(child, depth - 1,
                        with(EnumSet.noneOf(Scheme.class), s, Scheme.FOR, Scheme.ZIGZAG, Scheme.SEQUENCE, Scheme.SPARSE, Scheme.DELTA), sample);
                case VALUES -> compress(child, depth - 1, with(excluded, s, Scheme.RUNEND, Scheme.INT_RLE, Scheme.FLOAT_RLE), sample);
                default -> LightEncoder.encode(role, child);
            });
            case RUNEND -> {
                int runs = RunEndEncoder.runCount(a);
                if ((long) runs * 4 > a.length()) {
                    yield null;
                }
                yield RunEndEncoder.encode(a, (role, child) -> role == ChildEncoder.Role.ENDS
                        ? compress(child, depth - 1, with(excluded, s, Scheme.DICT, Scheme.SPARSE, Scheme.INT_RLE), sample)
                        : compress(child, depth - 1, with(excluded, s), sample));
            }
            // Run values cascade freely; run indices and block offsets get no dictionary or sparse.
            case INT_RLE, FLOAT_RLE -> RleEncoder.encode((PrimitiveArray) a, (role, child) -> role == ChildEncoder.Role.VALUES
                    ? compress(child, depth - 1, with(excluded, s), sample)
                    : compress(child, depth - 1, with(excluded, s, Scheme.DICT, Scheme.SPARSE), sample));
            case DELTA -> DeltaEncoder.encode((PrimitiveArray) a, children(depth, excluded, s, sample));
            case ALP -> AlpEncoder.encode((PrimitiveArray) a, alpExponents((PrimitiveArray) a), children(depth, excluded, s, sample));
            case ALPRD -> AlpRdEncoder.encode((PrimitiveArray) a, LightEncoder::encode);
            case FSST -> FsstEncoder.encode((VarBinViewArray) a, children(depth, excluded, s, sample, Scheme.DICT));
            case VARBIN -> varbin((VarBinViewArray) a, depth, excluded, sample);
            case ONPAIR -> OnPairEncoder.encode((VarBinViewArray) a, children(depth, excluded, s, sample, Scheme.DICT));
            // The compact preset's terminal schemes, with the reference's settings.
            case PCO -> PcoArrayEncoder.encode((PrimitiveArray) a, PcoArrayEncoder.COMPACT_PAGE_N);
            case ZSTD -> ZstdEncoder.encode(a, ZstdEncoder.COMPACT_LEVEL, ZstdEncoder.COMPACT_VALUES_PER_FRAME);
            case CONSTANT, SEQUENCE -> null;
        };
    }

    /// Child encoder for one-child schemes: patches light, the rest compressed one level down
    /// without `self` and `more`.
    private ChildEncoder children(int depth, EnumSet<Scheme> excluded, Scheme self, boolean sample, Scheme... more) {
        EnumSet<Scheme> next = with(excluded, self, more);
        return (role, child) -> switch (role) {
            case PATCH_INDICES, PATCH_VALUES, PATCH_CHUNK_OFFSETS -> LightEncoder.patchChild(role, child);
            default -> compress(child, depth - 1, next, sample);
        };
    }

    private static EnumSet<Scheme> with(EnumSet<Scheme> excluded, Scheme self, Scheme... more) {
        EnumSet<Scheme> out = EnumSet.copyOf(excluded);
        out.add(self);
        for (Scheme m : more) {
            out.add(m);
        }
        return out;
    }

    /// A stratified sample of 64-row runs, about 1 % of the rows and at least 16 runs; fixed seed.
    static Array sample(Array a) {
        int len = a.length();
        int count = Math.max(16, roundUp16((len / 100) / SAMPLE_RUN));
        if ((long) count * SAMPLE_RUN >= len) {
            return a;
        }
        SplittableRandom random = new SplittableRandom(1234567890L);
        int[] rows = new int[count * SAMPLE_RUN];
        int n = 0;
        int base = len / count;
        int extra = len % count;
        int start = 0;
        for (int k = 0; k < count; k++) {
            int size = base + (k < extra ? 1 : 0);
            int room = Math.max(0, size - SAMPLE_RUN);
            int from = start + (room == 0 ? 0 : random.nextInt(room + 1));
            int to = Math.min(len, from + SAMPLE_RUN);
            for (int r = from; r < to; r++) {
                rows[n++] = r;
            }
            start += size;
        }
        return Rows.gather(a, rows, n);
    }

    private static int roundUp16(int v) {
        return (v + 15) & ~15;
    }
}
