package dev.jvortex.pcodec;

import java.lang.foreign.MemorySegment;

/// The entry point of the pco wrapped format: reads the header, then opens chunks.
///
/// ```java
/// PcoDecoder pco = PcoDecoder.open(headerBytes);
/// PcoChunkDecoder chunk = pco.chunk(PcoType.I64, chunkMeta);
/// chunk.decodePage(page, n, out, 0);
/// ```
public final class PcoDecoder {
    /// Newest format major version this decoder reads (pco 1.x writes 4.1).
    public static final int MAX_MAJOR = 4;

    private final int major;
    private final int minor;

    private PcoDecoder(int major, int minor) {
        this.major = major;
        this.minor = minor;
    }

    /// Reads a wrapped-format header: the major version byte, and a minor byte when the major
    /// is 4 or more. Bytes after the header are ignored, as pco does.
    public static PcoDecoder open(byte[] header) {
        if (header.length == 0) {
            throw new PcoException("pco header is empty");
        }
        int major = header[0] & 0xFF;
        int minor = 0;
        if (major >= 4) {
            if (header.length < 2) {
                throw new PcoException("pco header of format " + major + " lacks its minor version byte");
            }
            minor = header[1] & 0xFF;
        }
        if (major > MAX_MAJOR) {
            throw PcoException.unsupported(
                    "pco format version " + major + "." + minor + " is newer than the supported " + MAX_MAJOR + ".x");
        }
        return new PcoDecoder(major, minor);
    }

    /// Returns the format's major version (3 for pco 0.4.x, 4 for pco 1.x).
    public int major() {
        return major;
    }

    /// Returns the format's minor version (0 below format 4).
    public int minor() {
        return minor;
    }

    /// Parses the chunk meta `meta` for numbers of `ptype` and returns a decoder for its pages.
    public PcoChunkDecoder chunk(PcoType ptype, MemorySegment meta) {
        return new PcoChunkDecoder(PcoChunkMeta.parse(major, ptype, meta));
    }
}
