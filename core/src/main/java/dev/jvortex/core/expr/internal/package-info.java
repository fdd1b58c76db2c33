/// Helpers of filter evaluation and pruning: comparison keys per type
/// ([dev.jvortex.core.expr.internal.Keys]) and compiled `LIKE` patterns
/// ([dev.jvortex.core.expr.internal.LikePattern]).
///
/// Not part of the public API: the module exports this package only to `dev.jvortex.file`,
/// whose zone-map pruning uses the same keys and pattern shapes as the evaluator.
package dev.jvortex.core.expr.internal;
