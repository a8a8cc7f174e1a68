package dev.deja.server;

import dev.deja.format.DejaConfig;
import java.nio.file.Path;
import java.util.Map;

/**
 * What {@code deja serve} does, as a test process: start on a free port over a data directory, print {@code PORT n},
 * and on SIGTERM close the server (shutdown hook) and print {@code STOPPED}.
 */
public final class ServeMain {
  private ServeMain() {}

  public static void main(String[] args) throws InterruptedException {
    ServerConfig c = ServerConfig.from(DejaConfig.of(Map.of("server", Map.of("port", 0, "data_dir", args[0],
        "admin_key", TestServer.ADMIN, "warm_up", false)), "test"), Map.of());
    DejaServer server = DejaServer.builder(c).build().start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      System.out.println("STOPPED");
      System.out.flush();
    }));
    System.out.println("PORT " + server.port());
    System.out.flush();
    Thread.currentThread().join();
  }
}
