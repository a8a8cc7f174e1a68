package dev.deja.embed;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.embed.EmbedderProviders;
import dev.deja.core.embed.RemoteEmbedderSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The factory of the embedders an application serves: the remote ones a configuration declares (its
 * {@code embedders:} section, read by deja-format's {@code DejaConfig#embedders()}), by name, plus the shipped
 * in-process models and any other provider registered as a service.
 *
 * <pre>{@code
 * DejaConfig config = DejaConfig.load(Path.of("deja.yaml"));
 * EmbedderProvider embedders = Embedders.provider(config.embedders());
 * DejaCollection c = DejaCollection.builder(spec).store(store).embedders(embedders).build();
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class Embedders {
  private Embedders() {}

  /**
   * A provider serving the configured remote embedders by name (each built once, with its cache), then everything
   * {@link EmbedderProviders#defaults()} finds (the in-process models). Nothing connects until a text is embedded.
   *
   * @throws InvalidInputException when a remote embedder is named like a shipped model
   */
  public static EmbedderProvider provider(Map<String, RemoteEmbedderSpec> remote) {
    return provider(remote, System::getenv);
  }

  /** As {@link #provider(Map)}, with API keys looked up by {@code environment}. */
  public static EmbedderProvider provider(Map<String, RemoteEmbedderSpec> remote,
      Function<String, String> environment) {
    Map<String, Embedder> built = new LinkedHashMap<>();
    remote.forEach((name, spec) -> {
      if (ModelCatalog.find(name).isPresent()) {
        throw new InvalidInputException("embedders." + name + ": the name of a shipped in-process model; choose "
            + "another name for the remote embedder");
      }
      if (!name.equals(spec.name())) {
        throw new InvalidInputException("embedders." + name + ": the spec is named '" + spec.name() + "'");
      }
      built.put(name, remote(spec, environment));
    });
    Map<String, Embedder> byName = Map.copyOf(built);
    EmbedderProvider rest = EmbedderProviders.defaults();
    return model -> {
      Embedder e = byName.get(model);
      return e != null ? Optional.of(e) : rest.find(model);
    };
  }

  /** A remote embedder with the LRU cache its spec asks for ({@code cache_size}; 0 = none). */
  public static Embedder remote(RemoteEmbedderSpec spec, Function<String, String> environment) {
    RemoteEmbedder r = new RemoteEmbedder(spec, environment);
    return spec.cacheSize() == 0 ? r : new CachingEmbedder(r, spec.cacheSize());
  }
}
