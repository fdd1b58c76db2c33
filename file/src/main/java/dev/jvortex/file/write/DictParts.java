package dev.jvortex.file.write;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.file.layout.LayoutId;
import dev.jvortex.file.write.CompressionPipeline.Compression;
import dev.jvortex.format.internal.FormatWriter.LayoutSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.util.List;

/// The two children of a `vortex.dict` layout being written, shared by the string
/// ([DictWriter]) and integer ([IntDictWriter]) dictionary writers: the codes, submitted in flat
/// chunks as they fill, and the values, submitted once at the end.
final class DictParts {
    /// What a dictionary writer's entries give up: their pending codes and their values.
    interface Entries {
        /// The codes added since the last [#takeCodes], in `arena`; forgets them.
        PrimitiveArray takeCodes(Arena arena);

        /// The distinct values, in `arena`.
        Array values(Arena arena);

        /// How many codes [#takeCodes] would return.
        int pendingCodes();
    }

    private final WriteContext ctx;
    private final DictWriter.Choices choices;
    private final ChunkedWriter codes = new ChunkedWriter();
    private FlatWriter values;

    DictParts(WriteContext ctx, DictWriter.Choices choices) {
        this.ctx = ctx;
        this.choices = choices;
    }

    /// Submits the pending codes of `entries` as one flat chunk.
    @SuppressWarnings("MustBeClosedChecker") // the arena is handed to the pipeline, which closes it
    void flushCodes(Entries entries) throws IOException {
        Arena arena = Arena.ofShared();
        PrimitiveArray chunk;
        try {
            chunk = entries.takeCodes(arena);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        codes.add(FlatWriter.submit(ctx, chunk, Compression.DATA, arena, choices.codes));
    }

    /// Submits the last codes of `entries`, then its values.
    @SuppressWarnings("MustBeClosedChecker") // the arena is handed to the pipeline, which closes it
    void complete(Entries entries) throws IOException {
        if (entries.pendingCodes() > 0) {
            flushCodes(entries);
        }
        Arena arena = Arena.ofShared();
        Array v;
        try {
            v = entries.values(arena);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
        values = FlatWriter.submit(ctx, v, Compression.FULL, arena, choices.values);
    }

    /// The dictionary layout of `rows` rows with `metadata`, after [#complete].
    LayoutSpec layout(LayoutIds ids, long rows, byte[] metadata) {
        LayoutSpec v = values.layout(ids);
        LayoutSpec c = codes.layout(ids);
        return new LayoutSpec(ids.of(LayoutId.DICT.id()), rows, metadata, List.of(v, c), new int[0]);
    }
}
