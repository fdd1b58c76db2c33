package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.file.layout.ZoneSchema;
import dev.jvortex.file.layout.ZonedLayoutMetadata;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/// A `vortex.zoned` layout: a column's data (a [ChunkedWriter]) and its zone map, a table with
/// one row of statistics per `rowBlock` rows (one column per statistic, see
/// [StatsAccumulator#zoneColumns]) written as one flat segment after the data.
///
/// The same statistics give the column's file statistics. With zone maps off the writer only
/// keeps those, and its layout is the data's.
final class ZonedWriter implements ColumnWriter {
    private final WriteContext ctx;
    private final ChunkedWriter data;
    /// The column's statistics, counted by `data` as it cuts chunks (see [ChunkedWriter]).
    private final CompressionPipeline.StatsChain stats;
    /// The zone table's columns, computed with the table (on the compression threads, after the
    /// column's statistics); null when there is no zone table.
    private volatile List<ZoneColumn> zoneColumns;
    /// The zone table's segment, once written (-1: none).
    private int zoneSegment = -1;
    /// The zone table's rows (zones), set with [#zoneColumns].
    private volatile int zoneCount;
    private long rows;

    ZonedWriter(DType dtype, WriteContext ctx) {
        this.ctx = ctx;
        this.stats = new CompressionPipeline.StatsChain(
                StatsAccumulator.of(dtype, ctx.options().rowBlock()));
        this.data = new ChunkedWriter(dtype, ctx, stats);
    }

    @Override
    public long rowCount() {
        return rows;
    }

    @Override
    public void prepare(Array a) {
        data.prepare(a);
    }

    @Override
    public void append(Array a) throws IOException {
        if (a.length() == 0) {
            return;
        }
        data.append(a);
        rows += a.length();
    }

    @Override
    public void release() {
        data.release();
    }

    @Override
    public void complete() throws IOException {
        data.complete();
        if (!ctx.options().zoneMaps() || rows == 0) {
            return;
        }
        // The zone table takes its place in the segment order now, but is built (and compressed)
        // once the column's statistics are counted, without holding up the writing thread.
        ctx.pipeline()
                .submitAfter(
                        stats.tail(),
                        () -> {
                            StatsAccumulator counted = stats.counted();
                            List<ZoneColumn> cols = counted.zoneColumns(ctx.statsArena());
                            if (cols.isEmpty()) {
                                return null;
                            }
                            zoneCount = counted.zoneCount();
                            zoneColumns = cols;
                            return zoneTable(cols, zoneCount);
                        },
                        Compression.FULL,
                        seg -> zoneSegment = seg);
    }

    /// The zone table: one column per statistic, one row per zone.
    private static StructArray zoneTable(List<ZoneColumn> cols, int zoneCount) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        List<Array> arrays = new ArrayList<>();
        for (ZoneColumn c : cols) {
            names.add(c.name());
            types.add(c.values().dtype());
            arrays.add(c.values());
        }
        return new StructArray(new DType.Struct(names, types, false), arrays, zoneCount, Validity.ALL_VALID);
    }

    /// Returns the column's file statistics.
    ArrayStats fileStatistics() {
        return stats.await().fileStatistics();
    }

    /// Returns the data's layout under a zoned layout, with metadata `0x01` + protobuf
    /// `{zone_len = 1; repeated {id = 1; options = 2} aggregate_specs = 2}` naming the zone
    /// table's columns in order.
    @Override
    public LayoutSpec layout(LayoutIds ids) {
        LayoutSpec dataLayout = data.layout(ids);
        if (zoneSegment < 0) {
            return dataLayout;
        }
        LayoutSpec zoneLayout =
                new LayoutSpec(ids.of(LayoutId.FLAT.id()), zoneCount, new byte[0], List.of(), new int[] {zoneSegment});
        List<ZoneSchema.Aggregate> aggregates = new ArrayList<>();
        for (ZoneColumn c : zoneColumns) {
            aggregates.add(new ZoneSchema.Aggregate(c.id(), c.options()));
        }
        byte[] m = new ZonedLayoutMetadata(ctx.options().rowBlock(), aggregates).write();
        return new LayoutSpec(ids.of(LayoutId.ZONED.id()), rows, m, List.of(dataLayout, zoneLayout), new int[0]);
    }
}
