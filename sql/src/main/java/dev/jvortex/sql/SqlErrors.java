package dev.jvortex.sql;

import java.sql.SQLException;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/// Turns the exceptions of a failed statement into one message with the position in the SQL text,
/// for example `line 1, column 15: Object 'lineitems' not found` (Calcite's wording for the
/// problem itself, positions 1-based).
public final class SqlErrors {
    private SqlErrors() {}

    /// A problem with its position in the statement (line and column 1-based, 0 when unknown).
    ///
    /// @param message what is wrong
    /// @param line the line of the statement where it starts
    /// @param column the column where it starts
    /// @param endLine the line where it ends
    /// @param endColumn the column where it ends
    public record Problem(String message, int line, int column, int endLine, int endColumn) {
        /// Returns `line L, column C: message` (or only the message without a position).
        @Override
        public String toString() {
            return line > 0 ? "line " + line + ", column " + column + ": " + message : message;
        }
    }

    /// Returns the problem behind `e`.
    public static Problem describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof CalciteContextException c) {
                String m = c.getCause() != null && c.getCause().getMessage() != null
                        ? c.getCause().getMessage()
                        : c.getMessage();
                return new Problem(m, c.getPosLine(), c.getPosColumn(), c.getEndPosLine(), c.getEndPosColumn());
            }
            if (t instanceof SqlParseException p) {
                SqlParserPos pos = p.getPos();
                String m = p.getMessage();
                // Calcite ends the parser's message with the list of expected tokens: keep the first line.
                int nl = m == null ? -1 : m.indexOf('\n');
                String first = nl > 0 ? m.substring(0, nl) : m;
                if (first != null && first.endsWith(".")) {
                    first = first.substring(0, first.length() - 1);
                }
                return pos == null
                        ? new Problem(first, 0, 0, 0, 0)
                        : new Problem(
                                first,
                                pos.getLineNum(),
                                pos.getColumnNum(),
                                pos.getEndLineNum(),
                                pos.getEndColumnNum());
            }
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage() != null ? root.getMessage() : root.toString();
        if (e instanceof SQLException && root == e) {
            m = e.getMessage();
        }
        return new Problem(m.strip(), 0, 0, 0, 0);
    }

    /// Returns the statement line the problem is on with a caret line under its columns, or ""
    /// when the problem has no position.
    public static String pointer(String sql, Problem p) {
        if (p.line() <= 0) {
            return "";
        }
        String[] lines = sql.split("\n", -1);
        if (p.line() > lines.length) {
            return "";
        }
        String line = lines[p.line() - 1];
        int from = Math.max(1, p.column());
        int to = p.endLine() == p.line() && p.endColumn() >= from ? p.endColumn() : from;
        to = Math.min(to, Math.max(from, line.length()));
        return line + "\n" + " ".repeat(from - 1) + "^".repeat(to - from + 1);
    }
}
