package dev.deja.format;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.Options;
import dev.deja.core.spec.Trees;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The calendar design's configuration keys, the {@code calendar:} section of a {@code deja.yaml}, mapped onto the
 * {@code calendar} preset (wherever it is used: {@code deja eval}, collections, the server's calendar MCP tools).
 *
 * <pre>{@code
 * calendar:
 *   duplicate_detection:
 *     enabled: true                  # false: events are always created (checks still report similar events)
 *     similarity_strategy: combined  # fuzzy | embedding | combined
 *     similarity_threshold: 0.5      # default: the strategy's stage's threshold in the preset
 *     time_window_hours: 2
 *     embedding:
 *       model: all-MiniLM-L6-v2      # any in-process model of deja-embed
 *       device: cpu                  # the only device supported
 * }</pre>
 *
 * <p>Strategies: {@code fuzzy} is the design's difflib {@code SequenceMatcher} ratio on the title (with the preset's
 * guards); {@code embedding} is cosine similarity of the title's embedding (with the guards); {@code combined} is Deja's
 * pair classifier, trained on datasets/train/ (the preset as shipped). All three keep the preset's exact stage. The
 * default threshold of each is its stage's threshold in the preset (docs/EVALUATION.md, "Calendar strategies").
 *
 * <p>The mapping is applied before {@code presets: calendar:} overrides, so those can still change anything. Stateless;
 * thread-safe.
 */
public final class CalendarSettings {
  /** The strategies and the stage each one enables in the calendar preset. */
  private static final Map<String, String> STAGES = Map.of("fuzzy", "fuzzy", "embedding", "semantic",
      "combined", "combined");

  /** The strategy of the preset as shipped. */
  public static final String DEFAULT_STRATEGY = "combined";

  private CalendarSettings() {}

  /**
   * The calendar preset's tree with a {@code calendar:} section applied.
   *
   * @param preset the calendar preset's tree
   * @param section the {@code calendar:} section (empty: the preset unchanged)
   * @param source where the section came from, for messages
   * @throws InvalidInputException naming the key and the value when a setting is invalid
   */
  public static Map<String, Object> apply(Map<String, Object> preset, Map<String, Object> section, String source) {
    if (section.isEmpty()) {
      return preset;
    }
    Options root = Options.of(source + ": calendar", section);
    Options dd = root.object("duplicate_detection");
    root.rejectUnknown();
    Map<String, Object> out = preset;
    if (!dd.bool("enabled", true)) {
      Map<String, Object> policy = new LinkedHashMap<>();
      policy.put("on_duplicate", "allow");
      policy.put("on_possible_duplicate", "allow");
      out = Trees.deepMerge(out, Map.of("policy", policy));
    }
    String strategy = dd.choice("similarity_strategy", DEFAULT_STRATEGY, "fuzzy", "embedding", "combined");
    java.util.OptionalDouble threshold = dd.has("similarity_threshold")
        ? java.util.OptionalDouble.of(dd.number("similarity_threshold", 0.5, 0, 1)) : java.util.OptionalDouble.empty();
    Map<String, Object> stages = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : STAGES.entrySet()) {
      Map<String, Object> stage = new LinkedHashMap<>();
      stage.put("enabled", e.getKey().equals(strategy));
      if (e.getKey().equals(strategy) && threshold.isPresent()) {
        stage.put("similarity_threshold", threshold.getAsDouble());
      }
      stages.put(e.getValue(), stage);
    }
    if (dd.has("time_window_hours")) {
      double hours = dd.number("time_window_hours", 2, 0, 8_760);
      out = Trees.deepMerge(out, Map.of("time_window", Map.of("time_window_hours", hours)));
    }
    Options emb = dd.object("embedding");
    if (emb.has("model")) {
      String model = modelId(emb.requiredString("model"));
      for (String s : new String[] {"semantic", "combined"}) {
        @SuppressWarnings("unchecked")
        Map<String, Object> stage = (Map<String, Object>) stages.get(s);
        stage.put("model", model);
      }
    }
    String device = emb.string("device", "cpu").strip().toLowerCase(Locale.ROOT);
    if (!device.equals("cpu")) {
      throw new InvalidInputException(emb.at("device") + ": only 'cpu' is supported (Deja runs its in-process "
          + "models with ONNX Runtime on the CPU), got '" + emb.raw("device") + "'");
    }
    emb.rejectUnknown("model");
    dd.rejectUnknown("time_window_hours");
    return Trees.deepMerge(out, Map.of("stages", stages));
  }

  /**
   * A model name as the design writes it ({@code all-MiniLM-L6-v2}, {@code sentence-transformers/all-MiniLM-L6-v2},
   * {@code BAAI/bge-small-en-v1.5}) as Deja names it ({@code all-minilm-l6-v2}); other names (remote embedders
   * declared under {@code embedders:}) are kept as written and checked when the preset is built.
   */
  static String modelId(String name) {
    String s = name.strip();
    String lower = s.toLowerCase(Locale.ROOT);
    for (String prefix : new String[] {"sentence-transformers/", "baai/"}) {
      if (lower.startsWith(prefix)) {
        lower = lower.substring(prefix.length());
      }
    }
    return lower.equals("all-minilm-l6-v2") || lower.equals("all-minilm-l6-v2-q") || lower.equals("bge-small-en-v1.5")
        || lower.equals("bge-small-en-v1.5-q") ? lower : s;
  }
}
