package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.BoolArray;
import dev.jvortex.core.array.StructArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.format.ArrayStats;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;

/// A `vortex.struct` layout: the struct's validity (when nullable, as a non-nullable bool column
/// without statistics) and then each field, each a column of its own, as the reference lays out
/// structs. The file's root is one, over the schema's columns.
final class StructWriter implements ColumnWriter {
    /// The file statistics of a column that has none (a struct).
    private static final ArrayStats NO_STATISTICS =
            new ArrayStats(null, false, null, false, null, null, null, null, null, null, null);

    private final ChunkedWriter validity;
    private final List<ColumnWriter> fields = new ArrayList<>();
    private long rows;

    StructWriter(DType.Struct dtype, WriteContext ctx) {
        this.validity = dtype.nullable() ? new ChunkedWriter(new DType.Bool(false), ctx) : null;
        for (DType field : dtype.fields()) {
            fields.add(ColumnWriter.of(field, ctx));
        }
    }

    @Override
    public long rowCount() {
        return rows;
    }

    @Override
    public void append(Array a) throws IOException {
        StructArray s = (StructArray) a;
        if (validity != null) {
            try (Arena arena = Arena.ofConfined()) {
                validity.append(new BoolArray(
                        new DType.Bool(false),
                        s.validity().toBits(0, s.length(), arena),
                        s.length(),
                        Validity.ALL_VALID));
            }
        }
        appendFields(s.fields(), s.length());
    }

    /// Appends `n` rows given as one array per field.
    void appendFields(List<Array> columns, int n) throws IOException {
        for (int i = 0; i < fields.size(); i++) {
            fields.get(i).prepare(columns.get(i));
        }
        for (int i = 0; i < fields.size(); i++) {
            fields.get(i).append(columns.get(i));
        }
        rows += n;
    }

    @Override
    public void release() {
        if (validity != null) {
            validity.release();
        }
        for (ColumnWriter f : fields) {
            f.release();
        }
    }

    @Override
    public void complete() throws IOException {
        if (validity != null) {
            validity.complete();
        }
        for (ColumnWriter f : fields) {
            f.complete();
        }
    }

    @Override
    public LayoutSpec layout(LayoutIds ids) {
        List<LayoutSpec> kids = new ArrayList<>();
        if (validity != null) {
            kids.add(validity.layout(ids));
        }
        for (ColumnWriter f : fields) {
            kids.add(f.layout(ids));
        }
        return new LayoutSpec(ids.of(LayoutId.STRUCT.id()), rows, new byte[0], kids, new int[0]);
    }

    /// Returns each field's file statistics (none for a struct field).
    List<ArrayStats> fieldStatistics() {
        List<ArrayStats> out = new ArrayList<>();
        for (ColumnWriter f : fields) {
            out.add(
                    switch (f) {
                        case ZonedWriter z -> z.fileStatistics();
                        case StructWriter _, ChunkedWriter _ -> NO_STATISTICS;
                    });
        }
        return out;
    }
}
