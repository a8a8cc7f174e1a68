package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Trees;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The target stage of {@code deja eval}: the stage whose measure, model and threshold {@code --measure},
 * {@code --model}, {@code --threshold} and {@code --sweep} move, found in a preset and overridden in its tree.
 *
 * <p>Stateless; thread-safe.
 */
final class EvalTargets {
  /** Stage types whose threshold --threshold and --sweep move. */
  static final Set<String> SCORING = Set.of("fuzzy", "semantic", "combined", "record");

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object o) {
    return o instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
  }

  private EvalTargets() {}

  /** The {@code --stage} named (which must exist), else the first scoring stage switched on. */
  static Optional<String> targetStage(CollectionSpec s, String stage, String preset) {
    if (stage != null) {
      if (s.stage(stage).isEmpty()) {
        throw new InvalidInputException("--stage: preset '" + preset + "' has no stage '" + stage
            + "'; stages: " + s.stages().stream().map(x -> x.name()).toList());
      }
      return Optional.of(stage);
    }
    return s.stages().stream().filter(x -> x.enabled() && SCORING.contains(x.type())).map(x -> x.name())
        .findFirst();
  }

  /**
   * The tree with the target stage's threshold replaced. Its {@code possible_threshold} is removed for a sweep row
   * ({@code sweeping}), and otherwise when it would be above the new threshold (which the stage refuses).
   */
  static Map<String, Object> withOverrides(Map<String, Object> tree, Optional<String> target,
      Double threshold, boolean sweeping) {
    if (target.isEmpty()) {
      return tree;
    }
    Map<String, Object> t = tree;
    String base = "stages." + target.get() + ".";
    if (threshold != null) {
      for (String alias : List.of("fuzzy_threshold", "threshold")) {
        t = Trees.set(t, base + alias, null);
      }
      t = Trees.set(t, base + "similarity_threshold", threshold);
      Object possible = asMap(asMap(t.get("stages")).get(target.get())).get("possible_threshold");
      if (sweeping || possible instanceof Number p && p.doubleValue() > threshold) {
        t = Trees.set(t, base + "possible_threshold", null);
      }
    }
    return stripNulls(t);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> stripNulls(Map<String, Object> t) {
    Map<String, Object> out = new LinkedHashMap<>();
    t.forEach((k, v) -> {
      if (v instanceof Map<?, ?> m) {
        out.put(k, stripNulls((Map<String, Object>) m));
      } else if (v != null || !(k.equals("fuzzy_threshold") || k.equals("threshold")
          || k.equals("possible_threshold"))) {
        out.put(k, v);
      }
    });
    return out;
  }

  static double thresholdOf(CollectionSpec s, String stageName) {
    Map<String, Object> o = s.stage(stageName).orElseThrow().options();
    for (String k : List.of("similarity_threshold", "fuzzy_threshold", "threshold")) {
      if (o.get(k) instanceof Number n) {
        return n.doubleValue();
      }
    }
    return s.stage(stageName).orElseThrow().type().equals("record") ? 0.9 : 0.8; // the stages' defaults
  }

  static String measureOf(CollectionSpec s, Optional<String> stageName) {
    return stageName.map(n -> {
      dev.deja.core.spec.StageSpec st = s.stage(n).orElseThrow();
      return switch (st.type()) {
        case "semantic" -> "cosine of " + st.options().getOrDefault("model", "all-minilm-l6-v2");
        case "combined" -> {
          // The weights are in the preset and in the stage's explanation; here, what the classifier looks at.
          Object f = st.options().get("features");
          // A feature set to null was removed by a merged configuration (deja train --out).
          List<String> live = f instanceof Map<?, ?> m ? m.entrySet().stream().filter(e -> e.getValue() != null)
              .map(e -> String.valueOf(e.getKey())).toList()
              : f instanceof List<?> l ? l.stream().map(String::valueOf).toList() : List.of();
          yield "classifier over " + live.size() + " features" + (live.contains("cosine")
              ? ", cosine of " + st.options().getOrDefault("model", "all-minilm-l6-v2") : "");
        }
        case "record" -> {
          Object f = st.options().get("fields");
          yield "record linkage over " + (f instanceof Map<?, ?> m ? String.join(", ", m.keySet().stream()
              .map(String::valueOf).toList()) : "its fields");
        }
        default -> String.valueOf(st.options().getOrDefault("measure", "sequence"));
      };
    }).orElse("(preset stages)");
  }
}
