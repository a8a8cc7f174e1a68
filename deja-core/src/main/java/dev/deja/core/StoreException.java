package dev.deja.core;

/** A store could not do what was asked: I/O failure, lost connection, corrupt or locked data. */
public class StoreException extends DejaException {
  private static final long serialVersionUID = 1L;
  private final boolean retriable;

  public StoreException(String message, boolean retriable) {
    super(message);
    this.retriable = retriable;
  }

  public StoreException(String message, boolean retriable, Throwable cause) {
    super(message, cause);
    this.retriable = retriable;
  }

  /** Whether the same call may succeed if repeated later (a timeout, a lost connection), as opposed to never. */
  public boolean isRetriable() {
    return retriable;
  }
}
