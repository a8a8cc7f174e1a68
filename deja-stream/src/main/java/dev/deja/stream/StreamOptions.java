package dev.deja.stream;

import dev.deja.core.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The settings of the streaming content filter, with the design's names (the {@code stream:} section of
 * {@code deja.yaml}; see docs/STREAMING.md).
 *
 * <table>
 *   <caption>Options</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code similarity_threshold}</td><td>0.95</td><td>chunk layer: a unit whose normalised text is this
 *       close (difflib ratio) to an earlier one is a near-verbatim repeat; identical normalised text always is</td></tr>
 *   <tr><td>{@code content_similarity_threshold}</td><td>0.85</td><td>content layer: the design's sentence-level
 *       difflib ratio over normalised text</td></tr>
 *   <tr><td>{@code sentence_window_size}</td><td>50</td><td>how many earlier units each new unit is compared with
 *       (identical text is found at any distance)</td></tr>
 *   <tr><td>{@code paraphrase_threshold}</td><td>0.52</td><td>paraphrase layer: the probability of the
 *       {@link RestatementModel} (a restatement of the earlier unit the later shares the most content with)</td></tr>
 *   <tr><td>{@code paraphrase_min_shared}</td><td>1</td><td>the paraphrase layer is asked only about a pair sharing
 *       at least this many content words (weighted)</td></tr>
 *   <tr><td>{@code semantic_threshold}</td><td>0.80</td><td>optional semantic layer: cosine of the embedder's
 *       vectors; used only when an embedder is given ({@code semantic_model})</td></tr>
 *   <tr><td>{@code semantic_model}</td><td>(none)</td><td>embedding model name for the semantic layer</td></tr>
 *   <tr><td>{@code min_unit_chars}</td><td>10</td><td>shorter units (after the list marker) are never dropped</td></tr>
 *   <tr><td>{@code max_unit_chars}</td><td>2000</td><td>a unit without an end is cut here (bounds what is held
 *       back)</td></tr>
 *   <tr><td>{@code preview_chars}</td><td>100</td><td>length of the previews in events</td></tr>
 *   <tr><td>{@code guards}</td><td>all</td><td>which guards veto a non-identical match: {@code numbers},
 *       {@code negation}, {@code names}, {@code contrasts}, {@code person}, {@code order}, {@code substitution},
 *       {@code extension}</td></tr>
 *   <tr><td>{@code judge}</td><td>(off)</td><td>an LLM judge asked about the paraphrase layer's ambiguous band:
 *       {@code endpoint} (a name under {@code judges:}), {@code band}, {@code timeout_ms}, {@code budget_per_minute},
 *       {@code cache_size}, {@code max_calls_per_check} (per unit), as a stage's {@code judge} option
 *       ({@link dev.deja.core.judge.JudgeStep}); the kind is {@code sentence}</td></tr>
 * </table>
 *
 * <p>Immutable; thread-safe.
 *
 * @param similarityThreshold chunk-layer threshold in [0, 1]
 * @param contentSimilarityThreshold content-layer threshold in [0, 1]
 * @param sentenceWindowSize how many earlier units are compared, at least 1
 * @param paraphraseThreshold paraphrase-layer threshold (of the restatement probability) in [0, 1]
 * @param paraphraseMinShared minimum shared weighted content words for the paraphrase layer, at least 0
 * @param semanticThreshold semantic-layer threshold in [0, 1]
 * @param semanticModel embedding model of the semantic layer, if any
 * @param minUnitChars units shorter than this are never dropped, at least 0
 * @param maxUnitChars longest unit before a forced cut, at least 80
 * @param previewChars preview length in events, at least 1
 * @param guards the enabled guards
 * @param judge the {@code judge} block of the paraphrase layer, as configured (empty: no judge); its keys are checked
 *     when a {@link StreamDeduplicator} is built with the judges it names
 */
public record StreamOptions(double similarityThreshold, double contentSimilarityThreshold, int sentenceWindowSize,
    double paraphraseThreshold, double paraphraseMinShared, double semanticThreshold, Optional<String> semanticModel,
    int minUnitChars, int maxUnitChars, int previewChars, Set<String> guards, Map<String, Object> judge) {

  /** Every guard name. */
  public static final Set<String> GUARDS =
      Set.of("numbers", "negation", "names", "contrasts", "person", "order", "substitution", "extension");

  /** The option keys, as written in {@code deja.yaml}. */
  public static final List<String> KEYS = List.of("similarity_threshold", "content_similarity_threshold",
      "sentence_window_size", "paraphrase_threshold", "paraphrase_min_shared", "semantic_threshold", "semantic_model",
      "min_unit_chars", "max_unit_chars", "preview_chars", "guards", "judge");

  public StreamOptions {
    unit("similarity_threshold", similarityThreshold);
    unit("content_similarity_threshold", contentSimilarityThreshold);
    unit("paraphrase_threshold", paraphraseThreshold);
    unit("semantic_threshold", semanticThreshold);
    if (sentenceWindowSize < 1) {
      throw new InvalidInputException("sentence_window_size: must be at least 1, got " + sentenceWindowSize);
    }
    if (paraphraseMinShared < 0 || Double.isNaN(paraphraseMinShared)) {
      throw new InvalidInputException("paraphrase_min_shared: must not be negative, got " + paraphraseMinShared);
    }
    if (minUnitChars < 0) {
      throw new InvalidInputException("min_unit_chars: must not be negative, got " + minUnitChars);
    }
    if (maxUnitChars < 80) {
      throw new InvalidInputException("max_unit_chars: must be at least 80, got " + maxUnitChars);
    }
    if (previewChars < 1) {
      throw new InvalidInputException("preview_chars: must be at least 1, got " + previewChars);
    }
    semanticModel = semanticModel == null ? Optional.empty() : semanticModel.filter(s -> !s.isBlank());
    guards = Set.copyOf(guards);
    judge = judge == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(judge));
    for (String g : guards) {
      if (!GUARDS.contains(g)) {
        throw new InvalidInputException("guards: unknown guard '" + g + "'; known: " + new TreeSet<>(GUARDS));
      }
    }
  }

  private static void unit(String key, double v) {
    if (Double.isNaN(v) || v < 0 || v > 1) {
      throw new InvalidInputException(key + ": must be a number in [0, 1], got " + v);
    }
  }

  /**
   * The defaults: the design's 0.95 / 0.85 / 50, and this module's paraphrase layer: the {@link RestatementModel}'s
   * probability ≥ 0.52 (fitted with its weights on the train streams, see that class) for a pair sharing at least 1
   * content word, and every guard.
   */
  public static StreamOptions defaults() {
    return new StreamOptions(0.95, 0.85, 50, RestatementModel.THRESHOLD, 1, 0.80, Optional.empty(), 10, 2000, 100,
        GUARDS, Map.of());
  }

  /**
   * These options with the settings of a map (the {@code stream:} section) applied; unknown keys are refused. A key
   * {@code judge.KEY} sets one key of the judge block ({@code --set judge.endpoint=local}); {@code judge: null}
   * removes the judge.
   */
  public StreamOptions with(Map<String, ?> section, String where) {
    Map<String, Object> m = new LinkedHashMap<>();
    Map<String, Object> judgeBlock = new LinkedHashMap<>(judge);
    boolean judgeSet = false;
    for (Map.Entry<String, ?> e : section.entrySet()) {
      if (e.getKey().startsWith("judge.")) {
        judgeBlock.put(e.getKey().substring("judge.".length()), e.getValue());
        judgeSet = true;
      } else if (e.getKey().equals("judge")) {
        if (e.getValue() != null && !(e.getValue() instanceof Map<?, ?>)) {
          throw new InvalidInputException(where + ".judge: must be an object (endpoint, band, timeout_ms, …), got '"
              + e.getValue() + "'");
        }
        judgeBlock.clear();
        if (e.getValue() instanceof Map<?, ?> jm) {
          jm.forEach((k, v) -> judgeBlock.put(String.valueOf(k), v));
        }
        judgeSet = true;
      } else {
        m.put(e.getKey(), e.getValue());
      }
    }
    for (String k : m.keySet()) {
      if (!KEYS.contains(k)) {
        throw new InvalidInputException(where + "." + k + ": unknown option; options: " + String.join(", ", KEYS));
      }
    }
    try {
      return new StreamOptions(
          number(m, "similarity_threshold", similarityThreshold, where),
          number(m, "content_similarity_threshold", contentSimilarityThreshold, where),
          (int) integer(m, "sentence_window_size", sentenceWindowSize, where),
          number(m, "paraphrase_threshold", paraphraseThreshold, where),
          number(m, "paraphrase_min_shared", paraphraseMinShared, where),
          number(m, "semantic_threshold", semanticThreshold, where),
          m.containsKey("semantic_model") ? Optional.ofNullable(m.get("semantic_model")).map(String::valueOf)
              : semanticModel,
          (int) integer(m, "min_unit_chars", minUnitChars, where),
          (int) integer(m, "max_unit_chars", maxUnitChars, where),
          (int) integer(m, "preview_chars", previewChars, where),
          guardList(m, where),
          judgeSet ? judgeBlock : judge);
    } catch (InvalidInputException e) {
      if (e.getMessage().startsWith(where)) {
        throw e;
      }
      throw new InvalidInputException(where + "." + e.getMessage(), e);
    }
  }

  /** The default options with a map's settings applied. */
  public static StreamOptions from(Map<String, ?> section, String where) {
    return defaults().with(section, where);
  }

  private Set<String> guardList(Map<String, Object> m, String where) {
    Object v = m.get("guards");
    if (v == null) {
      return guards;
    }
    if (v instanceof String s) {
      if (s.equals("all")) {
        return GUARDS;
      }
      if (s.equals("none") || s.isBlank()) {
        return Set.of();
      }
      return Set.of(s.split("\\s*,\\s*"));
    }
    if (v instanceof List<?> l) {
      Set<String> out = new TreeSet<>();
      for (Object o : l) {
        out.add(String.valueOf(o));
      }
      return out;
    }
    throw new InvalidInputException(where + ".guards: must be a list of guard names, 'all' or 'none'");
  }

  private static double number(Map<String, Object> m, String key, double dflt, String where) {
    Object v = m.get(key);
    if (v == null) {
      return dflt;
    }
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(String.valueOf(v).strip());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(where + "." + key + ": must be a number, got '" + v + "'");
    }
  }

  private static long integer(Map<String, Object> m, String key, long dflt, String where) {
    double d = number(m, key, dflt, where);
    if (d != Math.rint(d)) {
      throw new InvalidInputException(where + "." + key + ": must be a whole number, got " + d);
    }
    return (long) d;
  }

  /** These options as a map with the {@code deja.yaml} keys (for statistics and reports). */
  public Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("similarity_threshold", similarityThreshold);
    m.put("content_similarity_threshold", contentSimilarityThreshold);
    m.put("sentence_window_size", sentenceWindowSize);
    m.put("paraphrase_threshold", paraphraseThreshold);
    m.put("paraphrase_min_shared", paraphraseMinShared);
    m.put("semantic_threshold", semanticThreshold);
    m.put("semantic_model", semanticModel.orElse(null));
    m.put("min_unit_chars", minUnitChars);
    m.put("max_unit_chars", maxUnitChars);
    m.put("preview_chars", previewChars);
    m.put("guards", List.copyOf(new TreeSet<>(guards)));
    m.put("judge", judge.isEmpty() ? null : judge);
    return m;
  }
}
