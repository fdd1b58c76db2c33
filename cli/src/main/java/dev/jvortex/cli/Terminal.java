package dev.jvortex.cli;

import java.util.Locale;

/// Makes text from a file safe to print on a terminal: control characters (C0, DEL, C1), the
/// bidirectional overrides and isolates, and line and paragraph separators become a backslash, `u`
/// and four hex digits (as in Java and JSON), so a
/// crafted column name or encoding id can neither send escape sequences nor split a line.
final class Terminal {
    private Terminal() {}

    static boolean unsafe(char c) {
        return c < 0x20
                || (c >= 0x7F && c <= 0x9F)
                || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x2028
                || c == 0x2029
                || c == 0x200E
                || c == 0x200F
                || c == 0x061C;
    }

    /// Returns `s` with every unsafe character written as a backslash-u escape (and a backslash
    /// that is followed by `u` doubled, so it cannot be mistaken for one).
    static String escape(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = unsafe(c) || (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == 'u');
            if (bad && sb == null) {
                sb = new StringBuilder(s.length() + 16);
                sb.append(s, 0, i);
            }
            if (sb != null) {
                if (c == '\\' && bad) {
                    sb.append("\\\\");
                } else if (bad) {
                    sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? s : sb.toString();
    }

    /// Escapes each line of a multi-line text, keeping its line breaks.
    static String escapeLines(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? text.length() : nl;
            sb.append(escape(text.substring(start, end)));
            if (nl >= 0) {
                sb.append('\n');
            }
            start = end + 1;
        }
        return sb.toString();
    }
}
