package dev.deja.lucene.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;

/**
 * Keeps the best {@code cap} matching documents by a rank (lower is better), ties by id in {@link String} order — the
 * order the reference model and the in-memory store use (Lucene's own sort compares UTF-8 bytes, which differs for a
 * few supplementary characters).
 *
 * <p>The rank is one of: 0 for every document (key lookup: by id), the distance in time from a reference instant
 * (window scan), or minus the score (lexical lookup: the score is the number of shared terms). Ids are read only for
 * documents that can still enter the top, so large match sets cost little. Documents whose id is in a skip set (the ids
 * the overlay shadows) never enter: filtering them here is exact and cheaper than a {@code MUST_NOT} ids clause, which
 * Lucene would look up in every segment's term dictionary.
 *
 * <p>Not thread-safe: one per search.
 */
public final class RankedCollector implements Collector {

  /** What a document is ranked by. */
  public enum By {
    ID,
    TIME_DISTANCE,
    SCORE
  }

  /** A kept document: its global doc id, rank and id. */
  public record Hit(int doc, long rank, String id) {}

  private static final Comparator<Hit> ORDER = Comparator.comparingLong(Hit::rank).thenComparing(Hit::id);

  private final By by;
  private final long near;
  private final int cap;
  private final Set<String> skip;
  private final PriorityQueue<Hit> worstFirst;

  /**
   * @param by what ranks a document
   * @param near the reference instant (epoch millis) for {@link By#TIME_DISTANCE}
   * @param cap how many to keep
   */
  public RankedCollector(By by, long near, int cap) {
    this(by, near, cap, Set.of());
  }

  /**
   * @param by what ranks a document
   * @param near the reference instant (epoch millis) for {@link By#TIME_DISTANCE}
   * @param cap how many to keep
   * @param skip ids never kept
   */
  public RankedCollector(By by, long near, int cap, Set<String> skip) {
    this.by = by;
    this.near = near;
    this.cap = cap;
    this.skip = skip;
    this.worstFirst = new PriorityQueue<>(Math.min(cap, 1024) + 1, ORDER.reversed());
  }

  /** The kept documents, best first. */
  public List<Hit> hits() {
    List<Hit> out = new ArrayList<>(worstFirst);
    out.sort(ORDER);
    return out;
  }

  @Override
  public ScoreMode scoreMode() {
    return by == By.SCORE ? ScoreMode.COMPLETE : ScoreMode.COMPLETE_NO_SCORES;
  }

  @Override
  public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
    int base = context.docBase;
    // Doc values are opened at the segment's first hit: most segments of a scoped lookup have none.
    return new LeafCollector() {
      private Scorable scorer;
      private Schema.Ids ids;
      private NumericDocValues starts;

      @Override
      public void setScorer(Scorable s) {
        this.scorer = s;
      }

      @Override
      public void collect(int doc) throws IOException {
        if (ids == null) {
          ids = Schema.ids(context.reader());
          starts = by == By.TIME_DISTANCE ? DocValues.getNumeric(context.reader(), Schema.START_MS) : null;
        }
        long rank = switch (by) {
          case ID -> 0;
          case TIME_DISTANCE -> starts.advanceExact(doc) ? Math.abs(starts.longValue() - near) : 0;
          case SCORE -> -Math.round(scorer.score());
        };
        if (worstFirst.size() == cap && rank > worstFirst.peek().rank()) {
          return;
        }
        String id = ids.of(doc);
        if (skip.contains(id)) {
          return;
        }
        Hit h = new Hit(base + doc, rank, id);
        if (worstFirst.size() < cap) {
          worstFirst.add(h);
        } else if (ORDER.compare(h, worstFirst.peek()) < 0) {
          worstFirst.poll();
          worstFirst.add(h);
        }
      }
    };
  }
}
