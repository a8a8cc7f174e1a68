package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.CombinedStage;
import dev.deja.core.cascade.PairFeatures;
import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.engine.ItemPreparer;
import dev.deja.core.engine.Outcome;
import dev.deja.core.explain.Explanation;
import dev.deja.core.guard.Guard;
import dev.deja.core.guard.GuardDecision;
import dev.deja.core.guard.GuardRegistry;
import dev.deja.core.index.TimeFilter;
import dev.deja.core.item.HistoryEntry;
import dev.deja.core.item.Item;
import dev.deja.core.item.StoredItem;
import dev.deja.core.item.TimeSpan;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.Datasets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The examples {@code deja train} fits a combined stage on, built the way a check would see them: from a pairs file,
 * each pair inside the time window (the left record stored, the right one checked); from a scenario file, every check
 * against every stored item a check could compare it with — same scope, same status rules, inside the window — with
 * label 1 for the expected ids. Scenario rows teach the model what real candidates look like (mostly unrelated items),
 * which hard pairs alone would not.
 *
 * <p>Every example has a group: the connected part of the graph whose edges are the pairs and the expected matches,
 * so that cross-validation never scores a rewording of a fact it was fitted on. Not thread-safe.
 */
final class TrainingData {

  /**
   * One example.
   *
   * @param id the pair id, or {@code checkId~storedId}
   * @param source {@code pairs} or {@code scenario}
   * @param check the check (pairs: the pair id) the example belongs to, for exact-set scoring
   * @param label 1 for a duplicate
   * @param weight its share of the log-loss
   * @param newText the checked item's text
   * @param existingText the stored item's text
   * @param values feature values and evidence
   * @param note the data's note
   * @param vetoed whether a guard of the collection that applies to combined stages, or one of the stage's own
   *     vetoes, vetoes the pair: then checks never report it whatever the model says, so it is not fitted on and
   *     scores 0
   */
  record Row(String id, String source, String check, int label, double weight, String newText, String existingText,
      PairFeatures.Values values, String note, boolean vetoed) {}

  /**
   * A check whose expected matches are known, for exact-set scoring: its rows (ids of stored items it is compared
   * with) and the ids it should match.
   */
  record Check(String id, List<Integer> rows, Set<String> expected, Set<String> reachable) {}

  final List<Row> rows = new ArrayList<>();
  final List<String> groups = new ArrayList<>();
  /** Pairs that are never compared (outside the window, or blank): always NEW; label per pair id. */
  final Map<String, Integer> outside = new LinkedHashMap<>();
  final List<Check> checks = new ArrayList<>();
  private final Map<String, String> parent = new HashMap<>();
  private final List<String> rowKeys = new ArrayList<>();
  private final CollectionSpec spec;
  private final CombinedStage stage;
  private final ItemPreparer preparer;
  private final Set<String> ignoredFields;
  private final double scenarioWeight;
  private final Map<String, Optional<float[]>> vectors = new HashMap<>();
  private final List<Guard> guards;
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  TrainingData(CollectionSpec spec, CombinedStage stage, ItemPreparer preparer, Set<String> ignoredFields,
      double scenarioWeight) {
    this.spec = spec;
    this.stage = stage;
    this.preparer = preparer;
    this.ignoredFields = Set.copyOf(ignoredFields);
    this.scenarioWeight = scenarioWeight;
    this.guards = GuardRegistry.defaults().build(spec).stream().filter(g -> g.appliesTo("combined")).toList();
  }

  /** Adds the examples of a pairs or scenario file. */
  void add(Path file, Consumer<Integer> progress) {
    switch (Datasets.detect(file)) {
      case PAIRS -> addPairs(file, progress);
      case SCENARIO -> addScenario(file, progress);
      default -> throw new InvalidInputException(file + ": deja train reads pairs and scenario files");
    }
  }

  /** How many unrelated pairs {@link #addPairs} adds per labelled pair. */
  private int unrelated;
  /** The weight of each unrelated pair. */
  private double unrelatedWeight = 1.0;

  /**
   * Adds, for every labelled pair, {@code k} pairs of its new record with the stored record of another base item,
   * moved to the new record's start (label 0): two different base items are never duplicates, even in the same slot
   * with the same person — which hard pairs alone do not show a model.
   */
  TrainingData unrelated(int k, double weight) {
    this.unrelated = k;
    this.unrelatedWeight = weight;
    return this;
  }

  private void addPairs(Path file, Consumer<Integer> progress) {
    List<Datasets.Pair> pairs = Datasets.pairs(file);
    int n = 0;
    for (int k = 1; k <= unrelated; k++) {
      int step = k * 7 + 3;
      for (int i = 0; i < pairs.size(); i++) {
        Datasets.Pair a = pairs.get(i);
        for (int j = 0; j < pairs.size(); j++) {
          Datasets.Pair b = pairs.get((i + step + j) % pairs.size());
          if (!base(b.id()).equals(base(a.id()))) {
            Map<String, Object> left = new LinkedHashMap<>(b.left());
            for (String f : List.of("start", "end", "all_day", "time_zone")) {
              if (a.right().containsKey(f)) {
                left.put(f, a.right().get(f));
              } else {
                left.remove(f);
              }
            }
            String id = a.id() + "~u" + k;
            Item l = item(left, "pair " + id);
            Item r = item(a.right(), "pair " + id);
            ItemPreparer.Prepared pl = preparer.prepare("u-" + id, l);
            ItemPreparer.Prepared pr = preparer.prepare("u-" + id, r);
            if (comparable(pr, pl)) {
              values(pr, pl).ifPresent(v -> addRow(new Row(id, "unrelated", id, 0, unrelatedWeight, text(r),
                  text(l), v, "unrelated: another base item in the same slot", v.veto().isPresent()), text(r)));
            }
            break;
          }
        }
      }
    }
    for (Datasets.Pair p : pairs) {
      progress.accept(++n);
      String tenant = "pair-" + p.id();
      Item left = item(p.left(), "pair " + p.id());
      Item right = item(p.right(), "pair " + p.id());
      ItemPreparer.Prepared pl = preparer.prepare(tenant, left);
      ItemPreparer.Prepared pr = preparer.prepare(tenant, right);
      Optional<PairFeatures.Values> v = comparable(pr, pl) ? values(pr, pl) : Optional.empty();
      union(text(left), text(right));
      if (v.isEmpty()) {
        outside.put(p.id(), p.duplicate() ? 1 : 0);
        continue;
      }
      addRow(new Row(p.id(), "pairs", p.id(), p.duplicate() ? 1 : 0, 1.0, text(right), text(left), v.get(),
          p.note(), vetoed(pr, pl) || v.get().veto().isPresent()), text(right));
    }
  }

  private void addScenario(Path file, Consumer<Integer> progress) {
    List<Datasets.ScenarioLine> lines = Datasets.scenario(file);
    List<String> ids = new ArrayList<>();
    List<ItemPreparer.Prepared> stored = new ArrayList<>();
    String tenant = "scenario-" + file.getFileName();
    int n = 0;
    for (Datasets.ScenarioLine l : lines) {
      progress.accept(++n);
      Item item = item(l.record(), "line " + l.id());
      ItemPreparer.Prepared p = preparer.prepare(tenant, item);
      if (l.isAdd()) {
        ids.add(l.id());
        stored.add(p);
        continue;
      }
      List<Integer> rowsOfCheck = new ArrayList<>();
      Set<String> reachable = new LinkedHashSet<>();
      for (int i = 0; i < stored.size(); i++) {
        ItemPreparer.Prepared s = stored.get(i);
        String sid = ids.get(i);
        if (l.excludeId().map(sid::equals).orElse(false) || !comparable(p, s)) {
          continue;
        }
        Optional<PairFeatures.Values> v = values(p, s);
        if (v.isEmpty()) {
          continue;
        }
        boolean expected = l.expect().contains(sid);
        if (expected) {
          union(text(item), text(s.item()));
        }
        reachable.add(sid);
        rowsOfCheck.add(rows.size());
        addRow(new Row(l.id() + "~" + sid, "scenario", l.id(), expected ? 1 : 0, scenarioWeight, text(item),
            text(s.item()), v.get(), l.note(), vetoed(p, s) || v.get().veto().isPresent()), text(item));
      }
      checks.add(new Check(l.id(), rowsOfCheck, new LinkedHashSet<>(l.expect()), reachable));
    }
  }

  private void addRow(Row r, String key) {
    rows.add(r);
    rowKeys.add(key);
  }

  /** The base item of a pair id: the id without its last "-part" ("cal-t-012-d3" → "cal-t-012"). */
  static String base(String id) {
    int dash = id.lastIndexOf('-');
    return dash > 0 ? id.substring(0, dash) : id;
  }

  /** The group of every row, once all files are added. */
  List<String> groups() {
    List<String> out = new ArrayList<>();
    for (String k : rowKeys) {
      out.add(find(k));
    }
    return out;
  }

  /** Whether a check of {@code probe} would compare it with {@code stored}: same scope, status, window. */
  private boolean comparable(ItemPreparer.Prepared probe, ItemPreparer.Prepared stored) {
    if (!probe.keys().scope().equals(stored.keys().scope())
        || spec.excludedStatuses().contains(stored.keys().status())) {
      return false;
    }
    List<TimeFilter> filters = preparer.timeFilters(probe.keys().time());
    if (filters.isEmpty()) {
      return true;
    }
    Optional<TimeSpan> t = stored.keys().time();
    return t.isPresent() && filters.stream().anyMatch(f -> f.test(t.get()));
  }

  private boolean vetoed(ItemPreparer.Prepared probe, ItemPreparer.Prepared stored) {
    if (guards.isEmpty()) {
      return false;
    }
    StoredItem s = new StoredItem("stored", probe.tenant(), stored.item(), stored.keys(), Map.of(), 1, T0, T0,
        List.of(new HistoryEntry(T0, "CREATED", Optional.empty(), "")));
    Probe p = new Probe(probe.tenant(), probe.item(), probe.keys().time());
    StageMatch asIf = new StageMatch("stored", 0.0, Outcome.DUPLICATE, Explanation.of("stage", stage.name()).build());
    return guards.stream().anyMatch(g -> g.inspect(p, s, asIf).effect() == GuardDecision.Effect.VETO);
  }

  private Optional<PairFeatures.Values> values(ItemPreparer.Prepared probe, ItemPreparer.Prepared stored) {
    Map<String, float[]> sv = new LinkedHashMap<>();
    vector(stored.item()).ifPresent(v -> sv.put(stage.vectorName(), v));
    Map<String, float[]> pv = new LinkedHashMap<>();
    vector(probe.item()).ifPresent(v -> pv.put(stage.vectorName(), v));
    StoredItem s = new StoredItem("stored", probe.tenant(), stored.item(), stored.keys(), sv, 1, T0, T0,
        List.of(new HistoryEntry(T0, "CREATED", Optional.empty(), "")));
    return stage.features(new Probe(probe.tenant(), probe.item(), probe.keys().time(), pv), s);
  }

  private Optional<float[]> vector(Item item) {
    return vectors.computeIfAbsent(text(item), t -> stage.vectorOf(item));
  }

  private String text(Item item) {
    return item.findString(stage.field()).orElse("");
  }

  private Item item(Map<String, Object> record, String where) {
    Map<String, Object> m = new LinkedHashMap<>(record);
    m.keySet().removeAll(ignoredFields);
    return Items.toItem(m, where);
  }

  private String find(String x) {
    parent.putIfAbsent(x, x);
    String r = x;
    while (!parent.get(r).equals(r)) {
      r = parent.get(r);
    }
    String c = x;
    while (!parent.get(c).equals(r)) {
      String next = parent.get(c);
      parent.put(c, r);
      c = next;
    }
    return r;
  }

  private void union(String a, String b) {
    String ra = find(a);
    String rb = find(b);
    if (!ra.equals(rb)) {
      // The smaller name wins, so that groups do not depend on the order of the files.
      if (ra.compareTo(rb) < 0) {
        parent.put(rb, ra);
      } else {
        parent.put(ra, rb);
      }
    }
  }

  /** How many distinct groups the rows fall in. */
  int groupCount() {
    return new HashSet<>(groups()).size();
  }

  /**
   * An unknown field of labelled data, with the way to drop it: sets often carry metadata the preset does not compare
   * ({@code source_id}).
   */
  static InvalidInputException ignoreFieldHint(dev.deja.core.UnknownFieldException e) {
    return new InvalidInputException(e.getMessage() + "; drop a field of the labelled data that the preset does not "
        + "compare with --ignore-field " + e.field(), e);
  }
}
