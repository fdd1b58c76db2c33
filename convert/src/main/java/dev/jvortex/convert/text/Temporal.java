package dev.jvortex.convert.text;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/// ISO-8601 text for the `vortex.time` and `vortex.timestamp` extension values, with as many
/// fraction digits as the unit has (unit tags: 0 ns, 1 µs, 2 ms, 3 s, 4 days).
public final class Temporal {
    private Temporal() {}

    private static long unitsPerSecond(byte unit) {
        return switch (unit) {
            case 0 -> 1_000_000_000L;
            case 1 -> 1_000_000L;
            case 2 -> 1_000L;
            case 3 -> 1L;
            default ->
                throw dev.jvortex.core.VortexException.corrupt(
                        "time unit " + unit + " is not one of 0 (ns), 1 (µs), 2 (ms), 3 (s)");
        };
    }

    private static int digits(byte unit) {
        return switch (unit) {
            case 0 -> 9;
            case 1 -> 6;
            case 2 -> 3;
            default -> 0;
        };
    }

    public static String time(long value, byte unit) {
        long per = unitsPerSecond(unit);
        long seconds = Math.floorDiv(value, per);
        long frac = Math.floorMod(value, per);
        long h = Math.floorDiv(seconds, 3600);
        long m = Math.floorMod(seconds, 3600) / 60;
        long s = Math.floorMod(seconds, 60);
        StringBuilder sb = new StringBuilder();
        pad(sb, h, 2).append(':');
        pad(sb, m, 2).append(':');
        pad(sb, s, 2);
        fraction(sb, frac, digits(unit));
        return sb.toString();
    }

    public static String timestamp(long value, byte unit, boolean utc) {
        long per = unitsPerSecond(unit);
        long seconds = Math.floorDiv(value, per);
        long frac = Math.floorMod(value, per);
        LocalDateTime t;
        try {
            t = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            throw dev.jvortex.core.VortexException.corrupt(
                    "timestamp " + value + " (unit " + unit + ") is outside the years -999999999..999999999");
        }
        StringBuilder sb = new StringBuilder();
        int year = t.getYear();
        if (year > 9999) {
            sb.append('+');
        }
        if (year < 0) {
            sb.append('-');
        }
        pad(sb, Math.abs(year), 4).append('-');
        pad(sb, t.getMonthValue(), 2).append('-');
        pad(sb, t.getDayOfMonth(), 2).append('T');
        pad(sb, t.getHour(), 2).append(':');
        pad(sb, t.getMinute(), 2).append(':');
        pad(sb, t.getSecond(), 2);
        fraction(sb, frac, digits(unit));
        if (utc) {
            sb.append('Z');
        }
        return sb.toString();
    }

    private static void fraction(StringBuilder sb, long frac, int digits) {
        if (digits > 0) {
            sb.append('.');
            pad(sb, frac, digits);
        }
    }

    private static StringBuilder pad(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int k = s.length(); k < width; k++) {
            sb.append('0');
        }
        return sb.append(s);
    }
}
