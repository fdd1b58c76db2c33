/// Filter expressions: the tree ([dev.jvortex.core.expr.Expr], sealed records), its text form
/// ([dev.jvortex.core.expr.ExprParser]), binding to a schema ([dev.jvortex.core.expr.Binder]) and
/// evaluation over canonical arrays into a [dev.jvortex.core.expr.Selection]
/// ([dev.jvortex.core.expr.FilterEvaluator]).
///
/// Start with `Expr.parse("carrier = 'UA' AND dep_delay > 30")` or
/// `Expr.column("dep_delay").gt(30)`; a scan (`ScanOptions.withFilter`) binds, prunes with zone
/// maps and evaluates for you.
package dev.jvortex.core.expr;
