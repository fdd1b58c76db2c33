package dev.jvortex.sql;

import dev.jvortex.core.DType;
import dev.jvortex.core.array.Array;
import dev.jvortex.file.Batch;
import dev.jvortex.file.Scan;
import dev.jvortex.file.ScanStatistics;
import java.util.function.Consumer;
import org.apache.calcite.linq4j.Enumerator;

/// Rows of a table scan in Calcite's form: the files one after the other, batch by batch. A
/// limit stops the scan as soon as enough rows came back.
final class VortexEnumerator implements Enumerator<Object[]> {
    private final VortexTable table;
    private final ScanSpec spec;
    private final Consumer<ScanStatistics> onScanEnd;
    private final SqlTypes.ValueReader[] readers;
    private int fileIndex = -1;
    private Scan scan;
    private Batch batch;
    private Array[] columns;
    private int row;
    private long returned;
    private Object[] current;

    VortexEnumerator(VortexTable table, ScanSpec spec, Consumer<ScanStatistics> onScanEnd) {
        this.table = table;
        this.spec = spec;
        this.onScanEnd = onScanEnd;
        int[] cols = spec.columns();
        this.readers = new SqlTypes.ValueReader[cols.length];
        for (int i = 0; i < cols.length; i++) {
            DType t = table.schema().fields().get(cols[i]);
            readers[i] = SqlTypes.reader(t);
        }
    }

    @Override
    public Object[] current() {
        return current;
    }

    @Override
    public boolean moveNext() {
        if (spec.fetch() >= 0 && returned >= spec.fetch()) {
            close();
            return false;
        }
        while (batch == null || row >= batch.rowCount()) {
            if (!nextBatch()) {
                return false;
            }
        }
        Object[] out = new Object[readers.length];
        for (int c = 0; c < readers.length; c++) {
            out[c] = readers[c].get(columns[c], row);
        }
        row++;
        returned++;
        current = out;
        return true;
    }

    private boolean nextBatch() {
        if (batch != null) {
            batch.close();
            batch = null;
        }
        while (scan == null || !scan.hasNext()) {
            if (scan != null) {
                onScanEnd.accept(scan.statistics());
                scan.close();
                scan = null;
            }
            fileIndex++;
            if (fileIndex >= table.files().size()) {
                return false;
            }
            scan = table.files().get(fileIndex).scan(table.options(spec));
        }
        batch = scan.next();
        columns = new Array[readers.length];
        for (int c = 0; c < readers.length; c++) {
            columns[c] = batch.column(c);
        }
        row = 0;
        return true;
    }

    @Override
    public void reset() {
        close();
        fileIndex = -1;
        returned = 0;
    }

    @Override
    public void close() {
        if (batch != null) {
            batch.close();
            batch = null;
        }
        if (scan != null) {
            onScanEnd.accept(scan.statistics());
            scan.close();
            scan = null;
        }
        fileIndex = table.files().size();
    }
}
