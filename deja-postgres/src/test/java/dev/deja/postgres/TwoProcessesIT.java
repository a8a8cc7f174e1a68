package dev.deja.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.engine.CheckRequest;
import dev.deja.core.engine.DejaCollection;
import dev.deja.core.engine.Outcome;
import dev.deja.core.item.Item;
import dev.deja.testkit.TestItems;
import dev.deja.testkit.TestSpecs;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Atomic check-and-put across processes: the scope lock is PostgreSQL's, so two JVMs (each with its own pool) that
 * put the same real-world events at the same moment create each exactly once; a second backend in this JVM waits on
 * the first one's scope lock and then sees its write.
 */
class TwoProcessesIT {
  @TempDir
  Path dir;
  private final PostgresSettings settings = PgTests.freshSchema();

  @AfterEach
  void drop() {
    PgTests.dropSchema(settings);
  }

  @Test
  void twoProcessesPuttingTheSameEventsCreateEachOnce() throws Exception {
    int events = 6;
    int threads = 16;
    String url = PgTests.url();
    String withSchema = url + (url.contains("?") ? "&" : "?") + "schema=" + settings.schema().orElseThrow();
    // Migrate once first, so that the two children do not both wait on Flyway's lock at the start.
    PostgresStoreBackend.connect(settings).close();
    Path start = dir.resolve("start");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> children = new ArrayList<>();
    List<BufferedReader> outs = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
            PutterProcess.class.getName(), withSchema, Integer.toString(threads), Integer.toString(events),
            start.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        children.add(p);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        outs.add(r);
        assertThat(r.readLine()).isEqualTo("ready");
      }
      Files.createFile(start);
      int created = 0;
      for (int i = 0; i < 2; i++) {
        assertThat(children.get(i).waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(children.get(i).exitValue()).isZero();
        String line = outs.get(i).readLine();
        assertThat(line).startsWith("created ");
        created += Integer.parseInt(line.substring("created ".length()));
      }
      assertThat(created).isEqualTo(events);
    } finally {
      children.forEach(Process::destroyForcibly);
    }
    try (PostgresStoreBackend b = PostgresStoreBackend.connect(settings)) {
      assertThat(b.open("events").count(Optional.of("fam"))).isEqualTo(events);
    }
  }

  @Test
  void aSecondBackendWaitsOnTheScopeLockAndThenSeesTheWrite() throws Exception {
    try (PostgresStoreBackend a = PostgresStoreBackend.connect(settings);
        PostgresStoreBackend b = PostgresStoreBackend.connect(settings)) {
      PostgresCollectionStore sa = a.open("events");
      PostgresCollectionStore sb = b.open("events");
      AtomicBoolean release = new AtomicBoolean();
      java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
      CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> sa.inScope("t1#", () -> {
        sa.insert(TestItems.item("first").keys("exact|k").build());
        inside.countDown();
        while (!release.get()) {
          Thread.onSpinWait();
        }
        return null;
      }));
      assertThat(inside.await(60, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<List<String>> waiter = CompletableFuture.supplyAsync(() -> sb.inScope("t1#", () ->
          sb.candidates(dev.deja.core.index.CandidateQuery.builder("t1#").keys("exact|k").build()).stream()
              .map(dev.deja.core.index.Candidate::id).toList()));
      // The waiter is blocked inside PostgreSQL on the advisory lock the holder's transaction has.
      while (waitingAdvisoryLocks() == 0) {
        assertThat(waiter).isNotDone();
        Thread.onSpinWait();
      }
      assertThat(waiter).isNotDone();
      release.set(true);
      holder.get(60, TimeUnit.SECONDS);
      assertThat(waiter.get(60, TimeUnit.SECONDS)).containsExactly("first");
      DejaCollection viaB = DejaCollection.builder(TestSpecs.events("reject")).store(b.open("cal")).build();
      DejaCollection viaA = DejaCollection.builder(TestSpecs.events("reject")).store(a.open("cal")).build();
      viaA.put(dev.deja.core.engine.PutRequest.of("fam", Item.of("title", "Dentist", "start", "2026-03-02T14:00")));
      assertThat(viaB.check(CheckRequest.of("fam", Item.of("title", "dentist", "start", "2026-03-02T14:30")))
          .outcome()).isEqualTo(Outcome.DUPLICATE);
    }
  }

  private long waitingAdvisoryLocks() throws Exception {
    Properties p = new Properties();
    settings.user().ifPresent(u -> p.setProperty("user", u));
    settings.password().ifPresent(pw -> p.setProperty("password", pw));
    try (Connection c = DriverManager.getConnection(settings.jdbcUrl(), p); PreparedStatement ps = c.prepareStatement(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = "
            + "(SELECT oid FROM pg_database WHERE datname = current_database())");
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
