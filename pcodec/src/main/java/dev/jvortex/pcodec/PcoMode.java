package dev.jvortex.pcodec;

/// How a pco chunk splits each number into latents (the 4-bit `mode` of the chunk meta).
public enum PcoMode {
    /// One latent: the number's order-preserving latent.
    CLASSIC,
    /// Integers: `number = primary * base + secondary`.
    INT_MULT,
    /// Floats: `number = primary (as an integer-valued float) * base`, adjusted by `secondary` ULPs.
    FLOAT_MULT,
    /// Floats: the primary holds the high bits, the secondary the low `k` bits.
    FLOAT_QUANT,
    /// The primary is a u32 index into a dictionary of latents (format 4.1).
    DICT
}
