package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.JudgedStage;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.judge.Judging;
import dev.deja.core.judge.RemoteJudgeSpec;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Trees;
import dev.deja.embed.Judges;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The LLM-judge options of {@code deja eval} ({@code --judge}, {@code --judge-url}, …) and the trees and endpoints
 * they make. Not thread-safe (picocli fills it).
 */
final class EvalJudgeOptions {
  @Option(names = "--judge", arity = "0..1", fallbackValue = "", paramLabel = "ENDPOINT",
      description = "Evaluate twice, without and with an LLM judge on the target stage (its judge: options from "
          + "--config and --set, the endpoint named here from the config's judges: section, or the one of "
          + "--judge-url), and report precision/recall of both and the judge calls per 1,000 checks. The eval lifts "
          + "budget_per_minute (its pace is not production's).")
  String judge;

  @Option(names = "--judge-url", paramLabel = "URL",
      description = "The judge's OpenAI-compatible base URL (e.g. http://localhost:11434/v1): an endpoint named 'cli' "
          + "instead of one from the config; implies --judge.")
  String judgeUrl;

  @Option(names = "--judge-model", paramLabel = "MODEL", description = "With --judge-url: the model to ask.")
  String judgeModel;

  @Option(names = "--judge-key-env", paramLabel = "VAR",
      description = "With --judge-url: the environment variable holding the API key.")
  String judgeKeyEnv;

  @Option(names = "--judge-band", paramLabel = "LOW,HIGH",
      description = "The scores the judge is asked about (default: the stage's judge.band, else 0.45,0.85).")
  String judgeBand;


  /** Whether {@code --judge} or {@code --judge-url} asks for a run without and one with the judge. */
  boolean compare() {
    return judge != null || judgeUrl != null;
  }

  /**
   * The trees to evaluate with and without a judge.
   *
   * @param with the tree evaluated (with the judge when there is one; budgets lifted)
   * @param without the tree without any judge (compared only with {@code --judge})
   * @param compare whether {@code --judge} asked for both runs
   * @param stage the stage whose judge is reported, if any
   * @param provider the judges: the config's {@code judges:} and the {@code --judge-url} endpoint
   */
  record JudgeSetup(Map<String, Object> with, Map<String, Object> without, boolean compare, Optional<String> stage,
      JudgeProvider provider) {

    /** The judge step of the reported stage, as built for the configured spec (nothing is called here). */
    Optional<JudgeStep> step(CollectionSpec spec, EmbedderProvider embedders) {
      if (stage.isEmpty()) {
        return Optional.empty();
      }
      for (Stage s : StageRegistry.defaults().build(
          new StageContext(spec, embedders, Judging.of(provider)))) {
        if (s.name().equals(stage.get()) && s instanceof JudgedStage j) {
          return j.judge();
        }
      }
      return Optional.empty();
    }
  }

  /** The eval's lift of the per-minute budget: any check may call, whatever the pace. */
  static final int EVAL_BUDGET = 1_000_000;

  @SuppressWarnings("unchecked")
  JudgeSetup setup(ConfigOptions config, Map<String, Object> tree, Optional<String> target) {
    boolean compare = judge != null || judgeUrl != null;
    Map<String, RemoteJudgeSpec> endpoints = endpoints(config);
    Map<String, Object> with = tree;
    Optional<String> stage = Optional.empty();
    if (compare) {
      if (target.isEmpty()) {
        throw new InvalidInputException("--judge: preset '" + config.preset + "' has no fuzzy, semantic or combined "
            + "stage switched on to put a judge on");
      }
      stage = target;
      String at = "stages." + target.get() + ".judge";
      Map<String, Object> stageTree = EvalTargets.asMap(EvalTargets.asMap(with.get("stages")).get(target.get()));
      Map<String, Object> block = block(EvalTargets.asMap(stageTree.get("judge")), endpoints);
      with = Trees.set(with, at, block);
    }
    // Every stage's judge: the budget lifted; without: removed.
    Map<String, Object> without = with;
    Map<String, Object> stages = EvalTargets.asMap(with.get("stages"));
    for (Map.Entry<String, Object> e : stages.entrySet()) {
      Map<String, Object> st = EvalTargets.asMap(e.getValue());
      if (st.get("judge") instanceof Map<?, ?> && !Boolean.FALSE.equals(st.get("enabled"))) {
        with = Trees.set(with, "stages." + e.getKey() + ".judge.budget_per_minute", EVAL_BUDGET);
        without = Trees.set(without, "stages." + e.getKey() + ".judge", null);
        if (stage.isEmpty()) {
          stage = Optional.of(e.getKey());
        }
      }
    }
    return new JudgeSetup(with, EvalTargets.stripNulls(without), compare, stage, Judges.provider(endpoints));
  }

  /**
   * The judge endpoints: the config file's {@code judges:} and, with {@code --judge-url}, one named {@code cli};
   * checks that {@code --judge NAME} is one of them.
   */
  Map<String, RemoteJudgeSpec> endpoints(ConfigOptions config) {
    if (judgeUrl == null && (judgeModel != null || judgeKeyEnv != null)) {
      throw new InvalidInputException("--judge-model and --judge-key-env go with --judge-url");
    }
    if (judge == null && judgeUrl == null && judgeBand != null) {
      throw new InvalidInputException("--judge-band goes with --judge");
    }
    Map<String, RemoteJudgeSpec> endpoints = new LinkedHashMap<>(config.file().judges());
    Optional<String> named = Optional.ofNullable(judge).filter(j -> !j.isEmpty());
    if (judgeUrl != null) {
      if (named.isPresent()) {
        throw new InvalidInputException("give --judge ENDPOINT or --judge-url, not both");
      }
      if (judgeModel == null) {
        throw new InvalidInputException("--judge-url needs --judge-model");
      }
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("type", "openai");
      e.put("base_url", judgeUrl);
      e.put("model", judgeModel);
      if (judgeKeyEnv != null) {
        e.put("api_key_env", judgeKeyEnv);
      }
      endpoints.put("cli", RemoteJudgeSpec.read("cli", e, "--judge-url"));
    }
    if (named.isPresent() && !endpoints.containsKey(named.get())) {
      throw new InvalidInputException("--judge: no endpoint '" + named.get() + "' under judges: in "
          + (config.config == null ? "the configuration (give --config deja.yaml, or --judge-url)"
              : config.config) + (endpoints.isEmpty() ? "" : "; endpoints: " + endpoints.keySet()));
    }
    return endpoints;
  }

  /**
   * A judge block for {@code --judge}: the configured one with the endpoint the flags name (or the configured one, or
   * the only endpoint there is) and {@code --judge-band}.
   */
  Map<String, Object> block(Map<String, Object> configured, Map<String, RemoteJudgeSpec> endpoints) {
    Map<String, Object> block = new LinkedHashMap<>(configured);
    Optional<String> named = judgeUrl != null ? Optional.of("cli")
        : Optional.ofNullable(judge).filter(j -> !j.isEmpty());
    if (named.isPresent()) {
      block.put("endpoint", named.get());
    } else if (!block.containsKey("endpoint")) {
      if (endpoints.size() != 1) {
        throw new InvalidInputException("--judge: name the endpoint (" + (endpoints.isEmpty()
            ? "the configuration has no judges: section; give --judge-url and --judge-model"
            : "judges: " + endpoints.keySet()) + ")");
      }
      block.put("endpoint", endpoints.keySet().iterator().next());
    }
    if (judgeBand != null) {
      String[] parts = judgeBand.split(",");
      if (parts.length != 2) {
        throw new InvalidInputException("--judge-band: expected LOW,HIGH, e.g. 0.45,0.85, got '" + judgeBand + "'");
      }
      try {
        block.put("band", List.of(Double.parseDouble(parts[0].strip()), Double.parseDouble(parts[1].strip())));
      } catch (NumberFormatException e) {
        throw new InvalidInputException("--judge-band: expected two numbers, got '" + judgeBand + "'");
      }
    }
    return block;
  }
}
