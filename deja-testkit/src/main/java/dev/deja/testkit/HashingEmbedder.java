package dev.deja.testkit;

import dev.deja.core.embed.Embedder;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A deterministic fake embedder for fast tests: feature hashing of a text's normalised words and word pairs into a
 * fixed number of dimensions, scaled to unit length.
 *
 * <p>Normalisation: Unicode NFKD, combining marks removed, lower-cased ({@link Locale#ROOT}), split on anything that
 * is not a letter or digit. Features: every word (weight 1) and every pair of adjacent words (weight 0.5), each hashed
 * (64-bit FNV-1a, then MurmurHash3's finaliser) to one dimension and a sign — the signed "hashing trick", so unrelated
 * texts are near-orthogonal in expectation. Texts sharing most words therefore have a high cosine similarity, texts
 * sharing none about 0; it knows no synonyms ("doctor" and "physician" are as far apart as any two words). A text
 * without words (blank, punctuation only) is embedded as one reserved feature, so every vector has unit length.
 *
 * <table>
 *   <caption>Cosine similarities at 384 dimensions</caption>
 *   <tr><th>a</th><th>b</th><th>cosine</th></tr>
 *   <tr><td>Dentist appointment</td><td>dentist   APPOINTMENT!</td><td>1</td></tr>
 *   <tr><td>Café</td><td>cafe</td><td>1</td></tr>
 *   <tr><td>dentist appointment tuesday</td><td>dentist appointment on tuesday</td><td>0.80</td></tr>
 *   <tr><td>dentist appointment</td><td>quarterly tax report</td><td>0</td></tr>
 * </table>
 *
 * <p>Immutable; thread-safe.
 */
public final class HashingEmbedder implements Embedder {
  /** 384: the size of the shipped MiniLM and bge-small models, so fakes and real vectors are interchangeable. */
  public static final int DEFAULT_DIMENSION = 384;

  private static final String NO_WORDS = "\u0000no-words";
  private final String model;
  private final int dimension;

  /** A hashing embedder named {@code hashing-384} with 384 dimensions. */
  public HashingEmbedder() {
    this(DEFAULT_DIMENSION);
  }

  /** A hashing embedder named {@code hashing-N}. */
  public HashingEmbedder(int dimension) {
    this("hashing-" + dimension, dimension);
  }

  /** A hashing embedder with a model name of its own (to stand in for a real model in a spec). */
  public HashingEmbedder(String model, int dimension) {
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be at least 1, got " + dimension);
    }
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model name must not be blank");
    }
    this.model = model;
    this.dimension = dimension;
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  /** The normalised words of a text, in order. */
  public static List<String> words(String text) {
    String s = Normalizer.normalize(text, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "").toLowerCase(Locale.ROOT);
    List<String> out = new ArrayList<>();
    for (String w : s.split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  @Override
  public float[] embed(String text) {
    List<String> words = words(text);
    double[] v = new double[dimension];
    if (words.isEmpty()) {
      add(v, NO_WORDS, 1.0);
    }
    for (int i = 0; i < words.size(); i++) {
      add(v, words.get(i), 1.0);
      if (i + 1 < words.size()) {
        add(v, words.get(i) + ' ' + words.get(i + 1), 0.5);
      }
    }
    double norm = 0;
    for (double x : v) {
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    float[] out = new float[dimension];
    for (int i = 0; i < dimension; i++) {
      // A zero sum needs every feature cancelled by a collision of opposite sign: practically never, but then the
      // first axis keeps the promise of unit length.
      out[i] = norm == 0 ? (i == 0 ? 1f : 0f) : (float) (v[i] / norm);
    }
    return out;
  }

  /**
   * One vector per normalised word (the word's own feature, unit length): two texts' tokens align exactly where they
   * share words, and nowhere else. A text without words has none.
   */
  @Override
  public java.util.Optional<dev.deja.core.embed.TokenVectors> tokenVectors(String text) {
    List<String> words = words(text);
    float[][] out = new float[words.size()][];
    for (int i = 0; i < out.length; i++) {
      double[] v = new double[dimension];
      add(v, words.get(i), 1.0);
      float[] f = new float[dimension];
      for (int d = 0; d < dimension; d++) {
        f[d] = (float) v[d];
      }
      out[i] = f;
    }
    return java.util.Optional.of(new dev.deja.core.embed.TokenVectors(words, out));
  }

  private void add(double[] v, String feature, double weight) {
    long h = hash(feature);
    int slot = (int) Long.remainderUnsigned(h >>> 1, dimension);
    v[slot] += (h & 1) == 0 ? weight : -weight;
  }

  /** FNV-1a over the UTF-8 bytes, then MurmurHash3's 64-bit finaliser to spread the bits. */
  static long hash(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }

  @Override
  public String toString() {
    return "HashingEmbedder[" + model + "]";
  }
}
