package dev.deja.core.embed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** Embedder providers registered as services by modules on the class path. Thread-safe. */
public final class EmbedderProviders {
  private EmbedderProviders() {}

  /**
   * Every {@link EmbedderProvider} registered in {@code META-INF/services/dev.deja.core.embed.EmbedderProvider},
   * asked in class-path order; none when no module registers one.
   */
  public static EmbedderProvider defaults() {
    List<EmbedderProvider> all = new ArrayList<>();
    ServiceLoader.load(EmbedderProvider.class, EmbedderProviders.class.getClassLoader()).forEach(all::add);
    if (all.isEmpty()) {
      return EmbedderProvider.none();
    }
    return model -> {
      for (EmbedderProvider p : all) {
        Optional<Embedder> e = p.find(model);
        if (e.isPresent()) {
          return e;
        }
      }
      return Optional.empty();
    };
  }
}
