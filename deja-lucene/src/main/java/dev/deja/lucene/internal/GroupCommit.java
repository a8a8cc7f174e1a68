package dev.deja.lucene.internal;

import dev.deja.core.StoreException;

/**
 * Group commit: many writers wait for one durable commit instead of each paying for its own fsync.
 *
 * <p>A writer that has added its documents calls {@link #awaitDurable()}. It needs a commit that <em>starts</em> after
 * its write. If no commit is running, it becomes the leader and runs one; otherwise it waits. When a commit finishes,
 * every writer whose write happened before that commit started returns; of the others, one leads the next commit. So
 * under load each fsync covers every write that arrived while the previous one ran, without a timer and without idle
 * latency when there is no load (leader/follower, as in database group commit).
 *
 * <p>Thread-safe.
 */
public final class GroupCommit {

  /** The commit action (e.g. {@code IndexWriter::commit}). */
  @FunctionalInterface
  public interface Action {
    void commit() throws Exception;
  }

  private final Action action;
  private final java.util.function.Function<Throwable, StoreException> failure;
  private final Object monitor = new Object();
  private long started;
  private long succeeded;
  private long failed;
  private Throwable lastFailure;
  private boolean running;
  private long commits;

  public GroupCommit(Action action, java.util.function.Function<Throwable, StoreException> failure) {
    this.action = action;
    this.failure = failure;
  }

  /** Returns once a commit that started after this call has finished; throws if that commit failed. */
  public void awaitDurable() {
    long target;
    synchronized (monitor) {
      target = started + 1;
      while (true) {
        if (succeeded >= target) {
          return;
        }
        if (failed >= target) {
          throw failure.apply(lastFailure);
        }
        if (!running) {
          running = true;
          started++;
          break;
        }
        try {
          monitor.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new StoreException("interrupted while waiting for a write to become durable; it may or may not be "
              + "durable", true, e);
        }
      }
    }
    long mine = target;
    Throwable error = null;
    try {
      action.commit();
    } catch (Throwable t) {
      error = t;
    }
    synchronized (monitor) {
      running = false;
      commits++;
      if (error == null) {
        succeeded = mine;
      } else {
        failed = mine;
        lastFailure = error;
      }
      monitor.notifyAll();
    }
    if (error != null) {
      throw failure.apply(error);
    }
  }

  /** How many commits ran (for tests and metrics: fewer than writes under concurrency). */
  public long commits() {
    synchronized (monitor) {
      return commits;
    }
  }
}
