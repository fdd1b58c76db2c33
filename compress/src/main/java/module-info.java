/// The cascading compressor: [dev.jvortex.compress.Compressor] picks the encodings of each array
/// with the schemes a [dev.jvortex.compress.CompressionPreset] allows. The schemes and the cascade
/// policy (`dev.jvortex.compress.internal`) are not exported.
module dev.jvortex.compress {
    requires transitive dev.jvortex.core;
    requires dev.jvortex.encodings;

    exports dev.jvortex.compress;
}
