package dev.jvortex.cli;

import dev.jvortex.convert.text.ValueFormat;
import dev.jvortex.core.DType;
import java.nio.charset.StandardCharsets;

/// Full type descriptions for `jvx schema`: text (`?` marks a nullable type) and JSON.
final class Types {
    private Types() {}

    private static String unit(byte u) {
        return switch (u) {
            case 0 -> "ns";
            case 1 -> "us";
            case 2 -> "ms";
            case 3 -> "s";
            case 4 -> "days";
            default -> "unit " + u;
        };
    }

    private static String zone(byte[] meta) {
        if (meta.length < 3) {
            return null;
        }
        int len = (meta[1] & 0xFF) | (meta[2] & 0xFF) << 8;
        return len > 0 && meta.length >= 3 + len ? new String(meta, 3, len, StandardCharsets.UTF_8) : null;
    }

    /// A one-line description of `t`, e.g. `timestamp(us, UTC)?` or `struct<a: i64, b: utf8?>`.
    static String describe(DType t) {
        String q = t.nullable() && !(t instanceof DType.Null) ? "?" : "";
        return switch (t) {
            case DType.Null n -> "null";
            case DType.Bool b -> "bool" + q;
            case DType.Primitive p -> p.ptype().shortName() + q;
            case DType.Decimal d -> "decimal(" + d.precision() + ", " + d.scale() + ")" + q;
            case DType.Utf8 u -> "utf8" + q;
            case DType.Binary b -> "binary" + q;
            case DType.Struct s -> {
                StringBuilder sb = new StringBuilder("struct<");
                for (int i = 0; i < s.size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    sb.append(s.names().get(i))
                            .append(": ")
                            .append(describe(s.fields().get(i)));
                }
                yield sb.append('>').append(q).toString();
            }
            case DType.ListType l -> "list<" + describe(l.element()) + ">" + q;
            case DType.FixedSizeList f -> "fixed_size_list<" + describe(f.element()) + ", " + f.size() + ">" + q;
            case DType.MapType m -> "map<" + describe(m.key()) + ", " + describe(m.value()) + ">" + q;
            case DType.Variant v -> "variant" + q;
            case DType.Union u -> "union" + q;
            case DType.Extension e -> {
                byte[] meta = e.metadata();
                yield switch (e.id()) {
                    case "vortex.date" -> "date" + (meta.length > 0 && meta[0] == 2 ? "(ms)" : "") + q;
                    case "vortex.time" -> "time(" + (meta.length > 0 ? unit(meta[0]) : "?") + ")" + q;
                    case "vortex.timestamp" -> {
                        String tz = zone(meta);
                        yield "timestamp(" + (meta.length > 0 ? unit(meta[0]) : "?") + (tz == null ? "" : ", " + tz)
                                + ")" + q;
                    }
                    case "vortex.uuid" -> "uuid" + q;
                    default -> e.id() + "(" + describe(e.storage()) + ")";
                };
            }
        };
    }

    /// `t` as a JSON object: `{"type": ..., "nullable": ..., ...}` with the type's parameters.
    static void json(StringBuilder sb, DType t) {
        sb.append("{\"type\":");
        switch (t) {
            case DType.Null n -> sb.append("\"null\"");
            case DType.Bool b -> sb.append("\"bool\"");
            case DType.Primitive p -> ValueFormat.quote(sb, p.ptype().shortName());
            case DType.Decimal d ->
                sb.append("\"decimal\",\"precision\":")
                        .append(d.precision())
                        .append(",\"scale\":")
                        .append(d.scale());
            case DType.Utf8 u -> sb.append("\"utf8\"");
            case DType.Binary b -> sb.append("\"binary\"");
            case DType.Struct s -> {
                sb.append("\"struct\",\"fields\":[");
                for (int i = 0; i < s.size(); i++) {
                    if (i > 0) {
                        sb.append(',');
                    }
                    sb.append("{\"name\":");
                    ValueFormat.quote(sb, s.names().get(i));
                    sb.append(",\"type\":");
                    json(sb, s.fields().get(i));
                    sb.append('}');
                }
                sb.append(']');
            }
            case DType.ListType l -> {
                sb.append("\"list\",\"element\":");
                json(sb, l.element());
            }
            case DType.FixedSizeList f -> {
                sb.append("\"fixed_size_list\",\"size\":").append(f.size()).append(",\"element\":");
                json(sb, f.element());
            }
            case DType.MapType m -> {
                sb.append("\"map\",\"key\":");
                json(sb, m.key());
                sb.append(",\"value\":");
                json(sb, m.value());
            }
            case DType.Variant v -> sb.append("\"variant\"");
            case DType.Union u -> sb.append("\"union\"");
            case DType.Extension e -> {
                byte[] meta = e.metadata();
                switch (e.id()) {
                    case "vortex.date" ->
                        sb.append("\"date\",\"unit\":\"")
                                .append(meta.length > 0 ? unit(meta[0]) : "?")
                                .append('"');
                    case "vortex.time" ->
                        sb.append("\"time\",\"unit\":\"")
                                .append(meta.length > 0 ? unit(meta[0]) : "?")
                                .append('"');
                    case "vortex.timestamp" -> {
                        sb.append("\"timestamp\",\"unit\":\"")
                                .append(meta.length > 0 ? unit(meta[0]) : "?")
                                .append("\",\"timezone\":");
                        String tz = zone(meta);
                        if (tz == null) {
                            sb.append("null");
                        } else {
                            ValueFormat.quote(sb, tz);
                        }
                    }
                    case "vortex.uuid" -> sb.append("\"uuid\"");
                    default -> {
                        sb.append("\"extension\",\"id\":");
                        ValueFormat.quote(sb, e.id());
                        sb.append(",\"storage\":");
                        json(sb, e.storage());
                    }
                }
            }
        }
        sb.append(",\"nullable\":").append(t.nullable()).append('}');
    }
}
