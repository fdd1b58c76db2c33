package dev.jvortex.convert.parquet;

import static dev.jvortex.convert.parquet.ParquetMetadata.BOOLEAN;
import static dev.jvortex.convert.parquet.ParquetMetadata.BYTE_ARRAY;
import static dev.jvortex.convert.parquet.ParquetMetadata.DOUBLE;
import static dev.jvortex.convert.parquet.ParquetMetadata.FIXED_LEN_BYTE_ARRAY;
import static dev.jvortex.convert.parquet.ParquetMetadata.FLOAT;
import static dev.jvortex.convert.parquet.ParquetMetadata.INT32;
import static dev.jvortex.convert.parquet.ParquetMetadata.INT64;
import static dev.jvortex.convert.parquet.ParquetMetadata.INT96;

import dev.jvortex.core.VortexException;
import dev.jvortex.core.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;

/// Reads the pages of one column chunk (held in memory) into a [ColumnData].
final class ColumnChunkReader {
    /// Largest page this reader decompresses.
    static final int MAX_PAGE = 1 << 30;
    /// Most values reserved before the first page is read.
    private static final long PRESIZE_MAX = 1 << 24;
    private static final long JULIAN_EPOCH = 2_440_588L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private final byte[] chunk;
    private final int codec;
    private final long numValues;
    /// The entries decoded and not yet returned by [#next] (all of them for [#read]).
    private ColumnData data;
    private final String where;
    /// Entries returned by [#next].
    private long consumed;
    /// Where the next page header starts, and its number.
    private int pos;
    private int page;
    private boolean dataPages;
    private ColumnData dict;
    private final int defWidth;
    private final int repWidth;

    ColumnChunkReader(byte[] chunk, int codec, long numValues, ColumnData data) {
        this.chunk = chunk;
        this.codec = codec;
        this.numValues = numValues;
        this.data = data;
        this.where = data.where;
        this.defWidth = 32 - Integer.numberOfLeadingZeros(data.maxDef);
        this.repWidth = 32 - Integer.numberOfLeadingZeros(data.maxRep);
    }

    /// Decodes every page.
    ColumnData read() {
        presize(numValues);
        decodeUntil(numValues);
        if (data.entries != numValues) {
            throw VortexException.corrupt(
                    where + ": pages hold " + data.entries + " values, the metadata says " + numValues);
        }
        return data;
    }

    /// Returns the next `rows` entries (fewer at the end of the chunk), decoding pages as far as
    /// they are needed; the entries of a page past them are kept for the next call. Each call's
    /// allocations are charged to `budget`. Only for columns without repetition levels.
    ColumnData next(int rows, Budget budget) {
        if (data.maxRep > 0) {
            throw new IllegalStateException("slicing a repeated column");
        }
        data.budget = budget;
        if (consumed == 0 && data.entries == 0) {
            presize(rows);
        }
        decodeUntil(consumed + rows);
        if (consumed + data.entries > numValues) {
            throw VortexException.corrupt(
                    where + ": pages hold more than the " + numValues + " values the metadata says");
        }
        int take = Math.min(rows, data.entries);
        ColumnData head = data;
        data = head.splitAt(take, budget, rows);
        consumed += take;
        return head;
    }

    /// Returns how many entries [#next] has returned.
    long consumed() {
        return consumed;
    }

    /// Reserves room for up to `entries` entries and values, within what the chunk's bytes can
    /// plausibly hold (the pages would otherwise grow the arrays page by page); the budget still
    /// bounds it.
    private void presize(long entries) {
        if (numValues < 0) {
            throw VortexException.corrupt(where + ": negative value count " + numValues);
        }
        int presize = (int) Math.min(Math.min(entries, numValues), Math.min(PRESIZE_MAX, 64L * chunk.length));
        if (presize > 0) {
            data.reserveEntries(presize);
            data.reserveValues(presize);
        }
    }

    /// Decodes pages until `target` entries (counting those returned by [#next]) or the
    /// chunk's value count are reached.
    private void decodeUntil(long target) {
        if (numValues < 0) {
            throw VortexException.corrupt(where + ": negative value count " + numValues);
        }
        long goal = Math.min(target, numValues);
        while (consumed + data.entries < goal) {
            if (pos >= chunk.length) {
                throw VortexException.corrupt(where + ": the column chunk ends after " + (consumed + data.entries)
                        + " of " + numValues + " values");
            }
            String pw = where + ", page " + page + " (chunk byte " + pos + ")";
            Thrift t = new Thrift(chunk, pos, chunk.length, pw);
            ParquetMetadata.PageHeader h = ParquetMetadata.PageHeader.of(t.readStruct(), pw);
            pos = t.position();
            if (h.compressedSize() > chunk.length - pos) {
                throw VortexException.corrupt(
                        pw + ": page of " + h.compressedSize() + " bytes runs past the column chunk");
            }
            if (h.uncompressedSize() > MAX_PAGE) {
                throw VortexException.unsupported(pw + ": page of " + h.uncompressedSize() + " bytes is too large");
            }
            switch (h.type()) {
                case ParquetMetadata.DICTIONARY_PAGE -> dictionaryPage(h, pos, pw);
                case ParquetMetadata.DATA_PAGE -> dataPageV1(h, pos, pw);
                case ParquetMetadata.DATA_PAGE_V2 -> dataPageV2(h, pos, pw);
                default -> {
                    // index pages and unknown page types carry no values
                }
            }
            pos += h.compressedSize();
            page++;
        }
    }

    private byte[] decompress(int from, int compLen, int outLen, String pw) {
        byte[] out = new byte[outLen];
        Codecs.decompress(codec, chunk, from, compLen, out, 0, outLen, pw);
        return out;
    }

    private void dictionaryPage(ParquetMetadata.PageHeader h, int pos, String pw) {
        if (dict != null) {
            throw VortexException.corrupt(pw + ": a second dictionary page");
        }
        if (dataPages) {
            throw VortexException.corrupt(pw + ": dictionary page after data pages");
        }
        if (h.encoding() != ParquetMetadata.PLAIN && h.encoding() != ParquetMetadata.PLAIN_DICTIONARY) {
            throw VortexException.unsupported(
                    pw + ": dictionary page encoding " + ParquetMetadata.encodingName(h.encoding()));
        }
        byte[] buf = decompress(pos, h.compressedSize(), h.uncompressedSize(), pw);
        int n = h.numValues();
        if (n < 0) {
            throw VortexException.corrupt(pw + ": negative dictionary size");
        }
        dict = new ColumnData(data.type, data.typeLength, 0, 0, new Budget(Long.MAX_VALUE), pw);
        checkPlainCount(n, buf.length, pw);
        plain(dict, buf, 0, buf.length, n, pw);
        data.dictHeap = dict.heap;
        data.dictHeapSize = dict.heapSize;
    }

    private void dataPageV1(ParquetMetadata.PageHeader h, int pos, String pw) {
        int n = h.numValues();
        if (n < 0) {
            throw VortexException.corrupt(pw + ": negative value count");
        }
        byte[] buf = decompress(pos, h.compressedSize(), h.uncompressedSize(), pw);
        int p = 0;
        int base = data.entries;
        data.reserveEntries(n);
        if (data.maxRep > 0) {
            p = levels(
                    h.repEncoding(),
                    buf,
                    p,
                    buf.length,
                    repWidth,
                    data.maxRep,
                    data.rep,
                    base,
                    n,
                    true,
                    pw + " repetition levels");
        }
        if (data.maxDef > 0) {
            p = levels(
                    h.defEncoding(),
                    buf,
                    p,
                    buf.length,
                    defWidth,
                    data.maxDef,
                    data.def,
                    base,
                    n,
                    true,
                    pw + " definition levels");
        }
        finishPage(h, buf, p, buf.length, base, n, pw);
    }

    private void dataPageV2(ParquetMetadata.PageHeader h, int pos, String pw) {
        int n = h.numValues();
        int rl = h.repLength();
        int dl = h.defLength();
        if (n < 0 || rl < 0 || dl < 0 || (long) rl + dl > h.compressedSize() || (long) rl + dl > h.uncompressedSize()) {
            throw VortexException.corrupt(pw + ": bad DATA_PAGE_V2 level lengths (" + rl + ", " + dl + ")");
        }
        int base = data.entries;
        data.reserveEntries(n);
        if (data.maxRep > 0) {
            levels(
                    ParquetMetadata.RLE,
                    chunk,
                    pos,
                    pos + rl,
                    repWidth,
                    data.maxRep,
                    data.rep,
                    base,
                    n,
                    false,
                    pw + " repetition levels");
        }
        if (data.maxDef > 0) {
            levels(
                    ParquetMetadata.RLE,
                    chunk,
                    pos + rl,
                    pos + rl + dl,
                    defWidth,
                    data.maxDef,
                    data.def,
                    base,
                    n,
                    false,
                    pw + " definition levels");
        }
        int from = pos + rl + dl;
        int compLen = h.compressedSize() - rl - dl;
        int outLen = h.uncompressedSize() - rl - dl;
        byte[] buf;
        int start;
        int end;
        if (!h.compressed() || codec == ParquetMetadata.UNCOMPRESSED || outLen == 0) {
            if (h.compressed() && codec != ParquetMetadata.UNCOMPRESSED && compLen != 0) {
                buf = decompress(from, compLen, outLen, pw);
                start = 0;
                end = outLen;
            } else {
                buf = chunk;
                start = from;
                end = from + compLen;
            }
        } else {
            buf = decompress(from, compLen, outLen, pw);
            start = 0;
            end = outLen;
        }
        finishPage(h, buf, start, end, base, n, pw);
    }

    /// Counts the page's non-null values and decodes them.
    private void finishPage(ParquetMetadata.PageHeader h, byte[] buf, int p, int end, int base, int n, String pw) {
        int nonNull = n;
        if (data.maxDef > 0) {
            nonNull = 0;
            byte[] def = data.def;
            byte max = (byte) data.maxDef;
            for (int i = base; i < base + n; i++) {
                if (def[i] == max) {
                    nonNull++;
                }
            }
        }
        if (data.maxRep > 0 && n > 0 && base == 0 && data.rep[0] != 0) {
            throw VortexException.corrupt(pw + ": the first repetition level is " + data.rep[0] + ", not 0");
        }
        data.entries = base + n;
        dataPages |= n > 0;
        values(h.encoding(), buf, p, end, nonNull, pw);
    }

    /// Decodes `n` levels into `out[base, base + n)`; returns the position after them.
    private static int levels(
            int encoding,
            byte[] buf,
            int p,
            int end,
            int width,
            int max,
            byte[] out,
            int base,
            int n,
            boolean lengthPrefix,
            String pw) {
        int next;
        if (encoding == ParquetMetadata.RLE) {
            int from = p;
            int to = end;
            if (lengthPrefix) {
                if (end - p < 4) {
                    throw VortexException.corrupt(pw + ": missing length");
                }
                int len = (buf[p] & 0xFF)
                        | (buf[p + 1] & 0xFF) << 8
                        | (buf[p + 2] & 0xFF) << 16
                        | (buf[p + 3] & 0xFF) << 24;
                if (len < 0 || len > end - p - 4) {
                    throw VortexException.corrupt(pw + ": length " + len + " runs past the page");
                }
                from = p + 4;
                to = from + len;
            }
            new Decoders.Rle(buf, from, to, width, pw).read(out, base, n);
            next = to;
        } else if (encoding == ParquetMetadata.BIT_PACKED) {
            next = p + Decoders.bitPackedLevels(buf, p, end, width, out, base, n, pw);
        } else {
            throw VortexException.unsupported(pw + ": level encoding " + ParquetMetadata.encodingName(encoding));
        }
        checkLevels(out, base, n, max, pw);
        return next;
    }

    /// Checks that levels `out[base, base + n)` are in `[0, max]`.
    private static void checkLevels(byte[] out, int base, int n, int max, String pw) {
        for (int i = base; i < base + n; i++) {
            if (out[i] > max || out[i] < 0) {
                throw VortexException.corrupt(pw + ": level " + out[i] + " above the maximum " + max);
            }
        }
    }

    private void values(int encoding, byte[] buf, int p, int end, int n, String pw) {
        if (n == 0) {
            return;
        }
        switch (encoding) {
            case ParquetMetadata.PLAIN -> {
                checkPlainCount(n, end - p, pw);
                plain(data, buf, p, end, n, pw);
            }
            case ParquetMetadata.PLAIN_DICTIONARY, ParquetMetadata.RLE_DICTIONARY ->
                dictionaryIndices(buf, p, end, n, pw);
            case ParquetMetadata.RLE -> {
                if (data.type != BOOLEAN) {
                    throw VortexException.unsupported(pw + ": RLE values for a non-boolean column");
                }
                if (end - p < 4) {
                    throw VortexException.corrupt(pw + ": missing RLE length");
                }
                int len = (buf[p] & 0xFF)
                        | (buf[p + 1] & 0xFF) << 8
                        | (buf[p + 2] & 0xFF) << 16
                        | (buf[p + 3] & 0xFF) << 24;
                if (len < 0 || len > end - p - 4) {
                    throw VortexException.corrupt(pw + ": RLE length " + len + " runs past the page");
                }
                data.reserveValues(n);
                new Decoders.Rle(buf, p + 4, p + 4 + len, 1, pw).read(data.bools, data.count, n);
                data.count += n;
            }
            case ParquetMetadata.DELTA_BINARY_PACKED -> {
                if (data.type != INT32 && data.type != INT64) {
                    throw VortexException.unsupported(pw + ": DELTA_BINARY_PACKED for a non-integer column");
                }
                checkRunCount(n, end - p, pw);
                data.reserveValues(n);
                if (data.type == INT64) {
                    Decoders.deltaBinaryPacked(buf, p, end, data.longs, data.count, n, false, pw);
                } else {
                    long[] tmp = new long[n];
                    Decoders.deltaBinaryPacked(buf, p, end, tmp, 0, n, true, pw);
                    for (int i = 0; i < n; i++) {
                        data.ints[data.count + i] = (int) tmp[i];
                    }
                }
                data.count += n;
            }
            case ParquetMetadata.DELTA_LENGTH_BYTE_ARRAY -> {
                if (data.type != BYTE_ARRAY) {
                    throw VortexException.unsupported(pw + ": DELTA_LENGTH_BYTE_ARRAY for a non-byte-array column");
                }
                checkRunCount(n, end - p, pw);
                long[] lens = new long[n];
                int q = Decoders.deltaBinaryPacked(buf, p, end, lens, 0, n, true, pw);
                data.reserveValues(n);
                for (int i = 0; i < n; i++) {
                    long l = lens[i];
                    if (l < 0 || l > end - q) {
                        throw VortexException.corrupt(pw + ": byte array of " + l + " bytes runs past the page");
                    }
                    data.addBytes(buf, q, (int) l);
                    q += (int) l;
                }
            }
            case ParquetMetadata.DELTA_BYTE_ARRAY -> deltaByteArray(buf, p, end, n, pw);
            case ParquetMetadata.BYTE_STREAM_SPLIT -> byteStreamSplit(buf, p, end, n, pw);
            default ->
                throw VortexException.unsupported(pw + ": value encoding " + ParquetMetadata.encodingName(encoding));
        }
    }

    /// Rejects value counts that a page of `bytes` bytes cannot hold in PLAIN encoding.
    private void checkPlainCount(long n, long bytes, String pw) {
        long need = switch (data.type) {
            case BOOLEAN -> (n + 7) / 8;
            case INT32, FLOAT -> 4 * n;
            case INT64, DOUBLE -> 8 * n;
            case INT96 -> 12 * n;
            case BYTE_ARRAY -> 4 * n;
            default -> data.typeLength > 0 ? (long) data.typeLength * n : n / 8;
        };
        if (need > bytes) {
            throw VortexException.corrupt(
                    pw + ": " + n + " PLAIN values need " + need + " bytes, the page has " + bytes);
        }
    }

    /// Rejects value counts far beyond what run-length or delta data of `bytes` bytes can encode.
    private static void checkRunCount(long n, long bytes, String pw) {
        // A DELTA_BINARY_PACKED block of zero-width miniblocks holds at most ~2^20 values in a few bytes.
        if (n > (bytes + 1) * (1L << 20)) {
            throw VortexException.corrupt(pw + ": " + n + " values cannot fit in " + bytes + " bytes");
        }
    }

    private static void plain(ColumnData d, byte[] buf, int p, int end, int n, String pw) {
        d.reserveValues(n);
        int c = d.count;
        switch (d.type) {
            case BOOLEAN -> {
                for (int i = 0; i < n; i++) {
                    d.bools[c + i] = (byte) ((buf[p + (i >>> 3)] >>> (i & 7)) & 1);
                }
            }
            case INT32, FLOAT -> MemorySegment.copy(MemorySegment.ofArray(buf), PrimitiveArray.LE_INT, p, d.ints, c, n);
            case INT64, DOUBLE ->
                MemorySegment.copy(MemorySegment.ofArray(buf), PrimitiveArray.LE_LONG, p, d.longs, c, n);
            case INT96 -> {
                for (int i = 0; i < n; i++) {
                    int q = p + 12 * i;
                    long nanos = le64(buf, q);
                    long day = le32(buf, q + 8) & 0xFFFFFFFFL;
                    d.longs[c + i] = (day - JULIAN_EPOCH) * NANOS_PER_DAY + nanos;
                }
            }
            case BYTE_ARRAY -> {
                // the values' bytes are at most the page's bytes after the n lengths (checked by
                // checkPlainCount): the heap grows once per page, not per value
                d.reserveHeap(Math.max(0, (end - p) - 4L * n));
                byte[] heap = d.heap;
                int[] off = d.off;
                int[] len = d.len;
                int at = d.heapSize;
                int q = p;
                for (int i = 0; i < n; i++) {
                    if (end - q < 4) {
                        throw VortexException.corrupt(pw + ": truncated byte array length");
                    }
                    int l = le32(buf, q);
                    q += 4;
                    // room for this value and the lengths of the values after it (which keeps
                    // the copies inside the heap reserved above)
                    if (l < 0 || l > end - q - 4L * (n - 1 - i)) {
                        throw VortexException.corrupt(pw + ": byte array of " + l + " bytes runs past the page");
                    }
                    System.arraycopy(buf, q, heap, at, l);
                    off[c + i] = at;
                    len[c + i] = l;
                    at += l;
                    q += l;
                }
                d.heapSize = at;
                d.count = c + n;
                return;
            }
            case FIXED_LEN_BYTE_ARRAY -> {
                int w = d.typeLength;
                d.reserveHeap((long) w * n);
                for (int i = 0; i < n; i++) {
                    d.addBytes(buf, p + w * i, w);
                }
                return;
            }
            default -> throw VortexException.corrupt(pw + ": unknown physical type " + d.type);
        }
        d.count += n;
    }

    private void dictionaryIndices(byte[] buf, int p, int end, int n, String pw) {
        if (dict == null) {
            throw VortexException.corrupt(pw + ": dictionary-encoded page without a dictionary page");
        }
        if (p >= end) {
            throw VortexException.corrupt(pw + ": missing dictionary index bit width");
        }
        int width = buf[p] & 0xFF;
        checkRunCount(n, end - p, pw);
        int[] idx = new int[n];
        new Decoders.Rle(buf, p + 1, end, width, pw).read(idx, 0, n);
        int size = dict.count;
        // one loop per type (the type is fixed for the chunk), each index checked in line; each
        // loop a method of its own, so that the JIT compiles it alone (this method, run once per
        // page, has no loop to compile with everything inlined into it)
        data.reserveValues(n);
        int c = data.count;
        switch (data.type) {
            case BOOLEAN -> gather(idx, n, size, dict.bools, data.bools, c, pw);
            case INT32, FLOAT -> gather(idx, n, size, dict.ints, data.ints, c, pw);
            case INT64, DOUBLE, INT96 -> gather(idx, n, size, dict.longs, data.longs, c, pw);
            default -> gatherStrings(idx, n, size, dict.off, dict.len, data.off, data.len, c, pw);
        }
        data.count += n;
    }

    /// `to[c + i] = from[idx[i]]` for `i < n`, each index checked against the dictionary's `size`.
    private static void gather(int[] idx, int n, int size, byte[] from, byte[] to, int c, String pw) {
        for (int i = 0; i < n; i++) {
            int k = idx[i];
            if (k < 0 || k >= size) {
                checkIndex(k, size, pw);
            }
            to[c + i] = from[k];
        }
    }

    /// As [#gather(int[], int, int, byte[], byte[], int, String)], for ints.
    private static void gather(int[] idx, int n, int size, int[] from, int[] to, int c, String pw) {
        for (int i = 0; i < n; i++) {
            int k = idx[i];
            if (k < 0 || k >= size) {
                checkIndex(k, size, pw);
            }
            to[c + i] = from[k];
        }
    }

    /// As [#gather(int[], int, int, byte[], byte[], int, String)], for longs.
    private static void gather(int[] idx, int n, int size, long[] from, long[] to, int c, String pw) {
        for (int i = 0; i < n; i++) {
            int k = idx[i];
            if (k < 0 || k >= size) {
                checkIndex(k, size, pw);
            }
            to[c + i] = from[k];
        }
    }

    /// As [#gather(int[], int, int, byte[], byte[], int, String)], for byte-array values: each
    /// row's offset (`-1 - offset` of its dictionary entry) and length.
    private static void gatherStrings(
            int[] idx, int n, int size, int[] dictOff, int[] dictLen, int[] off, int[] len, int c, String pw) {
        for (int i = 0; i < n; i++) {
            int k = idx[i];
            if (k < 0 || k >= size) {
                checkIndex(k, size, pw);
            }
            off[c + i] = -1 - dictOff[k];
            len[c + i] = dictLen[k];
        }
    }

    private static int checkIndex(int k, int size, String pw) {
        if (k < 0 || k >= size) {
            throw VortexException.corrupt(
                    pw + ": dictionary index " + k + " out of range (dictionary of " + size + ")");
        }
        return k;
    }

    private void deltaByteArray(byte[] buf, int p, int end, int n, String pw) {
        if (data.type != BYTE_ARRAY && data.type != FIXED_LEN_BYTE_ARRAY) {
            throw VortexException.unsupported(pw + ": DELTA_BYTE_ARRAY for a non-byte-array column");
        }
        checkRunCount(n, end - p, pw);
        long[] prefix = new long[n];
        int q = Decoders.deltaBinaryPacked(buf, p, end, prefix, 0, n, true, pw);
        long[] suffix = new long[n];
        q = Decoders.deltaBinaryPacked(buf, q, end, suffix, 0, n, true, pw);
        data.reserveValues(n);
        int prevOff = 0;
        int prevLen = 0;
        for (int i = 0; i < n; i++) {
            long pl = prefix[i];
            long sl = suffix[i];
            if (pl < 0 || pl > prevLen || sl < 0 || sl > end - q) {
                throw VortexException.corrupt(pw + ": bad DELTA_BYTE_ARRAY prefix " + pl + " / suffix " + sl);
            }
            int total = (int) (pl + sl);
            if (data.type == FIXED_LEN_BYTE_ARRAY && total != data.typeLength) {
                throw VortexException.corrupt(pw + ": DELTA_BYTE_ARRAY value of " + total
                        + " bytes in a FIXED_LEN_BYTE_ARRAY(" + data.typeLength + ") column");
            }
            data.reserveHeap(total);
            int at = data.heapSize;
            System.arraycopy(data.heap, prevOff, data.heap, at, (int) pl);
            System.arraycopy(buf, q, data.heap, at + (int) pl, (int) sl);
            q += (int) sl;
            data.off[data.count] = at;
            data.len[data.count] = total;
            data.heapSize += total;
            data.count++;
            prevOff = at;
            prevLen = total;
        }
    }

    private void byteStreamSplit(byte[] buf, int p, int end, int n, String pw) {
        int w = switch (data.type) {
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            case FIXED_LEN_BYTE_ARRAY -> data.typeLength;
            default -> throw VortexException.unsupported(pw + ": BYTE_STREAM_SPLIT for this physical type");
        };
        if ((long) w * n > end - p) {
            throw VortexException.corrupt(
                    pw + ": BYTE_STREAM_SPLIT needs " + ((long) w * n) + " bytes, the page has " + (end - p));
        }
        data.reserveValues(n);
        int c = data.count;
        switch (data.type) {
            case INT32, FLOAT -> {
                for (int i = 0; i < n; i++) {
                    data.ints[c + i] = (buf[p + i] & 0xFF)
                            | (buf[p + n + i] & 0xFF) << 8
                            | (buf[p + 2 * n + i] & 0xFF) << 16
                            | (buf[p + 3 * n + i] & 0xFF) << 24;
                }
                data.count += n;
            }
            case INT64, DOUBLE -> {
                for (int i = 0; i < n; i++) {
                    long v = 0;
                    for (int k = 0; k < 8; k++) {
                        v |= (buf[p + k * n + i] & 0xFFL) << (8 * k);
                    }
                    data.longs[c + i] = v;
                }
                data.count += n;
            }
            default -> {
                byte[] tmp = new byte[w];
                data.reserveHeap((long) w * n);
                for (int i = 0; i < n; i++) {
                    for (int k = 0; k < w; k++) {
                        tmp[k] = buf[p + k * n + i];
                    }
                    data.addBytes(tmp, 0, w);
                }
            }
        }
    }

    static int le32(byte[] b, int p) {
        return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24;
    }

    static long le64(byte[] b, int p) {
        return (le32(b, p) & 0xFFFFFFFFL) | ((long) le32(b, p + 4) << 32);
    }
}
