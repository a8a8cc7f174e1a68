package dev.deja.core.cascade;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Scores a check's candidates on more than one core. A {@code combined} stage computes word-level signals for every
 * candidate its cosine does not rule out, each independent of the others; one check with twenty candidates is most of
 * a memory check's time, so the calling thread shares them with helper threads, which take the next unscored candidate
 * until none is left. The caller never waits for a helper to start (a helper that starts after the last candidate was
 * taken does nothing); it waits only for the candidates a helper took. Results keep the candidates' order, so the
 * verdict and its explanation are the same as when scored one by one.
 *
 * <p>Threads: system property {@code deja.score.threads} (read once; default the number of processors), the caller
 * included; 1 scores on the calling thread only. Thread-safe.
 */
final class CandidateScoring {
  private static final int THREADS = Math.max(1, Integer.getInteger("deja.score.threads",
      Runtime.getRuntime().availableProcessors()));
  private static final ExecutorService HELPERS = THREADS == 1 ? null : Executors.newFixedThreadPool(THREADS - 1,
      new java.util.concurrent.ThreadFactory() {
        private final AtomicInteger n = new AtomicInteger();

        @Override
        public Thread newThread(Runnable r) {
          Thread t = new Thread(r, "deja-score-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        }
      });

  private CandidateScoring() {}

  /**
   * {@code f} applied to every item, in the items' order. The first item is done on the calling thread before any
   * helper starts, so that what every pair shares (the new text's words and phrases, cached per text) is read once.
   *
   * @throws RuntimeException what {@code f} threw (the first, with the others suppressed); an {@link Error} likewise
   */
  @SuppressWarnings("unchecked")
  static <T, R> List<R> map(List<T> items, Function<T, R> f) {
    int n = items.size();
    Object[] out = new Object[n];
    if (n == 0) {
      return (List<R>) java.util.Arrays.asList(out);
    }
    out[0] = f.apply(items.get(0));
    if (n == 1 || HELPERS == null) {
      for (int i = 1; i < n; i++) {
        out[i] = f.apply(items.get(i));
      }
      return (List<R>) java.util.Arrays.asList(out);
    }
    AtomicInteger next = new AtomicInteger(1);
    CountDownLatch done = new CountDownLatch(n - 1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable work = () -> {
      for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
        try {
          out[i] = f.apply(items.get(i));
        } catch (RuntimeException | Error e) {
          if (!failure.compareAndSet(null, e)) {
            failure.get().addSuppressed(e);
          }
        } finally {
          done.countDown();
        }
      }
    };
    for (int h = 0; h < Math.min(THREADS - 1, n - 1); h++) {
      HELPERS.execute(work);
    }
    work.run();
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while scoring candidates", e);
    }
    Throwable t = failure.get();
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return (List<R>) java.util.Arrays.asList(out);
  }
}
