package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;
import dev.jvortex.zstd.ZstdDecompressor;
import dev.jvortex.zstd.ZstdException;
import java.lang.foreign.MemorySegment;

/// ZSTD pages through the project's pure-Java Zstandard decompressor (one per thread).
final class Zstd {
    private static final ThreadLocal<ZstdDecompressor> DECOMPRESSOR = ThreadLocal.withInitial(ZstdDecompressor::new);

    private Zstd() {}

    static void decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        long n;
        try {
            n = DECOMPRESSOR
                    .get()
                    .decompress(
                            MemorySegment.ofArray(src).asSlice(off, len),
                            MemorySegment.ofArray(dst).asSlice(dstOff, outLen));
        } catch (ZstdException e) {
            throw VortexException.corrupt(where + ": " + e.getMessage(), e);
        }
        if (n != outLen) {
            throw VortexException.corrupt(where + ": ZSTD data decodes to " + n + " bytes, expected " + outLen);
        }
    }
}
