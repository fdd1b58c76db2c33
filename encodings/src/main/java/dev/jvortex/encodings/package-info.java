/// Array encodings: [dev.jvortex.encodings.EncodingRegistry] maps each encoding id to its
/// decoder (one package per family) and [dev.jvortex.encodings.Decoding] runs a decode with the
/// limits that turn corrupt input into a [dev.jvortex.core.VortexException].
package dev.jvortex.encodings;
