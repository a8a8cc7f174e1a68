package dev.deja.embed;

/**
 * bge-small-en-v1.5, quantized, meets the embedder contract (the full-precision bge is the same architecture with float
 * weights and 2–3× slower; not run in the suite).
 */
class BgeSmallQuantizedEmbedderIT extends ShippedModelContract {
  @Override
  protected String modelName() {
    return "bge-small-en-v1.5-q";
  }
}
