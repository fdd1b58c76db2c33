package dev.jvortex.bench.sidebyside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/// What the operations of one dataset read: the columns of the projections, the key of the
/// selective query and the rows of the random access.
///
/// @param numeric one numeric column
/// @param two two columns
/// @param string one string column
/// @param key the key column of the selective query
/// @param keyValue the key value the selective query keeps (a `Long` or a `String`)
/// @param indices sorted distinct row indices for random access
record Query(List<String> numeric, List<String> two, List<String> string, String key, Object keyValue, long[] indices) {

    /// The columns an operation projects (null: all columns).
    List<String> columns(String op) {
        return switch (op) {
            case "full", "select", "take" -> null;
            case "numeric" -> numeric;
            case "two" -> two;
            case "string" -> string;
            default -> throw new IllegalArgumentException("unknown operation " + op);
        };
    }

    static long[] readIndices(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .mapToLong(Long::parseLong)
                .toArray();
    }
}
