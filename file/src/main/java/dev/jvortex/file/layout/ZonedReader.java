package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.format.LayoutNode;
import java.util.List;
import java.util.SortedSet;

/// Reads a zone-mapped layout (`vortex.zoned`, or the legacy `vortex.stats`): the data child
/// plus a table of per-zone statistics used for pruning.
public final class ZonedReader implements LayoutReader {
    private final LayoutNode node;
    private final DType dtype;
    private final LayoutReader data;
    private final LayoutReader zones;
    private final long zoneLength;
    private final List<ZoneSchema.Aggregate> aggregates;

    ZonedReader(
            LayoutNode node,
            DType dtype,
            LayoutReader data,
            LayoutReader zones,
            long zoneLength,
            List<ZoneSchema.Aggregate> aggregates) {
        this.node = node;
        this.dtype = dtype;
        this.data = data;
        this.zones = zones;
        this.zoneLength = zoneLength;
        this.aggregates = aggregates;
    }

    @Override
    public LayoutNode node() {
        return node;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    /// Returns the data reader.
    public LayoutReader data() {
        return data;
    }

    /// Returns the zone table's reader, or null when its type is unknown.
    public LayoutReader zones() {
        return zones;
    }

    /// Returns the rows per zone (the last zone may be shorter); 0 means pruning is off.
    public long zoneLength() {
        return zoneLength;
    }

    /// Returns the aggregates of a `vortex.zoned` layout (empty for the legacy form).
    public List<ZoneSchema.Aggregate> aggregates() {
        return aggregates;
    }

    /// Returns true when the zone table's type is known and it can be read.
    public boolean hasZoneTable() {
        return zones != null;
    }

    /// Reads the whole zone table (one row per zone), or returns null when its type is unknown.
    public StructArray readZones(ReadContext ctx) {
        if (zones == null) {
            return null;
        }
        return (StructArray) zones.read(0, zones.rowCount(), ctx);
    }

    @Override
    public void splitPoints(long base, SortedSet<Long> out) {
        data.splitPoints(base, out);
    }

    @Override
    public Array read(long from, long to, ReadContext ctx) {
        return data.read(from, to, ctx);
    }

    @Override
    public Array take(long[] rows, int from, int to, long base, ReadContext ctx) {
        return data.take(rows, from, to, base, ctx);
    }

    @Override
    public void releaseBefore(long row) {
        data.releaseBefore(row);
    }

    @Override
    public void close() {
        data.close();
        if (zones != null) {
            zones.close();
        }
    }
}
