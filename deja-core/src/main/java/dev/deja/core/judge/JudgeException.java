package dev.deja.core.judge;

import dev.deja.core.DejaException;
import java.util.Locale;
import java.util.Objects;

/**
 * A judge could not answer. The stage that asked falls back to its in-process decision and says so; this exception
 * never fails a check.
 */
public class JudgeException extends DejaException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, as metrics and explanations name it ({@link #label()}). */
  public enum Failure {
    /** No complete answer within the time the check could wait. */
    TIMEOUT(true),
    /** HTTP 429: the endpoint's rate limit. */
    RATE_LIMITED(true),
    /** HTTP 408 or 5xx. */
    SERVER_ERROR(true),
    /** Connection refused or broken. */
    CONNECTION(true),
    /** Another 4xx or a redirect: the same request will fail again (wrong model, key, address). */
    CLIENT_ERROR(false),
    /** A 2xx answer that is not the asked JSON (decision SAME or DIFFERENT, a reason). */
    MALFORMED(false),
    /** The judge is not usable here (an API key variable not set; no endpoint of that name). */
    NOT_CONFIGURED(false),
    /** The judge failed in an unexpected way (a defect in its implementation). */
    INTERNAL(false);

    private final boolean retriable;

    Failure(boolean retriable) {
      this.retriable = retriable;
    }

    /** The metric label: {@code timeout}, {@code rate_limited}, {@code server_error}, … */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Failure failure;

  public JudgeException(Failure failure, String message) {
    super(message);
    this.failure = Objects.requireNonNull(failure, "failure");
  }

  public JudgeException(Failure failure, String message, Throwable cause) {
    super(message, cause);
    this.failure = Objects.requireNonNull(failure, "failure");
  }

  public Failure failure() {
    return failure;
  }

  /** Whether the same call may succeed later (timeouts, 429, 5xx), as opposed to never (4xx, malformed answers). */
  public boolean isRetriable() {
    return failure.retriable;
  }
}
