package dev.jvortex.spark;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.unsafe.types.UTF8String;

/// The Vortex files a `load` names, and the Hive-style partition values (`year=2024/`) of the
/// folders they sit in.
///
/// A path is a file, a folder (every `*.vortex` file below it, recursively) or a glob (`*`, `?`,
/// `[...]`, `{a,b}` in any component; `**` crosses folders). Files and folders whose name
/// starts with `_` or `.` are skipped below a folder (staging folders of running writes, hidden
/// files). Local paths and `file:` URIs only. Partition columns are inferred as IntegerType when
/// every value is an int, LongType when every value is a long, else StringType;
/// `__HIVE_DEFAULT_PARTITION__` is null. A user-given schema's type for a partition column wins.
///
/// @param files the files, in path order
/// @param partitionSchema the partition columns, outermost first (empty when none)
/// @param partitionValues per file, its partition values in `partitionSchema` order
record FileListing(List<String> files, StructType partitionSchema, List<InternalRow> partitionValues)
        implements Serializable {
    /// The name Spark gives a null partition value.
    static final String NULL_PARTITION = "__HIVE_DEFAULT_PARTITION__";

    /// Lists the files of the `path`/`paths` options; `userSchema` (or null) types partition columns.
    static FileListing of(CaseInsensitiveStringMap options, StructType userSchema) {
        List<String> roots = paths(options);
        if (roots.isEmpty()) {
            throw VortexException.misuse("no path given: use load(path) or option(\"path\", ...)");
        }
        List<Path> files = new ArrayList<>();
        List<Path> bases = new ArrayList<>();
        for (String root : roots) {
            expand(root, files, bases);
        }
        // Partition columns from the folders between each base and its file.
        Map<String, List<String>> columns = new LinkedHashMap<>();
        List<Map<String, String>> perFile = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Map<String, String> values = new LinkedHashMap<>();
            Path rel = bases.get(i)
                    .relativize(
                            files.get(i).getParent() == null
                                    ? files.get(i)
                                    : files.get(i).getParent());
            for (Path part : rel) {
                String name = part.toString();
                int eq = name.indexOf('=');
                if (eq > 0) {
                    String key = unescape(name.substring(0, eq));
                    String value = unescape(name.substring(eq + 1));
                    values.put(key, value);
                    columns.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
                }
            }
            perFile.add(values);
        }
        List<StructField> fields = new ArrayList<>();
        for (Map.Entry<String, List<String>> c : columns.entrySet()) {
            DataType type =
                    userSchema != null && userSchema.getFieldIndex(c.getKey()).nonEmpty()
                            ? userSchema.apply(c.getKey()).dataType()
                            : infer(c.getValue());
            fields.add(new StructField(c.getKey(), type, true, Metadata.empty()));
        }
        StructType partitionSchema = new StructType(fields.toArray(new StructField[0]));
        List<InternalRow> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Object[] v = new Object[fields.size()];
            for (int k = 0; k < fields.size(); k++) {
                String text = perFile.get(i).get(fields.get(k).name());
                v[k] = text == null || text.equals(NULL_PARTITION)
                        ? null
                        : parse(text, fields.get(k).dataType());
            }
            rows.add(new GenericInternalRow(v));
            names.add(files.get(i).toString());
        }
        return new FileListing(List.copyOf(names), partitionSchema, List.copyOf(rows));
    }

    /// Returns the paths of the `paths` option (a JSON array, as `load(p1, p2)` passes them) or `path`.
    static List<String> paths(CaseInsensitiveStringMap options) {
        List<String> out = new ArrayList<>();
        String many = options.get("paths");
        if (many != null && !many.isBlank()) {
            String body = many.strip();
            if (body.startsWith("[")) {
                body = body.substring(1, body.length() - 1);
            }
            StringBuilder cur = null;
            for (int i = 0; i < body.length(); i++) {
                char ch = body.charAt(i);
                if (cur == null) {
                    if (ch == '"') {
                        cur = new StringBuilder();
                    }
                } else if (ch == '\\' && i + 1 < body.length()) {
                    cur.append(body.charAt(++i));
                } else if (ch == '"') {
                    out.add(cur.toString());
                    cur = null;
                } else {
                    cur.append(ch);
                }
            }
        }
        String one = options.get("path");
        if (one != null && !one.isBlank()) {
            out.add(one);
        }
        return out;
    }

    /// Returns the local path of `text` (a path or a `file:` URI).
    static Path local(String text) {
        if (text.startsWith("file:")) {
            return Path.of(URI.create(text.startsWith("file://") ? text : "file://" + text.substring(5)));
        }
        if (text.matches("^[A-Za-z][A-Za-z0-9+.-]+://.*")) {
            throw VortexException.unsupported("path " + text + ": only local paths and file: URIs are supported");
        }
        return Path.of(text);
    }

    private static boolean isGlob(String s) {
        return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0 || s.indexOf('{') >= 0;
    }

    private static void expand(String root, List<Path> files, List<Path> bases) {
        Path path = local(root).toAbsolutePath().normalize();
        if (isGlob(path.toString())) {
            Path base = path.getRoot();
            for (Path part : path) {
                if (isGlob(part.toString())) {
                    break;
                }
                base = base.resolve(part);
            }
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + path);
            List<Path> matched = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(base)) {
                walk.filter(matcher::matches).sorted().forEach(matched::add);
            } catch (IOException e) {
                throw new UncheckedIOException("listing " + base, e);
            }
            for (Path m : matched) {
                if (Files.isDirectory(m)) {
                    addFolder(m, base, files, bases);
                } else if (!hidden(base.relativize(m))) {
                    files.add(m);
                    bases.add(base);
                }
            }
            return;
        }
        if (Files.isDirectory(path)) {
            addFolder(path, path, files, bases);
        } else if (Files.isRegularFile(path)) {
            files.add(path);
            bases.add(path.getParent());
        } else {
            throw VortexException.misuse("path " + root + " does not exist");
        }
    }

    private static void addFolder(Path dir, Path base, List<Path> files, List<Path> bases) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(p -> Files.isRegularFile(p)
                            && p.getFileName().toString().endsWith(".vortex")
                            && !hidden(dir.relativize(p)))
                    .sorted()
                    .forEach(p -> {
                        files.add(p);
                        bases.add(base);
                    });
        } catch (IOException e) {
            throw new UncheckedIOException("listing " + dir, e);
        }
    }

    private static boolean hidden(Path rel) {
        for (Path part : rel) {
            String n = part.toString();
            if (n.startsWith("_") || n.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static String unescape(String s) {
        return s.indexOf('%') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static DataType infer(List<String> values) {
        boolean ints = true;
        boolean longs = true;
        for (String v : values) {
            if (v.equals(NULL_PARTITION)) {
                continue;
            }
            try {
                Integer.parseInt(v);
            } catch (NumberFormatException e) {
                ints = false;
            }
            try {
                Long.parseLong(v);
            } catch (NumberFormatException e) {
                longs = false;
            }
        }
        return ints ? DataTypes.IntegerType : longs ? DataTypes.LongType : DataTypes.StringType;
    }

    /// Returns a partition folder's text as a value of `type` in Spark's internal form.
    static Object parse(String text, DataType type) {
        try {
            if (type.equals(DataTypes.IntegerType)) {
                return Integer.parseInt(text);
            }
            if (type.equals(DataTypes.LongType)) {
                return Long.parseLong(text);
            }
            if (type.equals(DataTypes.ShortType)) {
                return Short.parseShort(text);
            }
            if (type.equals(DataTypes.ByteType)) {
                return Byte.parseByte(text);
            }
            if (type.equals(DataTypes.BooleanType)) {
                return Boolean.parseBoolean(text);
            }
            if (type.equals(DataTypes.DateType)) {
                return (int) java.time.LocalDate.parse(text).toEpochDay();
            }
        } catch (RuntimeException e) {
            throw VortexException.misuse("partition value '" + text + "' is not a " + type.simpleString());
        }
        if (type.equals(DataTypes.StringType)) {
            return UTF8String.fromString(text);
        }
        throw VortexException.unsupported("partition columns of type " + type.simpleString());
    }

    /// Returns the text a partition value is written as in a folder name (`null` as Spark writes it).
    static String format(Object value, DataType type) {
        if (value == null) {
            return NULL_PARTITION;
        }
        if (type.equals(DataTypes.DateType)) {
            return java.time.LocalDate.ofEpochDay((Integer) value).toString();
        }
        String s = value.toString();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < 0x20 || "\"#%'*/:=?\\\u007f{[]^".indexOf(ch) >= 0) {
                out.append('%').append(String.format(java.util.Locale.ROOT, "%02X", (int) ch));
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }
}
