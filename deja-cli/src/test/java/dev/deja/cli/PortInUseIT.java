package dev.deja.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: {@code deja proxy} and {@code deja serve} on a port that is taken say so and exit 2, instead of an
 * "internal error" naming an exception class with exit 4.
 */
class PortInUseIT {

  @Test
  void proxyOnABusyPortIsAClearError() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      CliRunner.Result r = CliRunner.run("proxy", "--upstream", "http://127.0.0.1:1/v1", "--port",
          Integer.toString(port));
      assertThat(r.exit()).as(r.err()).isEqualTo(Main.BAD_INPUT);
      assertThat(r.err()).contains("deja: error: cannot listen on 127.0.0.1:" + port + ": the port is in use")
          .doesNotContain("internal error").doesNotContain("Exception");
    }
  }

  @Test
  void serveOnABusyPortIsAClearError(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      int port = taken.getLocalPort();
      CliRunner.Result r = CliRunner.run("serve", "--data", dir.toString(), "--port", Integer.toString(port));
      assertThat(r.exit()).as(r.err()).isEqualTo(Main.BAD_INPUT);
      assertThat(r.err()).contains("deja: error: cannot listen on 127.0.0.1:" + port + ": the port is in use")
          .doesNotContain("internal error");
    }
  }
}
