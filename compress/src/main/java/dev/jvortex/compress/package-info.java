/// The cascading compressor: [dev.jvortex.encodings.compress.Compressor] picks, per array, the
/// smallest of the encoders' write trees (after the reference's BtrBlocks-style compressor) and
/// compresses their children again; [dev.jvortex.encodings.compress.Verify] decodes a result in
/// memory and compares it with the input (a debug check).
package dev.jvortex.encodings.compress;
