package dev.jvortex.compress;

import dev.jvortex.compress.internal.Cascade;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;

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
/// competing like the others. Nested arrays (struct fields, list elements and offsets, fixed-size
/// list elements, extension storage) are compressed part by part; a timestamp also tries
/// `vortex.datetimeparts` (its parts compressed) and keeps the smaller. Bool, decimal and validity
/// stay canonical unless constant.
///
/// The schemes (one class each) and the policy that runs them ([Cascade]) are internal; this
/// class holds the options. Instances are immutable and safe to share between threads.
public final class Compressor {
    /// Cascade levels by default (the reference's `MAX_CASCADE`).
    public static final int MAX_DEPTH = 3;
    /// The deepest cascade the options accept.
    public static final int DEPTH_LIMIT = 8;

    /// The compressor of leaf chunks and dictionary-layout codes: no integer dictionaries (the
    /// dictionary layout does that job), as in the reference's data compressor.
    public static final Compressor DATA = new Compressor(false, CompressionPreset.DEFAULT, MAX_DEPTH);
    /// The compressor of zone tables and dictionary-layout values: every scheme.
    public static final Compressor FULL = new Compressor(true, CompressionPreset.DEFAULT, MAX_DEPTH);

    private final CompressionPreset preset;
    private final int maxDepth;
    private final Cascade cascade;

    private Compressor(boolean intDict, CompressionPreset preset, int maxDepth) {
        this.preset = preset;
        this.maxDepth = maxDepth;
        this.cascade = new Cascade(intDict, preset == CompressionPreset.COMPACT, maxDepth);
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
            throw VortexException.misuse("the compression preset must not be null");
        }
        return preset;
    }

    /// Checks a cascade depth option.
    public static int checkDepth(int depth) {
        if (depth < 1 || depth > DEPTH_LIMIT) {
            throw VortexException.misuse("cascade depth must be between 1 and " + DEPTH_LIMIT + ", got " + depth);
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
        return cascade.compress(a);
    }

    /// What the compressor chose at the root of an array and how well it did; the next chunks of
    /// the same column pass it to [#compress(Array, Choice)]. Opaque and immutable.
    public static final class Choice {
        private final Cascade.Choice inner;

        private Choice(Cascade.Choice inner) {
            this.inner = inner;
        }

        @Override
        public String toString() {
            return inner.toString();
        }
    }

    /// A write tree and the choice behind it.
    ///
    /// @param node the write tree; it decodes to exactly the input
    /// @param choice what later chunks of the same column may start from, or null (nothing to reuse)
    public record Result(WriteNode node, Choice choice) {}

    /// Compresses a later chunk of a column starting from `prior`, the choice made for an earlier
    /// chunk (null: as [#compress(Array)]). The earlier chunk's root scheme is tried alone first
    /// and kept when it compresses `a` within 10 % of the earlier ratio; otherwise every scheme
    /// competes as usual. For a column of dates, times or timestamps (an extension type over
    /// primitive storage) the choice is the way that won (the storage compressed, or
    /// `vortex.datetimeparts`) and the root schemes beneath it, kept by the same rule. This skips
    /// the trials of the losing schemes on chunks that look like the first, at the price of
    /// missing a scheme that would do slightly better on them. The result depends only on `a` and
    /// `prior`.
    public Result compress(Array a, Choice prior) {
        Cascade.Outcome o = cascade.compress(a, prior == null ? null : prior.inner);
        return new Result(o.node(), o.choice() == null ? null : new Choice(o.choice()));
    }
}
