package dev.deja.lucene;

/** The vector index contract on Lucene's HNSW graph of floats. */
class LuceneHnswVectorIndexIT extends LuceneGraphVectorIndexIT {
  @Override
  VectorSearch vectorSearch() {
    return VectorSearch.hnsw(0);
  }

  @Override
  String graphField() {
    return "knn.m.4";
  }

  @Override
  String graphFormat() {
    return "Lucene99HnswVectorsFormat";
  }
}
