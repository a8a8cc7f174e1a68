package dev.deja.core.embed;

import java.util.Map;
import java.util.Optional;

/**
 * Finds an embedder by the model name a spec asks for ({@code all-minilm-l6-v2}, {@code remote:my-endpoint}, …).
 *
 * <p>Implementations are thread-safe and return the same instance for the same name (models load once).
 */
@FunctionalInterface
public interface EmbedderProvider {

  /** The embedder for a model name, if this provider knows it. */
  Optional<Embedder> find(String model);

  /** A provider that knows none. */
  static EmbedderProvider none() {
    return model -> Optional.empty();
  }

  /** A provider over a fixed map (for tests and embedding applications). */
  static EmbedderProvider of(Map<String, Embedder> embedders) {
    Map<String, Embedder> copy = Map.copyOf(embedders);
    return model -> Optional.ofNullable(copy.get(model));
  }
}
