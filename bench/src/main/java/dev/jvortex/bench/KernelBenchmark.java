package dev.jvortex.bench;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.PrimitiveArray;
import dev.jvortex.encodings.fastlanes.BitPack;
import dev.jvortex.encodings.fastlanes.BitUnpack;
import dev.jvortex.encodings.fastlanes.FastLanes;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/// Decode kernels next to the machine's limit, in one JMH run. Every benchmark produces exactly
/// `outBytes` bytes of decoded output per operation (string bytes for FSST), so GB/s of decoded
/// output is `ops/s × outBytes / 1e9` (`bench/kernels.sh` does the conversion and the table).
///
/// - [#memcpy] and [#sum]: `MemorySegment.copy` of `outBytes` bytes between two native buffers,
///   and a sum of the same bytes read as longs; the physical limit a decoder is compared with.
/// - [#unpack8] .. [#unpack64]: the [BitUnpack] kernel alone, block by block, from `long[]` (etc.)
///   packed blocks into reused output arrays; `unpack64` at every width 1..64. [#unpack8Words] ..
///   [#unpack32Words]: [BitUnpack#unpackWords], several narrow values per long, on the same blocks.
/// - [#decode]: a whole encoded array (a spec of [KernelInputs]) through the real decoder and
///   [dev.jvortex.encodings.EncodingRegistry], output memory reused from a slab
///   ([ReusableDecoding]); decoders' own heap scratch is still allocated per decode.
///
/// Quick smoke run: `bench/kernels.sh --quick`.
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class KernelBenchmark {
    /// Two native buffers of `outBytes` for the memory baselines.
    @State(Scope.Thread)
    public static class Memory {
        /// Bytes copied or summed per operation.
        @Param("1048576")
        public int outBytes;

        Arena arena;
        MemorySegment src;
        MemorySegment dst;

        @Setup(Level.Trial)
        @SuppressWarnings("MustBeClosedChecker") // closed in @TearDown
        public void setup() {
            arena = Arena.ofShared();
            src = arena.allocate(outBytes, 4096);
            dst = arena.allocate(outBytes, 4096);
            Random random = new Random(7);
            for (long i = 0; i + 8 <= outBytes; i += 8) {
                src.set(PrimitiveArray.LE_LONG, i, random.nextLong());
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            arena.close();
        }
    }

    /// Copies `outBytes` bytes: the floor for writing a decoded buffer.
    @Benchmark
    public MemorySegment memcpy(Memory m) {
        MemorySegment.copy(m.src, 0, m.dst, 0, m.outBytes);
        return m.dst;
    }

    /// Sums `outBytes` bytes read as little-endian longs (four independent sums, so the loop is bound by loads).
    @Benchmark
    public long sum(Memory m) {
        MemorySegment s = m.src;
        long n = m.outBytes / 8;
        long a = 0;
        long b = 0;
        long c = 0;
        long d = 0;
        long i = 0;
        for (; i + 4 <= n; i += 4) {
            a += s.getAtIndex(PrimitiveArray.LE_LONG, i);
            b += s.getAtIndex(PrimitiveArray.LE_LONG, i + 1);
            c += s.getAtIndex(PrimitiveArray.LE_LONG, i + 2);
            d += s.getAtIndex(PrimitiveArray.LE_LONG, i + 3);
        }
        for (; i < n; i++) {
            a += s.getAtIndex(PrimitiveArray.LE_LONG, i);
        }
        return a + b + c + d;
    }

    /// Packed u64 blocks of random `width64`-bit values, and their output arrays.
    @State(Scope.Thread)
    public static class Unpack64 {
        @Param({
            "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19",
            "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37",
            "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51", "52", "53", "54", "55",
            "56", "57", "58", "59", "60", "61", "62", "63", "64"
        })
        public int width64;

        @Param("1048576")
        public int outBytes;

        long[][] packed;
        long[][] out;

        @Setup(Level.Trial)
        public void setup() {
            int blocks = blocks(outBytes, 8);
            Random random = new Random(width64);
            packed = new long[blocks][16 * width64];
            out = new long[blocks][FastLanes.BLOCK];
            long[][] values = new long[blocks][FastLanes.BLOCK];
            for (int b = 0; b < blocks; b++) {
                for (int i = 0; i < FastLanes.BLOCK; i++) {
                    values[b][i] = KernelInputs.bits(random, width64);
                }
                BitPack.pack64(width64, values[b], packed[b]);
                BitUnpack.unpack64(width64, packed[b], out[b]);
                check(Arrays.equals(values[b], out[b]), "u64", width64);
            }
        }
    }

    /// Unpacks every u64 block.
    @Benchmark
    public long[][] unpack64(Unpack64 s) {
        long[][] packed = s.packed;
        long[][] out = s.out;
        int width = s.width64;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpack64(width, packed[b], out[b]);
        }
        return out;
    }

    /// Packed u32 blocks of random `width32`-bit values, and their output arrays.
    @State(Scope.Thread)
    public static class Unpack32 {
        @Param({"1", "3", "7", "8", "12", "16", "17", "24", "31", "32"})
        public int width32;

        @Param("1048576")
        public int outBytes;

        int[][] packed;
        int[][] out;
        long[][] packedWords;
        long[][] outWords;

        @Setup(Level.Trial)
        public void setup() {
            int blocks = blocks(outBytes, 4);
            Random random = new Random(width32);
            packed = new int[blocks][32 * width32];
            out = new int[blocks][FastLanes.BLOCK];
            int[] values = new int[FastLanes.BLOCK];
            for (int b = 0; b < blocks; b++) {
                for (int i = 0; i < FastLanes.BLOCK; i++) {
                    values[i] = (int) KernelInputs.bits(random, width32);
                }
                BitPack.pack32(width32, values, packed[b]);
                BitUnpack.unpack32(width32, packed[b], out[b]);
                check(Arrays.equals(values, out[b]), "u32", width32);
            }
            packedWords = new long[blocks][];
            outWords = new long[blocks][16 * 32];
            for (int b = 0; b < blocks; b++) {
                packedWords[b] = words(packed[b]);
                BitUnpack.unpackWords(32, width32, packedWords[b], outWords[b]);
                check(Arrays.equals(words(out[b]), outWords[b]), "u32 words", width32);
            }
        }
    }

    /// Unpacks every u32 block.
    @Benchmark
    public int[][] unpack32(Unpack32 s) {
        int[][] packed = s.packed;
        int[][] out = s.out;
        int width = s.width32;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpack32(width, packed[b], out[b]);
        }
        return out;
    }

    /// Unpacks every u32 block with [BitUnpack#unpackWords] (2 values per long), as the decoder does.
    @Benchmark
    public long[][] unpack32Words(Unpack32 s) {
        long[][] packed = s.packedWords;
        long[][] out = s.outWords;
        int width = s.width32;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpackWords(32, width, packed[b], out[b]);
        }
        return out;
    }

    /// Packed u16 blocks of random `width16`-bit values, and their output arrays.
    @State(Scope.Thread)
    public static class Unpack16 {
        @Param({"1", "4", "7", "9", "12", "16"})
        public int width16;

        @Param("1048576")
        public int outBytes;

        short[][] packed;
        short[][] out;
        long[][] packedWords;
        long[][] outWords;

        @Setup(Level.Trial)
        public void setup() {
            int blocks = blocks(outBytes, 2);
            Random random = new Random(width16);
            packed = new short[blocks][64 * width16];
            out = new short[blocks][FastLanes.BLOCK];
            short[] values = new short[FastLanes.BLOCK];
            for (int b = 0; b < blocks; b++) {
                for (int i = 0; i < FastLanes.BLOCK; i++) {
                    values[i] = (short) KernelInputs.bits(random, width16);
                }
                BitPack.pack16(width16, values, packed[b]);
                BitUnpack.unpack16(width16, packed[b], out[b]);
                check(Arrays.equals(values, out[b]), "u16", width16);
            }
            packedWords = new long[blocks][];
            outWords = new long[blocks][16 * 16];
            for (int b = 0; b < blocks; b++) {
                packedWords[b] = words(packed[b]);
                BitUnpack.unpackWords(16, width16, packedWords[b], outWords[b]);
                check(Arrays.equals(words(out[b]), outWords[b]), "u16 words", width16);
            }
        }
    }

    /// Unpacks every u16 block.
    @Benchmark
    public short[][] unpack16(Unpack16 s) {
        short[][] packed = s.packed;
        short[][] out = s.out;
        int width = s.width16;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpack16(width, packed[b], out[b]);
        }
        return out;
    }

    /// Unpacks every u16 block with [BitUnpack#unpackWords] (4 values per long), as the decoder does.
    @Benchmark
    public long[][] unpack16Words(Unpack16 s) {
        long[][] packed = s.packedWords;
        long[][] out = s.outWords;
        int width = s.width16;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpackWords(16, width, packed[b], out[b]);
        }
        return out;
    }

    /// Packed u8 blocks of random `width8`-bit values, and their output arrays.
    @State(Scope.Thread)
    public static class Unpack8 {
        @Param({"1", "3", "5", "8"})
        public int width8;

        @Param("1048576")
        public int outBytes;

        byte[][] packed;
        byte[][] out;
        long[][] packedWords;
        long[][] outWords;

        @Setup(Level.Trial)
        public void setup() {
            int blocks = blocks(outBytes, 1);
            Random random = new Random(width8);
            packed = new byte[blocks][128 * width8];
            out = new byte[blocks][FastLanes.BLOCK];
            byte[] values = new byte[FastLanes.BLOCK];
            for (int b = 0; b < blocks; b++) {
                for (int i = 0; i < FastLanes.BLOCK; i++) {
                    values[i] = (byte) KernelInputs.bits(random, width8);
                }
                BitPack.pack8(width8, values, packed[b]);
                BitUnpack.unpack8(width8, packed[b], out[b]);
                check(Arrays.equals(values, out[b]), "u8", width8);
            }
            packedWords = new long[blocks][];
            outWords = new long[blocks][16 * 8];
            for (int b = 0; b < blocks; b++) {
                packedWords[b] = words(packed[b]);
                BitUnpack.unpackWords(8, width8, packedWords[b], outWords[b]);
                check(Arrays.equals(words(out[b]), outWords[b]), "u8 words", width8);
            }
        }
    }

    /// Unpacks every u8 block.
    @Benchmark
    public byte[][] unpack8(Unpack8 s) {
        byte[][] packed = s.packed;
        byte[][] out = s.out;
        int width = s.width8;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpack8(width, packed[b], out[b]);
        }
        return out;
    }

    /// Unpacks every u8 block with [BitUnpack#unpackWords] (8 values per long), as the decoder does.
    @Benchmark
    public long[][] unpack8Words(Unpack8 s) {
        long[][] packed = s.packedWords;
        long[][] out = s.outWords;
        int width = s.width8;
        for (int b = 0; b < packed.length; b++) {
            BitUnpack.unpackWords(8, width, packed[b], out[b]);
        }
        return out;
    }

    /// One encoded array ([KernelInputs] spec) and a reusable decode context.
    @State(Scope.Thread)
    public static class Encoded {
        @Param({
            "bitpacked:u64:1",
            "bitpacked:u64:4",
            "bitpacked:u64:8",
            "bitpacked:u64:13",
            "bitpacked:u64:16",
            "bitpacked:u64:21",
            "bitpacked:u64:32",
            "bitpacked:u64:33",
            "bitpacked:u64:48",
            "bitpacked:u64:63",
            "bitpacked:u64:64",
            "bitpacked:u32:3",
            "bitpacked:u32:8",
            "bitpacked:u32:17",
            "bitpacked:u32:32",
            "bitpacked:u16:5",
            "bitpacked:u16:16",
            "bitpacked:u8:3",
            "bitpacked:u8:8",
            "for:i64:12",
            "for:i32:12",
            "for-plain:i64:12",
            "delta:i64",
            "delta:i32",
            "alp:f64",
            "alp:f32",
            "alp-packed:f64",
            "rle:i64:8",
            "rle:i64:64",
            "rle:i32:8",
            "dict:i64:256",
            "dict:i64:4096",
            "dict:i32:256",
            "fsst:utf8",
            "onpair:utf8",
            "datetime:ms"
        })
        public String input;

        @Param("1048576")
        public int outBytes;

        Arena arena;
        KernelInputs.Input in;
        ReusableDecoding ctx;

        @Setup(Level.Trial)
        @SuppressWarnings("MustBeClosedChecker") // closed in @TearDown
        public void setup() {
            arena = Arena.ofShared();
            in = KernelInputs.make(input, outBytes, arena);
            ctx = new ReusableDecoding(4L * outBytes + (1 << 20));
            for (int round = 0; round < 2; round++) {
                ctx.scribble();
                KernelInputs.requireSame(
                        input + " (reused slab)", in.expected(), ctx.decodeRoot(in.root(), in.dtype(), in.length()));
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            ctx.close();
            arena.close();
        }
    }

    /// Decodes the whole array.
    @Benchmark
    public Array decode(Encoded s) {
        return s.ctx.decodeRoot(s.in.root(), s.in.dtype(), s.in.length());
    }

    /// Returns the little-endian bytes of `a` read as little-endian longs.
    static long[] words(byte[] a) {
        long[] out = new long[a.length / 8];
        ByteBuffer.wrap(a).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(out);
        return out;
    }

    static long[] words(short[] a) {
        ByteBuffer buf = ByteBuffer.allocate(a.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        buf.asShortBuffer().put(a);
        return words(buf.array());
    }

    static long[] words(int[] a) {
        ByteBuffer buf = ByteBuffer.allocate(a.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        buf.asIntBuffer().put(a);
        return words(buf.array());
    }

    static int blocks(int outBytes, int valueBytes) {
        if (outBytes % (FastLanes.BLOCK * valueBytes) != 0) {
            throw new IllegalArgumentException(
                    "outBytes " + outBytes + " must hold whole blocks of 1024 " + valueBytes + "-byte values");
        }
        return outBytes / (FastLanes.BLOCK * valueBytes);
    }

    static void check(boolean ok, String type, int width) {
        if (!ok) {
            throw new IllegalStateException("BitUnpack does not invert BitPack for " + type + " at width " + width);
        }
    }
}
