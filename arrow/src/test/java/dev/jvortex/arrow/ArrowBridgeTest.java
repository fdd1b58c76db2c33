package dev.jvortex.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.convert.Converter;
import dev.jvortex.convert.Format;
import dev.jvortex.core.DType;
import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ArrayOps;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import dev.jvortex.testing.ArrayRows;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrowBridgeTest {
    private static final int ROWS = 300;

    @TempDir
    Path dir;

    @Test
    void everyTypeRoundTripsInMemory() {
        List<Object[]> rows = EveryType.rows(ROWS, 1);
        DType.Struct schema = EveryType.schema();
        try (Arena arena = Arena.ofConfined();
                BufferAllocator allocator = new RootAllocator()) {
            List<Array> columns = EveryType.columns(rows, arena);
            try (VectorSchemaRoot root = ArrowExport.toRoot(schema.names(), columns, allocator)) {
                assertEquals(ArrowTypes.toArrow(schema), root.getSchema());
                assertEquals(schema, ArrowTypes.toVortex(root.getSchema()));
                List<Array> back = ArrowImport.toArrays(root, arena);
                for (int c = 0; c < columns.size(); c++) {
                    ArrayRows.assertSameTypeAndRows(
                            columns.get(c), back.get(c), schema.names().get(c));
                }
            }
            assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory leaked");
        }
    }

    @Test
    void arrowVectorsHoldTheJavaValues() {
        List<Object[]> rows = EveryType.rows(ROWS, 2);
        DType.Struct schema = EveryType.schema();
        try (Arena arena = Arena.ofConfined();
                BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = ArrowExport.toRoot(schema.names(), EveryType.columns(rows, arena), allocator)) {
            assertEquals(ROWS, root.getRowCount());
            for (int i = 0; i < ROWS; i++) {
                Object[] row = rows.get(i);
                String at = "row " + i;
                assertEquals(row[idx("b")], ((BitVector) root.getVector("b")).getObject(i), at);
                Object u64 = ((UInt8Vector) root.getVector("u64")).getObjectNoOverflow(i);
                assertEquals(row[idx("u64")], u64, at);
                Float2Vector f16 = (Float2Vector) root.getVector("f16");
                assertEquals(row[idx("f16")], f16.isNull(i) ? null : f16.getValueAsFloat(i), at);
                assertEquals(row[idx("dec")], ((DecimalVector) root.getVector("dec")).getObject(i), at);
                assertEquals(row[idx("dec60")], ((Decimal256Vector) root.getVector("dec60")).getObject(i), at);
                Object s = ((VarCharVector) root.getVector("s")).getObject(i);
                assertEquals(row[idx("s")], s == null ? null : s.toString(), at);
                byte[] bin = ((VarBinaryVector) root.getVector("bin")).getObject(i);
                assertEquals(
                        row[idx("bin")] == null ? null : List.of(toBoxed((byte[]) row[idx("bin")])),
                        bin == null ? null : List.of(toBoxed(bin)),
                        at);
                DateDayVector date = (DateDayVector) root.getVector("date");
                assertEquals(row[idx("date")], date.isNull(i) ? null : LocalDate.ofEpochDay(date.get(i)), at);
                TimeNanoVector tns = (TimeNanoVector) root.getVector("t_ns");
                assertEquals(
                        row[idx("t_ns")] == null ? null : ((java.time.LocalTime) row[idx("t_ns")]).toNanoOfDay(),
                        tns.isNull(i) ? null : tns.get(i),
                        at);
                TimeStampMicroTZVector paris = (TimeStampMicroTZVector) root.getVector("ts_us_paris");
                assertEquals("Europe/Paris", paris.getTimeZone());
                Object want = row[idx("ts_us_paris")];
                if (want == null) {
                    assertTrue(paris.isNull(i), at);
                } else {
                    Instant inst = ((ZonedDateTime) want).toInstant();
                    assertEquals(inst.getEpochSecond() * 1_000_000 + inst.getNano() / 1000, paris.get(i), at);
                }
                assertInstanceOf(TimeStampNanoVector.class, root.getVector("ts_ns"));
                UuidVector uuid = (UuidVector) root.getVector("uuid");
                assertEquals(row[idx("uuid")], uuid.isNull(i) ? null : uuid.getObject(i), at);
                ListVector l = (ListVector) root.getVector("l");
                assertEquals(row[idx("l")], l.getObject(i), at);
                FixedSizeListVector fsl = (FixedSizeListVector) root.getVector("fsl");
                assertEquals(row[idx("fsl")], fsl.getObject(i), at);
                StructVector st = (StructVector) root.getVector("st");
                Map<?, ?> wantSt = (Map<?, ?>) row[idx("st")];
                assertEquals(wantSt == null, st.isNull(i), at);
                if (wantSt != null) {
                    Map<String, ?> got = st.getObject(i);
                    assertEquals(wantSt.get("x"), got.get("x"), at);
                    Object y = got.get("y");
                    assertEquals(wantSt.get("y"), y == null ? null : y.toString(), at);
                }
                MapVector m = (MapVector) root.getVector("m");
                Map<?, ?> wantM = (Map<?, ?>) row[idx("m")];
                assertEquals(wantM == null, m.isNull(i), at);
                if (wantM != null) {
                    assertEquals(wantM.size(), m.getObject(i).size(), at);
                }
            }
            assertInstanceOf(NullVector.class, root.getVector("n"));
            assertEquals(ROWS, root.getVector("n").getNullCount());
        }
    }

    @Test
    void everyTypeRoundTripsThroughVortexAndArrowIpcFiles() throws Exception {
        List<Object[]> rows = EveryType.rows(ROWS, 3);
        DType.Struct schema = EveryType.schema();
        Path vortex = dir.resolve("all.vortex");
        try (Arena arena = Arena.ofConfined()) {
            List<Array> columns = EveryType.columns(rows, arena);
            try (VortexWriter w = VortexWriter.create(vortex, schema, WriteOptions.defaults())) {
                w.write(columns);
                w.finish();
            }
            for (String kind : List.of("file", "stream")) {
                Path arrow = dir.resolve("all." + kind);
                long n = kind.equals("file")
                        ? ArrowIpc.toArrowFile(vortex, arrow, 77)
                        : ArrowIpc.toArrowStream(vortex, arrow);
                assertEquals(ROWS, n);
                Path back = dir.resolve("back-" + kind + ".vortex");
                assertEquals(ROWS, ArrowIpc.fromArrow(arrow, back, WriteOptions.defaults()));
                assertSameFile(schema, columns, back, kind);
            }
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            ArrowIpc.toArrowStream(vortex, stream, 50);
            Path back = dir.resolve("back-memory.vortex");
            ArrowIpc.fromArrowStream(new ByteArrayInputStream(stream.toByteArray()), back, WriteOptions.defaults());
            assertSameFile(schema, columns, back, "in-memory stream");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "temporary files left");
        }
    }

    @Test
    void converterFindsArrowIpcAsAServiceBothWays() throws Exception {
        List<Object[]> rows = EveryType.rows(ROWS, 5);
        DType.Struct schema = EveryType.schema();
        Path vortex = dir.resolve("svc.vortex");
        try (Arena arena = Arena.ofConfined()) {
            List<Array> columns = EveryType.columns(rows, arena);
            try (VortexWriter w = VortexWriter.create(vortex, schema, WriteOptions.defaults())) {
                w.write(columns);
                w.finish();
            }
            assertTrue(Converter.canRead(Format.ARROW_FILE) && Converter.canWrite(Format.ARROW_STREAM));
            for (Format f : List.of(Format.ARROW_FILE, Format.ARROW_STREAM)) {
                Path arrow = dir.resolve("svc." + f.name());
                assertEquals(
                        ROWS,
                        Converter.convert(vortex, Format.VORTEX, arrow, f, Converter.Options.defaults())
                                .rows());
                Path back = dir.resolve("svc-back-" + f.name() + ".vortex");
                Converter.convert(arrow, f, back, Format.VORTEX, Converter.Options.defaults());
                assertSameFile(schema, columns, back, "Converter " + f);
            }
            // A row limit with a filter stops inside a batch.
            Path limited = dir.resolve("limited.arrows");
            Converter.Options o = Converter.Options.defaults().withRows(null, "id >= 10", 7);
            assertEquals(
                    7,
                    Converter.convert(vortex, Format.VORTEX, limited, Format.ARROW_STREAM, o)
                            .rows());
            Path back = dir.resolve("limited.vortex");
            Converter.convert(limited, Format.ARROW_STREAM, back, Format.VORTEX, Converter.Options.defaults());
            try (VortexFile f = VortexFile.open(back)) {
                assertEquals(7, f.rowCount());
            }
        }
    }

    private static void assertSameFile(DType.Struct schema, List<Array> columns, Path file, String what) {
        try (VortexFile f = VortexFile.open(file);
                Arena arena = Arena.ofConfined()) {
            assertEquals(schema, f.dtype(), what);
            assertEquals(columns.getFirst().length(), f.rowCount(), what);
            try (Scan scan = f.scan(ScanOptions.all().withParallelism(1))) {
                int at = 0;
                for (Batch b : scan) {
                    try (b) {
                        for (int c = 0; c < columns.size(); c++) {
                            Array want = ArrayOps.slice(columns.get(c), at, b.rowCount(), arena);
                            ArrayRows.assertSameRows(
                                    want,
                                    b.column(c),
                                    what + " " + schema.names().get(c));
                        }
                        at += b.rowCount();
                    }
                }
                assertEquals(columns.getFirst().length(), at, what);
            }
        }
    }

    @Test
    void scanOptionsSelectWhatGoesToArrow() throws Exception {
        List<Object[]> rows = EveryType.rows(ROWS, 5);
        DType.Struct schema = EveryType.schema();
        Path vortex = dir.resolve("sel.vortex");
        try (Arena arena = Arena.ofConfined()) {
            try (VortexWriter w = VortexWriter.create(vortex, schema, WriteOptions.defaults())) {
                w.write(EveryType.columns(rows, arena));
                w.finish();
            }
        }
        Path arrow = dir.resolve("sel.arrow");
        ScanOptions options = ScanOptions.columns("s", "id").withFilter("id >= 100 AND id < 150");
        assertEquals(50, ArrowIpc.toArrow(vortex, arrow, options, true));
        Path back = dir.resolve("sel-back.vortex");
        ArrowIpc.fromArrow(arrow, back, WriteOptions.defaults());
        try (VortexFile f = VortexFile.open(back);
                Scan scan = f.scan();
                Batch b = scan.iterator().next()) {
            assertEquals(List.of("s", "id"), f.columnNames());
            assertEquals(50, b.rowCount());
            for (int i = 0; i < 50; i++) {
                assertEquals(100L + i, ((dev.jvortex.core.array.PrimitiveArray) b.column(1)).getLong(i));
                Object want = rows.get(100 + i)[schema.indexOf("s")];
                assertEquals(
                        want,
                        b.column(0).isValid(i)
                                ? ((dev.jvortex.core.array.VarBinViewArray) b.column(0)).getString(i)
                                : null);
            }
        }
    }

    @Test
    void emptyFileGivesAnEmptyArrowFile() {
        Path vortex = dir.resolve("empty.vortex");
        DType.Struct schema = DType.struct("a", DType.utf8().withNullable(true), "b", DType.list(DType.int8()));
        try (VortexWriter w = VortexWriter.create(vortex, schema, WriteOptions.defaults())) {
            assertEquals(schema, w.schema());
            w.finish();
        }
        Path arrow = dir.resolve("empty.arrow");
        assertEquals(0, ArrowIpc.toArrowFile(vortex, arrow));
        Path back = dir.resolve("back.vortex");
        assertEquals(0, ArrowIpc.fromArrow(arrow, back, WriteOptions.defaults()));
        try (VortexFile f = VortexFile.open(back)) {
            assertEquals(schema, f.dtype());
            assertEquals(0, f.rowCount());
        }
    }

    @Test
    void arrowTypesWithoutVortexCounterpartAreRejectedByName() throws Exception {
        Schema schema = new Schema(List.of(
                new Field("ok", FieldType.nullable(new ArrowType.Int(32, true)), null),
                new Field(
                        "span",
                        FieldType.nullable(new ArrowType.Duration(org.apache.arrow.vector.types.TimeUnit.SECOND)),
                        null)));
        Path arrow = dir.resolve("duration.arrows");
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                var out = Files.newOutputStream(arrow);
                ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
            w.start();
            w.end();
        }
        Path target = dir.resolve("duration.vortex");
        VortexException e =
                assertThrows(VortexException.class, () -> ArrowIpc.fromArrow(arrow, target, WriteOptions.defaults()));
        assertEquals(VortexException.Kind.UNSUPPORTED, e.kind());
        assertTrue(e.getMessage().contains("span"), e.getMessage());
        assertFalse(Files.exists(target));
    }

    @Test
    void notArrowInputIsCorrupt() throws Exception {
        Path junk = dir.resolve("junk.arrow");
        Files.write(junk, "this is not arrow at all, not even close".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path target = dir.resolve("junk.vortex");
        VortexException e =
                assertThrows(VortexException.class, () -> ArrowIpc.fromArrow(junk, target, WriteOptions.defaults()));
        assertEquals(VortexException.Kind.CORRUPT, e.kind(), e.getMessage());
        assertFalse(Files.exists(target));
    }

    @Test
    void unknownExtensionsKeepIdAndMetadataThroughArrow() {
        DType.Extension ext =
                new DType.Extension("example.rgb", DType.uint32().withNullable(true), new byte[] {1, 2, 3});
        try (Arena arena = Arena.ofConfined();
                BufferAllocator allocator = new RootAllocator()) {
            var b = dev.jvortex.core.array.ColumnBuilder.of(ext);
            b.add(0xFF0000L).add(null).add(0x00FF00L);
            Array a = b.build(arena);
            try (var v = ArrowExport.toVector("c", a, allocator)) {
                assertEquals(new ArrowType.Int(32, false), v.getField().getType());
                assertEquals("example.rgb", v.getField().getMetadata().get(ArrowTypes.EXTENSION_ID_KEY));
                Array back = ArrowImport.toArray(v, null, arena);
                ArrayRows.assertSameTypeAndRows(a, back, "extension");
            }
        }
    }

    @Test
    void decimalsOfEveryStoredWidthExportExactly() {
        // Arrays may store decimals wider than their precision needs; Arrow gets 16 or 32 bytes.
        try (Arena arena = Arena.ofConfined();
                BufferAllocator allocator = new RootAllocator()) {
            DType.Decimal d = DType.decimal(5, 2);
            BigInteger[] values = {BigInteger.valueOf(-12345), BigInteger.valueOf(99999), BigInteger.ZERO};
            for (int width : new int[] {4, 8, 16, 32}) {
                java.lang.foreign.MemorySegment data = arena.allocate(3L * width);
                for (int i = 0; i < 3; i++) {
                    byte[] be = values[i].toByteArray();
                    for (int k = 0; k < width; k++) {
                        byte v = k < be.length ? be[be.length - 1 - k] : (byte) (values[i].signum() < 0 ? -1 : 0);
                        data.set(java.lang.foreign.ValueLayout.JAVA_BYTE, (long) i * width + k, v);
                    }
                }
                var a = new dev.jvortex.core.array.DecimalArray(
                        d, width, data, 3, dev.jvortex.core.array.Validity.ALL_VALID);
                try (DecimalVector v = (DecimalVector) ArrowExport.toVector("d", a, allocator)) {
                    for (int i = 0; i < 3; i++) {
                        assertEquals(new BigDecimal(values[i], 2), v.getObject(i), "width " + width);
                    }
                }
            }
        }
    }

    @Test
    void uuidTypeMapsToArrowUuid() {
        assertEquals(
                org.apache.arrow.vector.extension.UuidType.INSTANCE,
                ArrowTypes.toArrow("u", DType.uuid()).getType());
        assertEquals(DType.uuid(), ArrowTypes.toVortex(ArrowTypes.toArrow("u", DType.uuid())));
        assertNull(ArrowTypes.toArrow("u", DType.uuid()).getMetadata().get(ArrowTypes.EXTENSION_ID_KEY));
        UUID u = UUID.fromString("01234567-89ab-cdef-0123-456789abcdef");
        try (Arena arena = Arena.ofConfined();
                BufferAllocator allocator = new RootAllocator()) {
            var b = dev.jvortex.core.array.ColumnBuilder.of(DType.uuid());
            b.add(u);
            try (UuidVector v = (UuidVector) ArrowExport.toVector("u", b.build(arena), allocator)) {
                assertEquals(u, v.getObject(0));
            }
        }
    }

    @Test
    void dictionaryColumnsComeAsArrowDictionaryVectors() {
        List<Object[]> rows = EveryType.rows(ROWS, 4);
        DType.Struct schema = EveryType.schema();
        Set<String> encode = Set.of("u8", "s", "st", "l");
        try (Arena arena = Arena.ofConfined();
                BufferAllocator allocator = new RootAllocator()) {
            List<Array> columns = EveryType.columns(rows, arena);
            try (DictionaryRoot d = DictionaryRoot.of(schema.names(), columns, allocator, encode)) {
                for (String name : encode) {
                    var v = d.root().getVector(name);
                    assertInstanceOf(org.apache.arrow.vector.IntVector.class, v, name);
                    var dict = d.dictionary(name);
                    Set<Object> distinct = new java.util.HashSet<>();
                    for (Object[] row : rows) {
                        Object value = row[idx(name)];
                        if (value != null) {
                            distinct.add(value instanceof byte[] b ? List.of(toBoxed(b)) : value);
                        }
                    }
                    assertEquals(distinct.size(), dict.getVector().getValueCount(), name + ": dictionary size");
                }
                assertNull(d.dictionary("i64"));
                List<Array> back = ArrowImport.toArrays(d.root(), d.dictionaries(), arena);
                for (int c = 0; c < columns.size(); c++) {
                    ArrayRows.assertSameTypeAndRows(
                            columns.get(c), back.get(c), schema.names().get(c));
                }
            }
            assertEquals(0, allocator.getAllocatedMemory(), "Arrow memory leaked");
        }
    }

    private static int idx(String name) {
        return EveryType.schema().indexOf(name);
    }

    private static Byte[] toBoxed(byte[] b) {
        Byte[] out = new Byte[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i];
        }
        return out;
    }
}
