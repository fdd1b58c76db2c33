package dev.jvortex.convert.parquet;

import dev.jvortex.testing.SuppressForbidden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/// A harness, not a test: decompresses every page of a Parquet file's column chunks written
/// with one codec, `passes` times, and prints milliseconds per pass and the best pass's MB/s of
/// output (on a loaded machine, compare the best passes).
///
/// ```
/// java -cp <convert classes and test classes> dev.jvortex.convert.parquet.SnappyRun FILE PASSES
/// ```
public final class SnappyRun {
    private SnappyRun() {}

    private record Page(int codec, byte[] chunk, int from, int len, int outLen) {}

    /// Runs the harness.
    @SuppressForbidden(reason = "a command-line runner prints its results")
    public static void main(String[] args) throws IOException {
        byte[] file = Files.readAllBytes(Path.of(args[0]));
        int passes = Integer.parseInt(args[1]);
        int footerLen = ColumnChunkReader.le32(file, file.length - 8);
        int footerAt = file.length - 8 - footerLen;
        ParquetMetadata.FileMetaData meta = ParquetMetadata.FileMetaData.of(
                new Thrift(file, footerAt, footerAt + footerLen, "footer").readStruct());
        List<Page> pages = new ArrayList<>();
        long total = 0;
        for (ParquetMetadata.RowGroup g : meta.rowGroups()) {
            for (ParquetMetadata.ColumnChunk c : g.columns()) {
                long start = c.dictionaryPageOffset() > 0 && c.dictionaryPageOffset() < c.dataPageOffset()
                        ? c.dictionaryPageOffset()
                        : c.dataPageOffset();
                int pos = (int) start;
                int end = (int) (start + c.totalCompressedSize());
                while (pos < end) {
                    Thrift t = new Thrift(file, pos, end, "page");
                    ParquetMetadata.PageHeader h = ParquetMetadata.PageHeader.of(t.readStruct(), "page");
                    pos = t.position();
                    int skip = h.type() == ParquetMetadata.DATA_PAGE_V2 ? h.repLength() + h.defLength() : 0;
                    if (h.type() != ParquetMetadata.DATA_PAGE_V2 || h.compressed()) {
                        pages.add(new Page(
                                c.codec(), file, pos + skip, h.compressedSize() - skip, h.uncompressedSize() - skip));
                        total += h.uncompressedSize() - skip;
                    }
                    pos += h.compressedSize();
                }
            }
        }
        byte[] out = new byte[pages.stream().mapToInt(Page::outLen).max().orElse(1)];
        long best = Long.MAX_VALUE;
        StringBuilder all = new StringBuilder();
        for (int pass = 0; pass < passes; pass++) {
            long t0 = System.nanoTime();
            for (Page p : pages) {
                Codecs.decompress(p.codec(), p.chunk(), p.from(), p.len(), out, 0, p.outLen(), "page");
            }
            long ns = System.nanoTime() - t0;
            best = Math.min(best, ns);
            all.append(String.format(Locale.ROOT, " %.0f", ns / 1e6));
        }
        System.out.printf(
                Locale.ROOT,
                "%d pages, %.1f MB out; ms per pass:%s; best %.0f MB/s%n",
                pages.size(),
                total / 1e6,
                all,
                total * 1e3 / best);
    }
}
