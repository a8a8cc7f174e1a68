package dev.deja.core.cascade;

import dev.deja.core.item.Item;
import java.util.Optional;

/**
 * A stage that compares items by embedding: it gives the engine the vector to store with an item (computed once, at
 * write time, so stored items are never re-embedded on a check) and asks for nearest-neighbour candidates.
 */
public interface VectorStage extends Stage {

  /** The name under which vectors are stored (the model name, so different models never mix). */
  String vectorName();

  /** How many nearest neighbours to fetch as candidates. */
  int neighbours();

  /**
   * The vector of an item, empty when its field is blank (no evidence).
   *
   * @throws dev.deja.core.embed.EmbeddingException when the embedder fails
   */
  Optional<float[]> vectorOf(Item item);

  /** Whether a failing embedder makes the check fail (closed) rather than skip this stage (open). */
  boolean failClosed();
}
