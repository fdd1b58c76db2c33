package dev.jvortex.convert.csv;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/// Reads RFC 4180 CSV records one at a time: fields separated by a delimiter, optionally
/// quoted with `"` (a doubled quote inside is one quote), records ended by LF or CRLF.
/// An unquoted empty field is reported as null; a quoted empty field as the empty string. Blank
/// lines between records are skipped. Input that is not valid UTF-8 (when read through the
/// converter's strict reader) fails with the line of the bad byte.
public final class CsvParser {
    private final Reader in;
    private final char delimiter;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int limit;
    private long line = 1;

    /// Reads from `in` with the given delimiter.
    public CsvParser(Reader in, char delimiter) {
        this.in = in;
        this.delimiter = delimiter;
    }

    /// Returns the line number where the next record starts.
    public long line() {
        return line;
    }

    private int peek() throws IOException {
        if (pos == limit) {
            try {
                limit = in.read(buf, 0, buf.length);
            } catch (java.nio.charset.CharacterCodingException e) {
                throw VortexException.corrupt("CSV line " + line + ": the text is not valid UTF-8");
            }
            pos = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buf[pos];
    }

    /// Returns the next record's fields (null for an unquoted empty field), or null at the end.
    public List<String> next() throws IOException {
        while (true) {
            int c = peek();
            if (c == '\n') {
                pos++;
                line++;
            } else if (c == '\r') {
                pos++;
                if (peek() == '\n') {
                    pos++;
                }
                line++;
            } else {
                break;
            }
        }
        if (peek() < 0) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        while (true) {
            int c = peek();
            boolean quoted = false;
            field.setLength(0);
            if (c == '"') {
                quoted = true;
                pos++;
                long startLine = line;
                while (true) {
                    c = peek();
                    if (c < 0) {
                        throw VortexException.corrupt("CSV: unterminated quoted field starting on line " + startLine);
                    }
                    pos++;
                    if (c == '"') {
                        if (peek() == '"') {
                            pos++;
                            field.append('"');
                        } else {
                            break;
                        }
                    } else {
                        if (c == '\n') {
                            line++;
                        }
                        field.append((char) c);
                    }
                }
                c = peek();
            } else {
                while (c >= 0 && c != delimiter && c != '\n' && c != '\r') {
                    field.append((char) c);
                    pos++;
                    c = peek();
                }
            }
            fields.add(!quoted && field.isEmpty() ? null : field.toString());
            if (c == delimiter) {
                pos++;
                continue;
            }
            if (c == '\r') {
                pos++;
                if (peek() == '\n') {
                    pos++;
                }
            } else if (c == '\n') {
                pos++;
            } else if (c >= 0) {
                throw VortexException.corrupt(
                        "CSV line " + line + ": unexpected character '" + (char) c + "' after a quoted field");
            }
            line++;
            return fields;
        }
    }
}
