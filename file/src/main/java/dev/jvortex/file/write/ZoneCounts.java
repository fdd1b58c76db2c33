package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.Bits;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.internal.Segments;
import dev.jvortex.core.proto.ProtoWriter;
import dev.jvortex.encodings.ValidBits;
import dev.jvortex.file.write.StatsAccumulator.ZoneColumn;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// What every [StatsAccumulator] keeps: the zones (of `zoneLength` rows; the last may be
/// shorter), each zone's null count and whether it has a value; and the loop that cuts a batch
/// at zone boundaries and hands each piece to the accumulator's own loop.
abstract class ZoneCounts {
    /// The options of the min and max aggregates: `{skip_nans = true}`.
    static final byte[] SKIP_NANS = new ProtoWriter().varint(1, 1).toByteArray();

    private final int zoneLength;
    private long rowsInLastZone;
    /// The number of zones so far.
    int zones;
    /// Per zone: the number of null rows.
    long[] nulls = new long[16];
    /// Per zone: whether it has a value (a valid row; for floats a non-NaN one).
    boolean[] has = new boolean[16];

    /// The current batch's validity as words (from [ValidBits#words]) when it has nulls, else null.
    long[] validWords;

    ZoneCounts(int zoneLength) {
        this.zoneLength = zoneLength;
    }

    /// Adds the rows of `a`, which continue the column.
    public final void add(Array a) {
        Array values = a instanceof ExtensionArray e ? e.storage() : a;
        Validity v = a.validity();
        int len = a.length();
        boolean allValid = v.isAllValid();
        validWords = allValid ? null : ValidBits.words(v, len);
        startBatch(values, len);
        int i = 0;
        while (i < len) {
            if (rowsInLastZone == 0 || rowsInLastZone == zoneLength) {
                openZone(zones);
                if (zones >= has.length) {
                    int n = Math.max(zones + 1, has.length * 2);
                    nulls = Arrays.copyOf(nulls, n);
                    has = Arrays.copyOf(has, n);
                    grow(n);
                }
                zones++;
                rowsInLastZone = 0;
            }
            int z = zones - 1;
            int end = (int) Math.min(len, (long) i + zoneLength - rowsInLastZone);
            rowsInLastZone += end - i;
            addRows(values, v, allValid, i, end, z);
            i = end;
        }
        endBatch();
        validWords = null;
    }

    /// Whether row `r` is valid in `words` (non-null, from [ValidBits#words]): an array read, so
    /// the loops that test it are compiled alike for heap and native validity bitmaps.
    static boolean valid(long[] words, int r) {
        return (words[r >>> 6] >>> r & 1) != 0;
    }

    /// Called before a batch's rows with the batch's values (the storage of an extension array).
    void startBatch(Array values, int len) {}

    /// Called after a batch's rows.
    void endBatch() {}

    /// Called before zone `z` opens (the zone before it, if any, is complete).
    void openZone(int z) {}

    /// Grows the accumulator's own per-zone arrays to `n` zones.
    abstract void grow(int n);

    /// Adds rows `[from, to)` of `values` (validity `v`; `allValid` when it has no nulls) to zone `z`.
    abstract void addRows(Array values, Validity v, boolean allValid, int from, int to, int z);

    /// Adds the accumulator's zone-table columns other than the null count; `anyValue` tells
    /// whether any zone has a value.
    abstract void addZoneColumns(List<ZoneColumn> out, boolean anyValue, Arena arena);

    /// Returns the number of zones so far.
    public final int zoneCount() {
        return zones;
    }

    /// Returns the zone-table columns, sorted by name: the accumulator's own and the null counts.
    public final List<ZoneColumn> zoneColumns(Arena arena) {
        boolean anyValue = false;
        for (int z = 0; z < zones; z++) {
            anyValue |= has[z];
        }
        List<ZoneColumn> cols = new ArrayList<>();
        addZoneColumns(cols, anyValue, arena);
        cols.add(new ZoneColumn("vortex.null_count", new byte[0], "vortex.null_count()", counts(nulls, arena)));
        cols.sort((a, b) -> a.name().compareTo(b.name()));
        return cols;
    }

    /// Returns the null rows of the whole column.
    final long nullCount() {
        long n = 0;
        for (int z = 0; z < zones; z++) {
            n += nulls[z];
        }
        return n;
    }

    /// The validity of a zone-table column whose set bits in `valid` mark the zones that have the
    /// statistic: all valid when every zone has it, so that no validity child is written (the
    /// reference writes one only when some zone lacks the statistic).
    final Validity zoneValidity(MemorySegment valid) {
        return Bits.popCount(valid, 0, zones) == zones ? Validity.ALL_VALID : Validity.ofBits(valid);
    }

    /// Returns a bitmap for one bit per zone, all clear.
    final MemorySegment zoneBits(Arena arena) {
        return arena.allocate(Math.max(1, Bits.byteLength(zones)));
    }

    /// Returns one u64 per zone.
    final Array counts(long[] values, Arena arena) {
        int n = zones;
        MemorySegment data = arena.allocate(Math.max(8L, n * 8L), 8);
        for (int z = 0; z < n; z++) {
            data.setAtIndex(PrimitiveArray.LE_LONG, z, values[z]);
        }
        return new PrimitiveArray(new DType.Primitive(PType.U64, true), PType.U64, data, n, Validity.ALL_VALID);
    }

    /// Returns one integer of `ptype` per zone: `values[z]`, null where the zone has no value.
    final PrimitiveArray extremes(PType ptype, long[] values, Arena arena) {
        int n = zones;
        MemorySegment valid = zoneBits(arena);
        MemorySegment data = arena.allocate(Math.max(1L, (long) n * ptype.byteWidth()), ptype.byteWidth());
        if (n > 0) {
            // The values of the zones with one (0 elsewhere, as the fresh buffer holds) and their
            // bits, by one loop over arrays without a branch, then one store per buffer: no
            // per-zone switch on the type or segment write under a test in the loop.
            byte[] bits = new byte[(int) valid.byteSize()];
            long[] kept = new long[n];
            keep(has, values, kept, bits, n);
            MemorySegment.copy(bits, 0, valid, ValueLayout.JAVA_BYTE, 0, bits.length);
            // stored into a heap buffer (the segment kind the encoders' stores see) and copied over
            MemorySegment heap = MemorySegment.ofArray(new byte[n * ptype.byteWidth()]);
            Segments.store(kept, 0, heap, ptype, 0, n);
            MemorySegment.copy(heap, 0, data, 0, heap.byteSize());
        }
        return new PrimitiveArray(new DType.Primitive(ptype, true), ptype, data, n, zoneValidity(valid));
    }

    /// Sets `kept[z]` to `values[z]` and bit `z` of `bits` where `has[z]`, else leaves 0.
    private static void keep(boolean[] has, long[] values, long[] kept, byte[] bits, int n) {
        for (int z = 0; z < n; z++) {
            int h = has[z] ? 1 : 0;
            kept[z] = values[z] & -h;
            bits[z >>> 3] |= (byte) (h << (z & 7));
        }
    }
}
