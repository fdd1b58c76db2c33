/// Writing the file's flatbuffers: [dev.jvortex.format.internal.FbBuilder] builds a flatbuffer
/// back to front, [dev.jvortex.format.internal.FormatWriter] writes the dtype, layout, footer,
/// postscript and statistics messages with it.
///
/// Not part of the public API: exported to `dev.jvortex.file`, whose writer is the only one.
package dev.jvortex.format.internal;
