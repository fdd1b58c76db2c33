package dev.jvortex.encodings.datetime;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Primitives;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.fastlanes.FastLanes;

/// Encodes a `vortex.timestamp` extension array (i64 storage, unit s, ms, µs or ns, any zone) as
/// `vortex.datetimeparts`, the inverse of [DateTimePartsDecoder]: `days = ts / D`, `seconds =
/// (ts % D) / U` and `subseconds = (ts % D) % U` with `U` units per second and `D = 86 400 U`,
/// truncating as the reference does (negative timestamps give negative parts).
///
/// Each part is narrowed as the reference's compressor narrows it: to the smallest unsigned type
/// of 8, 16 or 32 bits when its valid values are all non-negative, else the smallest signed one,
/// else i64. Days carry the validity; null rows hold 0 in every part.
public final class DateTimePartsEncoder {
    private static final long SECONDS_PER_DAY = 86_400;

    private DateTimePartsEncoder() {}

    /// A timestamp array split into its parts, before they are written.
    ///
    /// @param days days since the epoch (the array's nullability)
    /// @param seconds seconds within the day (non-null)
    /// @param subseconds units within the second (non-null)
    public record Parts(PrimitiveArray days, PrimitiveArray seconds, PrimitiveArray subseconds) {}

    /// Whether `a` can be encoded: a `vortex.timestamp` over i64 storage in a unit other than days.
    public static boolean applies(ExtensionArray a) {
        DType.Extension ext = a.dtype();
        return DateTimePartsDecoder.TIMESTAMP_ID.equals(ext.id())
                && ext.storage() instanceof DType.Primitive p
                && p.ptype() == PType.I64
                && a.storage() instanceof PrimitiveArray s
                && s.ptype() == PType.I64
                && unitsPerSecond(ext.metadata()) > 0;
    }

    /// Returns the node of `a` with the days, seconds and subseconds written by `children` (role
    /// [ChildEncoder.Role#PARTS] each, in that order); null when not supported.
    public static WriteNode encode(ExtensionArray a, ChildEncoder children) {
        Parts parts = split(a);
        if (parts == null) {
            return null;
        }
        return node(
                parts,
                children.encode(ChildEncoder.Role.PARTS, parts.days()),
                children.encode(ChildEncoder.Role.PARTS, parts.seconds()),
                children.encode(ChildEncoder.Role.PARTS, parts.subseconds()));
    }

    /// Returns the node over written parts.
    public static WriteNode node(Parts parts, WriteNode days, WriteNode seconds, WriteNode subseconds) {
        byte[] meta = new DateTimePartsMetadata(
                        parts.days().ptype().code(),
                        parts.seconds().ptype().code(),
                        parts.subseconds().ptype().code())
                .write();
        return WriteNode.of(EncodingId.DATETIMEPARTS.id(), meta, days, seconds, subseconds);
    }

    /// Splits `a` into days, seconds and subseconds; null when not supported.
    public static Parts split(ExtensionArray a) {
        if (!applies(a)) {
            return null;
        }
        PrimitiveArray storage = (PrimitiveArray) a.storage();
        long unit = unitsPerSecond(a.dtype().metadata());
        long perDay = SECONDS_PER_DAY * unit;
        int len = storage.length();
        Validity validity = storage.validity();
        boolean allValid = validity.isAllValid();
        boolean allInvalid = validity.isAllInvalid();
        long[] days = new long[len];
        long[] seconds = new long[len];
        long[] subseconds = new long[len];
        long[] block = new long[FastLanes.BLOCK];
        for (int from = 0; from < len; from += FastLanes.BLOCK) {
            int n = Math.min(FastLanes.BLOCK, len - from);
            Segments.load(storage.data(), PType.I64, from, block, 0, n);
            if (allValid) {
                splitBlock(block, n, from, perDay, unit, days, seconds, subseconds);
            } else if (!allInvalid) {
                splitValidBlock(block, n, from, validity, perDay, unit, days, seconds, subseconds);
            }
        }
        boolean nullable = a.dtype().storage().nullable();
        return new Parts(
                narrow(days, len, nullable, validity),
                narrow(seconds, len, false, Validity.ALL_VALID),
                narrow(subseconds, len, false, Validity.ALL_VALID));
    }

    /// Splits the timestamps `block[0..n)` (rows `from..`) into `days`, `seconds` and
    /// `subseconds`. Each loop over a block is its own small method, compiled once on its own
    /// rather than inlined into the block driver's compilations.
    private static void splitBlock(
            long[] block, int n, int from, long perDay, long unit, long[] days, long[] seconds, long[] subseconds) {
        for (int k = 0; k < n; k++) {
            int i = from + k;
            // Truncating division; the remainders by multiply and subtract (two divisions, not four).
            long ts = block[k];
            long day = ts / perDay;
            long inDay = ts - day * perDay;
            long second = inDay / unit;
            days[i] = day;
            seconds[i] = second;
            subseconds[i] = inDay - second * unit;
        }
    }

    /// [#splitBlock] of the valid rows only (null rows keep 0).
    private static void splitValidBlock(
            long[] block,
            int n,
            int from,
            Validity validity,
            long perDay,
            long unit,
            long[] days,
            long[] seconds,
            long[] subseconds) {
        for (int k = 0; k < n; k++) {
            int i = from + k;
            if (!validity.isValid(i)) {
                continue;
            }
            long ts = block[k];
            long day = ts / perDay;
            long inDay = ts - day * perDay;
            long second = inDay / unit;
            days[i] = day;
            seconds[i] = second;
            subseconds[i] = inDay - second * unit;
        }
    }

    /// Units per second for a timestamp's metadata (byte 0 = unit), or 0 for days or an unknown unit.
    static long unitsPerSecond(byte[] metadata) {
        if (metadata.length < 1) {
            return 0;
        }
        return switch (metadata[0]) {
            case 0 -> 1_000_000_000L;
            case 1 -> 1_000_000L;
            case 2 -> 1_000L;
            case 3 -> 1L;
            default -> 0;
        };
    }

    /// The values as the narrowest type of the reference's `narrow`: unsigned when the valid
    /// values are non-negative, else signed; i64 when nothing narrower holds them.
    private static PrimitiveArray narrow(long[] values, int len, boolean nullable, Validity validity) {
        long min = 0;
        long max = 0;
        boolean allValid = validity.isAllValid();
        for (int i = 0; i < len; i++) {
            if (allValid || validity.isValid(i)) {
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
        }
        PType t;
        if (min >= 0) {
            t = max <= 0xFF ? PType.U8 : max <= 0xFFFF ? PType.U16 : max <= 0xFFFFFFFFL ? PType.U32 : PType.I64;
        } else {
            t = min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE
                    ? PType.I8
                    : min >= Short.MIN_VALUE && max <= Short.MAX_VALUE
                            ? PType.I16
                            : min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? PType.I32 : PType.I64;
        }
        return Primitives.array(t, nullable, values, len, validity);
    }
}
