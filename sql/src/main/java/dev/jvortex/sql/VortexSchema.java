package dev.jvortex.sql;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/// A schema over a folder: each `*.vortex` file is a table named after the file (without the
/// extension), and each sub-folder holding `*.vortex` files of one schema is a table named after
/// the folder (its files read in name order). A path naming a single file gives a schema with
/// that one table.
///
/// The files are opened (memory-mapped) when the schema is made and closed by [#close()].
public final class VortexSchema extends AbstractSchema implements AutoCloseable {
    /// The file name extension of Vortex files.
    public static final String EXTENSION = ".vortex";

    private final Path root;
    private final Map<String, Table> tables;

    /// Opens every table under `path` (a folder or one file).
    public VortexSchema(Path path) {
        this.root = path;
        if (!Files.exists(path)) {
            throw VortexException.misuse("no such file or folder: " + path);
        }
        Map<String, Table> map = new LinkedHashMap<>();
        try {
            if (Files.isRegularFile(path)) {
                map.put(tableName(path), new VortexTable(tableName(path), List.of(path)));
            } else {
                for (Path p : sorted(path)) {
                    if (Files.isRegularFile(p) && isVortex(p)) {
                        map.put(tableName(p), new VortexTable(tableName(p), List.of(p)));
                    } else if (Files.isDirectory(p)) {
                        List<Path> parts = new ArrayList<>();
                        for (Path q : sorted(p)) {
                            if (Files.isRegularFile(q) && isVortex(q)) {
                                parts.add(q);
                            }
                        }
                        if (!parts.isEmpty()) {
                            String name = p.getFileName().toString();
                            map.put(name, new VortexTable(name, parts));
                        }
                    }
                }
            }
        } catch (RuntimeException e) {
            closeAll(map);
            throw e;
        }
        this.tables = map;
    }

    private static boolean isVortex(Path p) {
        return p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(EXTENSION);
    }

    private static String tableName(Path file) {
        String n = file.getFileName().toString();
        return isVortex(file) ? n.substring(0, n.length() - EXTENSION.length()) : n;
    }

    private static List<Path> sorted(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /// Returns the folder or file this schema reads.
    public Path root() {
        return root;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }

    /// Returns the table named `name` (exact spelling), or null.
    public VortexTable table(String name) {
        return tables.get(name) instanceof VortexTable t ? t : null;
    }

    private static void closeAll(Map<String, Table> map) {
        for (Table t : map.values()) {
            if (t instanceof VortexTable v) {
                v.close();
            }
        }
    }

    @Override
    public void close() {
        closeAll(tables);
    }
}
