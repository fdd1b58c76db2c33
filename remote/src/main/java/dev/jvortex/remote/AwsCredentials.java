package dev.jvortex.remote;

import dev.jvortex.core.VortexException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/// AWS credentials, found the usual way: the environment (`AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), else the profile (`AWS_PROFILE`, default
/// `default`) of the shared credentials file (`AWS_SHARED_CREDENTIALS_FILE`, default
/// `~/.aws/credentials`).
///
/// @param accessKey the access key id
/// @param secretKey the secret access key (never printed)
/// @param sessionToken the session token, or null
public record AwsCredentials(String accessKey, String secretKey, String sessionToken) {
    @Override
    public String toString() {
        return "AwsCredentials[" + accessKey + ", secret hidden" + (sessionToken == null ? "" : ", session") + "]";
    }

    /// Finds credentials in `env` (the process environment in production) and the profile
    /// file; returns null when there are none (anonymous requests).
    public static AwsCredentials find(Function<String, String> env) {
        String id = env.apply("AWS_ACCESS_KEY_ID");
        String secret = env.apply("AWS_SECRET_ACCESS_KEY");
        if (id != null && !id.isEmpty() && secret != null && !secret.isEmpty()) {
            return new AwsCredentials(id, secret, blankToNull(env.apply("AWS_SESSION_TOKEN")));
        }
        Path file = path(env, "AWS_SHARED_CREDENTIALS_FILE", "credentials");
        Map<String, String> section = profile(file, profileName(env), false);
        if (section == null
                || section.get("aws_access_key_id") == null
                || section.get("aws_secret_access_key") == null) {
            return null;
        }
        return new AwsCredentials(
                section.get("aws_access_key_id"),
                section.get("aws_secret_access_key"),
                blankToNull(section.get("aws_session_token")));
    }

    /// Finds the region: `AWS_REGION`, `AWS_DEFAULT_REGION`, the profile's `region` in the config
    /// file (`AWS_CONFIG_FILE`, default `~/.aws/config`), else `us-east-1`.
    public static String region(Function<String, String> env) {
        for (String name : new String[] {"AWS_REGION", "AWS_DEFAULT_REGION"}) {
            String v = env.apply(name);
            if (v != null && !v.isBlank()) {
                return v.trim();
            }
        }
        Map<String, String> section = profile(path(env, "AWS_CONFIG_FILE", "config"), profileName(env), true);
        String r = section == null ? null : section.get("region");
        return r == null || r.isBlank() ? "us-east-1" : r.trim();
    }

    private static String profileName(Function<String, String> env) {
        String p = env.apply("AWS_PROFILE");
        return p == null || p.isBlank() ? "default" : p.trim();
    }

    private static Path path(Function<String, String> env, String variable, String file) {
        String v = env.apply(variable);
        if (v != null && !v.isBlank()) {
            return Path.of(v);
        }
        String home = System.getProperty("user.home");
        return home == null ? null : Path.of(home, ".aws", file);
    }

    /// Reads section `name` of an INI profile file (`[name]`, or `[profile name]` in the config file).
    static Map<String, String> profile(Path file, String name, boolean config) {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new VortexException(VortexException.Kind.IO, file + ": cannot read: " + e.getMessage(), e);
        }
        Map<String, String> out = null;
        for (String raw : text.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                String header = line.substring(1, line.length() - 1).strip();
                boolean match = header.equals(name)
                        || (config
                                && header.startsWith("profile ")
                                && header.substring(8).strip().equals(name));
                if (out != null && !match) {
                    return out;
                }
                out = match ? new HashMap<>() : null;
                continue;
            }
            int eq = line.indexOf('=');
            if (out != null && eq > 0) {
                out.put(
                        line.substring(0, eq).strip().toLowerCase(Locale.ROOT),
                        line.substring(eq + 1).strip());
            }
        }
        return out;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
