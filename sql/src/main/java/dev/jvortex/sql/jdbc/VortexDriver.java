package dev.jvortex.sql.jdbc;

import dev.jvortex.core.VortexException;
import dev.jvortex.sql.VortexSchema;
import dev.jvortex.sql.VortexTypeSystem;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import org.apache.calcite.jdbc.CalciteConnection;

/// The JDBC driver for `jdbc:jvortex:PATH`: PATH is a folder of Vortex files (or one file), each
/// a table (see [VortexSchema]), in the default schema `vortex`.
///
/// The connection is Calcite's, over Avatica: `DatabaseMetaData`, prepared statements with `?`
/// parameters, and JDBC result types (DATE, TIME, TIMESTAMP, DECIMAL, ARRAY, ...) come from there.
/// Identifiers are case-insensitive and keep their spelling (`lineitem` and `LINEITEM` both
/// work). Connection properties are passed on to Calcite (for example `timeZone`); defaults:
/// `caseSensitive=false`, `unquotedCasing=UNCHANGED`, `quotedCasing=UNCHANGED`,
/// `typeSystem=`[VortexTypeSystem]. Closing the connection closes the files.
public final class VortexDriver implements Driver {
    /// The URL prefix.
    public static final String PREFIX = "jdbc:jvortex:";

    static {
        try {
            DriverManager.registerDriver(new VortexDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /// Made by `ServiceLoader` and `DriverManager`.
    public VortexDriver() {}

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        String path = url.substring(PREFIX.length());
        if (path.isEmpty()) {
            throw new SQLException("the URL " + url + " names no folder: use jdbc:jvortex:/path/to/folder");
        }
        return open(Path.of(path), info);
    }

    /// Opens a connection over `path` (a folder of Vortex files or one file).
    public static Connection open(Path path, Properties info) throws SQLException {
        Properties p = new Properties();
        p.setProperty("caseSensitive", "false");
        p.setProperty("unquotedCasing", "UNCHANGED");
        p.setProperty("quotedCasing", "UNCHANGED");
        p.setProperty("typeSystem", VortexTypeSystem.class.getName() + "#INSTANCE");
        if (info != null) {
            p.putAll(info);
        }
        VortexSchema schema;
        try {
            schema = new VortexSchema(path);
        } catch (VortexException e) {
            throw new SQLException(e.getMessage(), e);
        }
        Connection calcite = null;
        try {
            calcite = new org.apache.calcite.jdbc.Driver().connect("jdbc:calcite:", p);
            CalciteConnection cc = calcite.unwrap(CalciteConnection.class);
            cc.getRootSchema().add("vortex", schema);
            cc.setSchema("vortex");
        } catch (SQLException | RuntimeException e) {
            schema.close();
            if (calcite != null) {
                calcite.close();
            }
            throw e;
        }
        return closing(calcite, schema);
    }

    /// Wraps `c` so that closing it also closes the schema's files.
    private static Connection closing(Connection c, VortexSchema schema) {
        InvocationHandler h = (proxy, method, args) -> {
            try {
                if (method.getName().equals("close") && method.getParameterCount() == 0) {
                    try {
                        return method.invoke(c);
                    } finally {
                        schema.close();
                    }
                }
                if (method.getName().equals("unwrap") && args != null && args[0] == VortexSchema.class) {
                    return schema;
                }
                return method.invoke(c, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (Connection)
                Proxy.newProxyInstance(VortexDriver.class.getClassLoader(), new Class<?>[] {Connection.class}, h);
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no java.util.logging logger");
    }
}
