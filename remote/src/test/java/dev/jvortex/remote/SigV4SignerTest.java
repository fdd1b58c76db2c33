package dev.jvortex.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/// Our SigV4 signer against AWS's published S3 example (Amazon S3 API reference, "Signature
/// calculations for the Authorization header", example GET object with a range), whose
/// signature is printed in AWS's documentation, and the URLs of both addressing styles.
class SigV4SignerTest {
    private static final AwsCredentials EXAMPLE =
            new AwsCredentials("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", null);
    private static final Clock MAY_24_2013 = Clock.fixed(Instant.parse("2013-05-24T00:00:00Z"), ZoneOffset.UTC);

    @Test
    void awsGetObjectExample() {
        SigV4Signer signer = new SigV4Signer(EXAMPLE, "us-east-1", "s3", MAY_24_2013);
        Map<String, String> h = signer.signedHeaders(
                "GET", URI.create("https://examplebucket.s3.amazonaws.com/test.txt"), Map.of("Range", "bytes=0-9"));
        assertEquals(
                "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                        + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
                h.get("authorization"));
        assertEquals("20130524T000000Z", h.get("x-amz-date"));
        assertEquals(SigV4Signer.EMPTY_SHA256, h.get("x-amz-content-sha256"));
    }

    @Test
    void pathAndVirtualHostUrls() {
        URI aws = URI.create("https://s3.eu-west-1.amazonaws.com");
        assertEquals(
                "https://bucket.s3.eu-west-1.amazonaws.com/a/b%20c.vortex",
                RemoteSources.objectUri(aws, "bucket", "a/b c.vortex", false).toString());
        URI local = URI.create("http://127.0.0.1:9000");
        assertEquals(
                "http://127.0.0.1:9000/bucket/a/b%2Bc.vortex",
                RemoteSources.objectUri(local, "bucket", "a/b+c.vortex", true).toString());
        assertEquals("/a/b%20c.vortex", SigV4Signer.canonicalPath(URI.create("http://h/a/b%20c.vortex")));
        assertEquals("127.0.0.1:9000", SigV4Signer.hostHeader(local));
    }
}
