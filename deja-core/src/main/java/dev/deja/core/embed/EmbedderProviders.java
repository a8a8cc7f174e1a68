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
    List<EmbedderProvider> all = registered();
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

  private static List<EmbedderProvider> registered() {
    List<EmbedderProvider> all = new ArrayList<>();
    ServiceLoader.load(EmbedderProvider.class, EmbedderProviders.class.getClassLoader()).forEach(all::add);
    return all;
  }

  /**
   * For validating a spec without running it: the registered providers when there are any (so a mistyped model name
   * is caught), else a provider that accepts every name with an embedder that fails when used (so a spec can be read
   * and checked by a process that has no embedding module, such as a config linter).
   */
  public static EmbedderProvider forValidation() {
    if (!registered().isEmpty()) {
      return defaults();
    }
    return model -> Optional.of(placeholder(model));
  }

  /**
   * An embedder for a model that is not available here: it has a name and fails when used. It stands in where a spec
   * must be read and checked but the model will not run (validation; stages that are switched off).
   */
  public static Embedder placeholder(String model) {
    return new Embedder() {
      @Override
      public String model() {
        return model;
      }

      @Override
      public int dimension() {
        return 0;
      }

      @Override
      public float[] embed(String text) {
        throw new EmbeddingException("no embedder for model '" + model + "' is available: add the deja-embed module "
            + "to the class path or configure an embedder with that name", false);
      }
    };
  }
}
