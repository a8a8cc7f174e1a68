package dev.deja.lucene.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.testkit.TestItems;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

/**
 * {@link Schema#ids} reads every document's id, also in a segment that merged documents written before the binary id
 * doc values existed (sorted doc values only) with newer ones.
 */
class SchemaIdsTest {

  @Test
  void readsOldAndNewDocumentsOfOneMergedSegment() throws Exception {
    List<String> written = new ArrayList<>();
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        IndexWriter w = new IndexWriter(dir, new IndexWriterConfig())) {
      for (int i = 0; i < 50; i++) {
        String id = (i % 3 == 0 ? "old-" : "new-") + i + (i % 7 == 0 ? "-ü\uD83D\uDE00" : "");
        if (id.startsWith("old-")) {
          Document d = new Document();
          d.add(new StringField(Schema.ID, id, Field.Store.NO));
          d.add(new SortedDocValuesField(Schema.ID, new BytesRef(id)));
          w.addDocument(d);
        } else {
          w.addDocument(Schema.document(TestItems.item(id).build(), null));
        }
        written.add(id);
        if (i % 10 == 9) {
          w.commit();
        }
      }
      w.forceMerge(1);
      try (DirectoryReader r = DirectoryReader.open(w)) {
        assertThat(r.leaves()).hasSize(1);
        List<String> read = new ArrayList<>();
        for (LeafReaderContext leaf : r.leaves()) {
          Schema.Ids ids = Schema.ids(leaf.reader());
          for (int doc = 0; doc < leaf.reader().maxDoc(); doc++) {
            read.add(ids.of(doc));
          }
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(written);
      }
    }
  }
}
