/// Filter pushdown for scans: candidate rows as [dev.jvortex.file.scan.RowRanges], statistics per
/// zone ([dev.jvortex.file.scan.ZoneStats], from `vortex.zoned` / `vortex.stats` zone tables or
/// from the footer's file statistics) and the falsification rules that prove zones cannot match
/// ([dev.jvortex.file.scan.Pruner], scan.md §3). [dev.jvortex.file.Scan] puts them together.
package dev.jvortex.file.scan;
