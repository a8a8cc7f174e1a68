package dev.deja.embed;

/** all-MiniLM-L6-v2 (full precision) meets the embedder contract. */
class MiniLmEmbedderIT extends ShippedModelContract {
  @Override
  protected String modelName() {
    return "all-minilm-l6-v2";
  }
}
