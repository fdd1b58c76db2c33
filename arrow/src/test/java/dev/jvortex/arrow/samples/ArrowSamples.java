package dev.jvortex.arrow.samples;

import dev.jvortex.arrow.ArrowExport;
import dev.jvortex.arrow.ArrowImport;
import dev.jvortex.arrow.ArrowIpc;
import dev.jvortex.arrow.ArrowStrings;
import dev.jvortex.arrow.ArrowTypes;
import dev.jvortex.arrow.DictionaryRoot;
import dev.jvortex.core.DType;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import dev.jvortex.file.write.VortexWriter;
import dev.jvortex.file.write.WriteOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;

/// The code samples of docs/arrow.md (see [WritingSamples] for how they are checked and run).
public final class ArrowSamples {
    private ArrowSamples() {}

    /// Sums column `id` of a file through Arrow vectors.
    public static long scanToArrow(Path path) {
        // sample:scan
        long sum = 0;
        try (VortexFile file = VortexFile.open(path);
                BufferAllocator allocator = new RootAllocator();
                Scan scan = file.scan(ScanOptions.columns("id", "name"))) {
            for (Batch batch : scan) {
                try (batch;
                        VectorSchemaRoot root = ArrowExport.toRoot(batch, allocator)) {
                    BigIntVector ids = (BigIntVector) root.getVector("id");
                    for (int i = 0; i < root.getRowCount(); i++) {
                        sum += ids.get(i);
                    }
                }
            }
        }
        // end
        return sum;
    }

    /// Describes the names of the first batch through a dictionary vector.
    public static String dictionary(Path path) {
        // sample:dictionary
        try (VortexFile file = VortexFile.open(path);
                BufferAllocator allocator = new RootAllocator();
                Scan scan = file.scan(ScanOptions.columns("id", "name"));
                Batch batch = scan.iterator().next();
                DictionaryRoot encoded = DictionaryRoot.of(batch, allocator, Set.of("name"))) {
            IntVector indices = (IntVector) encoded.root().getVector("name"); // null rows: null indices
            Dictionary names = encoded.dictionary("name");
            VarCharVector values = (VarCharVector) names.getVector();
            String second = values.getObject(indices.get(1)).toString();
            return values.getValueCount() + " distinct names; row 1 is " + second;
        }
        // end
    }

    /// Copies a Vortex file through Arrow roots into a new Vortex file; returns its row count.
    public static long rootsIntoWriter(Path source, Path target) {
        // sample:write
        try (VortexFile file = VortexFile.open(source);
                BufferAllocator allocator = new RootAllocator();
                Scan scan = file.scan()) {
            DType.Struct schema = ArrowTypes.toVortex(ArrowTypes.toArrow((DType.Struct) file.dtype()));
            try (VortexWriter writer = VortexWriter.create(target, schema, WriteOptions.defaults())) {
                for (Batch batch : scan) {
                    try (batch;
                            VectorSchemaRoot root = ArrowExport.toRoot(batch, allocator)) {
                        ArrowImport.write(writer, root); // any VectorSchemaRoot of that schema
                    }
                }
                writer.finish();
            }
        }
        // end
        try (VortexFile f = VortexFile.open(target)) {
            return f.rowCount();
        }
    }

    /// Converts to Arrow IPC and back.
    public static long ipc(Path vortex, Path dir) {
        // sample:ipc
        long rows = ArrowIpc.toArrowFile(vortex, dir.resolve("data.arrow")); // or toArrowStream
        ArrowIpc.fromArrow(dir.resolve("data.arrow"), dir.resolve("copy.vortex"), WriteOptions.defaults());
        // end
        return rows;
    }

    /// Reads the string column `name` straight into an Arrow vector.
    public static String strings(Path path) {
        // sample:strings
        try (VortexFile file = VortexFile.open(path);
                BufferAllocator allocator = new RootAllocator();
                FieldVector names = ArrowStrings.read(file, "name", 0, file.rowCount(), allocator)) {
            VarCharVector v = (VarCharVector) names; // a LargeVarCharVector past 2 GiB of text
            return v.getValueCount() + " names; row 1 is " + v.getObject(1);
        }
        // end
    }

    /// Writes an Arrow IPC file with `name` as an Arrow dictionary column; returns its rows.
    public static long dictionaryIpc(Path vortex, Path dir) throws IOException {
        // sample:dictionaryIpc
        try (VortexFile file = VortexFile.open(vortex);
                OutputStream out = Files.newOutputStream(dir.resolve("dict.arrow"))) {
            Set<String> stored = ArrowIpc.dictionaryColumns(file); // the columns stored dictionary-encoded
            Set<String> columns = stored.isEmpty() ? Set.of("name") : stored; // or name any
            return ArrowIpc.toArrow(file, ScanOptions.all(), -1, out, true, columns);
        }
        // end
    }
}
