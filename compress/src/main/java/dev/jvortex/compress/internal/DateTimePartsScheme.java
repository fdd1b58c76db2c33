package dev.jvortex.compress.internal;

import dev.jvortex.core.array.Array;
import dev.jvortex.core.array.ExtensionArray;
import dev.jvortex.core.serde.WriteNode;
import dev.jvortex.encodings.ChildEncoder;
import dev.jvortex.encodings.constant.ConstantEncoder;
import dev.jvortex.encodings.datetime.DateTimePartsEncoder;
import java.util.EnumSet;

/// A timestamp as `vortex.datetimeparts` (the reference's temporal scheme), its days, seconds and
/// subseconds compressed one level down with no exclusions. Not a candidate: [Cascade] tries it
/// beside the compressed storage of every timestamp and keeps the smaller. Not for a storage
/// without valid rows or that is constant (the storage path already gives the constant).
final class DateTimePartsScheme extends Scheme {
    static final DateTimePartsScheme INSTANCE = new DateTimePartsScheme();
    private static final ChildRule PARTS = ChildRule.only(EnumSet.noneOf(SchemeId.class));

    private DateTimePartsScheme() {
        super(SchemeId.DATETIME_PARTS);
    }

    @Override
    boolean eligible(Array a, Cascade cascade) {
        return a.length() != 0
                && a instanceof ExtensionArray e
                && DateTimePartsEncoder.applies(e)
                && !e.storage().validity().isAllInvalid()
                && ConstantEncoder.encode(e.storage()) == null;
    }

    @Override
    ChildRule child(ChildEncoder.Role role) {
        return PARTS;
    }

    @Override
    WriteNode encode(Array a, Cascade cascade, int depth, EnumSet<SchemeId> excluded, boolean sample) {
        return DateTimePartsEncoder.encode((ExtensionArray) a, cascade.children(this, depth, excluded, sample));
    }
}
