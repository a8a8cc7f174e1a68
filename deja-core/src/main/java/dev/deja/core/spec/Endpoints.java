package dev.deja.core.spec;

import dev.deja.core.InvalidInputException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * What the remote endpoint specs ({@code embedders:}, {@code judges:}) share about an OpenAI-compatible base URL:
 * reading it, requiring http(s), and appending a route. Thread-safe: stateless.
 */
public final class Endpoints {
  private Endpoints() {}

  /** The {@code base_url} of a spec entry; an error names the key and the value. */
  public static URI readBaseUrl(Options o) {
    String url = o.requiredString("base_url");
    try {
      return new URI(url.strip());
    } catch (URISyntaxException e) {
      throw new InvalidInputException(o.at("base_url") + ": not an address: '" + url + "'", e);
    }
  }

  /** Refuses an address that is not http or https with a host ({@link IllegalArgumentException}). */
  public static void requireHttp(URI baseUrl) {
    String scheme = baseUrl.getScheme() == null ? "" : baseUrl.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || baseUrl.getHost() == null) {
      throw new IllegalArgumentException("base_url must be an http or https address, got '" + baseUrl + "'");
    }
  }

  /** {@code base} without trailing slashes, then {@code route} ({@code /embeddings}, {@code /chat/completions}). */
  public static URI append(URI base, String route) {
    String b = base.toString();
    while (b.endsWith("/")) {
      b = b.substring(0, b.length() - 1);
    }
    return URI.create(b + route);
  }
}
