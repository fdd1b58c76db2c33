package dev.jvortex.core;

/// The unit of a temporal extension type's integer storage, with the tag byte the format stores
/// as the first byte of the `vortex.date`, `vortex.time` and `vortex.timestamp` metadata.
public enum TimeUnit {
    /// Nanoseconds (tag 0).
    NANOSECONDS(0, 1_000_000_000L),
    /// Microseconds (tag 1).
    MICROSECONDS(1, 1_000_000L),
    /// Milliseconds (tag 2).
    MILLISECONDS(2, 1_000L),
    /// Seconds (tag 3).
    SECONDS(3, 1L),
    /// Days (tag 4): dates only.
    DAYS(4, 0L);

    private final int tag;
    private final long perSecond;

    TimeUnit(int tag, long perSecond) {
        this.tag = tag;
        this.perSecond = perSecond;
    }

    /// Returns the tag byte of this unit in the extension metadata.
    public int tag() {
        return tag;
    }

    /// Returns how many of this unit make one second (0 for [#DAYS]).
    public long perSecond() {
        return perSecond;
    }

    /// Returns the unit with tag byte `tag`, or fails with a corrupt-data error.
    public static TimeUnit fromTag(int tag) {
        for (TimeUnit u : values()) {
            if (u.tag == tag) {
                return u;
            }
        }
        throw VortexException.corrupt("unknown time unit tag " + tag);
    }

    /// Returns the short name the reference prints: `ns`, `us`, `ms`, `s` or `days`.
    public String shortName() {
        return switch (this) {
            case NANOSECONDS -> "ns";
            case MICROSECONDS -> "us";
            case MILLISECONDS -> "ms";
            case SECONDS -> "s";
            case DAYS -> "days";
        };
    }
}
