package dev.jvortex.file;

import dev.jvortex.core.VortexException;
import java.io.Serializable;

/// A unit of scan work: the rows `[firstRow, lastRow)` of one file.
///
/// [ScanPlan#splits()] cuts a file at chunk boundaries into splits of about the same stored size.
/// A split is plain data (the file's path and a row range), so it can be sent to another thread,
/// task or process, and scanned there by opening the file and planning the same [ScanOptions]
/// restricted to it ([ScanOptions#forSplit(Split)] or [ScanPlan#scan(Split)]): the rows a split
/// returns are exactly the rows the whole scan returns in that range.
///
/// [#encode()] and [#decode(String)] give a compact text form (`firstRow-lastRow:bytes:path`)
/// for systems that pass strings; Java serialization works too.
///
/// @param file the path of the file (as given to [VortexFile#open(java.nio.file.Path)]), or the
///     name of an in-memory file
/// @param firstRow the first row
/// @param lastRow one past the last row
/// @param estimatedBytes the stored bytes the split reads, estimated from the segments of the
///     columns read (a chunk shared with a neighbour counts in proportion to its rows)
public record Split(String file, long firstRow, long lastRow, long estimatedBytes) implements Serializable {
    public Split {
        if (file == null) {
            throw VortexException.misuse("a split needs a file");
        }
        if (firstRow < 0 || lastRow < firstRow) {
            throw VortexException.misuse("invalid split row range [" + firstRow + ", " + lastRow + ")");
        }
        if (estimatedBytes < 0) {
            throw VortexException.misuse("a split's estimated bytes cannot be negative but was " + estimatedBytes);
        }
    }

    /// Returns the number of rows in the split's range (before any filter).
    public long rowCount() {
        return lastRow - firstRow;
    }

    /// Returns the text form `firstRow-lastRow:estimatedBytes:file`.
    public String encode() {
        return firstRow + "-" + lastRow + ":" + estimatedBytes + ":" + file;
    }

    /// Parses the text form of [#encode()].
    public static Split decode(String text) {
        int dash = text.indexOf('-');
        int colon = text.indexOf(':');
        int second = colon < 0 ? -1 : text.indexOf(':', colon + 1);
        if (dash <= 0 || colon < dash || second < 0) {
            throw VortexException.misuse("not a split: '" + text + "' (expected firstRow-lastRow:bytes:file)");
        }
        try {
            return new Split(
                    text.substring(second + 1),
                    Long.parseLong(text.substring(0, dash)),
                    Long.parseLong(text.substring(dash + 1, colon)),
                    Long.parseLong(text.substring(colon + 1, second)));
        } catch (NumberFormatException e) {
            throw VortexException.misuse("not a split: '" + text + "' (" + e.getMessage() + ")");
        }
    }

    @Override
    public String toString() {
        return "split [" + firstRow + ", " + lastRow + ") of " + file + " (~" + estimatedBytes + " bytes)";
    }
}
