package dev.deja.embed;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.core.embed.TokenVectors;
import java.io.IOException;
import java.io.InputStream;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A sentence embedder running a shipped model in process with ONNX Runtime and the Hugging Face tokenizer.
 *
 * <p>Loads once (the constructor reads the model from the class path and creates the session); {@link #embed} and
 * {@link #embedAll} tokenize (truncating to the model's maximum), run the graph on a padded batch, pool (mean or
 * [CLS]) and L2-normalise, so every vector has unit length. No network access: see {@link Offline}, which runs when
 * this class is initialised, before the tokenizer (the only DJL user, kept in its own class) is loaded.
 *
 * <p>The quantized models ({@code -q}) quantize activations at run time with one scale per tensor, computed over the
 * whole batch: batched, a text's vector would depend on the other texts of its batch (components moved by up to
 * 0.005, found by {@code EmbedderContract}). So they embed one text at a time, which keeps every vector independent of
 * its company and costs little: their batch throughput was barely above single-text speed anyway (PERFORMANCE.md).
 *
 * <p>Thread-safe: ONNX Runtime sessions and the tokenizer may be used concurrently. Close it to free native memory.
 */
public final class OnnxEmbedder implements Embedder, AutoCloseable {
  static {
    // Before any DJL class loads: the tokenizer reads these properties when it is created (VERIFIED.md).
    Offline.ensure();
  }

  private final ModelCatalog.Model model;
  private final OrtEnvironment env;
  private final OrtSession session;
  private final HfTokenizer tokenizer;
  private final boolean needsTokenTypes;
  private final long loadNanos;

  /** Loads a shipped model; {@code intraOpThreads} 0 lets ONNX Runtime choose. */
  public OnnxEmbedder(ModelCatalog.Model model, int intraOpThreads) {
    Offline.ensure();
    long t0 = System.nanoTime();
    this.model = model;
    try {
      byte[] onnx = resource(model.onnxResource(), model);
      this.env = OrtEnvironment.getEnvironment();
      try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
        options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        if (intraOpThreads > 0) {
          options.setIntraOpNumThreads(intraOpThreads);
        }
        this.session = env.createSession(onnx, options);
      }
      this.needsTokenTypes = session.getInputNames().contains("token_type_ids");
      this.tokenizer = HfTokenizer.load(resource(model.tokenizerResource(), model), model.maxTokens());
    } catch (OrtException | IOException e) {
      throw new EmbeddingException("cannot load model '" + model.name() + "': " + e.getMessage(), false, e);
    } catch (RuntimeException | UnsatisfiedLinkError e) {
      throw new EmbeddingException("cannot load model '" + model.name() + "' (native library: " + e + "); the "
          + "tokenizer's native library is unpacked to DJL_CACHE_DIR or ~/.djl.ai, which must be writable", false, e);
    }
    this.loadNanos = System.nanoTime() - t0;
  }

  private static byte[] resource(String name, ModelCatalog.Model model) throws IOException {
    try (InputStream in = OnnxEmbedder.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("resource " + name + " is not on the class path; add " + model.artifact());
      }
      return in.readAllBytes();
    }
  }

  @Override
  public String model() {
    return model.name();
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  /** How long loading took, in nanoseconds (for benchmarks). */
  public long loadNanos() {
    return loadNanos;
  }

  @Override
  public float[] embed(String text) {
    return embedAll(List.of(text)).get(0);
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    if (texts.isEmpty()) {
      return List.of();
    }
    if (model.dynamicallyQuantized() && texts.size() > 1) {
      List<float[]> out = new ArrayList<>(texts.size());
      for (String t : texts) {
        out.add(run(List.of(t)));
      }
      return out;
    }
    return runAll(texts);
  }

  /**
   * The last layer's state of each word piece, without the first and last ({@code [CLS]}, {@code [SEP]}), normalised;
   * at most the first {@link TokenVectors#MAX_PIECES}.
   * A text embedded lately gives them without running the model again: once a stage has declared that it aligns this
   * model's pieces ({@link #keepTokenVectors}, or a first call here), each embedding keeps its text's pieces (the last
   * {@value #PIECES_KEPT} texts), as a check aligns the new text right after embedding it.
   */
  @Override
  public Optional<TokenVectors> tokenVectors(String text) {
    keeping = true;
    Pieces kept;
    synchronized (pieces) {
      kept = pieces.get(text);
    }
    if (kept != null) {
      return Optional.of(kept.vectors());
    }
    Pieces[] sink = new Pieces[1];
    runAll(List.of(text), sink);
    return Optional.of(sink[0].vectors());
  }

  private float[] run(List<String> one) {
    return runAll(one).get(0);
  }

  private List<float[]> runAll(List<String> texts) {
    return runAll(texts, null);
  }

  @Override
  public void keepTokenVectors() {
    keeping = true;
  }

  /**
   * Embeds the texts; keeps each one's word pieces (8-bit) once a stage aligns them, and puts them in {@code sink}, in
   * order, unless it is null.
   */
  private List<float[]> runAll(List<String> texts, Pieces[] sink) {
    boolean keep = keeping;
    HfTokenizer.Batch enc;
    try {
      enc = tokenizer.encode(model.prefix().isEmpty() ? texts
          : texts.stream().map(t -> model.prefix() + t).toList());
    } catch (RuntimeException e) {
      throw new EmbeddingException("tokenizer failed: " + e.getMessage(), false, e);
    }
    int batch = enc.size();
    int len = enc.length();
    long[] ids = enc.ids();
    long[] mask = enc.mask();
    long[] types = enc.types();
    long[] shape = {batch, len};
    try (OnnxTensor tIds = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
        OnnxTensor tMask = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
        OnnxTensor tTypes = OnnxTensor.createTensor(env, LongBuffer.wrap(types), shape)) {
      Map<String, OnnxTensor> inputs = needsTokenTypes
          ? Map.of("input_ids", tIds, "attention_mask", tMask, "token_type_ids", tTypes)
          : Map.of("input_ids", tIds, "attention_mask", tMask);
      try (OrtSession.Result r = session.run(inputs)) {
        float[][][] hidden = (float[][][]) r.get(0).getValue();
        List<float[]> out = new ArrayList<>(batch);
        for (int b = 0; b < batch; b++) {
          out.add(normalize(pool(hidden[b], mask, b * len, len)));
          if (keep || sink != null) {
            Pieces p = piecesOf(hidden[b], mask, b * len, len, enc.tokens().get(b));
            if (keep) {
              synchronized (pieces) {
                pieces.put(texts.get(b), p);
              }
            }
            if (sink != null) {
              sink[b] = p;
            }
          }
        }
        return out;
      }
    } catch (OrtException e) {
      throw new EmbeddingException("model '" + model.name() + "' failed: " + e.getMessage(), false, e);
    }
  }

  /**
   * How many texts' word pieces are kept after embedding them ({@link #tokenVectors}): 4,096 by default (system
   * property {@code deja.embed.pieces}), about 30 MB for sentences of twenty pieces, at most about 100 MB (64 pieces
   * each).
   */
  static final int PIECES_KEPT = Math.max(1, Integer.getInteger("deja.embed.pieces", 4096));

  /** Whether embeddings keep their pieces: only once a stage aligns them (a model no stage aligns keeps none). */
  private volatile boolean keeping;

  private final Map<String, Pieces> pieces = new java.util.LinkedHashMap<>(64, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Pieces> eldest) {
      return size() > PIECES_KEPT;
    }
  };

  /**
   * A text's word pieces as kept: each vector in 8 bits per component with its own scale (a unit vector's components
   * to within 0.4% of its largest). Every vector {@link #tokenVectors} gives has been through this form, so a text's
   * pieces are the same numbers whether kept or computed again.
   */
  private record Pieces(List<String> names, byte[][] codes, float[] scales) {
    static Pieces of(List<String> names, float[][] vectors) {
      byte[][] codes = new byte[vectors.length][];
      float[] scales = new float[vectors.length];
      for (int i = 0; i < vectors.length; i++) {
        float max = 0;
        for (float x : vectors[i]) {
          max = Math.max(max, Math.abs(x));
        }
        scales[i] = max == 0 ? 0 : max / 127f;
        codes[i] = new byte[vectors[i].length];
        for (int d = 0; d < vectors[i].length; d++) {
          codes[i][d] = scales[i] == 0 ? 0 : (byte) Math.round(vectors[i][d] / scales[i]);
        }
      }
      return new Pieces(names, codes, scales);
    }

    TokenVectors vectors() {
      float[][] v = new float[codes.length][];
      for (int i = 0; i < codes.length; i++) {
        v[i] = new float[codes[i].length];
        for (int d = 0; d < codes[i].length; d++) {
          v[i][d] = codes[i][d] * scales[i];
        }
      }
      return new TokenVectors(names, v);
    }
  }

  /** A text's word pieces: its real tokens (mask 1) without the first and last. */
  private static Pieces piecesOf(float[][] hidden, long[] mask, int offset, int len, String[] tokens) {
    int real = 0;
    for (int t = 0; t < len; t++) {
      if (mask[offset + t] != 0) {
        real++;
      }
    }
    // The first pieces only: an alignment reads no more, and a long text must not fill the cache.
    int n = Math.min(TokenVectors.MAX_PIECES, Math.max(0, real - 2));
    float[][] vectors = new float[n][];
    List<String> names = new ArrayList<>(n);
    for (int t = 0; t < n; t++) {
      vectors[t] = normalize(hidden[t + 1].clone());
      names.add(tokens[t + 1]);
    }
    return Pieces.of(names, vectors);
  }

  /** How many texts' pieces are kept now (for tests). */
  int piecesKept() {
    synchronized (pieces) {
      return pieces.size();
    }
  }

  private float[] pool(float[][] tokens, long[] mask, int offset, int len) {
    int dim = tokens[0].length;
    float[] v = new float[dim];
    if (model.pooling() == ModelCatalog.Pooling.CLS) {
      System.arraycopy(tokens[0], 0, v, 0, dim);
      return v;
    }
    int n = 0;
    for (int t = 0; t < len; t++) {
      if (mask[offset + t] == 0) {
        continue;
      }
      n++;
      for (int d = 0; d < dim; d++) {
        v[d] += tokens[t][d];
      }
    }
    for (int d = 0; d < dim; d++) {
      v[d] /= Math.max(1, n);
    }
    return v;
  }

  private static float[] normalize(float[] v) {
    double sum = 0;
    for (float x : v) {
      sum += (double) x * x;
    }
    double norm = Math.sqrt(sum);
    if (norm > 0) {
      for (int i = 0; i < v.length; i++) {
        v[i] = (float) (v[i] / norm);
      }
    }
    return v;
  }

  @Override
  public void close() {
    try {
      session.close();
    } catch (OrtException e) {
      throw new EmbeddingException("cannot close the session of '" + model.name() + "'", false, e);
    } finally {
      tokenizer.close();
    }
  }
}
