package dev.jvortex.file.write;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/// The layout ids a file uses, numbered in order of first use as the layout tree is built
/// (children before their parent); the footer lists them in that order.
final class LayoutIds {
    private final Map<String, Integer> ids = new LinkedHashMap<>();

    /// Returns the number of layout id `id`, numbering it when new.
    int of(String id) {
        return ids.computeIfAbsent(id, k -> ids.size());
    }

    /// Returns the ids in number order.
    List<String> names() {
        return new ArrayList<>(ids.keySet());
    }
}
