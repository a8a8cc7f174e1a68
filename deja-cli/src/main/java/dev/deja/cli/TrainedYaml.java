package dev.deja.cli;

import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.StageSpec;
import dev.deja.format.DejaConfig;
import dev.deja.format.Json;
import dev.deja.format.Presets;
import dev.deja.format.Yaml;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The deja.yaml {@code deja train} writes: what makes {@code deja eval --config} and {@code deja serve --config} run
 * the stage exactly as it was trained and measured.
 *
 * <p>Thread-safe: stateless.
 */
final class TrainedYaml {
  private TrainedYaml() {}

  /**
   * The file's text: a comment with the provenance, then an override of a built-in preset; for a preset or collection
   * a deja.yaml declares, the whole preset with the trained stage in it (the file may be used without that deja.yaml,
   * which is where the preset is defined).
   */
  @SuppressWarnings("unchecked")
  static String of(DejaConfig config, String preset, CollectionSpec spec, StageSpec trainedStage,
      Map<String, Object> options, Map<String, Object> weights, double bias, double threshold, String provenance) {
    String override = override(preset, spec, trainedStage, options, weights, bias, threshold, provenance);
    String head = "# " + provenance + "\n";
    if (Presets.NAMES.contains(preset)) {
      return head + override;
    }
    Map<String, Object> own = (Map<String, Object>) ((Map<String, Object>) Yaml.object(override, "trained")
        .get("presets")).get(preset);
    Map<String, Object> full = new LinkedHashMap<>(DejaConfig.merge(config.presetTree(preset), own));
    return head + Yaml.write(Map.of("presets", Map.of(preset, full)));
  }

  /**
   * The deja.yaml that runs the trained stage: the preset's stage with its options, switched on, the fitted
   * features, bias and threshold; the preset's other fuzzy, semantic and combined stages switched off; the guards it
   * was trained with.
   */
  private static String override(String preset, CollectionSpec spec, StageSpec trainedStage,
      Map<String, Object> options, Map<String, Object> weights, double bias, double threshold, String provenance) {
    StringBuilder sb = new StringBuilder();
    sb.append("presets:\n  ").append(preset).append(":\n    stages:\n");
    sb.append("      ").append(trainedStage.name()).append(":\n");
    sb.append("        type: combined\n        enabled: true\n");
    for (Map.Entry<String, Object> e : options.entrySet()) {
      String k = e.getKey();
      if (k.equals("features") || k.equals("bias") || k.equals("similarity_threshold") || k.equals("trained")
          || k.equals("type") || k.equals("enabled")) {
        continue;
      }
      sb.append("        ").append(k).append(": ").append(Json.write(e.getValue())).append('\n');
    }
    sb.append("        features:\n");
    weights.forEach((k, v) -> sb.append("          ").append(k).append(": ").append(v).append('\n'));
    // The file is merged onto the preset: a feature of the preset's stage that was not trained is removed (null),
    // or it would keep its shipped weight and the stage would not run what was measured.
    if (trainedStage.options().get("features") instanceof Map<?, ?> shipped) {
      for (Object k : shipped.keySet()) {
        if (!weights.containsKey(String.valueOf(k))) {
          sb.append("          ").append(Json.write(String.valueOf(k))).append(": null\n");
        }
      }
    }
    sb.append("        bias: ").append(bias).append('\n');
    sb.append("        similarity_threshold: ").append(threshold).append('\n');
    sb.append("        trained: ").append(Json.write(provenance)).append('\n');
    for (StageSpec s : spec.stages()) {
      // Every other similarity stage off, whether or not it was on while training: the file may be used without
      // the configuration the model was trained with.
      if (!s.name().equals(trainedStage.name())
          && (s.type().equals("fuzzy") || s.type().equals("semantic") || s.type().equals("combined"))) {
        sb.append("      ").append(s.name()).append(":\n        enabled: false\n");
      }
    }
    // The guards the model was trained with (they veto before it is asked), so that it runs as it was measured.
    if (spec.guards().isEmpty()) {
      sb.append("    guards: null\n");
    } else {
      Map<String, Object> guards = new LinkedHashMap<>();
      for (dev.deja.core.spec.GuardSpec g : spec.guards()) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("type", g.type());
        o.putAll(g.options());
        guards.put(g.name(), o);
      }
      sb.append("    guards: ").append(Json.write(guards)).append('\n');
    }
    return sb.toString();
  }
}
