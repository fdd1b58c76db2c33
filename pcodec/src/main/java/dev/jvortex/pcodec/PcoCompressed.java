package dev.jvortex.pcodec;

import java.util.List;

/// Numbers compressed by [Pcodec]: their type, pco's wrapped-format header and the chunks, each
/// with its meta, its pages and the number of values of each page.
///
/// These are the pieces a container stores (pco itself stores no value counts); [Pcodec]
/// decompresses them back. The arrays are not copied.
///
/// @param type the number type
/// @param header the wrapped-format header ([PcoEncoder#header()] when compressed here)
/// @param chunks the chunks, in order
public record PcoCompressed(PcoType type, byte[] header, List<PcoEncoder.Chunk> chunks) {
    /// Checks the pieces are there (not that they are valid pco: decompressing does that).
    public PcoCompressed {
        if (type == null || header == null || chunks == null) {
            throw new IllegalArgumentException("type, header and chunks must not be null");
        }
        chunks = List.copyOf(chunks);
    }

    /// Returns the number of values: the sum of every page's count.
    public long valueCount() {
        long n = 0;
        for (PcoEncoder.Chunk c : chunks) {
            for (int count : c.pageCounts()) {
                n += count;
            }
        }
        return n;
    }

    /// Returns the compressed size: the header, every chunk meta and every page.
    public long byteSize() {
        long n = header.length;
        for (PcoEncoder.Chunk c : chunks) {
            n += c.byteSize();
        }
        return n;
    }
}
