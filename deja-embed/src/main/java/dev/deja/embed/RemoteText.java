package dev.deja.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * How the remote clients ({@link RemoteEmbedder}, {@link RemoteJudge}) quote what an endpoint sent in their messages:
 * one line, at most {@value #EXCERPT} characters, the API key redacted. Not API.
 */
final class RemoteText {
  /** How much of an unexpected body a message quotes. */
  static final int EXCERPT = 200;
  private static final ObjectMapper JSON = new ObjectMapper();

  private RemoteText() {}

  /** The server's own error message ({@code {"error": {"message": …}}}) or the start of the body, after ": ". */
  static String errorDetail(byte[] body, Optional<String> key) {
    if (body.length == 0) {
      return "";
    }
    try {
      JsonNode root = JSON.readTree(body);
      JsonNode msg = root.path("error").path("message");
      if (msg.isTextual()) {
        return ": " + redact(excerpt(msg.asText()), key);
      }
      if (root.path("error").isTextual()) {
        return ": " + redact(excerpt(root.path("error").asText()), key);
      }
    } catch (IOException | RuntimeException e) {
      // not JSON: quote the body
    }
    return ": " + redact(excerpt(new String(body, StandardCharsets.UTF_8)), key);
  }

  /** A text on one line, quoted, cut to {@value #EXCERPT} characters. */
  static String excerpt(String s) {
    String one = s.replaceAll("\\s+", " ").strip();
    return "'" + (one.length() > EXCERPT ? one.substring(0, EXCERPT) + "…" : one) + "'";
  }

  /** The text with the key replaced by {@code [redacted]}. */
  static String redact(String s, Optional<String> key) {
    return key.filter(k -> !k.isEmpty()).map(k -> s.replace(k, "[redacted]")).orElse(s);
  }
}
