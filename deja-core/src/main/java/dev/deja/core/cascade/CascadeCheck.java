package dev.deja.core.cascade;

import dev.deja.core.InvalidInputException;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.Item;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.FieldSpec;
import dev.deja.core.spec.StageSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The check of a collection's cascade as a whole: a configuration under which a stage can never match is refused with
 * a message that names the stage and what would feed it. Such a configuration answers {@code NEW} to everything — a
 * duplicate checker that silently finds nothing — so it is an error, not a result.
 *
 * <p>Candidates are the union of four lookups ({@link Source}), as {@link dev.deja.core.engine.DejaCollection} and
 * {@link dev.deja.core.engine.ItemPreparer} gather them for a check:
 *
 * <ul>
 *   <li>{@code window}: every stored item in the new item's time window, when the collection has a time window and
 *       {@code candidates.window_scan} is on; given to every stage.
 *   <li>{@code keys}: stored items holding a key the stage looks up (the {@code exact} and {@code synonym} stages).
 *       Such a key finds only the copies that stage matches itself, and a candidate matched as a duplicate is not
 *       given to later stages, so keys feed only the stage that makes them.
 *   <li>{@code lexical}: stored items sharing lexical terms (words, trigrams) with the new item: the terms of
 *       {@code fuzzy} stages, and of {@code combined} stages without a {@code cosine} feature; given to every stage.
 *   <li>{@code vector}: the nearest neighbours of the new item's embedding ({@code semantic} stages, {@code combined}
 *       stages with a {@code cosine} feature), when the store can search vectors; given to every stage.
 * </ul>
 *
 * <p>Which lookups a stage makes is asked of the stage itself, not of its type: its {@link Stage#queryKeys} and
 * {@link Stage#lexicalTerms} for a probe item that has a value in every declared field, and its
 * {@link VectorStage#vectorName()}. A stage type added by another module is checked the same way.
 *
 * <p>{@link #requireReachableThresholds} also refuses a threshold no score can reach. It is checked when a
 * configuration is loaded, not by the engine: an evaluation sweep runs a stage at every threshold from 0 to 1.
 *
 * <p>Thread-safe: stateless.
 */
public final class CascadeCheck {
  private CascadeCheck() {}

  /** A candidate lookup. */
  public enum Source {
    /** Every stored item in the time window. */
    WINDOW,
    /** The stage's own exact keys. */
    KEYS,
    /** Stored items sharing lexical terms with the new item. */
    LEXICAL,
    /** Nearest neighbours of the new item's embedding. */
    VECTOR;

    /** The name used in explanations and messages: lower case. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The text put in every text field of the probe item: ordinary words, so that analyzers keep them. */
  private static final String PROBE_TEXT = "deja probe value";

  /**
   * The lookups that bring candidates to each enabled stage, by stage name, in cascade order.
   *
   * @param spec the collection spec
   * @param stages the enabled stages built from it, in order
   * @param vectorSearch whether the store answers nearest-neighbour queries ({@link dev.deja.core.index.VectorIndex})
   */
  public static Map<String, Set<Source>> sources(CollectionSpec spec, List<Stage> stages, boolean vectorSearch) {
    Item probe = probe(spec);
    boolean window = spec.window().isPresent() && spec.candidates().windowScan();
    boolean lexical = false;
    boolean vector = false;
    for (Stage s : stages) {
      lexical |= !s.lexicalTerms(probe).isEmpty();
      vector |= vectorSearch && makesVectors(s);
    }
    Map<String, Set<Source>> out = new LinkedHashMap<>();
    for (Stage s : stages) {
      Set<Source> in = EnumSet.noneOf(Source.class);
      if (window) {
        in.add(Source.WINDOW);
      }
      if (!s.queryKeys(probe).isEmpty()) {
        in.add(Source.KEYS);
      }
      if (lexical) {
        in.add(Source.LEXICAL);
      }
      if (vector) {
        in.add(Source.VECTOR);
      }
      out.put(s.name(), in);
    }
    return out;
  }

  /**
   * Refuses a cascade that can never match: no stage switched on, or a stage that no candidate ever reaches.
   *
   * @param spec the collection spec
   * @param stages the enabled stages built from it, in order
   * @param vectorSearch whether the store answers nearest-neighbour queries
   * @throws InvalidInputException naming the stage, why nothing reaches it and what would feed it
   */
  public static void requireFed(CollectionSpec spec, List<Stage> stages, boolean vectorSearch) {
    if (stages.isEmpty()) {
      List<String> off = spec.stages().stream().map(StageSpec::name).toList();
      throw new InvalidInputException(off.isEmpty()
          ? "stages: there are none, so nothing can ever match; add one, e.g. stages: {exact: {type: exact}}"
          : "stages: every stage is switched off (" + String.join(", ", off) + "), so nothing can ever match; switch "
              + "one on, e.g. stages." + off.get(0) + ".enabled: true");
    }
    Map<String, Set<Source>> sources = sources(spec, stages, vectorSearch);
    Item probe = probe(spec);
    for (Stage s : stages) {
      if (sources.get(s.name()).isEmpty()) {
        throw new InvalidInputException(unfed(spec, stages, s, probe, vectorSearch));
      }
    }
  }

  /**
   * Refuses a stage whose threshold no score can reach: a {@code fuzzy} stage asking for a score above 1
   * ({@code comparison: gt} at 1.0), a {@code combined} stage whose weights cannot reach its lowest reported score.
   *
   * @param stages the enabled stages, in order
   * @throws InvalidInputException naming the stage, the highest score it can give and the threshold
   */
  public static void requireReachableThresholds(List<Stage> stages) {
    for (Stage s : stages) {
      if (s instanceof FuzzyStage f && !f.canMatch()) {
        throw new InvalidInputException("stages." + s.name() + ": this fuzzy stage can never match: comparison gt "
            + "asks for a score above its similarity_threshold " + number(f.threshold())
            + ", and no measure scores above 1. Lower the threshold, or set stages." + s.name()
            + ".comparison: gte");
      }
      if (s instanceof CombinedStage c && c.highestScore() < c.lowestReported()) {
        throw new InvalidInputException("stages." + s.name() + ": this combined stage can never match: the highest "
            + "score its weights allow is " + Explanation.format(c.highestScore()) + " (bias "
            + number(c.bias()) + " plus every positive weight, each feature at its maximum 1), below its "
            + (c.lowestReported() < c.threshold() ? "possible_threshold " + number(c.lowestReported())
                : "similarity_threshold " + number(c.threshold()))
            + ". Lower the threshold, or fit the weights with 'deja train'");
      }
    }
  }

  /** A configured number as written: 1.0, 0.9, -3.225. */
  private static String number(double d) {
    return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString().replaceAll("^(-?\\d+)$", "$1.0");
  }

  private static boolean makesVectors(Stage s) {
    return s instanceof VectorStage v && !v.vectorName().isEmpty();
  }

  private static String unfed(CollectionSpec spec, List<Stage> stages, Stage s, Item probe, boolean vectorSearch) {
    Object lexicalOption = spec.stage(s.name()).map(x -> x.options().get("lexical")).orElse(null);
    String itself;
    if (makesVectors(s) && !vectorSearch) {
      itself = "it finds candidates by nearest-neighbour vectors, and this store cannot search vectors";
    } else if ("none".equals(lexicalOption)) {
      itself = "it looks up nothing itself (lexical: none)";
    } else {
      itself = "it looks up no keys, lexical terms or vectors itself";
    }
    String window = spec.window().isEmpty() ? "the collection has no time window to scan"
        : "the collection's time window is not scanned (candidates.window_scan: false)";
    List<String> keyed = new ArrayList<>();
    for (Stage o : stages) {
      if (o != s && !o.queryKeys(probe).isEmpty()) {
        keyed.add("'" + o.name() + "'");
      }
    }
    String others = "no other enabled stage finds candidates by lexical terms or vectors" + (keyed.isEmpty() ? ""
        : keyed.size() == 1 ? " (the keys of stage " + keyed.get(0) + " find only the copies that stage matches itself)"
        : " (the keys of stages " + String.join(", ", keyed) + " find only the copies each of them matches itself)");
    List<String> fixes = new ArrayList<>();
    if ("none".equals(lexicalOption)) {
      fixes.add("set stages." + s.name() + ".lexical to words, trigrams or both");
    }
    if (makesVectors(s) && !vectorSearch) {
      fixes.add("use a store that can search vectors (in-memory, Lucene or PostgreSQL)");
    }
    if (spec.window().isPresent() && !spec.candidates().windowScan()) {
      fixes.add("set candidates.window_scan: true");
    }
    fixes.add("switch on a stage that finds candidates by lexical terms (fuzzy) or by vectors (semantic, or combined "
        + "with a cosine feature)");
    return "stages." + s.name() + ": this " + s.type() + " stage can never match: no candidate ever reaches it. "
        + capitalise(itself) + "; " + window + "; and " + others + ". To feed it: " + String.join("; or ", fixes);
  }

  private static String capitalise(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  /** An item with a value in every declared field, so that each stage shows every lookup it can make. */
  private static Item probe(CollectionSpec spec) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (FieldSpec f : spec.fields().values()) {
      m.put(f.name(), switch (f.type()) {
        case TEXT, KEYWORD -> PROBE_TEXT;
        case LIST -> List.of(PROBE_TEXT);
        case TIMESTAMP -> "2026-01-01T12:00";
        case DATE -> "2026-01-01";
        case BOOLEAN -> Boolean.FALSE;
        case NUMBER -> 1L;
      });
    }
    return new Item(m);
  }
}
