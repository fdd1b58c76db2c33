package dev.jvortex.remote;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Map;

/// Adds authentication to a request before it is sent (each attempt is signed anew).
@FunctionalInterface
public interface RequestSigner {
    /// Adds headers to `builder` for a `method` request of `uri` whose other headers are `headers`.
    void sign(String method, URI uri, Map<String, String> headers, HttpRequest.Builder builder);

    /// Signs nothing.
    RequestSigner NONE = (method, uri, headers, builder) -> {};
}
