package dev.jvortex.encodings.dict;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;

/// The metadata of `vortex.dict` as stored (fields in the package docs).
///
/// @param valuesLen           `values_len` (1): number of dictionary values
/// @param codesPtype          `codes_ptype` (2): wire code of the codes' type
/// @param nullableCodes       `is_nullable_codes` (3, optional): null when absent
/// @param allValuesReferenced `all_values_referenced` (4, optional): null when absent
public record DictMetadata(long valuesLen, long codesPtype, Boolean nullableCodes, Boolean allValuesReferenced) {
    /// Reads the metadata bytes of a `vortex.dict` node.
    public static DictMetadata read(byte[] bytes) {
        long valuesLen = 0;
        long codesPtype = 0;
        Boolean nullableCodes = null;
        Boolean allValuesReferenced = null;
        ProtoReader r = new ProtoReader(bytes, "DictMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> valuesLen = r.readVarint();
                case 2 -> codesPtype = r.readVarint();
                case 3 -> nullableCodes = r.readBool();
                case 4 -> allValuesReferenced = r.readBool();
                default -> r.skip();
            }
        }
        return new DictMetadata(valuesLen, codesPtype, nullableCodes, allValuesReferenced);
    }

    /// Returns the metadata bytes: zero fields omitted, the optional ones written when present.
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().varintIfNonZero(1, valuesLen).varintIfNonZero(2, codesPtype);
        if (nullableCodes != null) {
            w.varint(3, nullableCodes ? 1 : 0);
        }
        if (allValuesReferenced != null) {
            w.varint(4, allValuesReferenced ? 1 : 0);
        }
        return w.toByteArray();
    }
}
