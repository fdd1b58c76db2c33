package dev.jvortex.sql.cli;

import java.io.PrintStream;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/// Prints a result set as an aligned table, CSV (RFC 4180, a header line) or JSON lines.
final class ResultPrinter {
    /// Table output keeps at most this many rows in memory to align the columns; later rows are
    /// printed with the widths found so far.
    private static final int ALIGN_ROWS = 10_000;

    private ResultPrinter() {}

    /// Prints `rs` in `format`; returns the number of rows.
    static long print(ResultSet rs, SqlCommand.Format format, PrintStream out) throws SQLException {
        return switch (format) {
            case TABLE -> table(rs, out);
            case CSV -> csv(rs, out);
            case JSONL -> jsonl(rs, out);
        };
    }

    private static long table(ResultSet rs, PrintStream out) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        String[] header = new String[n];
        boolean[] right = new boolean[n];
        int[] width = new int[n];
        for (int c = 0; c < n; c++) {
            header[c] = md.getColumnLabel(c + 1);
            right[c] = numeric(md.getColumnType(c + 1));
            width[c] = header[c].length();
        }
        List<String[]> rows = new ArrayList<>();
        long count = 0;
        boolean headerDone = false;
        while (rs.next()) {
            String[] row = new String[n];
            for (int c = 0; c < n; c++) {
                row[c] = text(rs, c + 1);
                width[c] = Math.max(width[c], row[c].length());
            }
            count++;
            rows.add(row);
            if (rows.size() >= ALIGN_ROWS) {
                if (!headerDone) {
                    printHeader(out, header, width);
                    headerDone = true;
                }
                rows.forEach(r -> printRow(out, r, width, right));
                rows.clear();
            }
        }
        if (!headerDone) {
            printHeader(out, header, width);
        }
        rows.forEach(r -> printRow(out, r, width, right));
        return count;
    }

    private static void printHeader(PrintStream out, String[] header, int[] width) {
        StringBuilder sb = new StringBuilder();
        StringBuilder rule = new StringBuilder();
        for (int c = 0; c < header.length; c++) {
            if (c > 0) {
                sb.append(" | ");
                rule.append("-+-");
            }
            sb.append(pad(header[c], width[c], false));
            rule.append("-".repeat(width[c]));
        }
        out.println(sb.toString().stripTrailing());
        out.println(rule);
    }

    private static void printRow(PrintStream out, String[] row, int[] width, boolean[] right) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < row.length; c++) {
            if (c > 0) {
                sb.append(" | ");
            }
            sb.append(pad(row[c], width[c], right[c]));
        }
        out.println(sb.toString().stripTrailing());
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - s.length()));
        return right ? fill + s : s + fill;
    }

    private static boolean numeric(int type) {
        return switch (type) {
            case Types.TINYINT,
                    Types.SMALLINT,
                    Types.INTEGER,
                    Types.BIGINT,
                    Types.DECIMAL,
                    Types.NUMERIC,
                    Types.REAL,
                    Types.FLOAT,
                    Types.DOUBLE -> true;
            default -> false;
        };
    }

    /// Returns the display text of a value: NULL for null, ISO-8601 for dates and times.
    private static String text(ResultSet rs, int c) throws SQLException {
        Object v = rs.getObject(c);
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Array || v instanceof Map<?, ?> || v instanceof Object[] || v instanceof List<?>) {
            StringBuilder sb = new StringBuilder();
            json(sb, v);
            return sb.toString();
        }
        String s = rs.getString(c);
        return s == null ? "NULL" : s;
    }

    private static long csv(ResultSet rs, PrintStream out) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < n; c++) {
            if (c > 0) {
                sb.append(',');
            }
            csvField(sb, md.getColumnLabel(c + 1));
        }
        out.println(sb);
        long count = 0;
        while (rs.next()) {
            sb.setLength(0);
            for (int c = 0; c < n; c++) {
                if (c > 0) {
                    sb.append(',');
                }
                Object v = rs.getObject(c + 1);
                if (v != null) {
                    csvField(sb, text(rs, c + 1));
                }
            }
            out.println(sb);
            count++;
        }
        return count;
    }

    private static void csvField(StringBuilder sb, String s) {
        boolean quote = s.isEmpty()
                || s.indexOf(',') >= 0
                || s.indexOf('"') >= 0
                || s.indexOf('\n') >= 0
                || s.indexOf('\r') >= 0;
        if (!quote) {
            sb.append(s);
            return;
        }
        sb.append('"').append(s.replace("\"", "\"\"")).append('"');
    }

    private static long jsonl(ResultSet rs, PrintStream out) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        long count = 0;
        StringBuilder sb = new StringBuilder();
        while (rs.next()) {
            sb.setLength(0);
            sb.append('{');
            for (int c = 0; c < n; c++) {
                if (c > 0) {
                    sb.append(", ");
                }
                string(sb, md.getColumnLabel(c + 1));
                sb.append(": ");
                Object v = rs.getObject(c + 1);
                int type = md.getColumnType(c + 1);
                if (v == null) {
                    sb.append("null");
                } else if (numeric(type) || type == Types.BOOLEAN) {
                    String s = rs.getString(c + 1);
                    boolean finite = !(v instanceof Double d && !Double.isFinite(d))
                            && !(v instanceof Float f && !Float.isFinite(f));
                    if (finite) {
                        sb.append(s);
                    } else {
                        string(sb, s);
                    }
                } else if (v instanceof Array
                        || v instanceof Map<?, ?>
                        || v instanceof Object[]
                        || v instanceof List<?>) {
                    json(sb, v);
                } else {
                    string(sb, rs.getString(c + 1));
                }
            }
            sb.append('}');
            out.println(sb);
            count++;
        }
        return count;
    }

    private static void json(StringBuilder sb, Object v) throws SQLException {
        switch (v) {
            case null -> sb.append("null");
            case Array a -> json(sb, a.getArray());
            case Object[] arr -> {
                sb.append('[');
                for (int i = 0; i < arr.length; i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    json(sb, arr[i]);
                }
                sb.append(']');
            }
            case List<?> list -> json(sb, list.toArray());
            case Map<?, ?> map -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (!first) {
                        sb.append(", ");
                    }
                    first = false;
                    string(sb, String.valueOf(e.getKey()));
                    sb.append(": ");
                    json(sb, e.getValue());
                }
                sb.append('}');
            }
            case Number num when !(num instanceof Double d && !Double.isFinite(d)) -> sb.append(num);
            case Boolean b -> sb.append(b);
            default -> string(sb, v.toString());
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        sb.append('"');
    }
}
