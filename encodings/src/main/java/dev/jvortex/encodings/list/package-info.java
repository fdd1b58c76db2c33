/// The list encodings `vortex.list`, `vortex.listview`, `vortex.map` and
/// `vortex.fixed_size_list` ([ListDecoder], [ListTake]); all decode into list arrays over one
/// elements array.
///
/// ## Bytes
/// - `vortex.list`: metadata [ListMetadata] (`elements_len`, field 1; `offset_ptype`, field 2);
///   children `[elements, offsets (len + 1), validity?]`.
/// - `vortex.listview`: metadata [ListViewMetadata] (as `vortex.list`, plus `size_ptype`,
///   field 3); children `[elements, offsets (len), sizes (len), validity?]`; views may overlap
///   and come in any order.
/// - `vortex.map`: children `[entries]`, a list (or list view) of `{key, value}` structs with
///   the map's nullability.
/// - `vortex.fixed_size_list`: children `[elements (len × size), validity?]`.
///
/// Reference: `vortex-array/src/arrays/{list,listview,fixed_size_list}` in vortex-data/vortex.
package dev.jvortex.encodings.list;
