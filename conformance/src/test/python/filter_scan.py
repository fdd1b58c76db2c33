"""Scans a Vortex file with the reference once per filter and prints the rows each returns.

    python filter_scan.py FILE < filters.json

stdin holds a JSON list of filters in this small tree form (paths are top-level column names):

    {"and": [A, B]}  {"or": [A, B]}  {"not": A}  {"col": NAME}          (a bool column)
    {"cmp": "eq|not_eq|gt|gt_eq|lt|lt_eq", "col": NAME, "lit": L}
    {"is_null": NAME}  {"is_not_null": NAME}
    {"between": NAME, "lo": L, "hi": L}  {"in": NAME, "values": [L, ...]}
    {"like": NAME, "pattern": P, "negated": bool}

A literal L is {"int": "123"}, {"float": 1.5 | "NaN" | "Infinity" | "-Infinity"},
{"dec": "1.05"}, {"str": "text"}, {"bool": true} or {"null": true}; it takes the type of the
column it is compared with (dates, times and timestamps as integers in storage units).

Prints one JSON object: {"results": [{"rows": N, "lines": [...]} | {"error": "..."}]}, the
lines in the export conventions of gen_corpus.expected_lines.
"""
import decimal
import json
import sys

import pyarrow as pa
import vortex
import vortex.expr as ve

import gen_corpus


def literal_value(lit, dtype):
    kind, value = next(iter(lit.items()))
    text = str(dtype)
    if kind == "null":
        return None
    if kind == "str":
        return value.encode("utf-8") if text.startswith("binary") else value
    if kind == "bool":
        return bool(value)
    if text.startswith("decimal"):
        return decimal.Decimal(str(value))
    if text.startswith("f"):
        return float(value)
    if kind == "int":
        return int(value)
    if kind == "dec":
        d = decimal.Decimal(value)
        return int(d) if d == d.to_integral_value() else float(d)
    return float(value)


def build(node, fields):
    if "and" in node:
        a, b = node["and"]
        return ve.and_(build(a, fields), build(b, fields))
    if "or" in node:
        a, b = node["or"]
        return ve.or_(build(a, fields), build(b, fields))
    if "not" in node:
        return ve.not_(build(node["not"], fields))
    if "cmp" in node:
        name = node["col"]
        lit = ve.literal(fields[name], literal_value(node["lit"], fields[name]))
        return getattr(ve, node["cmp"])(ve.column(name), lit)
    if "is_null" in node:
        return ve.is_null(ve.column(node["is_null"]))
    if "is_not_null" in node:
        return ve.is_not_null(ve.column(node["is_not_null"]))
    if "between" in node:
        name = node["between"]
        t = fields[name]
        return ve.between(ve.column(name), ve.literal(t, literal_value(node["lo"], t)),
                          ve.literal(t, literal_value(node["hi"], t)))
    if "in" in node:
        name = node["in"]
        t = fields[name]
        values = [literal_value(v, t) for v in node["values"]]
        return ve.in_list(ve.column(name), ve.literal(vortex.list_(t), values))
    if "like" in node:
        name = node["like"]
        fn = ve.not_like if node.get("negated") else ve.like
        return fn(ve.column(name), ve.literal(fields[name], node["pattern"]))
    if "col" in node:
        return ve.column(node["col"])
    raise ValueError(f"unknown filter node {node}")


def main(path: str) -> None:
    filters = json.load(sys.stdin)
    f = vortex.open(path)
    fields = dict(zip(f.dtype.names(), f.dtype.fields()))
    results = []
    for node in filters:
        try:
            result = f.scan(expr=build(node, fields)).read_all()
            table = pa.Table.from_struct_array(result.to_arrow_array())
            results.append({"rows": table.num_rows, "lines": gen_corpus.expected_lines(table)})
        except Exception as e:  # report, the Java side decides
            results.append({"error": gen_corpus.first_line(e)})
    print(json.dumps({"results": results}))


if __name__ == "__main__":
    main(sys.argv[1])
