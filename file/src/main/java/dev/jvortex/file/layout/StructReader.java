package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.format.LayoutNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/// Reads a `vortex.struct` layout: `[validity?]` then one child per field.
public final class StructReader implements LayoutReader {
    private final LayoutNode node;
    private final DType.Struct dtype;
    private final LayoutReader validity;
    private final List<LayoutReader> fields;

    StructReader(LayoutNode node, DType.Struct dtype, LayoutReader validity, List<LayoutReader> fields) {
        this.node = node;
        this.dtype = dtype;
        this.validity = validity;
        this.fields = List.copyOf(fields);
    }

    @Override
    public LayoutNode node() {
        return node;
    }

    @Override
    public DType.Struct dtype() {
        return dtype;
    }

    /// Returns the reader of field `i`.
    public LayoutReader field(int i) {
        return fields.get(i);
    }

    /// Returns the reader of the validity column, or null.
    public LayoutReader validity() {
        return validity;
    }

    /// Returns the field readers.
    public List<LayoutReader> fields() {
        return fields;
    }

    @Override
    public void splitPoints(long base, SortedSet<Long> out) {
        out.add(base);
        if (validity != null) {
            validity.splitPoints(base, out);
        }
        for (LayoutReader f : fields) {
            f.splitPoints(base, out);
        }
    }

    @Override
    public Array read(long from, long to, ReadContext ctx) {
        List<Array> cols = new ArrayList<>(fields.size());
        for (LayoutReader f : fields) {
            cols.add(f.read(from, to, ctx));
        }
        return new StructArray(dtype, cols, (int) (to - from), readValidity(from, to, ctx));
    }

    @Override
    public Array take(long[] rows, int from, int to, long base, ReadContext ctx) {
        List<Array> cols = new ArrayList<>(fields.size());
        for (LayoutReader f : fields) {
            cols.add(f.take(rows, from, to, base, ctx));
        }
        Validity v = Validity.ALL_VALID;
        if (validity != null) {
            if (!(validity.take(rows, from, to, base, ctx) instanceof BoolArray b)) {
                throw VortexException.corrupt("struct validity layout did not decode to bools");
            }
            v = Validity.ofBits(b.bits());
        }
        return new StructArray(dtype, cols, to - from, v);
    }

    /// Reads the struct's own validity for rows `[from, to)`.
    public Validity readValidity(long from, long to, ReadContext ctx) {
        if (validity == null) {
            return Validity.ALL_VALID;
        }
        Array v = validity.read(from, to, ctx);
        if (!(v instanceof BoolArray b)) {
            throw VortexException.corrupt("struct validity layout did not decode to bools");
        }
        return Validity.ofBits(b.bits());
    }

    @Override
    public void releaseBefore(long row) {
        if (validity != null) {
            validity.releaseBefore(row);
        }
        for (LayoutReader f : fields) {
            f.releaseBefore(row);
        }
    }

    @Override
    public void close() {
        if (validity != null) {
            validity.close();
        }
        fields.forEach(LayoutReader::close);
    }
}
