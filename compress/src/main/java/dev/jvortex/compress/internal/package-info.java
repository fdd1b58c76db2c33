/// The compressor's internals: [dev.jvortex.compress.internal.Cascade], the policy (candidate
/// lists per value kind, sampling, picking and applying the winner, depth limits), and one class
/// per scheme (`ForScheme`, `DictScheme`, `AlpScheme`, ...), each declaring the arrays it applies
/// to, how it is judged, how its children are written and which schemes they may not use
/// (`ChildRule`), and how it encodes (with the encoder of its family in `dev.jvortex.encodings`).
///
/// To add a scheme: a `SchemeId`, a final class extending `Scheme` (and its name in the
/// `permits` list), and its place in the candidate list of each value kind it competes for in
/// `Cascade`; the order of a list is the order of trials, and earlier schemes win ties.
package dev.jvortex.compress.internal;
