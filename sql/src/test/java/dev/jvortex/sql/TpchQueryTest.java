package dev.jvortex.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.jvortex.sql.jdbc.VortexDriver;
import dev.jvortex.testing.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/// TPC-H queries over Vortex tables written by jvortex and by the reference give DuckDB's answers
/// over the Parquet files they came from.
///
/// Comparison: integers, text and dates exactly; decimals exactly by value (`compareTo`, so
/// `1.50` equals `1.5`); columns DuckDB returns as DOUBLE (averages, and Q14's decimal division)
/// to a relative tolerance of 1e-9, because Calcite divides decimals at a fixed scale where DuckDB
/// divides in binary floating point.
class TpchQueryTest {
    static final double TOLERANCE = 1e-9;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String writer : List.of("jvortex", "reference")) {
            for (String q : Tpch.QUERIES) {
                out.add(Arguments.of(writer, q));
            }
        }
        return out.stream();
    }

    static Path tables(String writer) {
        return writer.equals("jvortex") ? Tpch.jvortex() : Tpch.reference();
    }

    @ParameterizedTest(name = "{1} over files written by {0}")
    @MethodSource("cases")
    void matchesDuckDb(String writer, String query) throws Exception {
        Map<String, Object> expected = Json.parseObject(
                Files.readString(Tpch.data().resolve("expected/" + query + ".json"), StandardCharsets.UTF_8));
        @SuppressWarnings("unchecked")
        List<String> types = (List<String>) expected.get("types");
        @SuppressWarnings("unchecked")
        List<List<Object>> rows = (List<List<Object>>) expected.get("rows");
        try (Connection c = VortexDriver.open(tables(writer), new Properties());
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(Tpch.query(query))) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(types.size(), md.getColumnCount(), "column count");
            int r = 0;
            while (rs.next()) {
                assertTrue(r < rows.size(), query + ": more rows than DuckDB's " + rows.size());
                List<Object> want = rows.get(r);
                for (int k = 0; k < types.size(); k++) {
                    check(
                            query + " row " + r + " column " + md.getColumnLabel(k + 1),
                            types.get(k),
                            want.get(k),
                            rs,
                            k + 1);
                }
                r++;
            }
            assertEquals(rows.size(), r, query + ": row count");
        }
    }

    static void check(String where, String type, Object want, ResultSet rs, int col) throws SQLException {
        if (want == null) {
            rs.getObject(col);
            assertTrue(rs.wasNull(), where + ": expected NULL");
            return;
        }
        if (type.startsWith("DECIMAL")) {
            BigDecimal got = rs.getBigDecimal(col);
            BigDecimal exp = new BigDecimal((String) want);
            assertTrue(got != null && got.compareTo(exp) == 0, where + ": expected " + exp + " but was " + got);
        } else if (type.equals("DOUBLE") || type.equals("FLOAT")) {
            double exp = ((Json.Num) want).doubleValue();
            double got = rs.getDouble(col);
            assertTrue(
                    Math.abs(got - exp) <= TOLERANCE * Math.max(1, Math.abs(exp)),
                    where + ": expected " + exp + " but was " + got);
        } else if (type.equals("BIGINT") || type.equals("INTEGER") || type.equals("HUGEINT")) {
            assertEquals(((Json.Num) want).decimal(), new BigDecimal(rs.getString(col)), where);
        } else if (type.equals("DATE") || type.equals("VARCHAR")) {
            assertEquals(want, rs.getString(col), where);
        } else {
            fail(where + ": no comparison for DuckDB type " + type);
        }
    }

    static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
