package dev.jvortex.file;

/// What a scan skipped and what it returned, so far (see [Scan#statistics()]).
///
/// Pruning figures are fixed when the scan starts; `rowsRead`, `rowsReturned` and `batches`
/// grow as batches are read.
///
/// @param rowsInFile rows in the file
/// @param rowsInScope rows in the requested row range and row indices, before the filter
/// @param rowsAfterPruning rows of scope left after statistics pruning (file statistics and zone maps)
/// @param filePruned whether the file statistics proved that no row can match
/// @param zones zones of the zone maps of the filtered columns (summed over columns)
/// @param zonesSkipped those zones without any row left after pruning
/// @param chunks leaf chunks of the columns read (summed over columns)
/// @param chunksSkipped those chunks without any row left after pruning: never decoded
/// @param rowsRead rows decoded and filtered so far
/// @param rowsReturned rows returned so far
/// @param batches batches returned so far
public record ScanStatistics(
        long rowsInFile,
        long rowsInScope,
        long rowsAfterPruning,
        boolean filePruned,
        long zones,
        long zonesSkipped,
        long chunks,
        long chunksSkipped,
        long rowsRead,
        long rowsReturned,
        long batches) {
    @Override
    public String toString() {
        return "rows in file " + rowsInFile + ", in scope " + rowsInScope + ", after pruning " + rowsAfterPruning
                + (filePruned ? " (file pruned)" : "") + ", read " + rowsRead + ", returned " + rowsReturned
                + "; zones skipped " + zonesSkipped + " of " + zones + "; chunks skipped " + chunksSkipped + " of "
                + chunks
                + "; " + batches + " batches";
    }
}
