package dev.jvortex.file.scan;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.Scalar;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.Constants;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.StructArray;
import java.lang.foreign.Arena;

/// The statistics pruning uses for one column over consecutive zones: bounds on the values
/// (min and max, either possibly absent or null per zone), null counts and NaN counts.
///
/// @param base the row of the column where zone 0 starts
/// @param zoneLength rows per zone (the last zone may be shorter)
/// @param rowCount rows covered by all zones together
/// @param zoneCount the number of zones
/// @param max an upper bound of each zone's non-null, non-NaN values (column type), or null
/// @param maxKnown whether `max` holds for each zone (false where the stat is null or unknown)
/// @param min a lower bound of each zone's values, or null
/// @param minKnown whether `min` holds for each zone
/// @param nullCounts the nulls of each zone (-1 unknown), or null when not kept
/// @param nanCounts the NaNs of each zone (-1 unknown), or null when not kept
public record ZoneStats(
        long base,
        long zoneLength,
        long rowCount,
        int zoneCount,
        Array max,
        boolean[] maxKnown,
        Array min,
        boolean[] minKnown,
        long[] nullCounts,
        long[] nanCounts) {

    /// Returns the first row of zone `z` (in column rows).
    public long zoneStart(int z) {
        return base + z * zoneLength;
    }

    /// Returns one past the last row of zone `z`.
    public long zoneEnd(int z) {
        return base + Math.min(rowCount, (z + 1) * zoneLength);
    }

    /// Reads a zone table (`vortex.zoned`, or the legacy `vortex.stats`) of a column of type `column`.
    public static ZoneStats ofZoneTable(long base, long zoneLength, long rowCount, StructArray table, DType column) {
        int zones = table.length();
        Array max = null;
        boolean[] maxKnown = null;
        Array min = null;
        boolean[] minKnown = null;
        for (int f = 0; f < table.dtype().size(); f++) {
            String name = table.dtype().names().get(f);
            Array a = table.field(f);
            if (name.equals("vortex.max()") || (max == null && name.equals("max"))) {
                max = a;
                maxKnown = known(a, truncated(table, "max_is_truncated"), zones);
            } else if (max == null && name.startsWith("vortex.bounded_max(") && a instanceof StructArray s) {
                // {bound, unknown}: an upper bound unless unknown; a null struct means no values.
                Array bound = s.field("bound");
                Array unknown = s.field("unknown");
                boolean[] k = known(bound, null, zones);
                for (int z = 0; z < zones; z++) {
                    k[z] &= s.isValid(z) && !(unknown instanceof BoolArray u && u.isValid(z) && u.get(z));
                }
                max = bound;
                maxKnown = k;
            } else if (name.equals("vortex.min()")
                    || (min == null && (name.equals("min") || name.startsWith("vortex.bounded_min(")))) {
                min = a;
                minKnown = known(a, truncated(table, name.equals("min") ? "min_is_truncated" : null), zones);
            }
        }
        long[] nulls = counts(
                table.field(table.dtype().indexOf("vortex.null_count()") >= 0 ? "vortex.null_count()" : "null_count"),
                zones);
        long[] nans = counts(
                table.field(table.dtype().indexOf("vortex.nan_count()") >= 0 ? "vortex.nan_count()" : "nan_count"),
                zones);
        return new ZoneStats(
                base,
                zoneLength,
                rowCount,
                zones,
                unwrap(max, column),
                maxKnown,
                unwrap(min, column),
                minKnown,
                nulls,
                nans);
    }

    /// Returns whole-file statistics as one zone of `rowCount` rows.
    public static ZoneStats ofFile(
            long rowCount, DType column, Scalar min, Scalar max, Long nullCount, Long nanCount, Arena arena) {
        DType t = column.withNullable(true);
        Array maxArray = max == null || max.isNull() ? null : Constants.repeat(t, new Scalar(t, max.value()), 1, arena);
        Array minArray = min == null || min.isNull() ? null : Constants.repeat(t, new Scalar(t, min.value()), 1, arena);
        return new ZoneStats(
                0,
                Math.max(1, rowCount),
                rowCount,
                1,
                maxArray,
                new boolean[] {maxArray != null},
                minArray,
                new boolean[] {minArray != null},
                new long[] {nullCount == null ? -1 : nullCount},
                nanCount == null ? null : new long[] {nanCount});
    }

    private static Array unwrap(Array a, DType column) {
        // Stats of an extension column may be stored with the storage type: give them the column's type.
        if (a == null || !(column instanceof DType.Extension e) || a.dtype() instanceof DType.Extension) {
            return a;
        }
        return new dev.jvortex.core.array.ExtensionArray(
                (DType.Extension) e.withNullable(true),
                ArrayOps.withDType(a, e.storage().withNullable(true)));
    }

    private static BoolArray truncated(StructArray table, String name) {
        if (name == null) {
            return null;
        }
        return table.field(name) instanceof BoolArray b ? b : null;
    }

    private static boolean[] known(Array a, BoolArray truncated, int zones) {
        boolean[] k = new boolean[zones];
        for (int z = 0; z < zones; z++) {
            k[z] = a.isValid(z) && !(truncated != null && truncated.isValid(z) && truncated.get(z));
        }
        return k;
    }

    private static long[] counts(Array a, int zones) {
        if (!(a instanceof PrimitiveArray p) || !p.ptype().isInteger()) {
            return null;
        }
        long[] out = new long[zones];
        for (int z = 0; z < zones; z++) {
            out[z] = p.isValid(z) && (p.ptype() != PType.U64 || p.getLong(z) >= 0) ? p.getLong(z) : -1;
        }
        return out;
    }
}
