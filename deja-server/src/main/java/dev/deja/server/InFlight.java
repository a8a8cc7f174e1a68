package dev.deja.server;

/**
 * Counts requests being served and lets shutdown wait for them: once {@link #drain()} is called, new requests are
 * refused ({@link #enter()} returns false) and {@link #awaitIdle} waits for the running ones to finish.
 *
 * <p>Thread-safe.
 */
public final class InFlight {
  private int running;
  private boolean draining;

  /** Admits a request; false when draining. */
  public synchronized boolean enter() {
    if (draining) {
      return false;
    }
    running++;
    return true;
  }

  /** A request admitted by {@link #enter()} is done. */
  public synchronized void exit() {
    running--;
    if (running == 0) {
      notifyAll();
    }
  }

  /** Stops admitting requests. */
  public synchronized void drain() {
    draining = true;
  }

  /** Whether draining has begun. */
  public synchronized boolean isDraining() {
    return draining;
  }

  /** How many requests are running. */
  public synchronized int running() {
    return running;
  }

  /** Waits until no request runs, at most {@code millis}; whether it got there. */
  public synchronized boolean awaitIdle(long millis) throws InterruptedException {
    long deadline = System.nanoTime() + millis * 1_000_000L;
    while (running > 0) {
      long left = (deadline - System.nanoTime()) / 1_000_000L;
      if (left <= 0) {
        return false;
      }
      wait(left);
    }
    return true;
  }
}
