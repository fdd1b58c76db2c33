package dev.jvortex.format;

/// Where one data segment lies in the file.
public record SegmentSpec(long offset, long length, int alignmentExponent) {
    /// Returns the alignment in bytes.
    public long alignment() {
        return 1L << alignmentExponent;
    }
}
