/// The cascading compressor: [dev.jvortex.compress.Compressor] picks, per array, the smallest of
/// the encoders' write trees (after the reference's BtrBlocks-style compressor) and compresses
/// their children again, with the schemes a [dev.jvortex.compress.CompressionPreset] allows;
/// [dev.jvortex.compress.Verify] decodes a result in memory and compares it with the input (a
/// debug check). The schemes and the cascade policy live in `dev.jvortex.compress.internal`.
package dev.jvortex.compress;
