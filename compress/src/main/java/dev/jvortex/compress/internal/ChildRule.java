package dev.jvortex.compress.internal;

import java.util.EnumSet;

/// How a scheme's child in one slot is written: light (one level of cheap choices, never a
/// cascade), or compressed one level down without some schemes, on top of those its parent
/// already may not use or instead of them.
///
/// @param light whether the child is written by `LightEncoder` rather than the cascade
/// @param inherit whether the parent's exclusions carry over to the child
/// @param excluded the schemes the child may not use (besides the inherited ones)
record ChildRule(boolean light, boolean inherit, EnumSet<SchemeId> excluded) {
    /// Light: `LightEncoder.encode` (patch children stay canonical or constant).
    static final ChildRule LIGHT = new ChildRule(true, false, EnumSet.noneOf(SchemeId.class));

    /// Compressed one level down without the parent's exclusions and `excluded`.
    static ChildRule without(SchemeId first, SchemeId... more) {
        return new ChildRule(false, true, EnumSet.of(first, more));
    }

    /// Compressed one level down with the parent's exclusions only.
    static ChildRule inherited() {
        return new ChildRule(false, true, EnumSet.noneOf(SchemeId.class));
    }

    /// Compressed one level down without `excluded` only: the parent's exclusions do not apply.
    static ChildRule only(EnumSet<SchemeId> excluded) {
        return new ChildRule(false, false, excluded);
    }

    /// The exclusions of a child whose parent may not use `parent`: a new set.
    EnumSet<SchemeId> childExclusions(EnumSet<SchemeId> parent) {
        EnumSet<SchemeId> out = inherit ? EnumSet.copyOf(parent) : EnumSet.noneOf(SchemeId.class);
        out.addAll(excluded);
        return out;
    }
}
