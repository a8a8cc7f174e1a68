package dev.deja.stream;

import java.util.Objects;
import java.util.Optional;

/**
 * How a later unit compares with an earlier one, layer by layer, and whether it repeats it.
 *
 * <p>A pair is a duplicate if and only if the texts are identical after normalisation, or no guard found a conflict
 * and at least one layer's score reaches its threshold: {@code chunk ≥ similarity_threshold}, {@code content ≥
 * content_similarity_threshold}, {@code paraphrase ≥ paraphrase_threshold} (with at least {@code
 * paraphrase_min_shared} shared content words), or {@code semantic ≥ semantic_threshold}. Every score is a
 * similarity in [0, 1] and symmetric; a layer that was not applied (siblings in a list are compared only by the
 * exact and chunk layers; the semantic layer needs an embedder) scores 0. Immutable.
 *
 * @param exact identical after normalisation (case, accents, punctuation, white space, list marker)
 * @param chunk difflib ratio of the normalised texts (chunk layer)
 * @param content the same ratio, for the content layer (0 when the relation allows only the chunk layer)
 * @param paraphrase weighted Dice of content tokens
 * @param shared weighted number of shared content tokens
 * @param semantic cosine of the embeddings, 0 without an embedder
 * @param conflict the guard conflict that vetoes a non-identical match, if any
 * @param layer the layer that decided ({@code exact}, {@code chunk}, {@code content}, {@code paraphrase},
 *     {@code semantic}), or {@code none}
 */
public record PairScore(boolean exact, double chunk, double content, double paraphrase, double shared,
    double semantic, Optional<String> conflict, String layer) {

  public PairScore {
    Objects.requireNonNull(conflict, "conflict");
    Objects.requireNonNull(layer, "layer");
  }

  /** Whether the later unit repeats the earlier one. */
  public boolean isDuplicate() {
    return !layer.equals("none");
  }

  /** The score of the deciding layer (1 for an exact repeat), or the highest score when not a duplicate. */
  public double similarity() {
    return switch (layer) {
      case "exact" -> 1.0;
      case "chunk" -> chunk;
      case "content" -> content;
      case "paraphrase" -> paraphrase;
      case "semantic" -> semantic;
      default -> Math.max(Math.max(chunk, content), Math.max(paraphrase, semantic));
    };
  }

  /** Rank of the deciding layer: exact 5 … semantic 1, none 0 (stronger evidence first). */
  int rank() {
    return switch (layer) {
      case "exact" -> 5;
      case "chunk" -> 4;
      case "content" -> 3;
      case "paraphrase" -> 2;
      case "semantic" -> 1;
      default -> 0;
    };
  }
}
