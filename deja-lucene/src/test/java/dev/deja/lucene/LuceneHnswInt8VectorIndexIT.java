package dev.deja.lucene;

/** The vector index contract on Lucene's scalar-quantized (int8) HNSW graph. */
class LuceneHnswInt8VectorIndexIT extends LuceneGraphVectorIndexIT {
  @Override
  VectorSearch vectorSearch() {
    return VectorSearch.hnswInt8(0);
  }

  @Override
  String graphField() {
    return "knn8.m.4";
  }

  @Override
  String graphFormat() {
    return "Lucene99HnswScalarQuantizedVectorsFormat";
  }
}
