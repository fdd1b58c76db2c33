package dev.jvortex.compress.internal;

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
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Rows;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.canonical.CanonicalEncoder;
import dev.jvortex.encodings.datetime.DateTimePartsEncoder;
import dev.jvortex.encodings.light.LightEncoder;
import dev.jvortex.encodings.list.ListMetadata;
import dev.jvortex.encodings.list.ListViewMetadata;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/// The cascade policy of the compressor: which [Scheme]s compete for an array (ordered candidate
/// lists per value kind; earlier candidates win ties), the sample they are judged on, how the
/// winner is picked and applied, and how deep children may cascade. Nested arrays are compressed
/// part by part. What each scheme applies to, how it is judged and which schemes its children
/// may not use is declared by the scheme itself.
public final class Cascade {
    /// Rows in one sample run.
    static final int SAMPLE_RUN = 64;
    /// Arrays up to this length are judged on all their rows.
    static final int EXACT_LIMIT = 4096;
    /// How close to the winner's ratio (a scheme judged on every row) the best sampled contender's
    /// must come to get a second trial on every row.
    static final double SECOND_LOOK_MARGIN = 0.70;

    /// How close to a winner judged on the sample a scheme that samples misjudge
    /// ([Scheme#secondLook]) must come on the sample to get a trial on every row. Lower than
    /// [#SECOND_LOOK_MARGIN]: run-end's sampled bytes overstate its bytes on every row up to about
    /// fourfold (runs of 1 to 8 rows over 8 values: 0.51 of FoR's ratio on the sample, 1.8 times
    /// it on 50,000 rows).
    static final double SAMPLED_SECOND_LOOK_MARGIN = 0.50;

    /// The candidates for primitive integer arrays, in the order they are tried.
    private static final List<Scheme> INTEGERS = List.of(
            SequenceScheme.INSTANCE,
            ForScheme.INSTANCE,
            ZigZagScheme.INSTANCE,
            BitPackScheme.INSTANCE,
            SparseScheme.INSTANCE,
            DictScheme.INSTANCE,
            RunEndScheme.INSTANCE,
            IntRleScheme.INSTANCE,
            DeltaScheme.INSTANCE,
            PcoScheme.INSTANCE);
    /// The candidates for primitive float arrays.
    private static final List<Scheme> FLOATS = List.of(
            AlpScheme.INSTANCE,
            AlpRdScheme.INSTANCE,
            DictScheme.INSTANCE,
            SparseScheme.INSTANCE,
            FloatRleScheme.INSTANCE,
            PcoScheme.INSTANCE);
    /// The candidates for other primitive arrays.
    private static final List<Scheme> OTHER_PRIMITIVES = List.of(DictScheme.INSTANCE);
    /// The candidates for strings and binaries (not extensions).
    private static final List<Scheme> BYTES = List.of(
            DictScheme.INSTANCE,
            FsstScheme.INSTANCE,
            OnPairScheme.INSTANCE,
            SparseScheme.INSTANCE,
            VarBinScheme.INSTANCE,
            ZstdScheme.INSTANCE);

    private final boolean intDict;
    private final boolean generalCodecs;
    private final int maxDepth;

    /// A cascade of at most `maxDepth` scheme levels.
    ///
    /// @param intDict whether integers may become dictionaries
    /// @param generalCodecs whether the general-purpose codecs (Pcodec, Zstandard) compete
    /// @param maxDepth how many scheme levels may stack (at least 1)
    public Cascade(boolean intDict, boolean generalCodecs, int maxDepth) {
        this(intDict, generalCodecs, maxDepth, NO_MEMO);
    }

    private Cascade(boolean intDict, boolean generalCodecs, int maxDepth, Memo memo) {
        this.intDict = intDict;
        this.generalCodecs = generalCodecs;
        this.maxDepth = maxDepth;
        this.memo = memo;
    }

    /// Whether integers may become dictionaries.
    boolean integerDictionaries() {
        return intDict;
    }

    /// Whether the general-purpose codecs compete.
    boolean generalCodecs() {
        return generalCodecs;
    }

    /// How far below the ratio of a column's first chunk a later chunk's ratio with the same root
    /// scheme may fall before the later chunk runs the whole contest again.
    static final double RECHECK_TOLERANCE = 0.10;

    /// The root scheme chosen for an array and the ratio it reached (canonical bytes / compressed
    /// bytes), which later chunks of the same column try first ([#compress(Array, Choice)]), and
    /// the hints the schemes left for them ([Memo]).
    public static final class Choice {
        /// The root scheme, or null when the root was not a contest's winner.
        final Scheme scheme;
        final double ratio;
        final Memo memo;
        /// For a column of an extension type over primitive storage, what its first chunk chose
        /// ([#extension]); otherwise null.
        final ExtensionChoice extension;

        Choice(Scheme scheme, double ratio, Memo memo) {
            this(scheme, ratio, memo, null);
        }

        private Choice(Scheme scheme, double ratio, Memo memo, ExtensionChoice extension) {
            this.scheme = scheme;
            this.ratio = ratio;
            this.memo = memo;
            this.extension = extension;
        }

        @Override
        public String toString() {
            if (extension != null) {
                return (extension.parts ? "datetime parts" : "storage") + " at " + extension.ratio;
            }
            return scheme == null ? "no root scheme" : scheme + " at " + ratio;
        }
    }

    /// What the first chunk of an extension column over primitive storage chose: the storage
    /// compressed, or (timestamps) `vortex.datetimeparts`; the ratio the winner reached (the
    /// storage's canonical bytes over the winner's); and the root choices of the storage and of
    /// the days, seconds and subseconds, each null when not a contest's winner or not computed.
    private static final class ExtensionChoice {
        final boolean parts;
        final double ratio;
        final Choice storage;
        /// Days, seconds, subseconds; never modified.
        private final Choice[] partChoices;

        ExtensionChoice(boolean parts, double ratio, Choice storage, Choice[] partChoices) {
            this.parts = parts;
            this.ratio = ratio;
            this.storage = storage;
            this.partChoices = partChoices.clone();
        }

        Choice part(int k) {
            return partChoices[k];
        }
    }

    /// What the schemes learnt on a column's first chunk that may spare work on its later chunks
    /// (a table, a candidate set), keyed by names the schemes choose. The first chunk records
    /// ([#remember]); later chunks only read ([#hint]), possibly on several threads at once, so a
    /// hint must be immutable. A hint is a starting point to check, never a promise: a scheme that
    /// uses one must still produce a valid tree for the chunk at hand, and the output depends only
    /// on the first chunk's data and the chunk's own.
    static final class Memo {
        private final Map<String, Object> hints;
        private final boolean recording;

        private Memo(Map<String, Object> hints, boolean recording) {
            this.hints = hints;
            this.recording = recording;
        }

        /// The hint under `key` left by the column's first chunk, or null (also while the first
        /// chunk itself is compressed).
        Object hint(String key) {
            return recording ? null : hints.get(key);
        }

        /// Leaves `value` under `key` for the column's later chunks; ignored on later chunks. The
        /// first value under a key is kept.
        void remember(String key, Object value) {
            if (recording) {
                hints.putIfAbsent(key, value);
            }
        }
    }

    /// The memo of the column whose chunk this cascade compresses (see [#compress(Array, Choice)]);
    /// a memo that records nothing for one-off arrays.
    private final Memo memo;
    /// [ConstantScheme#INSTANCE] and [SequenceScheme#INSTANCE], called through [#encodeWith].
    private final Scheme constantScheme = ConstantScheme.INSTANCE;

    private final Scheme sequenceScheme = SequenceScheme.INSTANCE;

    /// No hints, records nothing.
    private static final Memo NO_MEMO = new Memo(Map.of(), false);

    /// The hint under `key` from the first chunk of the column being compressed, or null; see [Memo].
    Object hint(String key) {
        return memo.hint(key);
    }

    /// Leaves a hint for the later chunks of the column being compressed; see [Memo].
    void remember(String key, Object value) {
        memo.remember(key, value);
    }

    /// A write tree and the root choice behind it (null when the root is not the winner of a
    /// contest: canonical, constant, a sequence, a nested or decimal array).
    ///
    /// @param node the write tree
    /// @param choice what the next chunks of the column may start from, or null
    public record Outcome(WriteNode node, Choice choice) {}

    /// Returns the smallest write tree found for the canonical array `a`; it decodes to exactly `a`.
    public WriteNode compress(Array a) {
        return compress(a, maxDepth, EnumSet.noneOf(SchemeId.class), false);
    }

    /// Like [#compress(Array)], but starting from `prior`, the choice made for an earlier chunk of
    /// the same column (or null): its root scheme is tried alone first, and kept when its ratio on
    /// `a` is within [#RECHECK_TOLERANCE] of the earlier one; otherwise every scheme competes.
    /// Extension columns over primitive storage: see [#extension]. The result depends only on `a`
    /// and `prior`.
    public Outcome compress(Array a, Choice prior) {
        if (a instanceof ExtensionArray e && e.storage() instanceof PrimitiveArray) {
            return extension(e, prior);
        }
        if (a instanceof StructArray
                || a instanceof ListArray
                || a instanceof FixedSizeListArray
                || a instanceof ExtensionArray) {
            return new Outcome(compress(a), null);
        }
        Memo memo = prior == null ? new Memo(new HashMap<>(), true) : prior.memo;
        Cascade column = new Cascade(intDict, generalCodecs, maxDepth, memo);
        Choice[] chosen = new Choice[1];
        WriteNode node = column.choose(a, maxDepth, EnumSet.noneOf(SchemeId.class), false, prior, chosen, NONE);
        Memo kept = prior == null ? new Memo(memo.hints, false) : prior.memo;
        Choice c = chosen[0] == null ? new Choice(null, 0, kept) : new Choice(chosen[0].scheme, chosen[0].ratio, kept);
        return new Outcome(node, c);
    }

    /// The parts of a timestamp in `vortex.datetimeparts`: days, seconds, subseconds.
    private static final int PARTS = 3;

    /// A column of an extension type over primitive storage (dates, times, timestamps). Its first
    /// chunk is compressed as [#compress(Array)] does (the storage compressed and, for a
    /// timestamp, `vortex.datetimeparts` too, the smaller kept), and the outcome records which of
    /// the two won, the ratio it reached and the root choices beneath it. A later chunk runs the
    /// winner's way alone from those root choices (each kept or re-contested as
    /// [#compress(Array, Choice)] does) and keeps it when its ratio is within
    /// [#RECHECK_TOLERANCE] of the first chunk's; otherwise it runs both ways as the first chunk
    /// did. Without this, every chunk of a timestamp column ran two full contests and three more
    /// for the parts (a quarter of an OHLC write's CPU, BENCHMARKS.md, session 18).
    private Outcome extension(ExtensionArray e, Choice prior) {
        ExtensionChoice was = prior == null ? null : prior.extension;
        Memo memo = was == null ? new Memo(new HashMap<>(), true) : prior.memo;
        Cascade column = new Cascade(intDict, generalCodecs, maxDepth, memo);
        PrimitiveArray storage = (PrimitiveArray) e.storage();
        boolean partsEligible = DateTimePartsScheme.INSTANCE.eligible(e, column);
        if (was != null && (!was.parts || partsEligible)) {
            WriteNode n = was.parts
                    ? column.parts(e, was, new Choice[PARTS])
                    : column.storage(storage, was.storage, new Choice[1]);
            long canonical = CanonicalEncoder.encode(storage).bufferBytes();
            if (n != null && (double) canonical / Math.max(1, n.bufferBytes()) >= was.ratio * (1 - RECHECK_TOLERANCE)) {
                return new Outcome(n, prior);
            }
        }
        Choice[] storageChosen = new Choice[1];
        Choice[] partsChosen = new Choice[PARTS];
        WriteNode ext = column.storage(storage, null, storageChosen);
        WriteNode p = partsEligible ? column.parts(e, null, partsChosen) : null;
        boolean parts = p != null && p.bufferBytes() < ext.bufferBytes();
        WriteNode node = parts ? p : ext;
        if (was != null) {
            return new Outcome(node, prior);
        }
        long canonical = CanonicalEncoder.encode(storage).bufferBytes();
        double ratio = (double) canonical / Math.max(1, node.bufferBytes());
        ExtensionChoice chose = new ExtensionChoice(parts, ratio, storageChosen[0], partsChosen);
        return new Outcome(node, new Choice(null, 0, new Memo(memo.hints, false), chose));
    }

    /// The storage of an extension array compressed (from `prior`, its root choice on an earlier
    /// chunk, or null) under a `vortex.ext` node, as [#compress(Array)] does; `chosen[0]` gets
    /// the root choice.
    private WriteNode storage(PrimitiveArray storage, Choice prior, Choice[] chosen) {
        WriteNode n = choose(storage, maxDepth, EnumSet.noneOf(SchemeId.class), false, prior, chosen, NONE);
        return WriteNode.of(EncodingId.EXT.id(), new byte[0], n);
    }

    /// A timestamp as `vortex.datetimeparts`, its parts compressed as [DateTimePartsScheme] does
    /// (from the root choices `was` recorded for them, or none); `chosen[k]` gets part `k`'s.
    /// Null when the timestamp cannot be split.
    private WriteNode parts(ExtensionArray e, ExtensionChoice was, Choice[] chosen) {
        DateTimePartsEncoder.Parts parts = DateTimePartsEncoder.split(e);
        if (parts == null) {
            return null;
        }
        EnumSet<SchemeId> exclusions = DateTimePartsScheme.INSTANCE
                .child(ChildEncoder.Role.PARTS)
                .childExclusions(EnumSet.noneOf(SchemeId.class));
        PrimitiveArray[] arrays = {parts.days(), parts.seconds(), parts.subseconds()};
        WriteNode[] nodes = new WriteNode[PARTS];
        for (int k = 0; k < PARTS; k++) {
            Choice[] one = new Choice[1];
            nodes[k] = choose(arrays[k], maxDepth - 1, exclusions, false, was == null ? null : was.part(k), one, NONE);
            chosen[k] = one[0];
        }
        return DateTimePartsEncoder.node(parts, nodes[0], nodes[1], nodes[2]);
    }

    /// The child encoder of `scheme` at `depth`: each child written as the scheme's [Scheme#child]
    /// rule says, light or compressed one level down.
    ChildEncoder children(Scheme scheme, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return (role, child) -> {
            ChildRule rule = scheme.child(role);
            return rule.light()
                    ? LightEncoder.encode(role, child)
                    : compress(child, depth - 1, rule.childExclusions(excluded), sample);
        };
    }

    /// A child of a scheme compressed as [#children] would, but without trying the schemes in
    /// `skip` for `a` itself (its own children's contests are unchanged, unlike with `excluded`):
    /// for a scheme that knows they cannot apply to `a`, to save their trials. The result is the
    /// same as without `skip` when they indeed return nothing for `a`.
    WriteNode compressSkipping(Array a, int depth, EnumSet<SchemeId> excluded, EnumSet<SchemeId> skip, boolean sample) {
        return a instanceof PrimitiveArray
                ? choose(a, depth, excluded, sample, null, null, skip)
                : compress(a, depth, excluded, sample);
    }

    private WriteNode compress(Array a, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        switch (a) {
            case StructArray s -> {
                List<WriteNode> kids = new ArrayList<>(CanonicalEncoder.validity(s.dtype(), s.validity(), s.length()));
                for (Array f : s.fields()) {
                    kids.add(compress(f, maxDepth, EnumSet.noneOf(SchemeId.class), sample));
                }
                return new WriteNode(EncodingId.STRUCT.id(), new byte[0], List.of(), kids);
            }
            case ListArray l -> {
                if (l.dtype() instanceof DType.MapType) {
                    return map(l, sample);
                }
                byte[] meta = new ListMetadata(l.elements().length(), PType.I64.code()).write();
                List<WriteNode> kids = new ArrayList<>();
                kids.add(compress(l.elements(), maxDepth, EnumSet.noneOf(SchemeId.class), sample));
                PrimitiveArray offsets = new PrimitiveArray(
                        new DType.Primitive(PType.I64, false),
                        PType.I64,
                        l.offsets().asSlice(0, (l.length() + 1L) * 8),
                        l.length() + 1,
                        Validity.ALL_VALID);
                kids.add(compress(offsets, maxDepth - 1, EnumSet.of(SchemeId.DICT), sample));
                kids.addAll(CanonicalEncoder.validity(l.dtype(), l.validity(), l.length()));
                return new WriteNode(EncodingId.LIST.id(), meta, List.of(), kids);
            }
            case FixedSizeListArray f -> {
                List<WriteNode> kids = new ArrayList<>();
                kids.add(compress(f.elements(), maxDepth, EnumSet.noneOf(SchemeId.class), sample));
                kids.addAll(CanonicalEncoder.validity(f.dtype(), f.validity(), f.length()));
                return new WriteNode(EncodingId.FIXED_SIZE_LIST.id(), new byte[0], List.of(), kids);
            }
            case ExtensionArray e -> {
                WriteNode ext =
                        WriteNode.of(EncodingId.EXT.id(), new byte[0], compress(e.storage(), depth, excluded, sample));
                Scheme parts = DateTimePartsScheme.INSTANCE;
                WriteNode p =
                        depth > 0 && parts.eligible(e, this) ? parts.encode(e, this, depth, excluded, sample) : null;
                return p != null && p.bufferBytes() < ext.bufferBytes() ? p : ext;
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
        byte[] meta = new ListViewMetadata(l.elements().length(), PType.I64.code(), PType.I64.code()).write();
        List<WriteNode> kids = new ArrayList<>();
        kids.add(compress(l.elements(), maxDepth, EnumSet.noneOf(SchemeId.class), sample));
        kids.add(compress(
                Primitives.array(PType.I64, false, offsets, n, Validity.ALL_VALID),
                maxDepth - 1,
                EnumSet.of(SchemeId.DICT),
                sample));
        kids.add(compress(
                Primitives.array(PType.I64, false, sizes, n, Validity.ALL_VALID),
                maxDepth - 1,
                EnumSet.of(SchemeId.DICT),
                sample));
        kids.addAll(CanonicalEncoder.validity(l.dtype(), l.validity(), n));
        return new WriteNode(
                EncodingId.MAP.id(),
                new byte[0],
                List.of(),
                List.of(new WriteNode(EncodingId.LISTVIEW.id(), meta, List.of(), kids)));
    }

    /// Runs the schemes that apply to a flat array and keeps the smallest result.
    private WriteNode choose(Array a, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return choose(a, depth, excluded, sample, null, null, NONE);
    }

    /// No schemes.
    private static final EnumSet<SchemeId> NONE = EnumSet.noneOf(SchemeId.class);

    /// Runs the schemes that apply to a flat array and keeps the smallest result; with a `prior`
    /// choice, its scheme alone first (see [#compress(Array, Choice)]). When `chosen` is not null,
    /// `chosen[0]` is set to the scheme at the root of the result and its ratio (left null when
    /// the result is not a contest's winner). The schemes in `skip` are not tried on `a` (see
    /// [#compressSkipping]).
    private WriteNode choose(
            Array a,
            int depth,
            EnumSet<SchemeId> excluded,
            boolean sample,
            Choice prior,
            Choice[] chosen,
            EnumSet<SchemeId> skip) {
        WriteNode canonical = CanonicalEncoder.encode(a);
        int len = a.length();
        if (len == 0 || !Rows.supported(a)) {
            return canonical;
        }
        if (!sample && !excluded.contains(SchemeId.CONSTANT) && !skip.contains(SchemeId.CONSTANT)) {
            WriteNode constant = encodeWith(constantScheme, a, depth, excluded, false);
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
            WriteNode parts = DecimalBytePartsScheme.INSTANCE.encode(d, this, depth, excluded, sample);
            return parts != null && parts.bufferBytes() < canonical.bufferBytes() ? parts : canonical;
        }
        List<Scheme> schemes = candidates(a, excluded);
        if (!skip.isEmpty()) {
            schemes.removeIf(s -> skip.contains(s.id()));
        }
        if (schemes.isEmpty()) {
            return canonical;
        }
        if (!sample && schemes.contains(SequenceScheme.INSTANCE)) {
            WriteNode seq = encodeWith(sequenceScheme, a, depth, excluded, false);
            if (seq != null) {
                return seq;
            }
        }
        schemes.remove(SequenceScheme.INSTANCE);
        if (prior != null && schemes.contains(prior.scheme)) {
            WriteNode n = tryEncode(prior.scheme, a, depth, excluded, sample);
            if (n != null && n.bufferBytes() < canonical.bufferBytes()) {
                double ratio = (double) canonical.bufferBytes() / Math.max(1, n.bufferBytes());
                if (ratio >= prior.ratio * (1 - RECHECK_TOLERANCE)) {
                    if (chosen != null) {
                        chosen[0] = new Choice(prior.scheme, ratio, NO_MEMO);
                    }
                    return n;
                }
            }
        }
        Array judged = a;
        if (len > EXACT_LIMIT) {
            judged = sample(a);
        }
        // Schemes compete by ratio (canonical bytes / compressed bytes) on the judged rows; some
        // are judged on every row (Scheme#judgedOnEveryRow).
        WriteNode best = null;
        Scheme winner = null;
        boolean bestIsFull = false;
        double bestRatio = 1.0;
        // The best scheme judged on the sample, for a second look when a scheme judged on every
        // row wins a close contest (a sample favours neither side consistently).
        Scheme sampledWinner = null;
        double sampledRatio = 1.0;
        // The contest's winner by the trees' own bytes, when a scheme with corrected sampled bytes
        // (Scheme#sampledBytes) wins: it is checked against the corrected winner on every row.
        WriteNode plainBest = null;
        Scheme plainWinner = null;
        boolean plainIsFull = false;
        double plainRatio = 1.0;
        boolean bestCorrected = false;
        long judgedBytes = judged == a
                ? canonical.bufferBytes()
                : CanonicalEncoder.encode(judged).bufferBytes();
        // each scheme's ratio as judged in the contest (0: no tree), for a recheck of the winner
        double[] judgedRatios = new double[schemes.size()];
        int index = -1;
        for (Scheme s : schemes) {
            index++;
            boolean full = judged != a && s.judgedOnEveryRow();
            Array target = full ? a : judged;
            if (full && s.skipFullTrial(a, judged, this, depth, excluded, canonical.bufferBytes(), bestRatio)) {
                continue;
            }
            WriteNode n;
            try {
                n = encodeWith(s, target, depth, excluded, target != a || sample);
            } catch (RuntimeException e) {
                n = null;
            }
            if (n == null) {
                continue;
            }
            long bytes = target == a ? n.bufferBytes() : s.sampledBytes(n, a, judged);
            long base = target == a ? canonical.bufferBytes() : judgedBytes;
            double ratio = (double) base / Math.max(1, bytes);
            judgedRatios[index] = n.bufferBytes() == 0 ? Double.POSITIVE_INFINITY : ratio;
            if (target != a && ratio > sampledRatio) {
                sampledRatio = ratio;
                sampledWinner = s;
            }
            if (n.bufferBytes() > 0 && ratio > bestRatio || n.bufferBytes() == 0) {
                bestRatio = n.bufferBytes() == 0 ? Double.POSITIVE_INFINITY : ratio;
                best = n;
                winner = s;
                bestIsFull = target == a;
                bestCorrected = bytes != n.bufferBytes();
            }
            double plain = (double) base / Math.max(1, n.bufferBytes());
            if (n.bufferBytes() > 0 && plain > plainRatio || n.bufferBytes() == 0) {
                plainRatio = n.bufferBytes() == 0 ? Double.POSITIVE_INFINITY : plain;
                plainBest = n;
                plainWinner = s;
                plainIsFull = target == a;
            }
        }
        if (winner == null) {
            return canonical;
        }
        // Schemes that get a trial on every row after the contest, in order; the smallest tree wins.
        List<Scheme> again = new ArrayList<>(2);
        if (!bestIsFull) {
            best = encodeWith(winner, a, depth, excluded, sample);
            if (bestCorrected && plainWinner != null && plainWinner != winner) {
                WriteNode other = plainIsFull ? plainBest : tryEncode(plainWinner, a, depth, excluded, sample);
                if (other != null && (best == null || footprint(other) <= footprint(best))) {
                    best = other;
                    winner = plainWinner;
                }
            }
            if (!sample && best != null && best.bufferBytes() > 0) {
                // The sample misjudged the winner badly: its runners-up get a trial on every row.
                if (missed(best, canonical, bestRatio)) {
                    again.addAll(runnersUp(schemes, judgedRatios, winner));
                }
                // Schemes a sample misjudges (Scheme#secondLook) that came close on it, too.
                for (int i = 0; i < judgedRatios.length; i++) {
                    Scheme s = schemes.get(i);
                    if (s.secondLook()
                            && s != winner
                            && judgedRatios[i] >= SAMPLED_SECOND_LOOK_MARGIN * bestRatio
                            && !again.contains(s)) {
                        again.add(s);
                    }
                }
            }
        } else if (best.bufferBytes() > 0 && judged != a) {
            // A second look, on every row, at the closest sampled contender and at the schemes a
            // sample misjudges (Scheme#secondLook). Not when every scheme was judged on every row
            // already: the same trials again would give the same trees.
            if (sampledWinner != null && sampledRatio >= SECOND_LOOK_MARGIN * bestRatio) {
                again.add(sampledWinner);
            }
            for (Scheme s : schemes) {
                if (s.secondLook() && !again.contains(s)) {
                    again.add(s);
                }
            }
        }
        for (Scheme s : again) {
            WriteNode other = tryEncode(s, a, depth, excluded, sample);
            if (other != null && other.bufferBytes() < best.bufferBytes()) {
                best = other;
                winner = s;
            }
        }
        if (best != null && best.bufferBytes() < canonical.bufferBytes()) {
            if (chosen != null) {
                chosen[0] =
                        new Choice(winner, (double) canonical.bufferBytes() / Math.max(1, best.bufferBytes()), NO_MEMO);
            }
            return best;
        }
        return canonical;
    }

    /// How many runners-up of a contest get a trial on every row when the sample misjudged the
    /// winner ([#missed]).
    static final int RUNNERS_UP = 2;

    /// Whether a winner judged on a sample at `estimate` (canonical bytes over its bytes) reached
    /// less than [#SECOND_LOOK_MARGIN] of that on every row (`best`). A sample of short runs can
    /// see a column of long runs, or one value only, as something it is not: a delta judged on
    /// 1,024 sampled rows of runs over mostly zeros beat run-end there and took 36 times run-end's
    /// bytes on the whole chunk (`ContestRecheckTest`).
    private static boolean missed(WriteNode best, WriteNode canonical, double estimate) {
        double full = (double) canonical.bufferBytes() / Math.max(1, best.bufferBytes());
        return best.bufferBytes() > 0 && full < SECOND_LOOK_MARGIN * estimate;
    }

    /// The [#RUNNERS_UP] schemes after `winner` with the best ratios judged in a contest (`ratios`
    /// by position in `schemes`, 0 for a scheme that made no tree), best first, earlier schemes
    /// first among equals.
    private static List<Scheme> runnersUp(List<Scheme> schemes, double[] ratios, Scheme winner) {
        List<Scheme> out = new ArrayList<>(RUNNERS_UP);
        boolean[] taken = new boolean[ratios.length];
        for (int k = 0; k < RUNNERS_UP; k++) {
            int pick = -1;
            for (int i = 0; i < ratios.length; i++) {
                if (!taken[i] && ratios[i] > 0 && schemes.get(i) != winner && (pick < 0 || ratios[i] > ratios[pick])) {
                    pick = i;
                }
            }
            if (pick < 0) {
                break;
            }
            taken[pick] = true;
            out.add(schemes.get(pick));
        }
        return out;
    }

    /// About the bytes a tree takes in a file: its buffers and [#NODE_BYTES] per array node.
    private static long footprint(WriteNode n) {
        long bytes = n.bufferBytes();
        return bytes + nodes(n) * NODE_BYTES;
    }

    private static long nodes(WriteNode n) {
        long count = 1;
        for (WriteNode c : n.children()) {
            count += nodes(c);
        }
        return count;
    }

    /// About the bytes an array node's description takes in a file besides its buffers.
    static final long NODE_BYTES = 16;

    /// `s.encode(a, ...)`. The one call site of every scheme's encoder in [#choose]'s compiled
    /// code: it sees many schemes, so the JIT compiles a virtual call here instead of inlining
    /// the constant and sequence encoders (with their loops) into each compile of [#choose]. The
    /// two come from instance fields, which the JIT does not fold to their constant classes.
    private WriteNode encodeWith(Scheme s, Array a, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return s.encode(a, this, depth, excluded, sample);
    }

    /// `s.encode(a, ...)`, or null when the scheme does not apply or fails on these values.
    private WriteNode tryEncode(Scheme s, Array a, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        try {
            return encodeWith(s, a, depth, excluded, sample);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /// At the end of the cascade: integers bit-packed (after FoR when smaller), else canonical.
    private static WriteNode leaf(Array a, WriteNode canonical) {
        if (a instanceof PrimitiveArray p && p.ptype().isInteger() && p.dtype() instanceof DType.Primitive) {
            return LightEncoder.packInts(p);
        }
        return canonical;
    }

    /// The candidates for `a` in the order they are tried: its value kind's list, less the excluded
    /// schemes and those not [Scheme#eligible] for `a`. A new, mutable list.
    private List<Scheme> candidates(Array a, EnumSet<SchemeId> excluded) {
        List<Scheme> kind;
        if (a instanceof PrimitiveArray p && p.dtype() instanceof DType.Primitive) {
            PType t = p.ptype();
            kind = t.isInteger()
                    ? INTEGERS
                    : t == PType.F16 || t == PType.F32 || t == PType.F64 ? FLOATS : OTHER_PRIMITIVES;
        } else if (a instanceof VarBinViewArray s && !(s.dtype() instanceof DType.Extension)) {
            kind = BYTES;
        } else {
            return new ArrayList<>();
        }
        List<Scheme> out = new ArrayList<>(kind.size());
        for (Scheme s : kind) {
            if (!excluded.contains(s.id()) && s.eligible(a, this)) {
                out.add(s);
            }
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
