package dev.deja.embed;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The Hugging Face tokenizer (DJL's binding of the Rust {@code tokenizers} library) behind a small interface: texts to
 * padded id, attention-mask and token-type arrays.
 *
 * <p>The only class of Deja that references DJL, so that {@link Offline#ensure()} (run when this class and
 * {@link OnnxEmbedder} initialise) comes before any DJL class loads. Thread-safe, as DJL's tokenizer is.
 */
final class HfTokenizer implements AutoCloseable {
  static {
    Offline.ensure();
  }

  /**
   * Encoded texts, row-major {@code size × length}, padded with zeros (mask 0) to the longest.
   *
   * @param size how many texts
   * @param length tokens per row after padding
   * @param ids token ids
   * @param mask 1 for real tokens, 0 for padding
   * @param types token type ids
   * @param tokens the pieces of each text, as the tokenizer writes them (special tokens included)
   */
  record Batch(int size, int length, long[] ids, long[] mask, long[] types, List<String[]> tokens) {}

  private final HuggingFaceTokenizer tokenizer;

  private HfTokenizer(HuggingFaceTokenizer tokenizer) {
    this.tokenizer = tokenizer;
  }

  /** A tokenizer from a {@code tokenizer.json}, truncating to {@code maxTokens}. */
  static HfTokenizer load(byte[] tokenizerJson, int maxTokens) throws IOException {
    // DJL reads tokenizers from files only; the file lives just long enough to be parsed.
    Path tok = Files.createTempFile("deja-tokenizer-", ".json");
    try {
      Files.write(tok, tokenizerJson);
      return new HfTokenizer(HuggingFaceTokenizer.builder().optTokenizerPath(tok).optMaxLength(maxTokens)
          .optTruncation(true).optPadding(false).build());
    } finally {
      Files.deleteIfExists(tok);
    }
  }

  Batch encode(List<String> texts) {
    Encoding[] enc = tokenizer.batchEncode(texts.toArray(new String[0]));
    int len = 0;
    for (Encoding e : enc) {
      len = Math.max(len, e.getIds().length);
    }
    int batch = enc.length;
    long[] ids = new long[batch * len];
    long[] mask = new long[batch * len];
    long[] types = new long[batch * len];
    for (int b = 0; b < batch; b++) {
      long[] in = enc[b].getIds();
      System.arraycopy(in, 0, ids, b * len, in.length);
      System.arraycopy(enc[b].getAttentionMask(), 0, mask, b * len, in.length);
      System.arraycopy(enc[b].getTypeIds(), 0, types, b * len, in.length);
    }
    List<String[]> tokens = new java.util.ArrayList<>(batch);
    for (Encoding e : enc) {
      tokens.add(e.getTokens());
    }
    return new Batch(batch, len, ids, mask, types, tokens);
  }

  @Override
  public void close() {
    tokenizer.close();
  }
}
