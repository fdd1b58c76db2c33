package dev.jvortex.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.jvortex.core.DType;
import dev.jvortex.core.PType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.expr.Expr;
import dev.jvortex.core.expr.ExprParser;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.Decoding;
import dev.jvortex.encodings.EncodingId;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.format.ArraySerializer;
import dev.jvortex.format.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/// The bodies of the fuzz targets, shared by the Jazzer tests and the seed-corpus tests. Bad
/// input must end in a [VortexException] that is not `INTERNAL`; anything else (another
/// exception, an `INTERNAL` error, a hang, running out of memory) is a finding.
final class Targets {
    private Targets() {}

    /// Every encoding id, in the order the array nodes index them.
    static final List<String> ENCODINGS =
            Arrays.stream(EncodingId.values()).map(EncodingId::id).toList();

    /// Dtypes the decoder target picks from.
    static final List<DType> DTYPES = List.of(
            new DType.Null(),
            new DType.Bool(true),
            new DType.Primitive(PType.U8, false),
            new DType.Primitive(PType.I16, true),
            new DType.Primitive(PType.U32, false),
            new DType.Primitive(PType.I32, true),
            new DType.Primitive(PType.I64, false),
            new DType.Primitive(PType.U64, true),
            new DType.Primitive(PType.F16, true),
            new DType.Primitive(PType.F32, false),
            new DType.Primitive(PType.F64, true),
            new DType.Decimal(9, 2, true),
            new DType.Decimal(38, 10, false),
            new DType.Decimal(76, 0, true),
            new DType.Utf8(true),
            new DType.Binary(false),
            DType.struct(true, "a", new DType.Primitive(PType.I32, true), "b", new DType.Utf8(false)),
            new DType.ListType(new DType.Primitive(PType.I64, true), true),
            new DType.FixedSizeList(new DType.Primitive(PType.U8, false), 4, false),
            new DType.Extension(
                    "vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {1, 3, 0, 'U', 'T', 'C'}),
            new DType.Extension("vortex.date", new DType.Primitive(PType.I32, false), new byte[] {4}));

    /// Fails (a finding) unless `e` is an expected, classified error.
    static void expected(VortexException e) {
        if (e.kind() == VortexException.Kind.INTERNAL) {
            throw new AssertionError("internal error on bad input: " + e.getMessage(), e);
        }
    }

    /// Opens `bytes` as a file and reads everything: a scan of every column, a filtered scan, a
    /// take and the zone maps.
    static void openAndScan(byte[] bytes) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment seg = arena.allocate(Math.max(1, bytes.length), 64);
            MemorySegment.copy(bytes, 0, seg, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, bytes.length);
            try (VortexFile f = VortexFile.open(seg.asSlice(0, bytes.length), "fuzz input")) {
                long rows = f.rowCount();
                long seen = 0;
                try (Scan scan = f.scan(ScanOptions.all().withParallelism(1).withMaxBatchRows(1 << 14))) {
                    for (Batch b : scan) {
                        try (b) {
                            seen += b.rowCount();
                        }
                    }
                }
                if (seen != rows) {
                    throw new AssertionError("scan returned " + seen + " rows of " + rows);
                }
                if (rows > 0) {
                    try (Batch b = f.take(new long[] {rows - 1, 0, rows / 2}, null)) {
                        if (b.rowCount() != 3) {
                            throw new AssertionError("take returned " + b.rowCount() + " rows");
                        }
                    }
                }
                if (f.dtype() instanceof DType.Struct s && !s.names().isEmpty()) {
                    String first = s.names().getFirst();
                    f.zoneMap(first);
                    try (Scan scan = f.scan(
                            ScanOptions.all().withParallelism(1).withFilter(new Expr.IsNotNull(Expr.column(first))))) {
                        scan.forEach(Batch::close);
                    }
                }
            }
        } catch (VortexException e) {
            expected(e);
        }
    }

    /// Builds an array node from fuzzer data (any encoding id, metadata bytes, buffers and
    /// children), serializes it as a flat segment and decodes it as one of [#DTYPES].
    static void decode(FuzzedDataProvider data) {
        DType dtype = data.pickValue(DTYPES);
        int length = data.consumeInt(0, 4096);
        WriteNode node = node(data, 0);
        try (Arena arena = Arena.ofConfined()) {
            ArraySerializer.Serialized s;
            try {
                s = ArraySerializer.serialize(node, ENCODINGS::indexOf);
            } catch (VortexException e) {
                return;
            }
            MemorySegment seg = arena.allocate(Math.max(1, s.length()), 64);
            long pos = 0;
            for (MemorySegment part : s.parts()) {
                MemorySegment.copy(part, 0, seg, pos, part.byteSize());
                pos += part.byteSize();
            }
            try {
                SerializedArray a = SerializedArray.parse(seg, ENCODINGS, "fuzz");
                Array out = Decoding.decodeRoot(a.root(), dtype, length, arena);
                if (out.length() != length) {
                    throw new AssertionError(node.encoding() + " decoded " + out.length() + " rows, not " + length);
                }
            } catch (VortexException e) {
                expected(e);
            }
        }
    }

    private static WriteNode node(FuzzedDataProvider data, int depth) {
        String encoding = data.pickValue(ENCODINGS);
        byte[] metadata = data.consumeBytes(data.consumeInt(0, 48));
        List<WriteNode.Buffer> buffers = new ArrayList<>();
        int nb = data.consumeInt(0, 3);
        for (int i = 0; i < nb; i++) {
            byte[] b = data.consumeBytes(data.consumeInt(0, 1024));
            buffers.add(new WriteNode.Buffer(MemorySegment.ofArray(b), 8));
        }
        List<WriteNode> children = new ArrayList<>();
        int nc = depth >= 3 ? 0 : data.consumeInt(0, 3);
        for (int i = 0; i < nc; i++) {
            children.add(node(data, depth + 1));
        }
        return new WriteNode(encoding, metadata, buffers, children);
    }

    /// Parses `text` as a filter and binds it to a fixed schema.
    static void parseAndBind(String text) {
        DType.Struct schema = DType.struct(
                false,
                "i",
                new DType.Primitive(PType.I32, true),
                "u",
                new DType.Primitive(PType.U64, false),
                "d",
                new DType.Primitive(PType.F64, true),
                "s",
                new DType.Utf8(true),
                "b",
                new DType.Bool(true),
                "dec",
                new DType.Decimal(20, 3, true),
                "ts",
                new DType.Extension("vortex.timestamp", new DType.Primitive(PType.I64, true), new byte[] {1, 0, 0}),
                "st",
                DType.struct(true, "x", new DType.Primitive(PType.I64, true)));
        try {
            Expr bound = ExprParser.parse(text, schema);
            // The text form parses back to an expression that binds to the same thing.
            Expr again = ExprParser.parse(bound.toString(), schema);
            if (!again.equals(bound)) {
                throw new AssertionError("'" + text + "' bound to '" + bound + "', which binds to '" + again + "'");
            }
            new dev.jvortex.core.expr.FilterEvaluator(bound, schema);
        } catch (VortexException e) {
            expected(e);
        }
    }
}
