package dev.jvortex.core.expr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/// Runs of `AND` (or of `OR`) handled as one n-ary operation, without recursion: a chain of
/// 100,000 terms, however it is nested, is read with an explicit stack and rebuilt as a balanced
/// tree (depth about log2 of its length). Both connectives are associative in three-valued
/// logic, so the shape changes nothing in the result.
final class Chains {
    private Chains() {}

    /// Returns the operands of the run of `e`'s own connective starting at `e` (`e` itself when it
    /// is neither `AND` nor `OR`), left to right.
    static List<Expr> operands(Expr e) {
        List<Expr> out = new ArrayList<>();
        boolean and = e instanceof Expr.And;
        boolean or = e instanceof Expr.Or;
        if (!and && !or) {
            out.add(e);
            return out;
        }
        Deque<Expr> stack = new ArrayDeque<>();
        stack.push(e);
        while (!stack.isEmpty()) {
            Expr x = stack.pop();
            if (and && x instanceof Expr.And a) {
                stack.push(a.right());
                stack.push(a.left());
            } else if (or && x instanceof Expr.Or o) {
                stack.push(o.right());
                stack.push(o.left());
            } else {
                out.add(x);
            }
        }
        return out;
    }

    /// Returns the balanced `AND` (or `OR`) of `items` (at least one).
    static Expr join(List<Expr> items, boolean and) {
        return join(items, and, 0, items.size());
    }

    private static Expr join(List<Expr> items, boolean and, int from, int to) {
        if (to - from == 1) {
            return items.get(from);
        }
        int mid = (from + to) >>> 1;
        Expr l = join(items, and, from, mid);
        Expr r = join(items, and, mid, to);
        return and ? new Expr.And(l, r) : new Expr.Or(l, r);
    }

    /// Returns the depth of `e` (a leaf has depth 1), counted without recursion.
    static int depth(Expr e) {
        int max = 0;
        Deque<Expr> nodes = new ArrayDeque<>();
        Deque<Integer> depths = new ArrayDeque<>();
        nodes.push(e);
        depths.push(1);
        while (!nodes.isEmpty()) {
            Expr x = nodes.pop();
            int d = depths.pop();
            max = Math.max(max, d);
            for (Expr c : children(x)) {
                nodes.push(c);
                depths.push(d + 1);
            }
        }
        return max;
    }

    /// Returns the direct children of `e`.
    static List<Expr> children(Expr e) {
        return switch (e) {
            case Expr.Column c -> List.of();
            case Expr.Literal l -> List.of();
            case Expr.Compare c -> List.of(c.left(), c.right());
            case Expr.And a -> List.of(a.left(), a.right());
            case Expr.Or o -> List.of(o.left(), o.right());
            case Expr.Not n -> List.of(n.child());
            case Expr.IsNull n -> List.of(n.child());
            case Expr.IsNotNull n -> List.of(n.child());
            case Expr.Between b -> List.of(b.value(), b.lower(), b.upper());
            case Expr.InList i -> {
                List<Expr> all = new ArrayList<>(i.values().size() + 1);
                all.add(i.value());
                all.addAll(i.values());
                yield all;
            }
            case Expr.Like l -> List.of(l.value());
        };
    }
}
