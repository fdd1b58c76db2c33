/// SQL over Vortex files on Apache Calcite: [dev.jvortex.sql.VortexSchema] (a folder as tables),
/// [dev.jvortex.sql.VortexTable], the pushdown rules of [dev.jvortex.sql.VortexLogicalScan] and the
/// scan that runs, [dev.jvortex.sql.VortexTableScan]; the JDBC driver is in `dev.jvortex.sql.jdbc`
/// and the `jvx sql` engine in `dev.jvortex.sql.cli`. See docs/sql.md.
package dev.jvortex.sql;
