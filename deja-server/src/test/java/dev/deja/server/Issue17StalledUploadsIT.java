package dev.deja.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.format.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17, item 5: one tenant stalling uploads cannot stall everyone. 300 connections send a valid key and the start
 * of a body, then nothing; meanwhile {@code /health/live} and another tenant's put are answered at once, a 10 GB
 * {@code Content-Length} gets 413 at once, the key's uploads beyond {@code max_uploads_per_key} get 429 at once, and
 * the stalled ones get 408 when {@code body_timeout_seconds} is up.
 */
class Issue17StalledUploadsIT {
  private static final int STALLED = 300;
  private static final int PER_KEY = 8;
  private static final int TIMEOUT_SECONDS = 4;

  @TempDir
  Path dir;

  @Test
  void stalledUploadsDoNotStarveHealthOrOtherTenants() throws Exception {
    try (TestServer s = TestServer.start(dir, Map.of("rate_limits", Map.of("enabled", false),
        "body_timeout_seconds", TIMEOUT_SECONDS, "max_uploads_per_key", PER_KEY))) {
      String staller = s.keyFor("staller");
      String other = s.keyFor("other");
      for (String k : List.of(staller, other)) {
        assertThat(s.send("POST", "/v1/collections", k, Map.of("name", "notes", "preset", "text")).status())
            .isEqualTo(201);
      }
      int port = s.server.port();
      List<Socket> stalled = new ArrayList<>();
      try {
        for (int i = 0; i < STALLED; i++) {
          Socket c = new Socket();
          c.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
          c.getOutputStream().write(("POST /v1/collections/notes/items HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
              + staller + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"ite")
              .getBytes(StandardCharsets.ISO_8859_1));
          c.getOutputStream().flush();
          stalled.add(c);
        }
        long t0 = System.nanoTime();
        TestServer.Res live = s.send("GET", "/health/live", null, null);
        assertThat(live.status()).isEqualTo(200);
        TestServer.Res put = s.send("POST", "/v1/collections/notes/items", other,
            Map.of("item", Map.of("text", "served while another tenant stalls")));
        assertThat(put.status()).isEqualTo(201);
        assertThat((System.nanoTime() - t0) / 1e9).as("seconds to serve health and a put").isLessThan(2.0);

        String huge = answer(port, "POST /v1/collections/notes/items HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
            + staller + "\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n{\"ite", 2_000);
        assertThat(huge).startsWith("HTTP/1.1 413 ");
        assertThat(error(huge)).containsEntry("code", "payload_too_large");

        // The key has PER_KEY bodies arriving; a stalled upload beyond them is refused with 429 instead of being held
        // until the body timeout (408). Every connection gets one or the other. On a quiet machine that is exactly
        // PER_KEY 408s; on a busy one the server may reach some connections' headers only after the first PER_KEY
        // have timed out and freed their slots, and those are admitted and time out in turn — so the 408s are at
        // least PER_KEY, and without the gate all STALLED would be. No wall-clock bound on when the answers arrive:
        // they are read until all are in or well past the body timeout.
        int tooMany = 0;
        int timedOut = 0;
        long deadline = t0 + (TIMEOUT_SECONDS + 20) * 1_000_000_000L;
        while (tooMany + timedOut < STALLED && System.nanoTime() < deadline) {
          for (Socket c : stalled) {
            if (!c.isClosed()) {
              String a = read(c, 5);
              if (a.startsWith("HTTP/1.1 408 ")) {
                assertThat(error(a)).containsEntry("code", "request_timeout");
                timedOut++;
              } else if (!a.isEmpty()) {
                assertThat(a).startsWith("HTTP/1.1 429 ");
                assertThat(error(a)).containsEntry("code", "rate_limited");
                tooMany++;
              }
            }
          }
        }
        assertThat(tooMany + timedOut).as("answered").isEqualTo(STALLED);
        assertThat(timedOut).as("408s").isGreaterThanOrEqualTo(PER_KEY);
        assertThat(tooMany).as("429s").isGreaterThanOrEqualTo(STALLED - 4 * PER_KEY);
        assertThat(s.send("GET", "/v1/collections/notes", staller, null).map().get("count")).isEqualTo(0);
      } finally {
        for (Socket c : stalled) {
          c.close();
        }
      }
    }
  }

  /** Sends raw bytes on a new connection and returns what comes back within {@code millis}. */
  private static String answer(int port, String request, int millis) throws IOException {
    try (Socket c = new Socket()) {
      c.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      c.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      c.getOutputStream().flush();
      return read(c, millis);
    }
  }

  /**
   * The response the server sent on a connection within {@code millis} — status line, headers and as many body bytes
   * as its Content-Length says — or "" when none came (the connection is closed once one came).
   */
  private static String read(Socket c, int millis) throws IOException {
    c.setSoTimeout(millis);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    InputStream in = c.getInputStream();
    try {
      int n;
      while ((n = in.read()) >= 0) {
        b.write(n);
        String text = b.toString(StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end >= 0) {
          java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)")
              .matcher(text.substring(0, end));
          int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
          b.write(in.readNBytes(length - (text.length() - end - 4)));
          break;
        }
      }
    } catch (SocketTimeoutException e) {
      // Nothing (more) yet.
    }
    if (b.size() > 0) {
      c.close();
    }
    return b.toString(StandardCharsets.UTF_8);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> error(String response) {
    String body = response.substring(response.indexOf("\r\n\r\n") + 4);
    return (Map<String, Object>) Json.object(body, "error").get("error");
  }
}
