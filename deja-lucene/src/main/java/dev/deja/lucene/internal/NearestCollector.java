package dev.deja.lucene.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.util.BytesRef;

/**
 * Exact nearest neighbours inside a filter: scores the stored vector of every matching document by cosine similarity
 * and keeps the best {@code k}, ties by id. Documents without the vector, or with another dimension, or whose id is in
 * the skip set (the ids the overlay shadows), are skipped.
 *
 * <p>Not thread-safe: one per search.
 */
public final class NearestCollector implements Collector {

  /** A kept document: its global doc id, similarity and id. */
  public record Hit(int doc, double similarity, String id) {}

  /** Best first: highest similarity, then id. */
  public static final Comparator<Hit> ORDER = Comparator.comparingDouble(Hit::similarity).reversed()
      .thenComparing(Hit::id);

  private final String field;
  private final float[] query;
  private final int k;
  private final Set<String> skip;
  private final PriorityQueue<Hit> worstFirst;
  private long scored;

  public NearestCollector(String vectorName, float[] query, int k) {
    this(vectorName, query, k, Set.of());
  }

  /** Keeps no document whose id is in {@code skip}. */
  public NearestCollector(String vectorName, float[] query, int k, Set<String> skip) {
    this.skip = skip;
    this.field = Schema.vectorField(vectorName);
    this.query = query.clone();
    this.k = k;
    this.worstFirst = new PriorityQueue<>(Math.min(k, 1024) + 1, ORDER.reversed());
  }

  /** The kept documents, best first. */
  public List<Hit> hits() {
    List<Hit> out = new ArrayList<>(worstFirst);
    out.sort(ORDER);
    return out;
  }

  /** How many vectors were scored. */
  public long scored() {
    return scored;
  }

  @Override
  public ScoreMode scoreMode() {
    return ScoreMode.COMPLETE_NO_SCORES;
  }

  @Override
  public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
    BinaryDocValues vectors = DocValues.getBinary(context.reader(), field);
    Schema.Ids ids = Schema.ids(context.reader());
    int base = context.docBase;
    int bytes = query.length * Float.BYTES;
    return new LeafCollector() {
      @Override
      public void setScorer(Scorable s) {}

      @Override
      public void collect(int doc) throws IOException {
        if (!vectors.advanceExact(doc)) {
          return;
        }
        BytesRef b = vectors.binaryValue();
        if (b.length != bytes) {
          return;
        }
        scored++;
        double sim = Schema.cosine(query, b);
        if (worstFirst.size() == k && sim < worstFirst.peek().similarity()) {
          return;
        }
        String id = ids.of(doc);
        if (skip.contains(id)) {
          return;
        }
        Hit h = new Hit(base + doc, sim, id);
        if (worstFirst.size() < k) {
          worstFirst.add(h);
        } else if (ORDER.compare(h, worstFirst.peek()) < 0) {
          worstFirst.poll();
          worstFirst.add(h);
        }
      }
    };
  }
}
