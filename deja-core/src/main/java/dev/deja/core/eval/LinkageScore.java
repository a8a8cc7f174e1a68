package dev.deja.core.eval;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How well a batch de-duplication or record linkage of a set of records matches a labelled truth (duplicate pairs), as
 * links and as clusters.
 *
 * <ul>
 *   <li><b>links</b>: every unordered pair of records is one decision: predicted when the two are linked, true when the
 *       truth lists the pair. Precision, recall, F1 over pairs; {@code tn} is every other pair.
 *   <li><b>cluster pairs</b>: the same over the pairs inside clusters: predicted when both records are in one predicted
 *       cluster, true when both are in one true entity (the truth's pairs closed transitively). A cluster of four
 *       records predicts six pairs.
 *   <li><b>B-cubed</b> (Bagga and Baldwin, 1998): per record, precision is the share of its predicted cluster that is
 *       in its true entity and recall the share of its true entity that is in its predicted cluster (a record in no
 *       cluster is a cluster of one); both averaged over all records.
 *   <li><b>exact clusters</b>: true entities of two or more records whose records are exactly one predicted cluster.
 * </ul>
 *
 * <p>Known values: records {a, b, c, d}, truth {a–b, b–c}, predicted cluster {a, b} and link a–b: links P 1, R 0.5;
 * cluster pairs P 1, R 1/3 (true entity {a, b, c} has three pairs); B-cubed P 1, R (2/3 + 2/3 + 1/3 + 1) / 4 = 0.6667;
 * exact clusters 0 of 1.
 *
 * <p>Immutable.
 *
 * @param links the pairwise link decisions
 * @param clusterPairs the pairwise decisions of the clusters against the truth's transitive closure
 * @param bcubedPrecision B-cubed precision, in [0, 1]
 * @param bcubedRecall B-cubed recall, in [0, 1]
 * @param exactClusters true entities of two or more records reproduced exactly by one predicted cluster
 * @param trueClusters true entities of two or more records
 * @param predictedClusters predicted clusters of two or more records
 */
public record LinkageScore(Confusion links, Confusion clusterPairs, double bcubedPrecision, double bcubedRecall,
    int exactClusters, int trueClusters, int predictedClusters) {

  public LinkageScore {
    Objects.requireNonNull(links, "links");
    Objects.requireNonNull(clusterPairs, "clusterPairs");
    if (exactClusters < 0 || exactClusters > trueClusters || predictedClusters < 0) {
      throw new IllegalArgumentException("cluster counts out of range: " + exactClusters + " exact of "
          + trueClusters + " true, " + predictedClusters + " predicted");
    }
  }

  /** An unordered pair of record ids, held in order ({@code a < b}). */
  public record Pair(String a, String b) {
    public Pair {
      Objects.requireNonNull(a, "a");
      Objects.requireNonNull(b, "b");
      if (a.compareTo(b) >= 0) {
        throw new IllegalArgumentException("a pair's ids must be in order and different, got '" + a + "', '" + b
            + "'; use Pair.of");
      }
    }

    /** The pair of two different ids, in either order. */
    public static Pair of(String x, String y) {
      if (x.equals(y)) {
        throw new IllegalArgumentException("a record is not a pair with itself: '" + x + "'");
      }
      return x.compareTo(y) < 0 ? new Pair(x, y) : new Pair(y, x);
    }
  }

  /** B-cubed F1: the harmonic mean of its precision and recall (0 when both are 0). */
  public double bcubedF1() {
    return bcubedPrecision + bcubedRecall == 0 ? 0 : 2 * bcubedPrecision * bcubedRecall
        / (bcubedPrecision + bcubedRecall);
  }

  /** The share of true entities of two or more records reproduced exactly (1 when there are none). */
  public double exactClusterShare() {
    return trueClusters == 0 ? 1.0 : (double) exactClusters / trueClusters;
  }

  /**
   * Scores predicted links and clusters against the truth.
   *
   * @param records every record id of the set (the pairs not listed are the negatives)
   * @param links the predicted links
   * @param clusters the predicted clusters (disjoint; clusters of one may be left out)
   * @param truth the true duplicate pairs
   * @throws IllegalArgumentException when a link, cluster or truth pair names an id that is not a record, or clusters
   *     overlap
   */
  public static LinkageScore of(Collection<String> records, Set<Pair> links, Collection<? extends Set<String>> clusters,
      Set<Pair> truth) {
    Set<String> ids = Set.copyOf(records);
    if (ids.size() != records.size()) {
      throw new IllegalArgumentException("record ids must be unique");
    }
    for (Set<Pair> ps : List.of(links, truth)) {
      for (Pair p : ps) {
        requireRecord(ids, p.a());
        requireRecord(ids, p.b());
      }
    }
    long n = ids.size();
    long allPairs = n * (n - 1) / 2;
    long tp = links.stream().filter(truth::contains).count();
    Confusion linkConfusion = new Confusion(tp, links.size() - tp, truth.size() - tp,
        allPairs - links.size() - truth.size() + tp);

    Map<String, Integer> clusterOf = new HashMap<>();
    Map<Integer, Integer> clusterSize = new HashMap<>();
    int next = 0;
    for (Set<String> c : clusters) {
      for (String id : c) {
        requireRecord(ids, id);
        if (clusterOf.putIfAbsent(id, next) != null) {
          throw new IllegalArgumentException("record '" + id + "' is in two clusters");
        }
      }
      clusterSize.put(next++, c.size());
    }
    Map<String, Integer> entityOf = entities(ids, truth);
    Map<Integer, Integer> entitySize = new HashMap<>();
    entityOf.values().forEach(e -> entitySize.merge(e, 1, Integer::sum));
    // Records in no predicted cluster are clusters of one.
    for (String id : ids) {
      if (!clusterOf.containsKey(id)) {
        clusterOf.put(id, next);
        clusterSize.put(next++, 1);
      }
    }
    // |cluster ∩ entity| for every cluster and entity that share a record.
    Map<Long, Integer> overlap = new HashMap<>();
    for (String id : ids) {
      overlap.merge(((long) clusterOf.get(id) << 32) | entityOf.get(id), 1, Integer::sum);
    }
    long clusterTp = 0;
    double precisionSum = 0;
    double recallSum = 0;
    Map<Integer, Integer> clustersPerEntity = new HashMap<>();
    int exact = 0;
    for (Map.Entry<Long, Integer> e : overlap.entrySet()) {
      int cluster = (int) (e.getKey() >>> 32);
      int entity = (int) (long) e.getKey();
      int k = e.getValue();
      clusterTp += pairs(k);
      precisionSum += (double) k * k / clusterSize.get(cluster);
      recallSum += (double) k * k / entitySize.get(entity);
      clustersPerEntity.merge(entity, 1, Integer::sum);
      if (k == clusterSize.get(cluster) && k == entitySize.get(entity) && k > 1) {
        exact++;
      }
    }
    long predictedPairs = clusterSize.values().stream().mapToLong(LinkageScore::pairs).sum();
    long truePairs = entitySize.values().stream().mapToLong(LinkageScore::pairs).sum();
    Confusion clusterConfusion = new Confusion(clusterTp, predictedPairs - clusterTp, truePairs - clusterTp,
        allPairs - predictedPairs - truePairs + clusterTp);
    int trueClusters = (int) entitySize.values().stream().filter(s -> s > 1).count();
    int predictedClusters = (int) clusterSize.values().stream().filter(s -> s > 1).count();
    return new LinkageScore(linkConfusion, clusterConfusion, n == 0 ? 1.0 : precisionSum / n,
        n == 0 ? 1.0 : recallSum / n, exact, trueClusters, predictedClusters);
  }

  private static long pairs(long k) {
    return k * (k - 1) / 2;
  }

  private static void requireRecord(Set<String> ids, String id) {
    if (!ids.contains(id)) {
      throw new IllegalArgumentException("'" + id + "' is not one of the records");
    }
  }

  /** The true entity of every record: the connected components of the truth's pairs (union-find), numbered. */
  private static Map<String, Integer> entities(Set<String> ids, Set<Pair> truth) {
    Map<String, String> parent = new HashMap<>();
    for (String id : ids) {
      parent.put(id, id);
    }
    for (Pair p : truth) {
      String ra = root(parent, p.a());
      String rb = root(parent, p.b());
      if (!ra.equals(rb)) {
        // The smaller id becomes the root: deterministic whatever the order of the pairs.
        if (ra.compareTo(rb) < 0) {
          parent.put(rb, ra);
        } else {
          parent.put(ra, rb);
        }
      }
    }
    Map<String, Integer> number = new HashMap<>();
    Map<String, Integer> out = new HashMap<>();
    for (String id : ids) {
      out.put(id, number.computeIfAbsent(root(parent, id), r -> number.size()));
    }
    return out;
  }

  private static String root(Map<String, String> parent, String id) {
    String r = id;
    while (!parent.get(r).equals(r)) {
      r = parent.get(r);
    }
    // Path compression: later look-ups of this chain take one step.
    String x = id;
    while (!x.equals(r)) {
      String up = parent.get(x);
      parent.put(x, r);
      x = up;
    }
    return r;
  }
}
