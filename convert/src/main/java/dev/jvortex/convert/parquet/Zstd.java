package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;

/// ZSTD pages: the pure-Java decompressor is not merged yet.
final class Zstd {
    private Zstd() {}

    static void decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        throw VortexException.unsupported(where + ": ZSTD-compressed Parquet pages are not supported yet");
    }
}
