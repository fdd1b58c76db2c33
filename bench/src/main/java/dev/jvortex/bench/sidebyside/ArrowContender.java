package dev.jvortex.bench.sidebyside;

import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;

/// Arrow Java on the Arrow IPC file: `ArrowFileReader` loads each record batch into vectors (an
/// IPC file has no column projection, statistics or row index, so every operation loads every
/// batch; projections then touch only their vectors). The selective query compares the key
/// vector row by row; random access picks the rows from the batches that hold them.
final class ArrowContender implements Contender {
    private final Path file;
    private final BufferAllocator allocator = new RootAllocator();
    private long sink;

    ArrowContender(Path file) {
        this.file = file;
    }

    @Override
    public long run(String op, Query q) throws Exception {
        long rows = 0;
        byte[] keyBytes = q.keyValue() instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : null;
        long keyLong = q.keyValue() instanceof Long l ? l : 0;
        long[] indices = q.indices();
        int next = 0;
        long base = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
                ArrowFileReader reader = new ArrowFileReader(ch, allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<String> cols = q.columns(op);
            List<FieldVector> vectors = new ArrayList<>();
            if (cols == null) {
                vectors.addAll(root.getFieldVectors());
            } else {
                for (String c : cols) {
                    vectors.add(root.getVector(c));
                }
            }
            FieldVector key = op.equals("select") ? root.getVector(q.key()) : null;
            while (reader.loadNextBatch()) {
                int n = root.getRowCount();
                switch (op) {
                    case "select" -> {
                        for (int i = 0; i < n; i++) {
                            if (!key.isNull(i)
                                    && (keyBytes != null
                                            ? equal((VarCharVector) key, i, keyBytes)
                                            : ((BaseIntVector) key).getValueAsLong(i) == keyLong)) {
                                for (FieldVector v : vectors) {
                                    sink += v.isNull(i) ? 0 : v.hashCode(i);
                                }
                                rows++;
                            }
                        }
                    }
                    case "take" -> {
                        while (next < indices.length && indices[next] < base + n) {
                            int i = (int) (indices[next++] - base);
                            for (FieldVector v : vectors) {
                                sink += v.isNull(i) ? 0 : v.hashCode(i);
                            }
                            rows++;
                        }
                    }
                    default -> {
                        for (FieldVector v : vectors) {
                            sink += v.getValueCount() + v.getDataBuffer().capacity();
                        }
                        rows += n;
                    }
                }
                base += n;
            }
        }
        return rows;
    }

    private static boolean equal(VarCharVector v, int i, byte[] key) {
        long start = v.getStartOffset(i);
        long end = v.getEndOffset(i);
        if (end - start != key.length) {
            return false;
        }
        var data = v.getDataBuffer();
        for (int k = 0; k < key.length; k++) {
            if (data.getByte(start + k) != key[k]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long sink() {
        return sink;
    }

    @Override
    public void close() {
        allocator.close();
    }
}
