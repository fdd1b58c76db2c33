/// Zstandard (RFC 8878) compression and decompression in pure Java; see [dev.jvortex.zstd].
module dev.jvortex.zstd {
    exports dev.jvortex.zstd;
}
