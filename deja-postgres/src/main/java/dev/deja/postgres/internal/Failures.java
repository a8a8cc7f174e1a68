package dev.deja.postgres.internal;

import dev.deja.core.InvalidInputException;
import dev.deja.core.StoreException;
import java.sql.SQLException;
import java.sql.SQLTransientException;

/**
 * Turns JDBC failures into the project's exceptions, saying whether repeating the call may succeed.
 *
 * <p>Retriable: lost or refused connections (SQLSTATE class 08), serialisation failures and deadlocks (40001, 40P01),
 * lock and statement timeouts (55P03, 57014), a server shutting down or restarting (57P01–57P03), insufficient
 * resources (class 53, e.g. too many connections), and a pool that had no free connection in time. Data exceptions
 * (class 22, e.g. a NaN vector component) are invalid input. A foreign key violation (23503) means the collection was
 * dropped by another process while a request ran, and says so. Everything else is not retriable.
 *
 * <p>Thread-safe: stateless.
 */
public final class Failures {
  private Failures() {}

  /** The exception to throw for a failure while doing {@code what}. */
  public static RuntimeException of(String what, SQLException e) {
    String state = stateOf(e);
    String message = what + " failed: " + e.getMessage() + (state == null ? "" : " (SQLSTATE " + state + ")");
    if (state != null && state.startsWith("22")) {
      return new InvalidInputException(message, e);
    }
    if ("23503".equals(state)) {
      // An item row refers to a collection row that is gone: another process dropped the collection meanwhile.
      return new StoreException(what + " failed: the collection was dropped by another process while this request "
          + "ran", false, e);
    }
    return new StoreException(message, retriable(e, state), e);
  }

  private static boolean retriable(SQLException e, String state) {
    if (e instanceof SQLTransientException) {
      return true;
    }
    if (state == null) {
      return false;
    }
    return state.startsWith("08") || state.startsWith("53") || state.equals("40001") || state.equals("40P01")
        || state.equals("55P03") || state.equals("57014") || state.startsWith("57P");
  }

  private static String stateOf(SQLException e) {
    for (SQLException x = e; x != null; x = x.getNextException()) {
      if (x.getSQLState() != null) {
        return x.getSQLState();
      }
    }
    return null;
  }
}
