package dev.deja.core.store;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One exclusive lock per scope value, created on demand and dropped when unused, so that work for the same scope is
 * serialised while work for different scopes never waits on each other (no striping collisions).
 *
 * <p>Thread-safe. Locks are reentrant and fair to waiting threads in arrival order.
 */
public final class ScopeLocks {
  private final ConcurrentHashMap<String, Entry> locks = new ConcurrentHashMap<>();

  private static final class Entry {
    final ReentrantLock lock = new ReentrantLock(true);
    int users;
  }

  /** Runs work holding the lock of the scope. */
  public <T> T withLock(String scope, Supplier<T> work) {
    Entry e = locks.compute(scope, (k, v) -> {
      Entry entry = v == null ? new Entry() : v;
      entry.users++;
      return entry;
    });
    e.lock.lock();
    try {
      return work.get();
    } finally {
      e.lock.unlock();
      locks.computeIfPresent(scope, (k, v) -> --v.users == 0 ? null : v);
    }
  }

  /** How many scopes currently have a lock in use (for tests and metrics). */
  public int active() {
    return locks.size();
  }
}
