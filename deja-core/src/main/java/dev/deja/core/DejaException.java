package dev.deja.core;

/**
 * The root of every exception Deja throws; unchecked, with the cause kept.
 *
 * <p>Subclasses say whose mistake it was: {@link InvalidInputException} for a caller's bad item, request or
 * configuration (HTTP 4xx, CLI exit code 2), {@link StoreException} for a failing store.
 */
public class DejaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DejaException(String message) {
    super(message);
  }

  public DejaException(String message, Throwable cause) {
    super(message, cause);
  }
}
