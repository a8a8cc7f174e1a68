package dev.deja.cli;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Applies a function to a sequence on every core and hands the results on in the sequence's order: the batch commands
 * prepare and check items in parallel while what they report (links, ids, progress) comes out as a single thread would
 * have made it. At most a bounded window of inputs is in flight, so memory does not grow with the input.
 *
 * <p>Not thread-safe: one caller drives it; {@code work} must be thread-safe.
 */
final class InOrder {
  private InOrder() {}

  /**
   * Runs {@code work} on each input on a pool of one thread per core and calls {@code then} with each input and its
   * result, in input order, on the calling thread. The first exception (of {@code work}, or of reading the next
   * input, in input order) is rethrown as it was thrown; the rest of the work is abandoned.
   *
   * @param name the pool threads' name
   */
  static <T, R> void map(Iterator<T> inputs, Function<T, R> work, BiConsumer<T, R> then, String name) {
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    });
    try {
      ArrayDeque<T> pending = new ArrayDeque<>();
      ArrayDeque<Future<R>> window = new ArrayDeque<>();
      int ahead = threads * 64;
      boolean failed = false;
      while ((!failed && inputs.hasNext()) || !window.isEmpty()) {
        while (!failed && window.size() < ahead && inputs.hasNext()) {
          T in;
          try {
            in = inputs.next();
          } catch (RuntimeException | Error e) {
            // Reading failed: rethrown in its turn, after the inputs before it (whose own failure comes first).
            failed = true;
            pending.add(null);
            window.add(java.util.concurrent.CompletableFuture.failedFuture(e));
            break;
          }
          pending.add(in);
          window.add(pool.submit(() -> work.apply(in)));
        }
        R out = await(window.poll());
        then.accept(pending.poll(), out);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static <R> R await(Future<R> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
