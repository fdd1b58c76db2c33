package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.layout.DictLayoutMetadata;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;

/// A `vortex.dict` layout: the distinct values of a run of string rows as one flat segment, and
/// one u16 code per row, in flat chunks of [DictState#CODES_PER_CHUNK] codes (chunked when
/// there are several). A [ChunkedWriter] fills one until its dictionary is full, then starts the
/// next.
final class DictWriter implements LayoutWriter {
    /// `{codes_ptype: u16, is_nullable_codes: false, all_values_referenced: false}`.
    private static final byte[] METADATA = new DictLayoutMetadata(PType.U16.code(), false, false).write();

    private final DictState dict;
    private final DictParts parts;
    private long rows;

    /// The compressor's choices for a column's first codes chunk and first values, which its
    /// later dictionary layouts start from.
    static final class Choices {
        final CompressionPipeline.ColumnChoice codes = new CompressionPipeline.ColumnChoice();
        final CompressionPipeline.ColumnChoice values = new CompressionPipeline.ColumnChoice();
    }

    DictWriter(DType dtype, WriteContext ctx, Choices choices) {
        this.dict = new DictState(dtype);
        this.parts = new DictParts(ctx, choices);
    }

    /// Adds rows of `a` from `from` until the dictionary is full or the rows run out; returns
    /// the index after the last row added.
    int fill(VarBinViewArray a, int from) throws IOException {
        int i = from;
        while (i < a.length()) {
            int next = dict.addRows(a, i, a.length());
            rows += next - i;
            i = next;
            if (dict.pendingCodes() >= DictState.CODES_PER_CHUNK) {
                flushCodes();
            }
            if (dict.full()) {
                return i;
            }
        }
        return a.length();
    }

    /// Whether the dictionary takes no more values.
    boolean full() {
        return dict.full();
    }

    private void flushCodes() throws IOException {
        parts.flushCodes(dict);
    }

    @Override
    public long rowCount() {
        return rows;
    }

    /// Submits the last codes, then the values.
    @Override
    public void complete() throws IOException {
        parts.complete(dict);
    }

    @Override
    public LayoutSpec layout(LayoutIds ids) {
        return parts.layout(ids, rows, METADATA);
    }
}
