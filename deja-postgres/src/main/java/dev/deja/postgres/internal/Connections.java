package dev.deja.postgres.internal;

import dev.deja.core.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * Hands out connections from the pool, binding one to the current thread while it runs scope work, so that every
 * call the work makes (candidates, nearest, find, insert, replace — of any collection of the same backend) runs on
 * the connection and inside the transaction that holds the scope's advisory lock.
 *
 * <p>Outside scope work a read borrows a connection in auto-commit mode and a write runs in its own transaction; both
 * have committed (so are durable and visible to every connection) when they return. A thread inside scope work never
 * borrows a second connection, so a full pool cannot deadlock against its own lock holders.
 *
 * <p>Thread-safe.
 */
public final class Connections {
  private final DataSource pool;
  private final ThreadLocal<Connection> bound = new ThreadLocal<>();

  /** SQL work on a connection. */
  @FunctionalInterface
  public interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  public Connections(DataSource pool) {
    this.pool = pool;
  }

  /** Runs a read: on the thread's bound connection, else on a pooled one in auto-commit mode. */
  public <T> T read(String what, Work<T> work) {
    Connection b = bound.get();
    try {
      if (b != null) {
        return work.run(b);
      }
      try (Connection c = pool.getConnection()) {
        return work.run(c);
      }
    } catch (SQLException e) {
      throw Failures.of(what, e);
    }
  }

  /** Runs a write: inside the thread's bound transaction, else in a transaction of its own, committed on return. */
  public <T> T write(String what, Work<T> work) {
    Connection b = bound.get();
    try {
      if (b != null) {
        return work.run(b);
      }
      try (Connection c = pool.getConnection()) {
        c.setAutoCommit(false);
        try {
          T result = work.run(c);
          c.commit();
          return result;
        } catch (SQLException | RuntimeException | Error e) {
          rollbackQuietly(c, e);
          throw e;
        }
      }
    } catch (SQLException e) {
      throw Failures.of(what, e);
    }
  }

  /**
   * Runs work in one transaction holding the transaction-scoped advisory lock {@code lockKey}, committing (durably:
   * the server flushes its log before it acknowledges the commit) before returning; rolls back when the work throws.
   * Nested calls on the same thread take their lock in the outer transaction and commit with it; a nested call whose
   * work throws rolls back to a savepoint taken when it began, so that its writes are undone while the outer work's
   * stay (the lock stays held until the outer transaction ends).
   */
  public <T> T locked(String what, long lockKey, Supplier<T> work) {
    Connection b = bound.get();
    if (b != null) {
      lock(b, lockKey, what);
      Savepoint sp;
      try {
        sp = b.setSavepoint();
      } catch (SQLException e) {
        throw Failures.of(what + ": starting nested scope work", e);
      }
      T result;
      try {
        result = work.get();
      } catch (RuntimeException | Error e) {
        try {
          b.rollback(sp);
        } catch (SQLException x) {
          e.addSuppressed(x);
        }
        throw e;
      }
      try {
        b.releaseSavepoint(sp);
      } catch (SQLException e) {
        throw Failures.of(what + ": ending nested scope work", e);
      }
      return result;
    }
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      bound.set(c);
      try {
        lock(c, lockKey, what);
        T result = work.get();
        c.commit();
        return result;
      } catch (SQLException | RuntimeException | Error e) {
        rollbackQuietly(c, e);
        throw e;
      } finally {
        bound.remove();
      }
    } catch (SQLException e) {
      throw Failures.of(what, e);
    }
  }

  /** Whether the current thread runs scope work (has a bound connection). */
  public boolean inTransaction() {
    return bound.get() != null;
  }

  private static void lock(Connection c, long key, String what) {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
      ps.setLong(1, key);
      ps.execute();
    } catch (SQLException e) {
      throw Failures.of(what + ": taking the scope lock", e);
    }
  }

  private static void rollbackQuietly(Connection c, Throwable cause) {
    try {
      c.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  /** Fails when called inside scope work: for operations that must not join a caller's transaction. */
  public void requireNoTransaction(String what) {
    if (inTransaction()) {
      throw new StoreException(what + " cannot run inside scope work", false);
    }
  }
}
