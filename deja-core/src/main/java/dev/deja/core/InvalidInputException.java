package dev.deja.core;

/**
 * A caller's mistake: a malformed item, an unknown field, a bad threshold, an invalid collection spec.
 *
 * <p>The message names the offending value and where it was found (for example
 * {@code "stages.fuzzy.threshold: must be a number in [0, 1], got 1.5"}), so that it can be shown to the user as it is.
 */
public class InvalidInputException extends DejaException {
  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
