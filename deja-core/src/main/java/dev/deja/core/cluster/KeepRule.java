package dev.deja.core.cluster;

import dev.deja.core.InvalidInputException;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which member of a duplicate cluster {@code deja dedupe} (and the Spark job) marks to keep ({@code --keep}): {@code linked} (the member
 * linked most strongly to the others: the sum of its links' scores), {@code complete} (the most fields with a value),
 * {@code first} (the first in the file), {@code max:FIELD} / {@code min:FIELD} (the highest / lowest value of a field:
 * numbers as numbers, anything else in text order, so ISO-8601 times written with one offset sort in time order; a
 * member without a value is never preferred). Ties keep the smallest id.
 *
 * <p>Thread-safe: immutable.
 */
public final class KeepRule {
  private final String kind;
  private final String field;

  private KeepRule(String kind, String field) {
    this.kind = kind;
    this.field = field;
  }

  /** The rule named by {@code --keep}, its field checked against the collection's fields. */
  public static KeepRule parse(String rule, CollectionSpec spec) {
    String r = rule.strip();
    if (r.equals("linked") || r.equals("complete") || r.equals("first")) {
      return new KeepRule(r, null);
    }
    int colon = r.indexOf(':');
    String kind = colon < 0 ? r : r.substring(0, colon);
    if ((kind.equals("max") || kind.equals("min")) && colon > 0) {
      String field = r.substring(colon + 1).strip();
      if (!spec.fields().containsKey(field)) {
        throw new InvalidInputException("--keep " + rule + ": '" + field + "' is not a field of '" + spec.name()
            + "' (fields: " + String.join(", ", spec.fields().keySet()) + ")");
      }
      return new KeepRule(kind, field);
    }
    throw new InvalidInputException("--keep " + rule + ": give linked, complete, first, max:FIELD or min:FIELD "
        + "(e.g. max:updated_at for the newest)");
  }

  /**
   * Whether the rule reads the members' fields or file order ({@code complete}, {@code first}, {@code max:},
   * {@code min:}); {@code linked} reads the links only, so a caller need not gather the items for it.
   */
  public boolean readsItems() {
    return !kind.equals("linked");
  }

  /**
   * The member to keep.
   *
   * @param cluster the members, by id
   * @param within the links between members
   * @param items every stored item by id, in file order
   */
  public String keeper(TreeSet<String> cluster, List<? extends ScoredLink> within, Map<String, StoredItem> items) {
    return switch (kind) {
      case "linked" -> linked(cluster, within);
      case "complete" -> best(cluster, Comparator.comparingInt(id -> filled(items.get(id))));
      case "first" -> items.keySet().stream().filter(cluster::contains).findFirst().orElse(cluster.first());
      default -> {
        int sign = kind.equals("max") ? 1 : -1;
        yield best(cluster, (a, b) -> compareValues(value(items.get(a)), value(items.get(b)), sign));
      }
    };
  }

  /** The member ranked highest by {@code better}, the smallest id among equals (members iterate in id order). */
  private static String best(TreeSet<String> cluster, Comparator<String> better) {
    String best = cluster.first();
    for (String id : cluster) {
      if (better.compare(id, best) > 0) {
        best = id;
      }
    }
    return best;
  }

  private static String linked(TreeSet<String> cluster, List<? extends ScoredLink> within) {
    Map<String, Double> strength = new TreeMap<>();
    for (ScoredLink l : within) {
      strength.merge(l.a(), l.score(), Double::sum);
      strength.merge(l.b(), l.score(), Double::sum);
    }
    String best = cluster.first();
    double bestStrength = -1;
    for (Map.Entry<String, Double> e : strength.entrySet()) { // ids ascending: ties keep the smallest id
      if (e.getValue() > bestStrength) {
        best = e.getKey();
        bestStrength = e.getValue();
      }
    }
    return best;
  }

  private static int filled(StoredItem item) {
    int n = 0;
    for (Object v : item.item().fields().values()) {
      if (v != null && !(v instanceof String s && s.isBlank()) && !(v instanceof List<?> l && l.isEmpty())) {
        n++;
      }
    }
    return n;
  }

  private Optional<Object> value(StoredItem item) {
    Object v = item.item().fields().get(field);
    return v == null || v instanceof String s && s.isBlank() ? Optional.empty() : Optional.of(v);
  }

  /**
   * How much better {@code a} is than {@code b}: a value beats a missing one; between values, numbers by value and
   * anything else by its text, higher better for {@code sign} 1 and lower for -1.
   */
  private static int compareValues(Optional<Object> a, Optional<Object> b, int sign) {
    if (a.isEmpty() || b.isEmpty()) {
      return Boolean.compare(a.isPresent(), b.isPresent());
    }
    if (a.get() instanceof Number x && b.get() instanceof Number y) {
      return sign * Double.compare(x.doubleValue(), y.doubleValue());
    }
    return sign * String.valueOf(a.get()).compareTo(String.valueOf(b.get()));
  }
}
