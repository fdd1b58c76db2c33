package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/// Where credentials and the region come from: environment first, then the profile files.
class AwsCredentialsTest {
    @TempDir
    Path dir;

    @Test
    void environmentThenProfileThenNothing() throws IOException {
        Path creds = dir.resolve("credentials");
        Files.writeString(
                creds,
                "[default]\naws_access_key_id = D\naws_secret_access_key = DS\n"
                        + "[p]\naws_access_key_id=P\naws_secret_access_key=PS\naws_session_token=T\n");
        Path config = dir.resolve("config");
        Files.writeString(config, "[default]\nregion = eu-west-3\n[profile p]\nregion = ap-south-1\n");
        Map<String, String> env = new HashMap<>();
        env.put("AWS_SHARED_CREDENTIALS_FILE", creds.toString());
        env.put("AWS_CONFIG_FILE", config.toString());
        assertEquals(new AwsCredentials("D", "DS", null), AwsCredentials.find(env::get));
        assertEquals("eu-west-3", AwsCredentials.region(env::get));
        env.put("AWS_PROFILE", "p");
        assertEquals(new AwsCredentials("P", "PS", "T"), AwsCredentials.find(env::get));
        assertEquals("ap-south-1", AwsCredentials.region(env::get));
        env.put("AWS_ACCESS_KEY_ID", "E");
        env.put("AWS_SECRET_ACCESS_KEY", "ES");
        env.put("AWS_REGION", "us-west-2");
        assertEquals(new AwsCredentials("E", "ES", null), AwsCredentials.find(env::get));
        assertEquals("us-west-2", AwsCredentials.region(env::get));
        Map<String, String> none = Map.of(
                "AWS_SHARED_CREDENTIALS_FILE",
                dir.resolve("missing").toString(),
                "AWS_CONFIG_FILE",
                dir.resolve("missing").toString());
        assertNull(AwsCredentials.find(none::get));
        assertEquals("us-east-1", AwsCredentials.region(none::get));
    }
}
