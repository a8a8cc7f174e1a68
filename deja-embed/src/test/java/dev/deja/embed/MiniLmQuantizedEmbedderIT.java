package dev.deja.embed;

/** all-MiniLM-L6-v2, quantized meets the embedder contract. */
class MiniLmQuantizedEmbedderIT extends ShippedModelContract {
  @Override
  protected String modelName() {
    return "all-minilm-l6-v2-q";
  }
}
