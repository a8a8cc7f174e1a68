package dev.deja.core;

/**
 * A store is configured to use something that does not exist (a CalDAV calendar URL answering 404, …): no retry
 * helps until the configuration is fixed, and the caller's request was not at fault.
 */
public class StoreConfigurationException extends StoreException {
  private static final long serialVersionUID = 1L;

  public StoreConfigurationException(String message) {
    super(message, false);
  }
}
