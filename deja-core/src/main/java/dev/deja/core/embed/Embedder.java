package dev.deja.core.embed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns text into a vector whose cosine similarity to another text's vector says how alike their meanings are.
 *
 * <p>Contract (checked by {@code EmbedderContract} in deja-testkit): every vector has {@link #dimension()} finite
 * components; the same text always gives the same vector; implementations are thread-safe. Failures are
 * {@link EmbeddingException}s that say whether a retry may help. Implementations live outside deja-core (deja-embed:
 * an in-process model, a remote OpenAI-compatible endpoint; deja-testkit: a deterministic hashing fake).
 */
public interface Embedder {

  /** The model name, part of cache keys and of stored vectors' names. */
  String model();

  /** The number of components of every vector. */
  int dimension();

  /** The vector of one text. */
  float[] embed(String text);

  /**
   * The model's vector of each word piece of a text, in order, with the pieces, without the markers a model adds around
   * a text ({@code [CLS]}, {@code [SEP]}); each of unit length (an implementation may keep them in fewer bits: the
   * in-process models keep 8 per component). What the pair classifier's token features align ({@code token_match},
   * {@code token_worst}), which read at most the first {@link TokenVectors#MAX_PIECES}; an implementation may give no
   * more. Empty when the embedder cannot give them (a remote endpoint returns pooled vectors only).
   * The same text always gives the same vectors.
   */
  default Optional<TokenVectors> tokenVectors(String text) {
    return Optional.empty();
  }

  /**
   * Declares that {@link #tokenVectors} will be asked for texts this embedder embeds: a pair classifier with token
   * features says so when it is built, before it embeds anything. An implementation that can keep the pieces of the
   * texts it embeds (the in-process models) keeps them from then on, so that aligning a text it embedded lately needs
   * no second run of the model; one that no such stage uses keeps none. Asking for {@link #tokenVectors} declares it
   * too. Idempotent; the default does nothing.
   */
  default void keepTokenVectors() {
  }

  /** The vectors of several texts, in order; implementations may batch. */
  default List<float[]> embedAll(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (String t : texts) {
      out.add(embed(t));
    }
    return out;
  }
}
