package dev.jvortex.encodings.fsst;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.core.array.Validity;
import dev.jvortex.core.serde.DecodeContext;
import dev.jvortex.core.serde.EncodedNode;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.encodings.Nodes;
import dev.jvortex.encodings.varbin.ConcatenatedStrings;
import dev.jvortex.encodings.varbin.StringViews;
import dev.jvortex.encodings.varbin.VarBinMetadata;
import java.lang.foreign.MemorySegment;

/// Decodes `vortex.fsst` (current three-buffer form and the legacy two-buffer form) into views.
///
/// All rows are decompressed in one pass over the contiguous code window into a single buffer
/// sized from `uncompressed_lengths`; the rows are then cut from it by those lengths (the
/// reference does the same, so a stream that only decodes correctly as a whole is accepted).
public final class FsstDecoder {
    /// The code that makes the next byte a literal.
    static final int ESCAPE = 255;
    /// Most symbols a table may hold (codes 0..254; 255 is the escape).
    static final int MAX_SYMBOLS = 255;
    /// Code bytes decoded per heap chunk.
    static final int CHUNK = 1 << 16;

    private FsstDecoder() {}

    /// Decodes a `vortex.fsst` node as `dtype` (Utf8 or Binary) with `len` rows.
    public static Array decode(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        return prepare(node, dtype, len, ctx).toViews(dtype, len, ctx);
    }

    /// Reads a `vortex.fsst` node's row lengths and validity, checked, and returns them with the
    /// decompression of its bytes into caller memory still to do (see [ConcatenatedStrings]).
    public static ConcatenatedStrings prepare(EncodedNode node, DType dtype, int len, DecodeContext ctx) {
        if (!(dtype instanceof DType.Utf8 || dtype instanceof DType.Binary)) {
            throw VortexException.corrupt(node.location() + ": vortex.fsst cannot decode type " + dtype);
        }
        Nodes.buffers(node, 2, 3);
        FsstMetadata meta = FsstMetadata.read(node.metadata());
        PType lengthsPtype = Nodes.ptypeCode(node, meta.lengthsPtype(), "uncompressed_lengths_ptype");
        PType offsetsPtype = Nodes.ptypeCode(node, meta.codesOffsetsPtype(), "codes_offsets_ptype");
        SymbolTable table = SymbolTable.read(node, node.buffer(0), node.buffer(1));

        MemorySegment codes;
        PrimitiveArray offsets;
        PrimitiveArray lengths;
        Validity validity;
        if (node.bufferCount() == 3) {
            Nodes.children(node, 2, 3);
            requireInteger(node, lengthsPtype, "uncompressed_lengths_ptype");
            requireInteger(node, offsetsPtype, "codes_offsets_ptype");
            codes = node.buffer(2);
            lengths = Nodes.primitive(ctx, node, 0, lengthsPtype, false, len);
            offsets = Nodes.primitive(ctx, node, 1, offsetsPtype, false, len + 1);
            validity = Nodes.validity(ctx, node, 2, dtype, len);
        } else {
            // Legacy form: the codes are a whole vortex.varbin child (bytes, offsets and validity).
            Nodes.children(node, 2, 2);
            requireInteger(node, lengthsPtype, "uncompressed_lengths_ptype");
            EncodedNode varbin = node.child(0);
            if (!EncodingId.VARBIN.is(varbin.encoding())) {
                throw VortexException.corrupt(
                        node.location() + ": legacy vortex.fsst codes must be vortex.varbin, not " + varbin.encoding());
            }
            Nodes.buffers(varbin, 1, 1);
            Nodes.children(varbin, 1, 2);
            PType varbinOffsets = Nodes.ptypeCode(
                    varbin, VarBinMetadata.read(varbin.metadata()).offsetsPtype(), "offsets_ptype");
            requireInteger(varbin, varbinOffsets, "offsets_ptype");
            codes = varbin.buffer(0);
            offsets = Nodes.primitive(ctx, varbin, 0, varbinOffsets, false, len + 1);
            validity = Nodes.validity(ctx, varbin, 1, new DType.Binary(dtype.nullable()), len);
            lengths = Nodes.primitive(ctx, node, 1, lengthsPtype, false, len);
        }

        long codesStart = offsets.getLong(0);
        long codesEnd = offsets.getLong(len);
        if (codesStart < 0 || codesEnd < codesStart || codesEnd > codes.byteSize()) {
            throw VortexException.corrupt(node.location() + ": fsst code window [" + codesStart + ", " + codesEnd
                    + ") is outside the " + codes.byteSize() + "-byte codes buffer");
        }
        long[] rowLengths = StringViews.lengthsWithTotal(node, lengths, "uncompressed_lengths");
        return new Prepared(node, table, codes, codesStart, codesEnd, rowLengths, validity);
    }

    /// A checked `vortex.fsst` node whose codes are yet to be decompressed.
    private record Prepared(
            EncodedNode node,
            SymbolTable table,
            MemorySegment codes,
            long codesStart,
            long codesEnd,
            long[] lengths,
            Validity validity)
            implements ConcatenatedStrings {
        @Override
        public void decodeInto(MemorySegment out) {
            long total = ConcatenatedStrings.checkedTotal(lengths, out);
            decompress(node, table, codes, codesStart, codesEnd, out, total);
        }
    }

    private static void requireInteger(EncodedNode node, PType ptype, String field) {
        if (!ptype.isInteger()) {
            throw VortexException.corrupt(
                    node.location() + ": " + field + " must be an integer type, not " + ptype.shortName());
        }
    }

    /// Decompresses `codes[from, to)` into `out`, which must decode to exactly `total` bytes and
    /// have at least 7 writable bytes after them.
    static void decompress(
            EncodedNode node,
            SymbolTable table,
            MemorySegment codes,
            long from,
            long to,
            MemorySegment out,
            long total) {
        long[] symbols = table.symbols;
        int[] lengths = table.lengths;
        // The codes are read from a heap copy, one chunk at a time: a byte[] load is markedly cheaper
        // than a MemorySegment load in this loop (about 2x end to end in a JDK 25 micro-benchmark), and
        // chunking bounds the copy. A chunk carries one byte more than it may start codes in, so an
        // escape on its last position still finds its literal.
        byte[] chunk = new byte[(int) Math.min(CHUNK + 1, to - from)];
        long o = 0;
        long pos = from;
        while (pos < to) {
            int available = (int) Math.min(chunk.length, to - pos);
            MemorySegment.copy(codes, JAVA_BYTE, pos, chunk, 0, available);
            int limit = Math.min(CHUNK, available);
            int k = 0;
            while (k < limit) {
                // A code produces at most 8 bytes: while that many codes cannot pass `total`, run
                // without the per-code output check.
                int stop = (int) Math.min(limit, k + (total - o) / 8);
                while (k < stop) {
                    int code = chunk[k++] & 0xFF;
                    int n = lengths[code];
                    if (n != 0) {
                        out.set(PrimitiveArray.LE_LONG, o, symbols[code]);
                        o += n;
                    } else if (code == ESCAPE) {
                        if (k >= available) {
                            throw VortexException.corrupt(node.location() + ": fsst codes end with an escape code");
                        }
                        out.set(JAVA_BYTE, o++, chunk[k++]);
                    } else {
                        throw VortexException.corrupt(node.location() + ": fsst code " + code + " at byte "
                                + (pos + k - 1) + " has no symbol (the table has " + table.count + ")");
                    }
                }
                if (k >= limit) {
                    break;
                }
                int code = chunk[k++] & 0xFF;
                int n = lengths[code];
                if (n != 0) {
                    if (n > total - o) {
                        throw overrun(node, total, pos + k - 1);
                    }
                    // Every symbol is stored as one little-endian word: write all 8 bytes and advance by
                    // the symbol's length. The bytes past it are overwritten by what follows or land in
                    // the slack after `total`, so no per-byte loop or length switch is needed.
                    out.set(PrimitiveArray.LE_LONG, o, symbols[code]);
                    o += n;
                } else if (code == ESCAPE) {
                    if (k >= available) {
                        throw VortexException.corrupt(node.location() + ": fsst codes end with an escape code");
                    }
                    if (o >= total) {
                        throw overrun(node, total, pos + k - 1);
                    }
                    out.set(JAVA_BYTE, o++, chunk[k++]);
                } else {
                    throw VortexException.corrupt(node.location() + ": fsst code " + code + " at byte " + (pos + k - 1)
                            + " has no symbol (the table has " + table.count + ")");
                }
            }
            pos += k;
        }
        if (o != total) {
            throw VortexException.corrupt(node.location() + ": fsst codes decode to " + o
                    + " bytes but uncompressed_lengths add up to " + total);
        }
    }

    private static VortexException overrun(EncodedNode node, long total, long at) {
        return VortexException.corrupt(node.location() + ": fsst codes decode to more than the " + total
                + " bytes that uncompressed_lengths add up to (at code byte " + at + ")");
    }

    /// The symbol table as flat arrays indexed by code: escape and unused codes have length 0.
    static final class SymbolTable {
        final long[] symbols = new long[256];
        final int[] lengths = new int[256];
        int count;

        static SymbolTable read(EncodedNode node, MemorySegment symbolBytes, MemorySegment lengthBytes) {
            long n = lengthBytes.byteSize();
            if (n > MAX_SYMBOLS) {
                throw VortexException.corrupt(node.location() + ": fsst symbol table has " + n + " symbols, at most "
                        + MAX_SYMBOLS + " allowed");
            }
            if (symbolBytes.byteSize() != n * 8) {
                throw VortexException.corrupt(node.location() + ": fsst symbols buffer has " + symbolBytes.byteSize()
                        + " bytes, expected " + n * 8 + " for " + n + " symbols");
            }
            SymbolTable t = new SymbolTable();
            t.count = (int) n;
            for (int c = 0; c < n; c++) {
                int length = lengthBytes.get(JAVA_BYTE, c) & 0xFF;
                if (length < 1 || length > 8) {
                    throw VortexException.corrupt(
                            node.location() + ": fsst symbol " + c + " has length " + length + ", expected 1..8");
                }
                t.lengths[c] = length;
                t.symbols[c] = symbolBytes.getAtIndex(PrimitiveArray.LE_LONG, c);
            }
            return t;
        }
    }
}
