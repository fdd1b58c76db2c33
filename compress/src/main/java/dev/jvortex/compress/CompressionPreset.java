package dev.jvortex.compress;

/// Which schemes the cascading [Compressor] may choose from.
public enum CompressionPreset {
    /// The reference's default scheme list: lightweight encodings that decode at memory speed
    /// (bit-packing, FoR, ALP, dictionaries, FSST, run-end, ...).
    DEFAULT,
    /// The default list plus the general-purpose codecs of the reference's `compact()` preset:
    /// Pcodec for integers (wider than 8 bits) and floats, Zstandard for strings and binary. The
    /// codecs compete by sampled ratio like every other scheme; files are smaller for noisy data
    /// and slower to decode.
    COMPACT
}
