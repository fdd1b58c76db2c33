package dev.jvortex.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/// The type system of jvortex SQL connections: decimals up to 38 digits (Vortex decimals go to
/// 76; wider values fail), `AVG` of exact numbers as DOUBLE (as DuckDB and PostgreSQL-style
/// engines return it, instead of Calcite's truncation to the input's scale), and string
/// literals of different lengths in one `IN` list or `CASE` typed VARCHAR (not blank-padded CHAR).
public final class VortexTypeSystem extends RelDataTypeSystemImpl {
    /// The instance Calcite's `typeSystem` connection property names.
    public static final VortexTypeSystem INSTANCE = new VortexTypeSystem();

    /// Use [#INSTANCE]; public for Calcite's plugin loader.
    public VortexTypeSystem() {}

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxPrecision(typeName);
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? 38 : super.getMaxScale(typeName);
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        return true;
    }

    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (SqlTypeName.EXACT_TYPES.contains(argumentType.getSqlTypeName())) {
            return typeFactory.createTypeWithNullability(
                    typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType.isNullable());
        }
        return super.deriveAvgAggType(typeFactory, argumentType);
    }
}
