package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import java.util.EnumSet;

/// One way the cascade may write an array: which arrays it applies to ([#eligible]), how a trial
/// is judged ([#judgedOnEveryRow], [#secondLook], [#skipFullTrial]), how each child is written and
/// which schemes that child may not use ([#child]), and how it encodes ([#encode], calling the
/// encoder of its family). One final class per scheme, one shared instance each; [Cascade] holds
/// the ordered candidate lists per value kind and the policy that runs them.
abstract sealed class Scheme
        permits AlpRdScheme,
                AlpScheme,
                BitPackScheme,
                ConstantScheme,
                DateTimePartsScheme,
                DecimalBytePartsScheme,
                DeltaScheme,
                DictScheme,
                ForScheme,
                FsstScheme,
                OnPairScheme,
                PcoScheme,
                RleScheme,
                RunEndScheme,
                SequenceScheme,
                SparseScheme,
                VarBinScheme,
                ZigZagScheme,
                ZstdScheme {
    private final SchemeId id;

    Scheme(SchemeId id) {
        this.id = id;
    }

    /// Returns the scheme's name in exclusion sets.
    final SchemeId id() {
        return id;
    }

    /// Whether the scheme competes for `a`, an array of a value kind whose candidate list names it
    /// (see [Cascade]); only asked when the scheme is not excluded. All by default.
    boolean eligible(Array a, Cascade cascade) {
        return true;
    }

    /// Whether a trial on a sample says too little about this scheme, so that it is tried on every
    /// row of a large array instead. False by default.
    boolean judgedOnEveryRow() {
        return false;
    }

    /// Whether the scheme gets a second trial on every row when a scheme judged on every row won
    /// the contest (a sample of short runs can misjudge it). False by default.
    boolean secondLook() {
        return false;
    }

    /// Whether the trial on every row of the large array `a` (see [#judgedOnEveryRow]) can be
    /// skipped because it cannot or will hardly beat `bestRatio`, the best ratio so far; `judged` is
    /// the sample the other schemes ran on. False by default.
    boolean skipFullTrial(
            Array a,
            Array judged,
            Cascade cascade,
            int depth,
            EnumSet<SchemeId> excluded,
            long canonicalBytes,
            double bestRatio) {
        return false;
    }

    /// The bytes that `node`, this scheme's tree for `sample` (a [Cascade#sample] of `a`), counts
    /// for in a contest judged on the sample: the tree's own bytes by default. A scheme whose trees
    /// a sample misjudges in a way it can measure on `a` corrects them here; a corrected winner is
    /// checked on every row against the best uncorrected contender (see [Cascade]).
    long sampledBytes(WriteNode node, Array a, Array sample) {
        return node.bufferBytes();
    }

    /// How the child in slot `role` is written; light by default.
    ChildRule child(ChildEncoder.Role role) {
        return ChildRule.LIGHT;
    }

    /// Returns the write tree of `a` with its children written by `cascade` one level down (see
    /// [Cascade#children]); null when the scheme does not apply to these values.
    ///
    /// @param depth the scheme levels left, this one included
    /// @param excluded the schemes `a` may not use (its children's start from these)
    /// @param sample whether `a` is a sample (or part of one) rather than the array itself
    abstract WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample);

    @Override
    public String toString() {
        return id.name();
    }
}
