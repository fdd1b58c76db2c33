package dev.jvortex.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/// A command's parsed arguments: positional values, boolean flags and valued options. Any other
/// argument starting with `-` (except `-` alone, standard input or output) is a usage error.
final class Args {
    final List<String> positional = new ArrayList<>();
    private final Set<String> flagsSeen = new java.util.HashSet<>();
    private final Map<String, String> values = new HashMap<>();

    private Args() {}

    /// Parses `args` for `command`, which accepts `flags` (no value) and `options` (one value each,
    /// as `--name value` or `--name=value`); `aliases` maps short names (e.g. `-n`) to long ones.
    static Args parse(
            String command, List<String> args, Set<String> flags, Set<String> options, Map<String, String> aliases) {
        Args a = new Args();
        boolean onlyPositional = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (onlyPositional || arg.equals("-") || !arg.startsWith("-")) {
                a.positional.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                onlyPositional = true;
                continue;
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            name = aliases.getOrDefault(name, name);
            if (flags.contains(name)) {
                if (value != null) {
                    throw new Main.UsageException(name + " takes no value");
                }
                a.flagsSeen.add(name);
            } else if (options.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new Main.UsageException(name + " needs a value");
                    }
                    value = args.get(++i);
                }
                if (a.values.put(name, value) != null) {
                    throw new Main.UsageException(name + " is given twice");
                }
            } else {
                throw new Main.UsageException("unknown option '" + Terminal.escape(arg) + "' for " + command
                        + " (see jvx " + command + " --help)");
            }
        }
        return a;
    }

    boolean flag(String name) {
        return flagsSeen.contains(name);
    }

    String value(String name) {
        return values.get(name);
    }

    /// The option's value as a whole number of at least `min`, or `dflt` when absent.
    long number(String name, long min, long dflt) {
        String v = values.get(name);
        if (v == null) {
            return dflt;
        }
        long n;
        try {
            n = Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new Main.UsageException(name + " needs a whole number, not '" + Terminal.escape(v) + "'");
        }
        if (n < min) {
            throw new Main.UsageException(name + " must be at least " + min + ", not " + n);
        }
        return n;
    }

    /// Requires exactly `n` positional arguments, named `what` in the error.
    void positional(int n, String what) {
        if (positional.size() < n) {
            throw new Main.UsageException("missing " + what);
        }
        if (positional.size() > n) {
            throw new Main.UsageException("unexpected argument '" + Terminal.escape(positional.get(n)) + "'");
        }
    }
}
