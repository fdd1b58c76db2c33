/// `vortex.bytebool`: booleans stored one byte per row (any non-zero byte is true).
///
/// ## Bytes
/// - metadata: empty
/// - buffer 0: exactly `len` bytes
/// - children: optional validity (Bool, `len`)
///
/// Not produced by the default compressor; [ByteBoolDecoder] packs the bytes into a bitmap.
///
/// Reference: `encodings/bytebool/src/array.rs` in vortex-data/vortex.
package dev.jvortex.encodings.bytebool;
