package dev.deja.core.embed;

import java.util.List;
import java.util.Objects;

/**
 * A text as a model reads it: its word pieces ("sens", "##ory") and the model's vector of each in the text's context,
 * each of unit length. What the pair classifier's token features align ({@code token_match}, {@code token_worst}).
 *
 * @param pieces the word pieces, in order, as the tokenizer writes them
 * @param vectors one vector per piece, in the same order
 */
public record TokenVectors(List<String> pieces, float[][] vectors) {
  /**
   * The most pieces an alignment reads per text (the first ones): it compares every piece of one text with every piece
   * of the other, so a long text must not make it quadratic in the text's length (a memory fact has 10–30 pieces).
   */
  public static final int MAX_PIECES = 64;

  public TokenVectors {
    pieces = List.copyOf(pieces);
    Objects.requireNonNull(vectors, "vectors");
    if (pieces.size() != vectors.length) {
      throw new IllegalArgumentException(pieces.size() + " pieces but " + vectors.length + " vectors");
    }
  }

  /** How many pieces. */
  public int size() {
    return vectors.length;
  }

  /** The piece at {@code i} as a reader would write it (without the tokenizer's continuation marks, "##"). */
  public String piece(int i) {
    String p = pieces.get(i);
    return p.startsWith("##") ? p.substring(2) : p.startsWith("\u2581") ? p.substring(1) : p;
  }
}
