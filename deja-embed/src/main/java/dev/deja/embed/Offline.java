package dev.deja.embed;

/**
 * Keeps the embedding libraries from making network calls Deja was not configured to make.
 *
 * <p>Measured with strace (see VERIFIED.md): the DJL tokenizer probes a cloud metadata address unless the system
 * properties {@code OPT_OUT_TRACKING=true} and {@code ai.djl.offline=true} are set before its classes load; this sets
 * them unless the user set them. ONNX Runtime 1.28 (the version used here) sends no telemetry; 1.29 would, unless
 * {@code ORT_DISABLE_TELEMETRY=1} is in the environment (which the {@code ./deja} launcher also sets).
 *
 * <p>Thread-safe.
 */
public final class Offline {
  private Offline() {}

  /** Sets the opt-out properties if they are not set. Call before any DJL class is loaded. */
  public static synchronized void ensure() {
    if (System.getProperty("OPT_OUT_TRACKING") == null) {
      System.setProperty("OPT_OUT_TRACKING", "true");
    }
    if (System.getProperty("ai.djl.offline") == null) {
      System.setProperty("ai.djl.offline", "true");
    }
  }
}
