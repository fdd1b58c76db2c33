package dev.jvortex.file.layout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jvortex.core.PType;
import java.util.List;
import org.junit.jupiter.api.Test;

/// The layout metadata records read back what they write, in the bytes the writer produces.
class LayoutMetadataTest {
    @Test
    void dictLayout() {
        DictLayoutMetadata meta = new DictLayoutMetadata(PType.U16.code(), false, false);
        assertArrayEquals(new byte[] {0x08, 1, 0x10, 0, 0x18, 0}, meta.write());
        assertEquals(meta, DictLayoutMetadata.read(meta.write()));
        assertEquals(new DictLayoutMetadata(0, null, null), DictLayoutMetadata.read(new byte[0]));
    }

    @Test
    void zonedLayout() {
        ZonedLayoutMetadata meta = new ZonedLayoutMetadata(
                8192,
                List.of(
                        new ZoneSchema.Aggregate("vortex.max", new byte[] {0x08, 1}),
                        new ZoneSchema.Aggregate("vortex.null_count", new byte[0])));
        byte[] bytes = meta.write();
        assertEquals(ZonedLayoutMetadata.VERSION, bytes[0]);
        ZonedLayoutMetadata back = ZonedLayoutMetadata.read(bytes);
        assertEquals(8192, back.zoneLen());
        assertEquals(2, back.aggregates().size());
        for (int i = 0; i < 2; i++) {
            assertEquals(meta.aggregates().get(i).id(), back.aggregates().get(i).id());
            assertArrayEquals(
                    meta.aggregates().get(i).options(), back.aggregates().get(i).options());
        }
    }
}
