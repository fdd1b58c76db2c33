/// Shared test support, used by other modules' tests only (a test-scoped dependency).
///
/// - [dev.jvortex.testing.Oracle]: the reference implementation (the pinned `vortex-data`
///   Python package in the venv `scripts/oracle-env.sh` makes), with the policy that a missing
///   oracle fails under CI and skips loudly elsewhere; [dev.jvortex.testing.ReferenceDecoder]
///   runs `testkit/src/main/python/decode_with_reference.py` on a batch of serialized arrays.
/// - [dev.jvortex.testing.Json]: the one JSON reader (numbers kept as text).
/// - [dev.jvortex.testing.TestSeeds]: one master seed per run, printed; a failure names it and
///   `-Djvortex.seed=<it>` replays the run. [dev.jvortex.testing.RandomArrays] draws values and
///   whole arrays in the shapes real columns have; [dev.jvortex.testing.CanonicalArrays] builds
///   arrays from Java arrays.
/// - [dev.jvortex.testing.AbstractEncodingTest]: the battery every encoding family's test
///   inherits (round trip, reference decode, take, corruption, random seeds). A family test
///   extends the module's wiring of it (in `encodings`: `EncodingFamilyTest`, which supplies the
///   decoder registry and the take kernels) and adds three things: its fixed cases (named,
///   from a fixed seed), its encoder, and a generator of random inputs. See `RunEndEncoderTest`
///   for a small example.
///
/// This module depends on `core` and `format` only: `encodings`' own tests use it, and Maven
/// forbids cycles even through test scope.
package dev.jvortex.testing;
