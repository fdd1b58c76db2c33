package dev.jvortex.encodings.fsst;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.array.VarBinViewArray;
import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.canonical.CanonicalDecoders;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.fsst` (Fast Static Symbol Table string compression).
///
/// ## Bytes
/// - metadata `{PType uncompressed_lengths_ptype = 1; PType codes_offsets_ptype = 2}`
/// - current form: buffers `[symbols (n × u64), symbol_lengths (n × u8), codes]`;
///   children `[uncompressed_lengths (len), codes_offsets (len + 1), validity?]`
/// - legacy form: buffers `[symbols, symbol_lengths]`; children `[codes: vortex.varbin binary
///   (with the validity), uncompressed_lengths]`
///
/// A row's codes are bytes: 255 escapes the next byte (a literal), any other code `k` stands
/// for the first `symbol_lengths[k]` bytes of symbol `k` (little-endian u64).
public final class FsstDecoder {
    private static final int ESCAPE = 255;

    private FsstDecoder() {}

    /// Decodes one node.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            throw VortexException.corrupt(node.location() + ": vortex.fsst cannot decode type " + dtype);
        }
        long lengthsCode = 0;
        long offsetsCode = 0;
        ProtoReader r = new ProtoReader(node.metadata(), "FSSTMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> lengthsCode = r.readVarint();
                case 2 -> offsetsCode = r.readVarint();
                default -> r.skip();
            }
        }
        Nodes.buffers(node, 2, 3);
        MemorySegment symbols = node.buffer(0);
        MemorySegment symbolLengths = node.buffer(1);
        int nsym = (int) symbolLengths.byteSize();
        if (nsym > 255 || symbols.byteSize() != 8L * nsym) {
            throw VortexException.corrupt(node.location() + ": FSST symbol table of " + symbols.byteSize() + " bytes and "
                    + nsym + " lengths is inconsistent");
        }
        long[] table = new long[256];
        int[] sizes = new int[256];
        for (int k = 0; k < nsym; k++) {
            table[k] = symbols.getAtIndex(PrimitiveArray.LE_LONG, k);
            sizes[k] = Byte.toUnsignedInt(symbolLengths.get(JAVA_BYTE, k));
            if (sizes[k] < 1 || sizes[k] > 8) {
                throw VortexException.corrupt(node.location() + ": FSST symbol " + k + " has length " + sizes[k]);
            }
        }
        PType lengthsType = Nodes.ptypeCode(node, lengthsCode, "uncompressed_lengths_ptype");
        PrimitiveArray lengths;
        MemorySegment codes;
        PrimitiveArray offsets;
        Validity validity;
        if (node.bufferCount() == 3) {
            Nodes.children(node, 2, 3);
            codes = node.buffer(2);
            lengths = Nodes.primitive(ctx, node, 0, lengthsType, false, len);
            offsets = Nodes.primitive(ctx, node, 1, Nodes.ptypeCode(node, offsetsCode, "codes_offsets_ptype"), false, len + 1);
            validity = Nodes.validity(ctx, node, 2, dtype, len);
        } else {
            Nodes.children(node, 2, 2);
            Array legacy = ctx.decode(node.child(0), new DType.Binary(dtype.nullable()), len);
            if (!(legacy instanceof VarBinViewArray v)) {
                throw VortexException.corrupt(node.location() + ": legacy FSST codes did not decode to binary");
            }
            lengths = Nodes.primitive(ctx, node, 1, lengthsType, false, len);
            return decodeViews(node, dtype, len, ctx, table, sizes, nsym, lengths, v);
        }
        if (!lengthsType.isInteger()) {
            throw VortexException.corrupt(node.location() + ": uncompressed lengths must be integers");
        }
        long total = 0;
        for (int i = 0; i < len; i++) {
            long l = lengths.getLong(i);
            if (l < 0) {
                throw VortexException.corrupt(node.location() + ": negative uncompressed length at row " + i);
            }
            total += l;
        }
        // 8 bytes of slack: every symbol is written as a whole u64 and the position advances by its length.
        MemorySegment out = ctx.allocate(total + 8, 8);
        MemorySegment views = ctx.allocate(len * 16L, 16);
        long pos = 0;
        long codesSize = codes.byteSize();
        for (int i = 0; i < len; i++) {
            long from = offsets.getLong(i);
            long to = offsets.getLong(i + 1);
            if (from < 0 || to < from || to > codesSize) {
                throw VortexException.corrupt(node.location() + ": FSST codes [" + from + ", " + to + ") of row " + i
                        + " outside the " + codesSize + "-byte buffer");
            }
            long start = pos;
            long limit = start + lengths.getLong(i);
            pos = expand(node, codes, from, to, out, pos, limit, table, sizes, nsym, i);
            CanonicalDecoders.writeView(views, i, out, start, (int) (pos - start), 0);
        }
        return new VarBinViewArray(dtype, views, new MemorySegment[] {out.asSlice(0, pos)}, len, validity);
    }

    /// Expands codes `[from, to)` into `out` at `pos`, failing if the row would pass `limit`; returns the new position.
    private static long expand(EncodedNode node, MemorySegment codes, long from, long to, MemorySegment out, long pos, long limit,
            long[] table, int[] sizes, int nsym, int row) {
        long c = from;
        while (c < to) {
            int code = Byte.toUnsignedInt(codes.get(JAVA_BYTE, c++));
            if (code == ESCAPE) {
                if (c >= to || pos >= limit) {
                    throw VortexException.corrupt(node.location() + ": bad FSST escape in row " + row);
                }
                out.set(JAVA_BYTE, pos++, codes.get(JAVA_BYTE, c++));
            } else {
                if (code >= nsym || pos + sizes[code] > limit) {
                    throw VortexException.corrupt(node.location() + ": FSST code " + code + " in row " + row
                            + (code >= nsym ? " is not in the " + nsym + "-symbol table" : " overruns the row's length"));
                }
                out.set(PrimitiveArray.LE_LONG, pos, table[code]);
                pos += sizes[code];
            }
        }
        if (pos != limit) {
            throw VortexException.corrupt(node.location() + ": FSST row " + row + " decoded to " + (pos - (limit - (limit - pos)))
                    + " bytes short of its length");
        }
        return pos;
    }

    private static Array decodeViews(EncodedNode node, DType dtype, int len, DecodeContext ctx, long[] table, int[] sizes, int nsym,
            PrimitiveArray lengths, VarBinViewArray codes) {
        long total = 0;
        for (int i = 0; i < len; i++) {
            long l = lengths.getLong(i);
            if (l < 0) {
                throw VortexException.corrupt(node.location() + ": negative uncompressed length at row " + i);
            }
            total += l;
        }
        MemorySegment out = ctx.allocate(total + 8, 8);
        MemorySegment views = ctx.allocate(len * 16L, 16);
        long pos = 0;
        for (int i = 0; i < len; i++) {
            long start = pos;
            if (codes.isValid(i)) {
                MemorySegment row = codes.slice(i);
                pos = expand(node, row, 0, row.byteSize(), out, pos, start + lengths.getLong(i), table, sizes, nsym, i);
            }
            CanonicalDecoders.writeView(views, i, out, start, (int) (pos - start), 0);
        }
        return new VarBinViewArray(dtype, views, new MemorySegment[] {out.asSlice(0, pos)}, len, codes.validity());
    }
}
