package dev.deja.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The servers a Deja server depends on (its PostgreSQL database, CalDAV calendars), asked at each readiness report
 * whether they answer.
 *
 * <p>A report never waits longer than {@link #BUDGET_MILLIS} for a dependency: a probe still running then counts as
 * failed ("no answer within …"), and the next report waits for that same probe rather than starting another. A probe
 * that has finished is reused for {@link #FRESH_MILLIS}, so that frequent health checks do not become load on a
 * dependency. Probes run on daemon threads named {@code deja-health-probe}.
 *
 * <p>Thread-safe.
 */
final class Dependencies {
  /** 1.5 s: under the 2 s a load balancer or a Kubernetes probe commonly allows a health check (k8s's default is 1 s). */
  static final long BUDGET_MILLIS = 1_500;
  /** A finished probe answers the reports of the next second. */
  static final long FRESH_MILLIS = 1_000;

  /**
   * A dependency's state.
   *
   * @param ok whether it answers as it should
   * @param detail one sentence: what answered, or what failed
   * @param extra more of the report (a CalDAV calendar each), shown under the dependency's check
   */
  record State(boolean ok, String detail, Map<String, Object> extra) {
    State {
      Objects.requireNonNull(detail, "detail");
      extra = Map.copyOf(extra);
    }
  }

  private final List<Dependency> list = new ArrayList<>();
  private final ExecutorService probes = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "deja-health-probe");
    t.setDaemon(true);
    return t;
  });

  /**
   * Adds a dependency. A {@code required} one that fails makes the server not ready (503): nothing can be served
   * without it. Any other that fails makes it {@code degraded} (still 200): some answers carry warnings or fail.
   */
  synchronized void add(String name, boolean required, Supplier<State> probe) {
    list.add(new Dependency(name, required, probe));
  }

  /** Each dependency's check, by name: {@code {"status": "ok"|"failed", "required", "detail", …}}. */
  Map<String, Map<String, Object>> report() {
    List<Dependency> deps;
    synchronized (this) {
      deps = List.copyOf(list);
    }
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Dependency d : deps) {
      State s = d.current();
      Map<String, Object> check = new LinkedHashMap<>();
      check.put("status", s.ok() ? "ok" : "failed");
      check.put("required", d.required);
      check.put("detail", s.detail());
      check.putAll(s.extra());
      out.put(d.name, check);
    }
    return out;
  }

  private final class Dependency {
    final String name;
    final boolean required;
    final Supplier<State> probe;
    private CompletableFuture<State> last;
    private long finishedAt;

    Dependency(String name, boolean required, Supplier<State> probe) {
      this.name = name;
      this.required = required;
      this.probe = probe;
    }

    State current() {
      CompletableFuture<State> f;
      synchronized (this) {
        long now = System.nanoTime();
        boolean stale = last == null || last.isDone() && now - finishedAt > TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS);
        if (stale) {
          last = CompletableFuture.supplyAsync(probe, probes).whenComplete((s, e) -> {
            synchronized (this) {
              finishedAt = System.nanoTime();
            }
          });
        }
        f = last;
      }
      try {
        return f.get(BUDGET_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        return new State(false, name + " did not answer within " + BUDGET_MILLIS + " ms", Map.of());
      } catch (ExecutionException e) {
        return new State(false, name + ": " + e.getCause(), Map.of());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new State(false, name + ": interrupted", Map.of());
      }
    }
  }

  /** Stops the probe threads. */
  void close() {
    probes.shutdownNow();
  }
}
