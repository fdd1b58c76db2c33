package dev.jvortex.file.layout;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of a `vortex.dict` layout as stored (fields in [Layouts]).
///
/// @param codesPtype          `codes_ptype` (1): wire code of the codes' type
/// @param nullableCodes       `is_nullable_codes` (2, optional): null when absent
/// @param allValuesReferenced `all_values_referenced` (3, optional): null when absent
public record DictLayoutMetadata(long codesPtype, Boolean nullableCodes, Boolean allValuesReferenced) {
    /// Reads the metadata bytes of a `vortex.dict` layout node.
    public static DictLayoutMetadata read(byte[] bytes) {
        long codesPtype = 0;
        Boolean nullableCodes = null;
        Boolean allValuesReferenced = null;
        ProtoReader r = new ProtoReader(bytes, "DictLayoutMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> codesPtype = r.readVarint();
                case 2 -> nullableCodes = r.readBool();
                case 3 -> allValuesReferenced = r.readBool();
                default -> r.skip();
            }
        }
        return new DictLayoutMetadata(codesPtype, nullableCodes, allValuesReferenced);
    }

    /// Returns the metadata bytes: zero fields omitted, the optional ones written when present.
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().varintIfNonZero(1, codesPtype);
        if (nullableCodes != null) {
            w.varint(2, nullableCodes ? 1 : 0);
        }
        if (allValuesReferenced != null) {
            w.varint(3, allValuesReferenced ? 1 : 0);
        }
        return w.toByteArray();
    }
}
