/// One level of cheap encoding choices for the children of an encoder, when no compressor drives
/// it: [dev.jvortex.encodings.light.LightEncoder#PACKED] (integers bit-packed or FoR, floats ALP,
/// strings FSST, constants) and [dev.jvortex.encodings.light.LightEncoder#PATCHES] (patch
/// children). This package depends on the encoder families; none of them depends on it.
package dev.jvortex.encodings.light;
