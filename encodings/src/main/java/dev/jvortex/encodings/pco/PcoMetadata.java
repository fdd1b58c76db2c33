package dev.jvortex.encodings.pco;

import dev.jvortex.core.proto.ProtoReader;
import dev.jvortex.core.proto.ProtoWriter;
import java.util.ArrayList;
import java.util.List;

/// The metadata of `vortex.pco` as stored (`PcoMetadata`, fields in the package docs).
///
/// @param header `header` (1): the Pcodec header bytes
/// @param chunks `chunks` (2): per chunk (`PcoChunkInfo`), the value count of each of its pages
///               (`PcoPageInfo.n_values`, field 1, a uint32)
public record PcoMetadata(byte[] header, List<long[]> chunks) {
    /// Reads the metadata bytes of a `vortex.pco` node; a page count that does not fit a uint32
    /// is corrupt.
    public static PcoMetadata read(byte[] bytes) {
        byte[] header = new byte[0];
        List<long[]> chunks = new ArrayList<>();
        ProtoReader r = new ProtoReader(bytes, "PcoMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> header = r.readBytes();
                case 2 -> chunks.add(chunk(r.readMessage("PcoChunkInfo")));
                default -> r.skip();
            }
        }
        return new PcoMetadata(header, chunks);
    }

    private static long[] chunk(ProtoReader r) {
        List<Long> counts = new ArrayList<>();
        while (r.next()) {
            if (r.field() == 1) {
                counts.add(pageValues(r.readMessage("PcoPageInfo")));
            } else {
                r.skip();
            }
        }
        long[] out = new long[counts.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = counts.get(i);
        }
        return out;
    }

    private static long pageValues(ProtoReader r) {
        long n = 0;
        while (r.next()) {
            if (r.field() == 1) {
                n = r.readVarint();
                if (n < 0 || n > 0xFFFF_FFFFL) {
                    throw r.fail("n_values " + Long.toUnsignedString(n) + " does not fit a uint32");
                }
            } else {
                r.skip();
            }
        }
        return n;
    }

    /// Returns the metadata bytes: the header always, then one `PcoChunkInfo` per chunk with one
    /// `PcoPageInfo` per page (zero counts omitted inside it).
    public byte[] write() {
        ProtoWriter w = new ProtoWriter().bytes(1, header);
        for (long[] pages : chunks) {
            ProtoWriter info = new ProtoWriter();
            for (long count : pages) {
                info.bytes(1, new ProtoWriter().varintIfNonZero(1, count).toByteArray());
            }
            w.bytes(2, info.toByteArray());
        }
        return w.toByteArray();
    }
}
