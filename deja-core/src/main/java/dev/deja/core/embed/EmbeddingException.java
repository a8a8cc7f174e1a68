package dev.deja.core.embed;

import dev.deja.core.DejaException;

/** An embedder could not produce a vector: the model failed to load, a remote endpoint timed out or answered nonsense. */
public class EmbeddingException extends DejaException {
  private static final long serialVersionUID = 1L;
  private final boolean retriable;

  public EmbeddingException(String message, boolean retriable) {
    super(message);
    this.retriable = retriable;
  }

  public EmbeddingException(String message, boolean retriable, Throwable cause) {
    super(message, cause);
    this.retriable = retriable;
  }

  /** Whether the same call may succeed later (timeouts, 5xx), as opposed to never (bad model, 4xx). */
  public boolean isRetriable() {
    return retriable;
  }
}
