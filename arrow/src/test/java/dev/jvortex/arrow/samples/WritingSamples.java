package dev.jvortex.arrow.samples;

import dev.jvortex.core.DType;
import dev.jvortex.core.LogicalValue;
import dev.jvortex.core.TimeUnit;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ColumnBuilder;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/// The code samples of docs/writing.md: each region between `// sample:NAME` and `// end` is
/// quoted in the doc (DocsSamplesTest checks they agree) and run by DocsSamplesTest.
public final class WritingSamples {
    private WritingSamples() {}

    /// Writes a file of typed columns and returns what its statistics say, as text.
    public static List<String> typedWrite(Path path) {
        // sample:schema
        DType.Struct schema = DType.struct(
                "id", DType.int64(),
                "name", DType.utf8().withNullable(true),
                "price", DType.decimal(10, 2),
                "day", DType.date(TimeUnit.DAYS),
                "at", DType.timestamp(TimeUnit.MICROSECONDS, "UTC").withNullable(true),
                "tags", DType.list(DType.utf8()),
                "attrs", DType.map(DType.utf8(), DType.int32().withNullable(true)),
                "key", DType.uuid());
        // end

        // sample:write
        List<ColumnBuilder> columns = new ArrayList<>();
        for (DType type : schema.fields()) {
            columns.add(ColumnBuilder.of(type));
        }
        for (int i = 0; i < 1000; i++) {
            columns.get(0).add((long) i);
            columns.get(1).add(i % 10 == 0 ? null : "item " + i);
            columns.get(2).add(new BigDecimal("9.99").add(BigDecimal.valueOf(i)));
            columns.get(3).add(LocalDate.of(2026, 1, 1).plusDays(i % 365));
            columns.get(4).add(Instant.parse("2026-12-01T00:00:00Z").plusSeconds(i));
            columns.get(5).add(List.of("a", "b" + i % 3));
            columns.get(6).add(Map.of("qty", i));
            columns.get(7).add(new UUID(0x0123456789abcdefL, i));
        }
        try (Arena arena = Arena.ofConfined();
                VortexWriter writer = VortexWriter.create(path, schema, WriteOptions.defaults())) {
            List<Array> batch = new ArrayList<>();
            for (ColumnBuilder c : columns) {
                batch.add(c.build(arena));
            }
            writer.write(batch);
            writer.finish();
        }
        // end

        // sample:stats
        List<String> out = new ArrayList<>();
        try (VortexFile file = VortexFile.open(path)) {
            for (String column : List.of("price", "day", "at")) {
                var stats = file.statistics(file.columnNames().indexOf(column));
                Object min = LogicalValue.of(stats.min()); // BigDecimal, LocalDate, ZonedDateTime
                Object max = LogicalValue.of(stats.max());
                out.add(column + ": " + min + " .. " + max);
            }
        }
        // end
        return out;
    }
}
