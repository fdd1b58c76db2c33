package dev.jvortex.spark;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/// A batch write of Vortex files: one file per task (and per partition folder with `partitionBy`).
///
/// Commit protocol: tasks write into a staging folder `<path>/_vortex_staging-<query id>/` (a
/// name readers skip), each file appearing there only once its writer finished; a task commit
/// reports the files it wrote. The job commit then (for `overwrite`) deletes what the path held
/// and moves every reported file into place; a job abort deletes the staging folder. A failed or
/// aborted job therefore leaves no file under the path, and files of failed task attempts are
/// never moved.
final class VortexWrite implements WriteBuilder, SupportsTruncate, Write, BatchWrite {
    /// Prefix of staging folders.
    static final String STAGING = "_vortex_staging-";

    private final LogicalWriteInfo info;
    private final List<String> partitionColumns;
    private final Path target;
    private final Path staging;
    private boolean truncate;

    VortexWrite(LogicalWriteInfo info, List<String> partitionColumns) {
        this.info = info;
        this.partitionColumns = List.copyOf(partitionColumns);
        CaseInsensitiveStringMap options = info.options();
        List<String> paths = FileListing.paths(options);
        if (paths.size() != 1) {
            throw VortexException.misuse("a Vortex write needs one path, got " + paths);
        }
        this.target = FileListing.local(paths.getFirst()).toAbsolutePath().normalize();
        this.staging = target.resolve(STAGING + info.queryId());
        StructType schema = info.schema();
        for (String c : partitionColumns) {
            if (schema.getFieldIndex(c).isEmpty()) {
                throw VortexException.misuse("partition column " + c + " is not in the data");
            }
        }
    }

    @Override
    public WriteBuilder truncate() {
        truncate = true;
        return this;
    }

    @Override
    public Write build() {
        return this;
    }

    @Override
    public BatchWrite toBatch() {
        return this;
    }

    @Override
    public String description() {
        return "VortexWrite " + target + (truncate ? " (overwrite)" : " (append)");
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo physical) {
        try {
            Files.createDirectories(staging);
        } catch (IOException e) {
            throw new UncheckedIOException("creating " + staging, e);
        }
        return new VortexDataWriterFactory(
                staging.toString(), info.schema(), partitionColumns, WriteSettings.of(info.options()));
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        try {
            if (truncate) {
                try (Stream<Path> entries = Files.list(target)) {
                    for (Path p : entries.toList()) {
                        if (!p.equals(staging)) {
                            deleteTree(p);
                        }
                    }
                }
            }
            for (WriterCommitMessage m : messages) {
                if (m == null) {
                    continue;
                }
                for (String rel : ((VortexDataWriter.Committed) m).files()) {
                    Path from = staging.resolve(rel);
                    Path to = target.resolve(rel);
                    Files.createDirectories(to.getParent());
                    Files.move(from, to);
                }
            }
            deleteTree(staging);
        } catch (IOException e) {
            throw new UncheckedIOException("committing the write to " + target, e);
        }
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        try {
            deleteTree(staging);
        } catch (IOException e) {
            throw new UncheckedIOException("aborting the write to " + target, e);
        }
    }

    /// Deletes `p` and everything below it (nothing when it does not exist).
    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        List<Path> all = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(p)) {
            walk.sorted(Comparator.reverseOrder()).forEach(all::add);
        }
        for (Path q : all) {
            Files.deleteIfExists(q);
        }
    }
}
