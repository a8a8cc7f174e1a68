package dev.deja.stream;

import java.util.Objects;
import java.util.Optional;

/**
 * How a later unit compares with an earlier one, layer by layer, and whether it repeats it.
 *
 * <p>A pair is a duplicate if and only if the texts are identical after normalisation; or no guard found a conflict
 * and {@code chunk ≥ similarity_threshold} or {@code content ≥ content_similarity_threshold}; or the paraphrase
 * model's {@code restatement ≥ paraphrase_threshold} with at least {@code paraphrase_min_shared} shared content words
 * (for this layer the guards are evidence the model weighs, not vetoes: see {@link RestatementModel}); or no guard
 * found a conflict and {@code semantic ≥ semantic_threshold}. Every score is in [0, 1]; all but {@code restatement}
 * are symmetric similarities; a layer that was not applied (siblings in a list are compared only by the exact and
 * chunk layers; the semantic layer needs an embedder; the model runs only where the other layers did not decide)
 * scores 0. Immutable.
 *
 * @param exact identical after normalisation (case, accents, punctuation, white space, list marker)
 * @param chunk difflib ratio of the normalised texts (chunk layer)
 * @param content the same ratio, for the content layer (0 when the relation allows only the chunk layer)
 * @param paraphrase weighted Dice of content tokens (one of the paraphrase model's features)
 * @param shared weighted number of shared content tokens
 * @param restatement the paraphrase model's probability that the later unit restates the earlier, 0 when not asked
 * @param semantic cosine of the embeddings, 0 without an embedder
 * @param conflict the first guard that objects to the pair, if any
 * @param layer the layer that decided ({@code exact}, {@code chunk}, {@code content}, {@code paraphrase},
 *     {@code semantic}), or {@code none}
 * @param evidence the paraphrase model's evidence in words ("restatement 0.93: dice 0.45 (+1.20), restate 1.00
 *     (+2.80), …"), empty when the model was not asked
 */
public record PairScore(boolean exact, double chunk, double content, double paraphrase, double shared,
    double restatement, double semantic, Optional<String> conflict, String layer, String evidence) {

  /** A pair that is not compared. */
  static final PairScore NONE = new PairScore(false, 0, 0, 0, 0, 0, 0, Optional.empty(), "none", "");

  public PairScore {
    Objects.requireNonNull(conflict, "conflict");
    Objects.requireNonNull(layer, "layer");
    Objects.requireNonNull(evidence, "evidence");
  }

  /** This score with another deciding layer and guard conflict. */
  PairScore withLayer(String newLayer, Optional<String> newConflict) {
    return new PairScore(exact, chunk, content, paraphrase, shared, restatement, semantic, newConflict, newLayer,
        evidence);
  }

  /** This score with the paraphrase model's probability and evidence. */
  PairScore withRestatement(double probability, String why) {
    return new PairScore(exact, chunk, content, paraphrase, shared, probability, semantic, conflict, layer, why);
  }

  /** Why the pair was judged so, in one line: the deciding layer and score, the model's evidence, the guard. */
  public String explain() {
    StringBuilder b = new StringBuilder(String.format(java.util.Locale.ROOT, "%s %.2f", layer, similarity()));
    if (!evidence.isEmpty()) {
      b.append("; ").append(evidence);
    }
    conflict.ifPresent(c -> b.append("; guard ").append(c));
    return b.toString();
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
      case "paraphrase" -> restatement;
      case "semantic" -> semantic;
      default -> Math.max(Math.max(chunk, content), Math.max(restatement, semantic));
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
