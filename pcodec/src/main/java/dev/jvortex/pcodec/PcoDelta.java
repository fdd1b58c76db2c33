package dev.jvortex.pcodec;

/// The delta encoding of a pco chunk (the 4-bit variant of the chunk meta), or of one latent
/// variable within it.
public enum PcoDelta {
    /// Latents are stored as they are.
    NONE,
    /// Differences of order 1..7 between consecutive latents; the page state holds the moments.
    CONSECUTIVE,
    /// Differences to an earlier latent chosen per value by a separate u32 lookback variable.
    LOOKBACK,
    /// Residuals of a linear prediction from the preceding latents (format 4.1, at most 32 bits).
    CONV1
}
