/// `vortex.zigzag`: signed integers mapped to unsigned ones so small magnitudes stay small.
///
/// ## Bytes
/// - metadata: empty
/// - no buffers
/// - child `encoded`: the unsigned ptype of the same width, with the array's nullability, `len`
///   rows; validity lives here
///
/// ## Decoding
/// `v = (u >>> 1) ^ -(u & 1)` in the type's width (0, 1, 2, 3, 4 → 0, -1, 1, -2, 2).
///
/// Reference: `encodings/zigzag/src/{array.rs,compress.rs}` in vortex-data/vortex.
package dev.jvortex.encodings.zigzag;
