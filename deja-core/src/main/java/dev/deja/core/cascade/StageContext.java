package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.spec.CollectionSpec;
import java.util.Objects;

/**
 * What a {@link StageFactory} may use to build a stage: the collection spec (fields, analyzers) and the components
 * the application provides (embedders).
 *
 * @param spec the collection spec
 * @param embedders where embedders come from
 */
public record StageContext(CollectionSpec spec, EmbedderProvider embedders) {
  public StageContext {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(embedders, "embedders");
  }

  /** The embedder for a model, or an error naming where it was asked for. */
  public Embedder embedder(String model, String where) {
    return embedders.find(model).orElseThrow(() -> new InvalidInputException(where + ": no embedder for model '"
        + model + "' is available (in-process models need the deja-embed module; remote ones need an endpoint)"));
  }
}
