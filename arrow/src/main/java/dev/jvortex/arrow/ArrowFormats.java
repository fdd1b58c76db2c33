package dev.jvortex.arrow;

import dev.jvortex.convert.Converter;
import dev.jvortex.convert.Format;
import dev.jvortex.convert.FormatProvider;
import dev.jvortex.core.VortexException;
import dev.jvortex.file.ScanOptions;
import dev.jvortex.file.VortexFile;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/// Arrow IPC files and streams for [Converter] and `jvx convert`, registered as a
/// [FormatProvider] service: with this module on the path, `.arrow`/`.feather` (file format) and
/// `.arrows` (stream format) convert both ways.
public final class ArrowFormats implements FormatProvider {
    /// Used by [java.util.ServiceLoader].
    public ArrowFormats() {}

    @Override
    public Set<Format> reads() {
        return Set.of(Format.ARROW_FILE, Format.ARROW_STREAM);
    }

    @Override
    public Set<Format> writes() {
        return Set.of(Format.ARROW_FILE, Format.ARROW_STREAM);
    }

    @Override
    public Converter.Result toVortex(Format from, Converter.Input in, Path out, Converter.Options options) {
        long rows;
        if (in.path() != null) {
            rows = from == Format.ARROW_FILE
                    ? ArrowIpc.fromArrowFile(in.path(), out, options.write())
                    : ArrowIpc.fromArrowStream(in.path(), out, options.write());
        } else if (from == Format.ARROW_STREAM) {
            rows = ArrowIpc.fromArrowStream(in.stream(), out, options.write());
        } else {
            throw VortexException.misuse("the Arrow IPC file format needs a file input (its footer is at the end), not "
                    + in.name() + "; use the stream format (--from arrows) for standard input");
        }
        try (VortexFile f = VortexFile.open(out)) {
            return new Converter.Result(rows, f.dtype());
        }
    }

    @Override
    public Converter.Result fromVortex(
            Format to, VortexFile file, ScanOptions scan, long limit, OutputStream out, Converter.Options options) {
        Set<String> dictionary = new LinkedHashSet<>();
        if (options.arrowDictionary()) {
            dictionary.addAll(ArrowIpc.dictionaryColumns(file));
            dictionary.retainAll(file.plan(scan).columnNames());
        }
        long rows = ArrowIpc.toArrow(file, scan, limit, out, to == Format.ARROW_FILE, dictionary);
        return new Converter.Result(rows, file.dtype());
    }
}
