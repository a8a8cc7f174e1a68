package dev.deja.embed;

/** bge-small-en-v1.5, quantized (the full-precision bge is the same graph with float weights and slower; not run here) meets the embedder contract. */
class BgeSmallQuantizedEmbedderIT extends ShippedModelContract {
  @Override
  protected String modelName() {
    return "bge-small-en-v1.5-q";
  }
}
