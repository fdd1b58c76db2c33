package dev.jvortex.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/// Exempts a class from the forbidden-API check (which honours annotations of this simple
/// name), with the reason: the test servers use `com.sun.net.httpserver`, the JDK's supported
/// (`jdk.httpserver` module) but `com.sun`-named HTTP server.
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD})
public @interface SuppressForbidden {
    /// Why the forbidden API is needed.
    String reason();
}
