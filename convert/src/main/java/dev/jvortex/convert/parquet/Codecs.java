package dev.jvortex.convert.parquet;

import dev.jvortex.core.VortexException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;

/// Page decompression in pure Java: Snappy and LZ4 (raw blocks) written here, GZIP through
/// the JDK's inflater.
final class Codecs {
    /// Eight bytes of a byte array at a time (short Snappy literals).
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Codecs() {}

    /// Decompresses `len` bytes of `src` at `off` into `dst[dstOff, dstOff + outLen)`; the
    /// output must be exactly `outLen` bytes.
    static void decompress(int codec, byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        switch (codec) {
            case ParquetMetadata.UNCOMPRESSED -> {
                if (len != outLen) {
                    throw VortexException.corrupt(
                            where + ": uncompressed page of " + len + " bytes declares " + outLen);
                }
                System.arraycopy(src, off, dst, dstOff, len);
            }
            case ParquetMetadata.SNAPPY -> snappy(src, off, len, dst, dstOff, outLen, where);
            case ParquetMetadata.LZ4_RAW -> {
                int n = lz4(src, off, len, dst, dstOff, outLen, where);
                if (n != outLen) {
                    throw VortexException.corrupt(where + ": LZ4 block decodes to " + n + " bytes, expected " + outLen);
                }
            }
            case ParquetMetadata.LZ4 -> lz4Hadoop(src, off, len, dst, dstOff, outLen, where);
            case ParquetMetadata.GZIP -> gzip(src, off, len, dst, dstOff, outLen, where);
            case ParquetMetadata.ZSTD -> Zstd.decompress(src, off, len, dst, dstOff, outLen, where);
            default ->
                throw VortexException.unsupported(
                        where + ": compression codec " + ParquetMetadata.codecName(codec) + " is not supported");
        }
    }

    // ------------------------------------------------------------------ Snappy

    static void snappy(byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        int p = off;
        int end = off + len;
        long declared = 0;
        for (int shift = 0; ; shift += 7) {
            if (p >= end || shift > 28) {
                throw VortexException.corrupt(where + ": bad Snappy length header");
            }
            int b = src[p++] & 0xFF;
            declared |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        if (declared != outLen) {
            throw VortexException.corrupt(where + ": Snappy block declares " + declared + " bytes, the page " + outLen);
        }
        int o = dstOff;
        int oEnd = dstOff + outLen;
        while (p < end) {
            int tag = src[p++] & 0xFF;
            int kind = tag & 3;
            if (kind == 0) {
                int n = tag >>> 2;
                if (n >= 60) {
                    int bytes = n - 59;
                    if (end - p < bytes) {
                        throw VortexException.corrupt(where + ": truncated Snappy literal");
                    }
                    n = littleEndian(src, p, bytes);
                    p += bytes;
                }
                long lit = (n & 0xFFFFFFFFL) + 1;
                if (lit <= 16 && end - p >= 16 && oEnd - o >= 16) {
                    // a short literal (the common case) as two 8-byte moves; the bytes past it
                    // are inside the output and overwritten by what follows
                    LONG.set(dst, o, (long) LONG.get(src, p));
                    LONG.set(dst, o + 8, (long) LONG.get(src, p + 8));
                    p += (int) lit;
                    o += (int) lit;
                    continue;
                }
                if (lit > end - p || lit > oEnd - o) {
                    throw VortexException.corrupt(where + ": Snappy literal runs past the end");
                }
                System.arraycopy(src, p, dst, o, (int) lit);
                p += (int) lit;
                o += (int) lit;
                continue;
            }
            int length;
            int offset;
            if (kind == 1) {
                if (p >= end) {
                    throw VortexException.corrupt(where + ": truncated Snappy copy");
                }
                length = 4 + ((tag >>> 2) & 7);
                offset = ((tag >>> 5) << 8) | (src[p++] & 0xFF);
            } else if (kind == 2) {
                if (end - p < 2) {
                    throw VortexException.corrupt(where + ": truncated Snappy copy");
                }
                length = (tag >>> 2) + 1;
                offset = (src[p] & 0xFF) | (src[p + 1] & 0xFF) << 8;
                p += 2;
            } else {
                if (end - p < 4) {
                    throw VortexException.corrupt(where + ": truncated Snappy copy");
                }
                length = (tag >>> 2) + 1;
                offset = (src[p] & 0xFF)
                        | (src[p + 1] & 0xFF) << 8
                        | (src[p + 2] & 0xFF) << 16
                        | (src[p + 3] & 0xFF) << 24;
                p += 4;
            }
            if (offset <= 0 || offset > o - dstOff || length > oEnd - o) {
                throw VortexException.corrupt(
                        where + ": bad Snappy copy (offset " + offset + ", length " + length + ")");
            }
            if (length <= 16 && offset >= 8 && oEnd - o >= 16) {
                // the common short copy as two 8-byte moves written out here (a call per copy
                // costs C1-compiled code, which inlines little, 14 % of the decoding): the second
                // load reads bytes the first store wrote when the offset is below 16; bytes past
                // the copy are inside the output and overwritten by what follows
                int from = o - offset;
                LONG.set(dst, o, (long) LONG.get(dst, from));
                LONG.set(dst, o + 8, (long) LONG.get(dst, from + 8));
            } else if (offset >= 8 && length + 7 <= oEnd - o) {
                // 8 bytes at a time (a copy is at most 64 bytes): each load reads bytes already
                // written, as the offset is at least 8; up to 7 bytes past the copy are written
                // inside the output and overwritten by what follows
                copyWords(dst, o, offset, length);
            } else {
                copyMatch(dst, o, offset, length);
            }
            o += length;
        }
        if (o != oEnd) {
            throw VortexException.corrupt(
                    where + ": Snappy block decodes to " + (o - dstOff) + " bytes, expected " + outLen);
        }
    }

    /// The `bytes` (1 to 4) bytes at `src[p]` as a little-endian int. (This and [#copyWords]
    /// are methods of their own so that [#snappy] has one loop alone, the one the JIT compiles it
    /// on-stack at.)
    static int littleEndian(byte[] src, int p, int bytes) {
        int n = 0;
        for (int i = 0; i < bytes; i++) {
            n |= (src[p + i] & 0xFF) << (8 * i);
        }
        return n;
    }

    /// Copies `length` bytes (at most 64) from `offset` (at least 8) bytes back in `dst` to `o`,
    /// 8 bytes at a time: each load reads bytes already written; up to 7 bytes past the copy are
    /// written, which the caller has room for.
    static void copyWords(byte[] dst, int o, int offset, int length) {
        int from = o - offset;
        for (int i = 0; i < length; i += 8) {
            LONG.set(dst, o + i, (long) LONG.get(dst, from + i));
        }
    }

    /// Copies `length` bytes from `offset` bytes back in `dst` to `o`; the ranges may overlap (a
    /// short offset repeats its bytes). Kept this small so that it is inlined into the decoding
    /// loops: 8-byte moves for the overlapping case measured slower (the method then grew too
    /// large to inline), see BENCHMARKS.md.
    static void copyMatch(byte[] dst, int o, int offset, int length) {
        int from = o - offset;
        if (offset >= length) {
            System.arraycopy(dst, from, dst, o, length);
        } else {
            for (int i = 0; i < length; i++) {
                dst[o + i] = dst[from + i];
            }
        }
    }

    // ------------------------------------------------------------------ LZ4

    /// Decodes one raw LZ4 block; returns the bytes written.
    static int lz4(byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        int p = off;
        int end = off + len;
        int o = dstOff;
        int oEnd = dstOff + outLen;
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (p >= end) {
                throw VortexException.corrupt(where + ": truncated LZ4 block");
            }
            int token = src[p++] & 0xFF;
            long lit = token >>> 4;
            if (lit == 15) {
                int b;
                do {
                    if (p >= end) {
                        throw VortexException.corrupt(where + ": truncated LZ4 literal length");
                    }
                    b = src[p++] & 0xFF;
                    lit += b;
                } while (b == 255 && lit < Integer.MAX_VALUE);
            }
            if (lit > end - p || lit > oEnd - o) {
                throw VortexException.corrupt(where + ": LZ4 literals run past the end");
            }
            System.arraycopy(src, p, dst, o, (int) lit);
            p += (int) lit;
            o += (int) lit;
            if (p == end) {
                return o - dstOff;
            }
            if (end - p < 2) {
                throw VortexException.corrupt(where + ": truncated LZ4 match offset");
            }
            int offset = (src[p] & 0xFF) | (src[p + 1] & 0xFF) << 8;
            p += 2;
            long ml = token & 15;
            if (ml == 15) {
                int b;
                do {
                    if (p >= end) {
                        throw VortexException.corrupt(where + ": truncated LZ4 match length");
                    }
                    b = src[p++] & 0xFF;
                    ml += b;
                } while (b == 255 && ml < Integer.MAX_VALUE);
            }
            ml += 4;
            if (offset == 0 || offset > o - dstOff || ml > oEnd - o) {
                throw VortexException.corrupt(where + ": bad LZ4 match (offset " + offset + ", length " + ml + ")");
            }
            copyMatch(dst, o, offset, (int) ml);
            o += (int) ml;
        }
    }

    /// The deprecated LZ4 codec: Hadoop's framing (big-endian u32 sizes around raw blocks) as
    /// most writers used it; some wrote a bare raw block, tried when the framing does not fit.
    static void lz4Hadoop(byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        int p = off;
        int end = off + len;
        int o = dstOff;
        boolean framed = true;
        while (p < end) {
            if (end - p < 8) {
                framed = false;
                break;
            }
            long total = be32(src, p);
            long comp = be32(src, p + 4);
            p += 8;
            if (total > dstOff + outLen - o || comp > end - p) {
                framed = false;
                break;
            }
            int n;
            try {
                n = lz4(src, p, (int) comp, dst, o, (int) total, where);
            } catch (VortexException e) {
                framed = false;
                break;
            }
            if (n != total) {
                framed = false;
                break;
            }
            p += (int) comp;
            o += n;
        }
        if (framed && o - dstOff == outLen) {
            return;
        }
        int n = lz4(src, off, len, dst, dstOff, outLen, where);
        if (n != outLen) {
            throw VortexException.corrupt(where + ": LZ4 data decodes to " + n + " bytes, expected " + outLen);
        }
    }

    private static long be32(byte[] b, int p) {
        return ((b[p] & 0xFFL) << 24) | ((b[p + 1] & 0xFFL) << 16) | ((b[p + 2] & 0xFFL) << 8) | (b[p + 3] & 0xFFL);
    }

    // ------------------------------------------------------------------ GZIP

    static void gzip(byte[] src, int off, int len, byte[] dst, int dstOff, int outLen, String where) {
        try {
            int n;
            if (len >= 2 && (src[off] & 0xFF) == 0x1F && (src[off + 1] & 0xFF) == 0x8B) {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(src, off, len), 1 << 16)) {
                    n = in.readNBytes(dst, dstOff, outLen);
                    if (n == outLen && in.read() >= 0) {
                        throw VortexException.corrupt(where + ": GZIP data decodes to more than " + outLen + " bytes");
                    }
                }
            } else {
                Inflater inf = new Inflater(false);
                try {
                    inf.setInput(src, off, len);
                    n = 0;
                    while (n < outLen && !inf.finished()) {
                        int k = inf.inflate(dst, dstOff + n, outLen - n);
                        if (k == 0 && (inf.needsInput() || inf.needsDictionary())) {
                            break;
                        }
                        n += k;
                    }
                } finally {
                    inf.end();
                }
            }
            if (n != outLen) {
                throw VortexException.corrupt(where + ": GZIP data decodes to " + n + " bytes, expected " + outLen);
            }
        } catch (IOException | DataFormatException | RuntimeException e) {
            if (e instanceof VortexException v) {
                throw v;
            }
            throw VortexException.corrupt(where + ": bad GZIP data: " + e.getMessage(), e);
        }
    }
}
