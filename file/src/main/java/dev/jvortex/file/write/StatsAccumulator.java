package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.format.ArrayStats;
import java.lang.foreign.Arena;
import java.util.List;

/// Accumulates one column's statistics while it is written, per zone of `rowBlock` rows and for
/// the whole column, as the reference's zone maps and file statistics hold them: min and max
/// (nulls and NaNs skipped; strings bounded to 64 bytes), null and NaN counts, and for the file
/// statistics only a sum (null on overflow): the reference's zone tables have no sum column.
///
/// One accumulator per kind of value, each with its own tight loops over a batch's rows;
/// [#of(DType, int)] picks it from the column's type.
sealed interface StatsAccumulator
        permits IntegerStats,
                UnsignedStats,
                TemporalStats,
                FloatStats,
                BoolStats,
                DecimalStats,
                StringStats,
                NullCountStats {
    /// One zone-table column: its aggregate id, option bytes, column name and one value per zone.
    record ZoneColumn(String id, byte[] options, String name, Array values) {}

    /// Returns the accumulator for a column of type `dtype`, with zones of `zoneLength` rows.
    static StatsAccumulator of(DType dtype, int zoneLength) {
        return switch (dtype) {
            case DType.Primitive p when p.ptype().isFloat() -> new FloatStats(p, zoneLength);
            case DType.Primitive p when p.ptype().isSigned() -> new IntegerStats(p, zoneLength);
            case DType.Primitive p -> new UnsignedStats(p, zoneLength);
            case DType.Bool b -> new BoolStats(b, zoneLength);
            case DType.Utf8 _, DType.Binary _ -> new StringStats(dtype, zoneLength);
            case DType.Decimal d -> new DecimalStats(d, zoneLength);
            case DType.Extension e -> ofExtension(e, zoneLength);
            case DType.Null _,
                    DType.Struct _,
                    DType.ListType _,
                    DType.FixedSizeList _,
                    DType.MapType _,
                    DType.Variant _,
                    DType.Union _ -> new NullCountStats(zoneLength);
        };
    }

    /// Extension types keep the statistics of their storage where it orders as the extension
    /// does: integers (timestamps, dates, times), bools and strings; null counts otherwise.
    private static StatsAccumulator ofExtension(DType.Extension e, int zoneLength) {
        return switch (e.storage()) {
            case DType.Primitive p when p.ptype().isInteger() -> new TemporalStats(e, p.ptype(), zoneLength);
            case DType.Bool b -> new BoolStats(b, zoneLength);
            case DType.Utf8 _, DType.Binary _ -> new StringStats(e.storage(), zoneLength);
            case DType.Primitive _,
                    DType.Decimal _,
                    DType.Null _,
                    DType.Struct _,
                    DType.ListType _,
                    DType.FixedSizeList _,
                    DType.MapType _,
                    DType.Variant _,
                    DType.Union _,
                    DType.Extension _ -> new NullCountStats(zoneLength);
        };
    }

    /// Adds the rows of `a`, which continue the column.
    void add(Array a);

    /// Returns the number of zones so far.
    int zoneCount();

    /// Returns the zone-table columns, sorted by name, with their values in `arena`: null counts
    /// always, min and max (or string bounds) when any zone has a value, NaN counts for floats. A
    /// column has validity only when some zone lacks its statistic, as the reference writes it.
    List<ZoneColumn> zoneColumns(Arena arena);

    /// Returns the whole column's statistics.
    ArrayStats fileStatistics();
}
