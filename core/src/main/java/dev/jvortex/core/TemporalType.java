package dev.jvortex.core;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/// What a temporal extension type means: a `vortex.date`, `vortex.time` or `vortex.timestamp`
/// with its unit and (timestamps only) time-zone name, read from or written to the extension's
/// metadata bytes.
///
/// ```java
/// DType ts = DType.timestamp(TimeUnit.MICROSECONDS, "UTC");
/// TemporalType t = TemporalType.of(ts); // TIMESTAMP, MICROSECONDS, "UTC"
/// ```
///
/// @param kind date, time or timestamp
/// @param unit the unit of the integer storage
/// @param zone the time-zone name of a timestamp, or null (no zone: a local date-time)
public record TemporalType(Kind kind, TimeUnit unit, String zone) {
    /// The extension id of dates.
    public static final String DATE_ID = "vortex.date";
    /// The extension id of times of day.
    public static final String TIME_ID = "vortex.time";
    /// The extension id of timestamps.
    public static final String TIMESTAMP_ID = "vortex.timestamp";

    /// The three temporal extension types.
    public enum Kind {
        /// Days (i32) or milliseconds (i64) since 1970-01-01.
        DATE,
        /// Units since midnight: seconds and milliseconds as i32, micro- and nanoseconds as i64.
        TIME,
        /// Units since the Unix epoch (i64), with an optional time-zone name.
        TIMESTAMP
    }

    public TemporalType {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(unit);
        switch (kind) {
            case DATE -> {
                if (unit != TimeUnit.DAYS && unit != TimeUnit.MILLISECONDS) {
                    throw VortexException.misuse("a date is in days or milliseconds, not " + unit);
                }
            }
            case TIME, TIMESTAMP -> {
                if (unit == TimeUnit.DAYS) {
                    throw VortexException.misuse(
                            "a " + kind.name().toLowerCase(java.util.Locale.ROOT) + " cannot be in days");
                }
            }
        }
        if (zone != null && kind != Kind.TIMESTAMP) {
            throw VortexException.misuse("only timestamps have a time zone");
        }
        if (zone != null && zone.isEmpty()) {
            zone = null;
        }
    }

    /// Returns the extension id of this kind.
    public String id() {
        return switch (kind) {
            case DATE -> DATE_ID;
            case TIME -> TIME_ID;
            case TIMESTAMP -> TIMESTAMP_ID;
        };
    }

    /// Returns the primitive storage type: i32 for day dates and second or millisecond times, else i64.
    public PType storage() {
        return switch (kind) {
            case DATE -> unit == TimeUnit.DAYS ? PType.I32 : PType.I64;
            case TIME -> unit == TimeUnit.SECONDS || unit == TimeUnit.MILLISECONDS ? PType.I32 : PType.I64;
            case TIMESTAMP -> PType.I64;
        };
    }

    /// Returns the extension metadata bytes the format stores for this type.
    public byte[] metadata() {
        if (kind != Kind.TIMESTAMP) {
            return new byte[] {(byte) unit.tag()};
        }
        byte[] z = zone == null ? new byte[0] : zone.getBytes(StandardCharsets.UTF_8);
        if (z.length > 0xFFFF) {
            throw VortexException.misuse("time-zone name of " + z.length + " bytes is too long");
        }
        byte[] out = new byte[3 + z.length];
        out[0] = (byte) unit.tag();
        out[1] = (byte) z.length;
        out[2] = (byte) (z.length >>> 8);
        System.arraycopy(z, 0, out, 3, z.length);
        return out;
    }

    /// Returns the extension type of this temporal type with the given nullability.
    public DType.Extension toDType(boolean nullable) {
        return new DType.Extension(id(), new DType.Primitive(storage(), nullable), metadata());
    }

    /// Returns the temporal meaning of `dtype`, or null when it is not a temporal extension type.
    /// Fails with a corrupt-data error when the id is temporal but the metadata is malformed.
    public static TemporalType of(DType dtype) {
        if (!(dtype instanceof DType.Extension e)) {
            return null;
        }
        Kind kind = switch (e.id()) {
            case DATE_ID -> Kind.DATE;
            case TIME_ID -> Kind.TIME;
            case TIMESTAMP_ID -> Kind.TIMESTAMP;
            default -> null;
        };
        if (kind == null) {
            return null;
        }
        byte[] m = e.metadata();
        if (m.length < 1 || (kind == Kind.TIMESTAMP && m.length < 3)) {
            throw VortexException.corrupt(e.id() + " metadata of " + m.length + " bytes is too short");
        }
        TimeUnit unit = TimeUnit.fromTag(m[0] & 0xFF);
        String zone = null;
        if (kind == Kind.TIMESTAMP) {
            int len = (m[1] & 0xFF) | (m[2] & 0xFF) << 8;
            if (3 + len > m.length) {
                throw VortexException.corrupt(
                        "vortex.timestamp zone of " + len + " bytes overruns metadata of " + m.length);
            }
            zone = len == 0 ? null : new String(m, 3, len, StandardCharsets.UTF_8);
        }
        try {
            return new TemporalType(kind, unit, zone);
        } catch (VortexException ex) {
            throw VortexException.corrupt(e.id() + ": " + ex.getMessage());
        }
    }
}
