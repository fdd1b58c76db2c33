package dev.jvortex.sql;

import dev.jvortex.core.VortexException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaFactory;
import org.apache.calcite.schema.SchemaPlus;

/// Makes a [VortexSchema] from a Calcite model: `{"type": "custom", "factory":
/// "dev.jvortex.sql.VortexSchemaFactory", "operand": {"directory": "/data/tpch"}}`.
public final class VortexSchemaFactory implements SchemaFactory {
    /// The factory has no state.
    public VortexSchemaFactory() {}

    @Override
    public Schema create(SchemaPlus parentSchema, String name, Map<String, Object> operand) {
        Object dir = operand.get("directory");
        if (dir == null) {
            throw VortexException.misuse("schema " + name + ": the operand 'directory' is missing");
        }
        return new VortexSchema(Path.of(dir.toString()));
    }
}
