package dev.deja.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a started process's output on a daemon thread: keeps every line and gives the first group of the first line
 * that matches a pattern (a server announcing its address). Thread-safe.
 */
final class ProcessOutput {
  private final List<String> lines = new ArrayList<>();
  private final CompletableFuture<String> announced = new CompletableFuture<>();
  private final Thread reader;

  ProcessOutput(Process p, Pattern announcement, String threadName) {
    reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          synchronized (lines) {
            lines.add(line);
          }
          Matcher m = announcement.matcher(line);
          if (m.find()) {
            announced.complete(m.group(1));
          }
        }
      } catch (IOException e) {
        // the process ended
      }
      announced.complete("");
    }, threadName);
    reader.setDaemon(true);
    reader.start();
  }

  /** The announcement's first group, or "" when the output ended without one. */
  String announced(long seconds) throws Exception {
    return announced.get(seconds, TimeUnit.SECONDS);
  }

  /** Waits for the output to end (up to 10 s) and returns it. */
  String finish() throws InterruptedException {
    reader.join(10_000);
    return text();
  }

  /** The lines read so far, joined. */
  String text() {
    synchronized (lines) {
      return String.join("\n", lines);
    }
  }
}
