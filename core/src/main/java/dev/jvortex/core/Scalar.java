package dev.jvortex.core;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import java.math.BigInteger;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/// A single value with its type.
///
/// Value representation by type: null → `null`; bool → [Boolean]; integers → [Long] holding
/// the two's-complement bit pattern (u64 above `Long.MAX_VALUE` is negative); f16 → [Short]
/// bits; f32 → [Float]; f64 → [Double]; decimal → [BigInteger] unscaled value; utf8 →
/// [String]; binary → `byte[]`; list, fixed-size list and struct → `List<Scalar>`; extension →
/// the storage value.
public record Scalar(DType dtype, Object value) {

    /// Returns true when the value is null.
    public boolean isNull() {
        return value == null;
    }

    /// Returns the value as a long (integers and bools).
    public long asLong() {
        return switch (value) {
            case Long l -> l;
            case Boolean b -> b ? 1 : 0;
            case Short s -> s;
            default -> throw VortexException.misuse("scalar " + this + " is not an integer");
        };
    }

    /// Returns the value as a double (numbers only).
    public double asDouble() {
        return switch (value) {
            case Double d -> d;
            case Float f -> f;
            case Short s -> Float.float16ToFloat(s);
            case Long l -> l;
            default -> throw VortexException.misuse("scalar " + this + " is not a number");
        };
    }

    /// Decodes a protobuf `ScalarValue` (the bytes of `vortex.scalar.ScalarValue`) with the given type.
    public static Scalar decode(byte[] bytes, DType dtype) {
        return new Scalar(dtype, decodeValue(new ProtoReader(bytes, "ScalarValue"), dtype));
    }

    /// Decodes the value part of a protobuf `ScalarValue` read by `r` for the given type.
    ///
    /// For the metadata readers of the encodings, which read scalars nested in their own messages:
    /// [ProtoReader] is exported to the jvortex modules only, so other callers use [#decode].
    @SuppressWarnings("exports")
    public static Object decodeValue(ProtoReader r, DType dtype) {
        Object value = null;
        boolean seen = false;
        while (r.next()) {
            seen = true;
            value = switch (r.field()) {
                case 1 -> {
                    r.skip();
                    yield null;
                }
                case 2 -> r.readBool();
                case 3 -> new Kinds.SignedInt(r.readSVarint());
                case 4 -> new Kinds.UnsignedInt(r.readVarint());
                case 5 -> Float.intBitsToFloat(r.readFixed32());
                case 6 -> Double.longBitsToDouble(r.readFixed64());
                case 7 -> r.readString();
                case 8 -> r.readBytes();
                case 9 -> {
                    ProtoReader list = r.readMessage("ListValue");
                    List<ProtoReader> elems = new ArrayList<>();
                    while (list.next()) {
                        if (list.field() == 1) {
                            elems.add(list.readMessage("ScalarValue"));
                        } else {
                            list.skip();
                        }
                    }
                    yield elems;
                }
                case 10 -> new Kinds.F16Bits(r.readVarint());
                default -> {
                    r.skip();
                    yield Kinds.UNKNOWN;
                }
            };
        }
        if (!seen || value == null) {
            return null;
        }
        if (value == Kinds.UNKNOWN) {
            throw VortexException.unsupported("scalar value kind not supported for " + dtype);
        }
        return convert(value, dtype);
    }

    private static final class Kinds {
        static final Object UNKNOWN = new Object();

        record SignedInt(long v) {}

        record UnsignedInt(long v) {}

        record F16Bits(long v) {}
    }

    @SuppressWarnings("unchecked")
    private static Object convert(Object raw, DType dtype) {
        switch (dtype) {
            case DType.Null n -> throw VortexException.corrupt("non-null scalar value for the null type");
            case DType.Bool b -> {
                if (raw instanceof Boolean v) {
                    return v;
                }
            }
            case DType.Primitive p -> {
                return convertPrimitive(raw, p.ptype());
            }
            case DType.Decimal d -> {
                if (raw instanceof byte[] bytes) {
                    int n = bytes.length;
                    if (n != 1 && n != 2 && n != 4 && n != 8 && n != 16 && n != 32) {
                        throw VortexException.corrupt(
                                "decimal scalar has " + n + " bytes; expected 1, 2, 4, 8, 16 or 32");
                    }
                    byte[] be = new byte[n];
                    for (int i = 0; i < n; i++) {
                        be[i] = bytes[n - 1 - i];
                    }
                    return new BigInteger(be);
                }
                if (raw instanceof Kinds.SignedInt s) {
                    return BigInteger.valueOf(s.v());
                }
            }
            case DType.Utf8 u -> {
                if (raw instanceof String s) {
                    return s;
                }
                if (raw instanceof byte[] bytes) {
                    try {
                        return StandardCharsets.UTF_8
                                .newDecoder()
                                .onMalformedInput(CodingErrorAction.REPORT)
                                .decode(java.nio.ByteBuffer.wrap(bytes))
                                .toString();
                    } catch (CharacterCodingException e) {
                        throw VortexException.corrupt("utf8 scalar is not valid UTF-8");
                    }
                }
            }
            case DType.Binary b -> {
                if (raw instanceof byte[] bytes) {
                    return bytes;
                }
                if (raw instanceof String s) {
                    return s.getBytes(StandardCharsets.UTF_8);
                }
            }
            case DType.ListType l -> {
                if (raw instanceof List<?> elems) {
                    return decodeList((List<ProtoReader>) elems, i -> l.element());
                }
            }
            case DType.FixedSizeList f -> {
                if (raw instanceof List<?> elems) {
                    if (elems.size() != f.size()) {
                        throw VortexException.corrupt(
                                "fixed-size list scalar has " + elems.size() + " elements, expected " + f.size());
                    }
                    return decodeList((List<ProtoReader>) elems, i -> f.element());
                }
            }
            case DType.Struct s -> {
                if (raw instanceof List<?> elems) {
                    if (elems.size() != s.size()) {
                        throw VortexException.corrupt(
                                "struct scalar has " + elems.size() + " fields, expected " + s.size());
                    }
                    return decodeList((List<ProtoReader>) elems, s.fields()::get);
                }
            }
            case DType.Extension e -> {
                return convert(raw, e.storage());
            }
            default -> {}
        }
        throw VortexException.corrupt("scalar value " + describe(raw) + " does not fit type " + dtype);
    }

    private static List<Scalar> decodeList(List<ProtoReader> elems, java.util.function.IntFunction<DType> types) {
        List<Scalar> out = new ArrayList<>(elems.size());
        for (int i = 0; i < elems.size(); i++) {
            DType t = types.apply(i);
            out.add(new Scalar(t, decodeValue(elems.get(i), t)));
        }
        return out;
    }

    private static Object convertPrimitive(Object raw, PType ptype) {
        if (ptype.isInteger()) {
            long v;
            if (raw instanceof Kinds.SignedInt s) {
                v = s.v();
                if (!ptype.isSigned() && v < 0) {
                    throw VortexException.corrupt("negative value " + v + " for " + ptype.shortName() + " scalar");
                }
            } else if (raw instanceof Kinds.UnsignedInt u) {
                v = u.v();
                if (ptype.isSigned() && v < 0) {
                    throw VortexException.corrupt("unsigned value out of range for " + ptype.shortName() + " scalar");
                }
            } else {
                throw VortexException.corrupt("scalar value " + describe(raw) + " does not fit " + ptype.shortName());
            }
            if (!fits(v, ptype)) {
                throw VortexException.corrupt("value " + v + " out of range for " + ptype.shortName() + " scalar");
            }
            return v;
        }
        return switch (ptype) {
            case F16 ->
                switch (raw) {
                    case Kinds.F16Bits b -> (short) b.v();
                    case Kinds.UnsignedInt u -> (short) u.v();
                    default -> throw VortexException.corrupt("scalar value " + describe(raw) + " does not fit f16");
                };
            case F32 -> {
                if (raw instanceof Float f) {
                    yield f;
                }
                throw VortexException.corrupt("scalar value " + describe(raw) + " does not fit f32");
            }
            default -> {
                if (raw instanceof Double d) {
                    yield d;
                }
                throw VortexException.corrupt("scalar value " + describe(raw) + " does not fit f64");
            }
        };
    }

    private static boolean fits(long v, PType p) {
        return switch (p) {
            case U8 -> v >= 0 && v <= 0xFF;
            case U16 -> v >= 0 && v <= 0xFFFF;
            case U32 -> v >= 0 && v <= 0xFFFFFFFFL;
            case I8 -> v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE;
            case I16 -> v >= Short.MIN_VALUE && v <= Short.MAX_VALUE;
            case I32 -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
            default -> true;
        };
    }

    private static String describe(Object raw) {
        return raw == null ? "null" : raw.getClass().getSimpleName();
    }

    /// Encodes this scalar's value as a protobuf `ScalarValue`.
    public byte[] encode() {
        ProtoWriter w = new ProtoWriter();
        encodeValue(w, dtype, value);
        return w.toByteArray();
    }

    private static void encodeValue(ProtoWriter w, DType dtype, Object value) {
        if (value == null) {
            w.varint(1, 0);
            return;
        }
        DType t = dtype instanceof DType.Extension e ? e.storage() : dtype;
        switch (t) {
            case DType.Bool b -> w.varint(2, (Boolean) value ? 1 : 0);
            case DType.Primitive p -> {
                switch (p.ptype()) {
                    case F16 -> w.varint(10, ((Short) value) & 0xFFFF);
                    case F32 -> w.fixed32(5, Float.floatToRawIntBits((Float) value));
                    case F64 -> w.fixed64(6, Double.doubleToRawLongBits((Double) value));
                    default -> {
                        if (p.ptype().isSigned()) {
                            w.svarint(3, (Long) value);
                        } else {
                            w.varint(4, (Long) value);
                        }
                    }
                }
            }
            case DType.Decimal d -> {
                int width = ((DType.Decimal) t).minimumByteWidth();
                byte[] be = ((BigInteger) value).toByteArray();
                byte[] le = new byte[width];
                byte fill = (byte) (((BigInteger) value).signum() < 0 ? 0xFF : 0);
                littleEndian(be, le, fill);
                w.bytes(8, le);
            }
            case DType.Utf8 u -> w.string(7, (String) value);
            case DType.Binary b -> w.bytes(8, (byte[]) value);
            default -> {
                @SuppressWarnings("unchecked")
                List<Scalar> elems = (List<Scalar>) value;
                ProtoWriter list = new ProtoWriter();
                for (Scalar s : elems) {
                    ProtoWriter e = new ProtoWriter();
                    encodeValue(e, s.dtype(), s.value());
                    list.bytes(1, e.toByteArray());
                }
                w.bytes(9, list.toByteArray());
            }
        }
    }

    @Override
    public String toString() {
        if (value instanceof byte[] b) {
            return "0x" + java.util.HexFormat.of().formatHex(b);
        }
        return String.valueOf(value);
    }

    /// Writes big-endian `be` to `le` least significant byte first, sign-filled with `fill` past
    /// its bytes (cut to `le`'s width). Two loops: one test of `i < be.length` in a single loop
    /// was hoisted with the range check of `be` and failed for the first value shorter than the width.
    private static void littleEndian(byte[] be, byte[] le, byte fill) {
        int copied = Math.min(be.length, le.length);
        for (int i = 0; i < copied; i++) {
            le[i] = be[be.length - 1 - i];
        }
        for (int i = copied; i < le.length; i++) {
            le[i] = fill;
        }
    }
}
