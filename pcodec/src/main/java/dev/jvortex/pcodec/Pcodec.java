package dev.jvortex.pcodec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/// One-call Pcodec compression of Java arrays, and decompression back.
///
/// ```java
/// long[] values = ...;
/// PcoCompressed compressed = Pcodec.compress(values);         // i64 at pco's default settings
/// long[] back = Pcodec.decompressLongs(compressed);
/// double[] prices = Pcodec.decompressDoubles(Pcodec.compress(new double[] {9.99, 10.49, 10.99}));
/// ```
///
/// The defaults are pco's: compression level 8, the delta encoding chosen per chunk, chunks of
/// up to 2^18 numbers with one page each. [#compress(PcoType, long[], Settings)] takes the other
/// settings and every [PcoType] pco encodes, as numbers in their `long` form. For the pieces
/// one at a time (a container that stores pages apart, or decodes into its own memory), use
/// [PcoEncoder] and [PcoDecoder].
public final class Pcodec {
    private Pcodec() {}

    private static final ValueLayout.OfShort LE_SHORT =
            ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG =
            ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat LE_FLOAT =
            ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble LE_DOUBLE =
            ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    /// Most values one decompression returns (a Java array bound).
    private static final int MAX_VALUES = Integer.MAX_VALUE - 16;

    /// The encoder's settings.
    ///
    /// @param level the compression level, 0..12 (pco's default is 8); higher levels build
    ///     finer histograms, for smaller output and slower compression
    /// @param delta the delta encoding: [PcoEncoder#DELTA_AUTO] (chosen per chunk), 0 (none),
    ///     1..7 (consecutive differences of that order) or [PcoEncoder#LOOKBACK]
    /// @param valuesPerChunk numbers per chunk, 1..[PcoEncoder#MAX_CHUNK_N]
    /// @param valuesPerPage numbers per page (at least 1): pages of a chunk decode on their own
    public record Settings(int level, int delta, int valuesPerChunk, int valuesPerPage) {
        /// pco's defaults: level 8, automatic delta, chunks of 2^18 numbers in one page each.
        public static final Settings DEFAULT = new Settings(
                PcoEncoder.DEFAULT_LEVEL,
                PcoEncoder.DELTA_AUTO,
                PcoEncoder.DEFAULT_CHUNK_N,
                PcoEncoder.DEFAULT_CHUNK_N);

        /// Checks the settings' ranges.
        public Settings {
            if (level < 0 || level > 12) {
                throw new IllegalArgumentException("pco compression level must be in 0..12, got " + level);
            }
            if (delta != PcoEncoder.DELTA_AUTO && (delta < PcoEncoder.LOOKBACK || delta > 7)) {
                throw new IllegalArgumentException(
                        "pco delta must be DELTA_AUTO, LOOKBACK or an order 0..7, got " + delta);
            }
            if (valuesPerChunk < 1 || valuesPerChunk > PcoEncoder.MAX_CHUNK_N) {
                throw new IllegalArgumentException(
                        "a pco chunk holds 1 to " + PcoEncoder.MAX_CHUNK_N + " numbers, got " + valuesPerChunk);
            }
            if (valuesPerPage < 1) {
                throw new IllegalArgumentException("pco page size must be positive, got " + valuesPerPage);
            }
        }

        /// Returns these settings with compression level `level`.
        public Settings withLevel(int level) {
            return new Settings(level, delta, valuesPerChunk, valuesPerPage);
        }

        /// Returns these settings with delta encoding `delta`.
        public Settings withDelta(int delta) {
            return new Settings(level, delta, valuesPerChunk, valuesPerPage);
        }

        /// Returns these settings with chunks of up to `valuesPerChunk` numbers in pages of up
        /// to `valuesPerPage`.
        public Settings withPaging(int valuesPerChunk, int valuesPerPage) {
            return new Settings(level, delta, valuesPerChunk, valuesPerPage);
        }
    }

    /// Compresses 64-bit integers ([PcoType#I64]) at the default settings.
    public static PcoCompressed compress(long[] values) {
        return compress(PcoType.I64, values, Settings.DEFAULT);
    }

    /// Compresses 32-bit integers ([PcoType#I32]) at the default settings.
    public static PcoCompressed compress(int[] values) {
        long[] longs = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            longs[i] = values[i];
        }
        return compress(PcoType.I32, longs, Settings.DEFAULT);
    }

    /// Compresses doubles ([PcoType#F64]) at the default settings; every bit is kept (NaN
    /// payloads, the sign of zero).
    public static PcoCompressed compress(double[] values) {
        long[] longs = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            longs[i] = Double.doubleToRawLongBits(values[i]);
        }
        return compress(PcoType.F64, longs, Settings.DEFAULT);
    }

    /// Compresses floats ([PcoType#F32]) at the default settings; every bit is kept.
    public static PcoCompressed compress(float[] values) {
        long[] longs = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            longs[i] = Float.floatToRawIntBits(values[i]) & 0xFFFF_FFFFL;
        }
        return compress(PcoType.F32, longs, Settings.DEFAULT);
    }

    /// Compresses `values`, numbers of `type` in their `long` form (see [PcoType]), with
    /// `settings`. Bits outside the type's width are ignored.
    ///
    /// @throws IllegalArgumentException for an 8-bit type, which pco's encoder does not take
    public static PcoCompressed compress(PcoType type, long[] values, Settings settings) {
        if (!PcoEncoder.supports(type)) {
            throw new IllegalArgumentException("pco does not encode " + type.shortName());
        }
        List<PcoEncoder.Chunk> chunks = new ArrayList<>();
        for (int from = 0; from < values.length; from += settings.valuesPerChunk()) {
            int n = Math.min(settings.valuesPerChunk(), values.length - from);
            chunks.add(PcoEncoder.encodeChunk(
                    type, values, from, n, settings.valuesPerPage(), settings.level(), settings.delta()));
        }
        return new PcoCompressed(type, PcoEncoder.header(), chunks);
    }

    /// Decompresses numbers of any type into their `long` form (see [PcoType]).
    ///
    /// @throws PcoException if the data is corrupt or in a newer pco format
    /// @throws IllegalArgumentException if the page counts are negative or add up to more than
    ///     a Java array holds
    public static long[] decompress(PcoCompressed compressed) {
        PcoType type = compressed.type();
        MemorySegment raw = decode(compressed);
        int n = (int) (raw.byteSize() / type.byteWidth());
        long[] out = new long[n];
        switch (type) {
            case I64, U64, F64 -> MemorySegment.copy(raw, LE_LONG, 0, out, 0, n);
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = raw.get(ValueLayout.JAVA_BYTE, i);
                }
            }
            case U8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = raw.get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
                }
            }
            case I16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = raw.getAtIndex(LE_SHORT, i);
                }
            }
            case U16, F16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = raw.getAtIndex(LE_SHORT, i) & 0xFFFFL;
                }
            }
            case I32 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = raw.getAtIndex(LE_INT, i);
                }
            }
            case U32, F32 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = raw.getAtIndex(LE_INT, i) & 0xFFFF_FFFFL;
                }
            }
        }
        return out;
    }

    /// Decompresses 64-bit integers ([PcoType#I64]).
    ///
    /// @throws PcoException if the data is corrupt or in a newer pco format
    /// @throws IllegalArgumentException if the numbers are of another type
    public static long[] decompressLongs(PcoCompressed compressed) {
        require(compressed, PcoType.I64);
        return decompress(compressed);
    }

    /// Decompresses 32-bit integers ([PcoType#I32]).
    ///
    /// @throws PcoException if the data is corrupt or in a newer pco format
    /// @throws IllegalArgumentException if the numbers are of another type
    public static int[] decompressInts(PcoCompressed compressed) {
        require(compressed, PcoType.I32);
        MemorySegment raw = decode(compressed);
        int[] out = new int[(int) (raw.byteSize() / 4)];
        MemorySegment.copy(raw, LE_INT, 0, out, 0, out.length);
        return out;
    }

    /// Decompresses doubles ([PcoType#F64]).
    ///
    /// @throws PcoException if the data is corrupt or in a newer pco format
    /// @throws IllegalArgumentException if the numbers are of another type
    public static double[] decompressDoubles(PcoCompressed compressed) {
        require(compressed, PcoType.F64);
        MemorySegment raw = decode(compressed);
        double[] out = new double[(int) (raw.byteSize() / 8)];
        MemorySegment.copy(raw, LE_DOUBLE, 0, out, 0, out.length);
        return out;
    }

    /// Decompresses floats ([PcoType#F32]).
    ///
    /// @throws PcoException if the data is corrupt or in a newer pco format
    /// @throws IllegalArgumentException if the numbers are of another type
    public static float[] decompressFloats(PcoCompressed compressed) {
        require(compressed, PcoType.F32);
        MemorySegment raw = decode(compressed);
        float[] out = new float[(int) (raw.byteSize() / 4)];
        MemorySegment.copy(raw, LE_FLOAT, 0, out, 0, out.length);
        return out;
    }

    private static void require(PcoCompressed compressed, PcoType type) {
        if (compressed.type() != type) {
            throw new IllegalArgumentException(
                    "the numbers are " + compressed.type().shortName() + ", not " + type.shortName());
        }
    }

    /// Decodes every page, in order, into one little-endian buffer.
    private static MemorySegment decode(PcoCompressed compressed) {
        PcoType type = compressed.type();
        long total = 0;
        for (PcoEncoder.Chunk c : compressed.chunks()) {
            if (c.pages().length != c.pageCounts().length) {
                throw new IllegalArgumentException(
                        "a chunk has " + c.pages().length + " pages but " + c.pageCounts().length + " page counts");
            }
            for (int count : c.pageCounts()) {
                if (count < 0) {
                    throw new IllegalArgumentException("negative page count " + count);
                }
                total += count;
            }
        }
        if (total > MAX_VALUES / type.byteWidth()) {
            throw new IllegalArgumentException(total + " " + type.shortName() + " values are too many for one array");
        }
        MemorySegment out = MemorySegment.ofArray(new byte[(int) total * type.byteWidth()]);
        PcoDecoder pco = PcoDecoder.open(compressed.header());
        long at = 0;
        for (PcoEncoder.Chunk c : compressed.chunks()) {
            PcoChunkDecoder chunk = null;
            for (int p = 0; p < c.pages().length; p++) {
                int n = c.pageCounts()[p];
                if (n == 0) {
                    continue;
                }
                if (chunk == null) {
                    chunk = pco.chunk(type, MemorySegment.ofArray(c.meta()));
                }
                chunk.decodePage(MemorySegment.ofArray(c.pages()[p]), n, out, at);
                at += n;
            }
        }
        return out;
    }
}
