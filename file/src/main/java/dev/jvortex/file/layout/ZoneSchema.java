package dev.jvortex.file.layout;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import java.util.ArrayList;
import java.util.List;

/// The type of a zone-map table: one nullable column per aggregate, named by its display
/// string (`vortex.max()`, `vortex.bounded_max(64)`, ...).
public final class ZoneSchema {
    private ZoneSchema() {}

    /// One aggregate of a `vortex.zoned` layout.
    ///
    /// @param id the aggregate id, e.g. `vortex.max`
    /// @param options the aggregate's option bytes
    public record Aggregate(String id, byte[] options) {
        /// Returns the column name the reference gives this aggregate.
        public String displayName() {
            return id + "(" + optionsDisplay() + ")";
        }

        private String optionsDisplay() {
            switch (id) {
                case "vortex.max", "vortex.min", "vortex.sum" -> {
                    boolean skipNans = false;
                    var r = new dev.jvortex.core.proto.ProtoReader(options, "NumericalAggregateOpts");
                    while (r.next()) {
                        if (r.field() == 1) {
                            skipNans = r.readBool();
                        } else {
                            r.skip();
                        }
                    }
                    return skipNans ? "" : "skip_nans=false";
                }
                case "vortex.bounded_max", "vortex.bounded_min" -> {
                    if (options.length >= 8) {
                        long v = 0;
                        for (int i = 7; i >= 0; i--) {
                            v = (v << 8) | (options[i] & 0xFF);
                        }
                        return Long.toUnsignedString(v);
                    }
                    return "";
                }
                default -> {
                    return "";
                }
            }
        }
    }

    /// Returns the zone table type for `column` and `aggregates`, or null when an aggregate is unknown.
    public static DType.Struct forAggregates(List<Aggregate> aggregates, DType column) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (Aggregate a : aggregates) {
            DType t = stateType(a.id(), column);
            if (t == null && column instanceof DType.Extension e) {
                t = stateType(a.id(), e.storage());
            }
            if (t == null) {
                return null;
            }
            names.add(a.displayName());
            types.add(t.withNullable(true));
        }
        return new DType.Struct(names, types, false);
    }

    private static DType stateType(String id, DType column) {
        return switch (id) {
            case "vortex.max", "vortex.min", "vortex.bounded_min" ->
                switch (column) {
                    case DType.Null n -> null;
                    case DType.Struct s -> null;
                    case DType.Variant v -> null;
                    default -> column.withNullable(true);
                };
            case "vortex.bounded_max" ->
                switch (column) {
                    case DType.Null n -> null;
                    case DType.Struct s -> null;
                    default ->
                        new DType.Struct(
                                List.of("bound", "unknown"),
                                List.of(column.withNullable(true), new DType.Bool(false)),
                                true);
                };
            case "vortex.sum" -> sumType(column);
            case "vortex.nan_count" ->
                column instanceof DType.Primitive p && p.ptype().isFloat()
                        ? new DType.Primitive(PType.U64, true)
                        : null;
            case "vortex.null_count" -> new DType.Primitive(PType.U64, true);
            default -> null;
        };
    }

    /// Returns the type of a sum over `column` values, or null when it has none.
    public static DType sumType(DType column) {
        return switch (column) {
            case DType.Bool b -> new DType.Primitive(PType.U64, true);
            case DType.Primitive p ->
                p.ptype().isFloat()
                        ? new DType.Primitive(PType.F64, true)
                        : new DType.Primitive(p.ptype().isSigned() ? PType.I64 : PType.U64, true);
            case DType.Decimal d -> new DType.Decimal(Math.min(76, d.precision() + 10), d.scale(), true);
            default -> null;
        };
    }

    /// Returns the legacy `vortex.stats` zone table type for a stat bitset.
    public static DType.Struct forLegacyStats(byte[] bitset, DType column) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        DType base = column instanceof DType.Extension e ? e.storage() : column;
        for (int stat = 0; stat < 9; stat++) {
            int b = stat / 8;
            if (b >= bitset.length || (bitset[b] & (1 << (stat % 8))) == 0) {
                continue;
            }
            switch (stat) {
                case 0 -> add(names, types, "is_constant", new DType.Bool(true));
                case 1 -> add(names, types, "is_sorted", new DType.Bool(true));
                case 2 -> add(names, types, "is_strict_sorted", new DType.Bool(true));
                case 3, 4 -> {
                    if (!(column instanceof DType.Null)) {
                        String n = stat == 3 ? "max" : "min";
                        add(names, types, n, column.withNullable(true));
                        names.add(n + "_is_truncated");
                        types.add(new DType.Bool(false));
                    }
                }
                case 5 -> {
                    DType s = sumType(base);
                    if (s != null) {
                        add(names, types, "sum", s);
                    }
                }
                case 6 -> add(names, types, "null_count", new DType.Primitive(PType.U64, true));
                case 7 -> add(names, types, "uncompressed_size_in_bytes", new DType.Primitive(PType.U64, true));
                case 8 -> {
                    if (base instanceof DType.Primitive p && p.ptype().isFloat()) {
                        add(names, types, "nan_count", new DType.Primitive(PType.U64, true));
                    }
                }
                default -> {}
            }
        }
        return new DType.Struct(names, types, false);
    }

    private static void add(List<String> names, List<DType> types, String name, DType t) {
        names.add(name);
        types.add(t.withNullable(true));
    }
}
