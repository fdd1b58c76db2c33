package dev.jvortex.file.write;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.file.layout.DictLayoutMetadata;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.List;

/// A `vortex.dict` layout: the distinct values of a run of string rows as one flat segment, and
/// one u16 code per row, in flat chunks of [DictState#CODES_PER_CHUNK] codes (chunked when
/// there are several). A [ChunkedWriter] fills one until its dictionary is full, then starts the
/// next.
final class DictWriter implements LayoutWriter {
    /// `{codes_ptype: u16, is_nullable_codes: false, all_values_referenced: false}`.
    private static final byte[] METADATA = new DictLayoutMetadata(PType.U16.code(), false, false).write();

    private final WriteContext ctx;
    private final Choices choices;
    private final DictState dict;
    private final ChunkedWriter codes = new ChunkedWriter();
    private FlatWriter values;
    private long rows;

    /// The compressor's choices for a column's first codes chunk and first values, which its
    /// later dictionary layouts start from.
    static final class Choices {
        final CompressionPipeline.ColumnChoice codes = new CompressionPipeline.ColumnChoice();
        final CompressionPipeline.ColumnChoice values = new CompressionPipeline.ColumnChoice();
    }

    DictWriter(DType dtype, WriteContext ctx, Choices choices) {
        this.ctx = ctx;
        this.choices = choices;
        this.dict = new DictState(dtype);
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

    @SuppressWarnings("MustBeClosedChecker") // the arena is handed to the pipeline, which closes it
    private void flushCodes() throws IOException {
        Arena arena = Arena.ofShared();
        PrimitiveArray chunk;
        try {
            chunk = dict.takeCodes(arena);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        codes.add(FlatWriter.submit(ctx, chunk, Compression.DATA, arena, choices.codes));
    }

    @Override
    public long rowCount() {
        return rows;
    }

    /// Submits the last codes, then the values.
    @Override
    @SuppressWarnings("MustBeClosedChecker") // the arena is handed to the pipeline, which closes it
    public void complete() throws IOException {
        if (dict.pendingCodes() > 0) {
            flushCodes();
        }
        Arena arena = Arena.ofShared();
        Array v;
        try {
            v = dict.values(arena);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        values = FlatWriter.submit(ctx, v, Compression.FULL, arena, choices.values);
    }

    @Override
    public LayoutSpec layout(LayoutIds ids) {
        LayoutSpec v = values.layout(ids);
        LayoutSpec c = codes.layout(ids);
        return new LayoutSpec(ids.of(LayoutId.DICT.id()), rows, METADATA, List.of(v, c), new int[0]);
    }
}
