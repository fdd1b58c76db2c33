package dev.jvortex.sql;

import java.nio.file.Path;

/// The TPC-H fixture for tests in other packages.
public final class TpchAccess {
    private TpchAccess() {}

    /// Returns the folder of the TPC-H tables written by jvortex.
    public static Path jvortex() {
        return Tpch.jvortex();
    }
}
