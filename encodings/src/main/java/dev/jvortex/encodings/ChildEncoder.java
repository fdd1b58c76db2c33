package dev.jvortex.encodings;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.canonical.CanonicalEncoder;

/// Turns the child arrays an encoder produces (FoR's shifted values, ALP's integers, a
/// dictionary's codes, ...) into write trees. Encoders take one so that a compressor can cascade:
/// it passes an encoder that compresses each child in turn, using the [Role] to apply its rules
/// (for example "no FoR on dictionary codes"). Encoders depend on this interface only; the
/// implementations that choose other encodings (`LightEncoder` in `dev.jvortex.encodings.light`,
/// the cascading compressor) sit above them, so no encoder depends on another through its children.
@FunctionalInterface
public interface ChildEncoder {
    /// Which slot of its parent a child fills.
    enum Role {
        /// The transformed values of a one-child encoding: `fastlanes.for`, `vortex.zigzag`, `vortex.alp`.
        ENCODED,
        /// Patch positions (unsigned, ascending) of `fastlanes.bitpacked`, `vortex.alp`, `vortex.alprd`.
        PATCH_INDICES,
        /// Patch values.
        PATCH_VALUES,
        /// Patch chunk offsets (unsigned, one per 1024 rows).
        PATCH_CHUNK_OFFSETS,
        /// Positions of the values of `vortex.sparse` (unsigned, ascending); the per-row run indices
        /// of `fastlanes.rle` (`u8`/`u16`, whole blocks, carrying the validity).
        INDICES,
        /// Dictionary codes (unsigned) of `vortex.dict`.
        CODES,
        /// Dictionary values of `vortex.dict`, run values of `vortex.runend` and `fastlanes.rle`, the
        /// values of `vortex.sparse`.
        VALUES,
        /// Run ends (unsigned, strictly increasing) of `vortex.runend`.
        ENDS,
        /// Uncompressed lengths of `vortex.fsst` rows.
        LENGTHS,
        /// Offsets into the codes of `vortex.fsst` (`len + 1`, non-decreasing); the per-block value
        /// offsets of `fastlanes.rle` (unsigned, non-decreasing).
        OFFSETS,
        /// The per-lane bases of `fastlanes.delta` (the array's type).
        BASES,
        /// The transposed deltas of `fastlanes.delta` (the array's type, whole blocks).
        DELTAS,
        /// The days, seconds and subseconds of `vortex.datetimeparts` (narrowed integers).
        PARTS
    }

    /// Returns the write tree of `child`, which fills slot `role` of its parent.
    WriteNode encode(Role role, Array child);

    /// Writes every child canonically (uncompressed).
    ChildEncoder CANONICAL = (role, child) -> CanonicalEncoder.encode(child);
}
