package dev.jvortex.convert.parquet;

import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/// Converts a Parquet file to a Vortex file, one row group at a time.
///
/// Types map as the reference maps the Arrow types that Arrow's Parquet reader produces:
/// integers by their INT annotation, STRING/JSON to utf8, other byte arrays (ENUM too) to binary,
/// DECIMAL to decimal, DATE/TIME/TIMESTAMP (and INT96) to the `vortex.date`/`vortex.time`/
/// `vortex.timestamp` extensions, UUID to `vortex.uuid`, groups to structs, LIST to lists and
/// MAP to maps; OPTIONAL fields are nullable. The `ARROW:schema` metadata is not used.
public final class ParquetConverter {
    /// What a conversion did.
    ///
    /// @param rows rows written
    /// @param schema the schema written
    public record Result(long rows, DType.Struct schema) {}

    private ParquetConverter() {}

    /// Converts `in` to the Vortex file `out`; `progress` is told the rows written so far.
    public static Result convert(Path in, Path out, WriteOptions options, LongConsumer progress) throws IOException {
        try (ParquetFile pq = ParquetFile.open(in)) {
            DType.Struct schema = pq.dtype();
            long rows = 0;
            try (VortexWriter writer = VortexWriter.create(out, schema, options)) {
                try {
                    for (int g = 0; g < pq.rowGroupCount(); g++) {
                        if (pq.rowGroupRows(g) == 0) {
                            continue;
                        }
                        try (Arena arena = Arena.ofConfined()) {
                            List<Array> cols = pq.readRowGroup(g, arena);
                            writer.write(cols);
                            rows += cols.isEmpty()
                                    ? pq.rowGroupRows(g)
                                    : cols.getFirst().length();
                        }
                        progress.accept(rows);
                    }
                } catch (RuntimeException e) {
                    writer.abort();
                    throw e instanceof VortexException ? e : VortexException.corrupt(in + ": " + e, e);
                }
                writer.finish();
            }
            return new Result(rows, schema);
        }
    }
}
