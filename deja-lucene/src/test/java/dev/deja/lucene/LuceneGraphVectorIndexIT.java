package dev.deja.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.store.CollectionStore;
import dev.deja.testkit.TestItems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;

/**
 * The vector index contract with a graph used for every search (exact scoring below 0 documents: never), so that the
 * graph's filtered search, its exclusion of shadowed documents and the exact re-scoring of its hits are what is
 * checked; its answers are approximate (see {@link #exact()}). Subclasses name the graph.
 */
abstract class LuceneGraphVectorIndexIT extends LuceneVectorIndexIT {

  /** The collection's vector search. */
  abstract VectorSearch vectorSearch();

  /** The HNSW field of the test's 4-d vector {@code m}. */
  abstract String graphField();

  /** The Lucene vectors format recorded for that field. */
  abstract String graphFormat();

  @Override
  protected CollectionStore newStore(String collection) {
    backend = LuceneStoreBackend.open(dir, vectorSearch());
    return backend.open(collection);
  }

  @Override
  protected boolean exact() {
    return false;
  }

  @Test
  void theVectorsAreIndexedInTheGraphsFormat() throws Exception {
    for (int i = 0; i < 50; i++) {
      store.insert(TestItems.item("g" + i).vector("m", i, 1, 2, 3).build());
    }
    store.close();
    Path index;
    try (Stream<Path> all = Files.walk(dir)) {
      index = all.filter(f -> f.getFileName().toString().equals("index")).findFirst().orElseThrow();
    }
    try (Directory d = FSDirectory.open(index); DirectoryReader r = DirectoryReader.open(d)) {
      FieldInfo f = r.leaves().get(0).reader().getFieldInfos().fieldInfo(graphField());
      assertThat(f).isNotNull();
      assertThat(f.getAttribute("PerFieldKnnVectorsFormat.format")).isEqualTo(graphFormat());
    }
  }
}
