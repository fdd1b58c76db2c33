package dev.jvortex.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jvortex.core.VortexException;
import dev.jvortex.sql.jdbc.VortexDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// How a folder becomes tables: files, sub-folders of same-schema files, and the errors.
class SchemaTest {
    @TempDir
    Path dir;

    static long single(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void aSubFolderOfFilesIsOneTable() throws IOException, SQLException {
        Path types = Tpch.data().resolve("types/alltypes.vortex");
        Path part = Files.createDirectories(dir.resolve("parts"));
        Files.copy(types, part.resolve("a.vortex"));
        Files.copy(types, part.resolve("b.vortex"));
        Files.copy(types, dir.resolve("single.vortex"));
        Files.writeString(dir.resolve("notes.txt"), "not a table");
        try (Connection c = VortexDriver.open(dir, new Properties())) {
            VortexSchema schema = c.unwrap(VortexSchema.class);
            assertEquals(java.util.Set.of("parts", "single"), schema.getTableNames());
            assertEquals(6, single(c, "select count(*) from parts"));
            assertEquals(2, single(c, "select count(*) from parts where id = 2"));
            assertEquals(3, single(c, "select count(*) from single"));
            assertEquals(2, schema.table("parts").lastStatistics().size(), "one scan per file");
        }
    }

    @Test
    void filesOfOneTableMustShareTheirSchema() throws IOException {
        Path part = Files.createDirectories(dir.resolve("mixed"));
        Files.copy(Tpch.jvortex().resolve("region.vortex"), part.resolve("a.vortex"));
        Files.copy(Tpch.jvortex().resolve("nation.vortex"), part.resolve("b.vortex"));
        VortexException e = assertThrows(VortexException.class, () -> new VortexSchema(dir));
        assertTrue(
                e.getMessage().contains("table mixed: ") && e.getMessage().contains("must share their schema"),
                e.getMessage());
        SQLException s = assertThrows(SQLException.class, () -> VortexDriver.open(dir, new Properties()));
        assertTrue(s.getMessage().contains("must share their schema"), s.getMessage());
        assertThrows(SQLException.class, () -> VortexDriver.open(dir.resolve("missing"), new Properties()));
    }
}
