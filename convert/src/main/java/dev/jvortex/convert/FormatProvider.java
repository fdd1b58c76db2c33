package dev.jvortex.convert;

import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Set;

/// Conversions that live in another module (for example Arrow IPC in `jvortex-arrow`), found by
/// [java.util.ServiceLoader] when [Converter] is first used. A module on the path that provides
/// this service adds its formats to `Converter` and `jvx convert` without further setup.
public interface FormatProvider {
    /// The formats this provider reads into Vortex.
    Set<Format> reads();

    /// The formats this provider writes from Vortex.
    Set<Format> writes();

    /// Converts `in` (in format `from`, one of [#reads()]) to the Vortex file `out`.
    Converter.Result toVortex(Format from, Converter.Input in, Path out, Converter.Options options) throws IOException;

    /// Writes at most `limit` rows (all when negative) that `scan` selects from `file` to `out`
    /// in format `to` (one of [#writes()]); `out` is flushed, not closed.
    Converter.Result fromVortex(
            Format to, VortexFile file, ScanOptions scan, long limit, OutputStream out, Converter.Options options)
            throws IOException;
}
