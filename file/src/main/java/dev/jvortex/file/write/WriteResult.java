package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.Scalar;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/// What a finished write produced, returned by [VortexWriter#finish()]: the file, its rows and
/// size, and per top-level column what a table format records about a data file.
///
/// @param path the file written (absolute)
/// @param rowCount the rows written
/// @param fileSize the file's size in bytes
/// @param columns one entry per top-level column of the schema, in schema order
public record WriteResult(Path path, long rowCount, long fileSize, List<Column> columns) {
    /// Copies the column list.
    public WriteResult {
        columns = List.copyOf(columns);
    }

    /// What was written for one top-level column.
    ///
    /// Statistics (null count, NaN count, bounds) are the file statistics the writer stores, so
    /// they equal what a reader gets from [dev.jvortex.file.VortexFile#statistics(int)]; they are
    /// null when the writer keeps none (a struct column, or zone maps and file statistics both
    /// off). String and binary bounds are at most 64 bytes: a prefix of the least value
    /// (`minExact` false when cut) and a short value not less than the greatest (`maxExact` false
    /// when it is not the greatest value itself), as the reference bounds them. Float bounds
    /// leave NaN out.
    ///
    /// @param position the column's position in the schema (0-based)
    /// @param name the column's name
    /// @param dtype the column's type
    /// @param storedBytes the bytes of every segment under the column: data, dictionaries and
    ///     zone map tables
    /// @param valueCount the values (rows) written, nulls included
    /// @param nullCount the null values, or null if not known
    /// @param nanCount the NaN values of a float column, or null if not known or not a float column
    /// @param min the lower bound, or null if none (no non-null value, or no statistics)
    /// @param minExact whether `min` is the least value itself
    /// @param max the upper bound, or null if none
    /// @param maxExact whether `max` is the greatest value itself
    /// @param encodings the array encodings of the column's data and dictionaries, in order of
    ///     first use (zone map tables not included)
    /// @param layouts the layouts under the column, in order of first appearance (for example
    ///     `vortex.zoned`, `vortex.chunked`, `vortex.dict`, `vortex.flat`)
    public record Column(
            int position,
            String name,
            DType dtype,
            long storedBytes,
            long valueCount,
            Long nullCount,
            Long nanCount,
            Scalar min,
            boolean minExact,
            Scalar max,
            boolean maxExact,
            List<String> encodings,
            List<String> layouts) {
        /// Copies the lists.
        public Column {
            encodings = List.copyOf(encodings);
            layouts = List.copyOf(layouts);
        }
    }

    /// Returns the column named `name`, or null if there is none.
    public Column column(String name) {
        for (Column c : columns) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /// Returns the result in the shape of an Iceberg `DataFile`'s metrics, keyed by column
    /// position (0-based; map it to Iceberg field ids with the table's schema).
    public IcebergMetrics iceberg() {
        Map<Integer, Long> sizes = new LinkedHashMap<>();
        Map<Integer, Long> values = new LinkedHashMap<>();
        Map<Integer, Long> nulls = new LinkedHashMap<>();
        Map<Integer, Long> nans = new LinkedHashMap<>();
        Map<Integer, Scalar> lower = new LinkedHashMap<>();
        Map<Integer, Scalar> upper = new LinkedHashMap<>();
        for (Column c : columns) {
            int k = c.position();
            sizes.put(k, c.storedBytes());
            values.put(k, c.valueCount());
            if (c.nullCount() != null) {
                nulls.put(k, c.nullCount());
            }
            if (c.nanCount() != null) {
                nans.put(k, c.nanCount());
            }
            if (c.min() != null && !c.min().isNull()) {
                lower.put(k, c.min());
            }
            if (c.max() != null && !c.max().isNull()) {
                upper.put(k, c.max());
            }
        }
        return new IcebergMetrics(rowCount, sizes, values, nulls, nans, lower, upper);
    }

    /// A data file's metrics as Iceberg's `DataFile` holds them; every map is keyed by column
    /// position and leaves out columns for which the value is not known. Bounds are bounds, not
    /// necessarily values of the column (see [Column]); serialising them to Iceberg's single-value
    /// binary form is left to the caller.
    ///
    /// @param recordCount the rows
    /// @param columnSizes stored bytes per column
    /// @param valueCounts values per column, nulls included
    /// @param nullValueCounts nulls per column
    /// @param nanValueCounts NaNs per float column
    /// @param lowerBounds lower bound per column
    /// @param upperBounds upper bound per column
    public record IcebergMetrics(
            long recordCount,
            Map<Integer, Long> columnSizes,
            Map<Integer, Long> valueCounts,
            Map<Integer, Long> nullValueCounts,
            Map<Integer, Long> nanValueCounts,
            Map<Integer, Scalar> lowerBounds,
            Map<Integer, Scalar> upperBounds) {
        /// Makes the maps unmodifiable (keeping their order).
        public IcebergMetrics {
            columnSizes = Collections.unmodifiableMap(new LinkedHashMap<>(columnSizes));
            valueCounts = Collections.unmodifiableMap(new LinkedHashMap<>(valueCounts));
            nullValueCounts = Collections.unmodifiableMap(new LinkedHashMap<>(nullValueCounts));
            nanValueCounts = Collections.unmodifiableMap(new LinkedHashMap<>(nanValueCounts));
            lowerBounds = Collections.unmodifiableMap(new LinkedHashMap<>(lowerBounds));
            upperBounds = Collections.unmodifiableMap(new LinkedHashMap<>(upperBounds));
        }
    }
}
