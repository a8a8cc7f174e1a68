package dev.deja.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAPI 3.1 document served at {@code /openapi.json}: a hand-written resource
 * ({@code dev/deja/server/openapi.json}), so that the contract is reviewed as a document rather than derived from
 * annotations; {@code OpenApiIT} fails when a registered route is missing from it. Thread-safe.
 */
final class OpenApi {
  private static final String RESOURCE = "dev/deja/server/openapi.json";
  private static volatile String document;

  private OpenApi() {}

  static String document() {
    String d = document;
    if (d == null) {
      try (InputStream in = OpenApi.class.getClassLoader().getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("missing resource " + RESOURCE);
        }
        d = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        document = d;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return d;
  }
}
