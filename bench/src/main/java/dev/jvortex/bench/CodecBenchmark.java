package dev.jvortex.bench;

import dev.jvortex.pcodec.PcoChunkDecoder;
import dev.jvortex.pcodec.PcoDecoder;
import dev.jvortex.pcodec.PcoEncoder;
import dev.jvortex.pcodec.PcoType;
import dev.jvortex.zstd.ZstdCompressor;
import dev.jvortex.zstd.ZstdDecompressor;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/// The pure-Java Pcodec and Zstandard decoders alone, without the file and layout around them:
/// one 65,536-value pco chunk (pages of 8,192, like the compact preset) of data shaped like the
/// columns of `bench/decode-compare.sh`, and three zstd frames of 8,192 strings shaped like its
/// `text` column. Average time per chunk (pco) or per three frames (zstd).
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class CodecBenchmark {
    /// The pco data shape: walk (i64 random walk), price (lognormal prices in cents, as ALP
    /// hands them to pco), noise (standard normal f64).
    @Param({"walk", "price", "noise"})
    public String shape;

    /// Optional directory with one pco chunk: `meta` and pages `page<index>-<count>` (for
    /// example taken from a file written by the reference); the shape then only picks the type
    /// (noise: f64, else i64).
    @Param("")
    public String pcoChunk;

    private static final int N = 65536;
    private static final int PAGE = 8192;

    private PcoType ptype;
    private byte[] header;
    private byte[] meta;
    private MemorySegment[] pages;
    private int[] pageCounts;
    private MemorySegment out;

    /// Optional comma-separated files that each hold one zstd frame (for example frames taken
    /// from a file written by the reference); empty: three frames compressed by jvortex.
    @Param("")
    public String zstdFrames;

    private MemorySegment[] frames;
    private long[] frameSizes;
    private MemorySegment text;

    @Setup(Level.Trial)
    public void setup() {
        SplittableRandom rng = new SplittableRandom(7);
        long[] values = new long[N];
        switch (shape) {
            case "walk" -> {
                ptype = PcoType.I64;
                long acc = 0;
                for (int i = 0; i < N; i++) {
                    acc += rng.nextInt(101) - 50;
                    values[i] = acc;
                }
            }
            case "price" -> {
                ptype = PcoType.I64;
                for (int i = 0; i < N; i++) {
                    values[i] = Math.round(Math.exp(3 + gaussian(rng)) * 100);
                }
            }
            default -> {
                ptype = PcoType.F64;
                for (int i = 0; i < N; i++) {
                    values[i] = Double.doubleToRawLongBits(gaussian(rng));
                }
            }
        }
        PcoEncoder.Chunk chunk = pcoChunk == null || pcoChunk.isEmpty()
                ? PcoEncoder.encodeChunk(ptype, values, 0, N, PAGE, PcoEncoder.DEFAULT_LEVEL)
                : readChunk(pcoChunk);
        header = PcoEncoder.header();
        meta = chunk.meta();
        pages = new MemorySegment[chunk.pages().length];
        for (int i = 0; i < pages.length; i++) {
            pages[i] = Arena.global()
                    .allocate(chunk.pages()[i].length, 8)
                    .copyFrom(MemorySegment.ofArray(chunk.pages()[i]));
        }
        pageCounts = chunk.pageCounts();
        long count = 0;
        for (int c : pageCounts) {
            count += c;
        }
        out = Arena.global().allocate(count * 8, 8);

        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
        int frameValues = 8192;
        frames = new MemorySegment[3];
        frameSizes = new long[3];
        long total = 0;
        ZstdCompressor compressor = new ZstdCompressor();
        for (int f = 0; f < 3; f++) {
            ByteBuffer buf = ByteBuffer.allocate(frameValues * 80).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < frameValues; i++) {
                byte[] s = (words[rng.nextInt(8)] + "-" + words[rng.nextInt(8)] + " order " + rng.nextInt(100000)
                                + " shipped to customer " + rng.nextInt(5000))
                        .getBytes(StandardCharsets.UTF_8);
                buf.putInt(s.length).put(s);
            }
            byte[] compressed = compressor.compress(buf.array(), 0, buf.position());
            frames[f] = Arena.global().allocate(compressed.length).copyFrom(MemorySegment.ofArray(compressed));
            frameSizes[f] = buf.position();
            total += buf.position();
        }
        if (zstdFrames != null && !zstdFrames.isEmpty()) {
            String[] paths = zstdFrames.split(",");
            frames = new MemorySegment[paths.length];
            frameSizes = new long[paths.length];
            total = 0;
            ZstdDecompressor d = new ZstdDecompressor();
            for (int f = 0; f < paths.length; f++) {
                try {
                    byte[] bytes = java.nio.file.Files.readAllBytes(java.nio.file.Path.of(paths[f]));
                    frames[f] = Arena.global().allocate(bytes.length).copyFrom(MemorySegment.ofArray(bytes));
                    frameSizes[f] = d.decompress(bytes, Integer.MAX_VALUE - 64).length;
                    total += frameSizes[f];
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
        text = Arena.global().allocate(total, 8);
    }

    private static PcoEncoder.Chunk readChunk(String dir) {
        try {
            java.nio.file.Path d = java.nio.file.Path.of(dir);
            byte[] meta = java.nio.file.Files.readAllBytes(d.resolve("meta"));
            java.util.List<String> names = new java.util.ArrayList<>();
            try (var files = java.nio.file.Files.list(d)) {
                files.map(f -> f.getFileName().toString())
                        .filter(f -> f.startsWith("page"))
                        .forEach(names::add);
            }
            names.sort(java.util.Comparator.comparingInt(f -> Integer.parseInt(f.substring(4, f.indexOf('-')))));
            byte[][] pages = new byte[names.size()][];
            int[] counts = new int[names.size()];
            for (int i = 0; i < pages.length; i++) {
                pages[i] = java.nio.file.Files.readAllBytes(d.resolve(names.get(i)));
                counts[i] = Integer.parseInt(names.get(i).substring(names.get(i).indexOf('-') + 1));
            }
            return new PcoEncoder.Chunk(meta, pages, counts);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static double gaussian(SplittableRandom rng) {
        double u = rng.nextDouble();
        double v = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    /// Decodes the pco chunk: meta, then every page.
    @Benchmark
    public MemorySegment pco() {
        PcoChunkDecoder chunk = PcoDecoder.open(header).chunk(ptype, MemorySegment.ofArray(meta));
        long at = 0;
        for (int p = 0; p < pages.length; p++) {
            chunk.decodePage(pages[p], pageCounts[p], out, at);
            at += pageCounts[p];
        }
        return out;
    }

    /// Decompresses the three zstd frames with a fresh decompressor, as one array decode does.
    @Benchmark
    public MemorySegment zstd() {
        ZstdDecompressor d = new ZstdDecompressor();
        long at = 0;
        for (int f = 0; f < frames.length; f++) {
            d.decompress(frames[f], text.asSlice(at, frameSizes[f]));
            at += frameSizes[f];
        }
        return text;
    }
}
