package dev.deja.cli;

import dev.deja.cli.eval.EvalResult;
import dev.deja.cli.eval.Evaluator;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.cascade.JudgedStage;
import dev.deja.core.cascade.Stage;
import dev.deja.core.cascade.StageContext;
import dev.deja.core.cascade.StageRegistry;
import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.eval.Confusion;
import dev.deja.core.item.FieldType;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.JudgeStats;
import dev.deja.core.judge.JudgeStep;
import dev.deja.core.judge.Judging;
import dev.deja.core.judge.RemoteJudgeSpec;
import dev.deja.core.measure.Measures;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.spec.Trees;
import dev.deja.core.store.CollectionStore;
import dev.deja.core.store.MemoryCollectionStore;
import dev.deja.core.store.StoreBackend;
import dev.deja.embed.Judges;
import dev.deja.format.Datasets;
import dev.deja.format.Json;
import dev.deja.format.Views;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.DoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code deja eval}: precision, recall, F1 and latency of a preset on labelled data. */
@Command(name = "eval", mixinStandardHelpOptions = true,
    description = "Evaluate a preset on labelled data (pairs or scenario JSON Lines, auto-detected): precision, "
        + "recall, F1, accuracy, the best threshold from a sweep, and latency per check. On a records.jsonl + "
        + "truth.jsonl set (or the folder holding both), score batch de-duplication or linkage as 'deja dedupe' does "
        + "it: precision, recall and F1 of the links and of the clusters (pairwise against the truth's transitive "
        + "closure, and B-cubed), the share of true clusters reproduced exactly, a threshold sweep over the target "
        + "stage's scores. On a streams file, evaluate "
        + "the streaming filter: drop units removed, keep units preserved, µs per chunk (options: --set KEY=VALUE "
        + "with the stream: keys of docs/STREAMING.md, --config's stream: section, --model for the semantic layer).",
    footer = {"", "Examples:",
        "  deja eval --preset calendar --data datasets/dev/calendar/pairs.jsonl --sweep",
        "  deja eval --preset P --config people.yaml --data febrl/dataset1 --sweep      (records.jsonl + truth.jsonl)",
        "  deja eval --preset P --config papers.yaml --data dblp_acm/records.jsonl --truth dblp_acm/truth.jsonl \\",
        "      --across source",
        "  deja eval --preset calendar --data pairs.jsonl --measure jaro_winkler --threshold 0.8 --json",
        "  deja eval --preset text --data mrpc_test/pairs.jsonl --ignore-field source_id",
        "  deja eval --data datasets/dev/streams/streams.jsonl --json",
        "  deja eval --preset memory --data pairs.jsonl --judge-url http://localhost:11434/v1 --judge-model "
            + "llama3.1:8b",
        "  deja eval --preset memory --data pairs.jsonl --config deja.yaml --judge local --judge-band 0.3,0.9",
        "  deja eval --data streams.jsonl --set paraphrase_threshold=0.5 --set similarity_threshold=0.9"})
final class EvalCommand implements Callable<Integer> {
  @Mixin
  ConfigOptions config;

  @Option(names = {"-d", "--data"}, required = true, paramLabel = "FILE|DIR",
      description = "Labelled data: a pairs.jsonl, scenario.jsonl, streams.jsonl or records.jsonl file, or a folder "
          + "holding records.jsonl and truth.jsonl.")
  Path data;

  @Option(names = "--truth", paramLabel = "FILE",
      description = "Records files: the duplicate pairs ({\"left\", \"right\"} lines; default: the truth.jsonl next "
          + "to the records file).")
  Path truth;

  @Option(names = "--across", paramLabel = "FIELD",
      description = "Records files, two-source linkage: records with the same value of this field are never duplicates "
          + "(e.g. source); their links are dropped before clustering. The field is dropped from the items unless the "
          + "preset declares it.")
  String across;

  @Option(names = "--one-to-one",
      description = "Records files with --across: each record keeps at most one link, the strongest (greedy, "
          + "strongest first): for two clean sources, where a record has at most one partner in the other.")
  boolean oneToOne;

  @Option(names = {"-m", "--measure"}, paramLabel = "MEASURE",
      description = "Evaluate this measure in the target stage instead of the preset's (sequence, jaccard, trigram, "
          + "jaro_winkler, levenshtein, compound).")
  String measure;

  @Option(names = {"-t", "--threshold"}, paramLabel = "T",
      description = "Evaluate this threshold in the target stage instead of the preset's, in [0, 1].")
  Double threshold;

  @Option(names = "--model", paramLabel = "MODEL",
      description = "Evaluate cosine similarity of this embedding model in the target stage instead (all-minilm-l6-v2, "
          + "all-minilm-l6-v2-q, bge-small-en-v1.5, bge-small-en-v1.5-q).")
  String model;

  /** Stage types whose threshold --threshold and --sweep move. */
  private static final java.util.Set<String> SCORING = java.util.Set.of("fuzzy", "semantic", "combined", "record");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Object o) {
    return o instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
  }

  @Option(names = "--stage", paramLabel = "NAME",
      description = "The stage that --measure, --model, --threshold and --sweep apply to (default: the first fuzzy, "
          + "semantic or combined stage switched on; when there is none, a fuzzy stage is added and a note says so).")
  String stage;

  @Option(names = "--sweep", description = "Also evaluate thresholds 0.00, 0.01, …, 1.00 and print the table.")
  boolean sweep;

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

  @Option(names = "--ignore-field", paramLabel = "FIELD",
      description = "Drop this record field before checking (dataset metadata such as source_id; repeatable).")
  List<String> ignoredFields = new ArrayList<>();

  @Option(names = "--errors", paramLabel = "N", defaultValue = "10",
      description = "Show up to N wrong decisions (default: ${DEFAULT-VALUE}; human output only).")
  int maxErrors;

  @Option(names = "--json", description = "Print exactly one JSON object (stable keys, for tools).")
  boolean json;

  @Option(names = "--worst", paramLabel = "N", defaultValue = "20",
      description = "Keep the N most confident wrong decisions (false duplicates with the highest score, then missed "
          + "duplicates with the lowest) with their explanation trees: in --json as worst_errors, in human output "
          + "with --explain (default: ${DEFAULT-VALUE}).")
  int worst;

  @Option(names = "--explain", description = "Human output: print the explanation tree of each of the --worst "
      + "wrong decisions.")
  boolean explain;

  @Option(names = "--store", paramLabel = "DIR|URL",
      description = "Run through a durable store instead of the in-memory one; results are identical. A directory: "
          + "the Lucene store in it (a fresh collection per run, named eval-<time>-<n>, kept). A postgresql:// URL: "
          + "the PostgreSQL store (the same fresh collections, dropped at the end).")
  String store;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "5000",
      description = "Streams files: run all streams for this long before timing (default: ${DEFAULT-VALUE}).")
  long warmupMillis;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "30",
      description = "Streams files: timed passes over all streams (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Override
  public Integer call() {
    if (java.nio.file.Files.isDirectory(data)) {
      // A record-linkage set's folder: its records.jsonl (and, by default, the truth.jsonl beside it).
      Path records = data.resolve("records.jsonl");
      if (!java.nio.file.Files.isRegularFile(records)) {
        throw new InvalidInputException("--data: " + data + " is a folder without a records.jsonl; give a data file "
            + "or a folder holding records.jsonl and truth.jsonl");
      }
      data = records;
    }
    Datasets.Kind dataKind = Datasets.detect(data);
    if (dataKind == Datasets.Kind.RECORDS && truth == null) {
      truth = data.resolveSibling("truth.jsonl");
      if (!java.nio.file.Files.isRegularFile(truth)) {
        throw new InvalidInputException("--truth: " + data + " is a records file and there is no truth.jsonl next to "
            + "it; give --truth FILE");
      }
    }
    if (oneToOne && across == null) {
      throw new InvalidInputException("--one-to-one: links two sources one to one; give --across FIELD too (e.g. "
          + "--across source)");
    }
    if (dataKind != Datasets.Kind.RECORDS && (truth != null || across != null)) {
      throw new InvalidInputException((truth != null ? "--truth" : "--across") + ": only for records files; "
          + data + " is a " + dataKind.name().toLowerCase(Locale.ROOT) + " file");
    }
    if (dataKind == Datasets.Kind.STREAMS) {
      // The streaming filter: --config's 'stream:' section and --set key=value options, --model adds the semantic
      // layer; no preset.
      if (warmupMillis < 0 || rounds < 1) {
        throw new InvalidInputException("--warmup-ms must not be negative and --rounds must be at least 1");
      }
      if (sweep) {
        throw new InvalidInputException("--sweep: streams files have no threshold sweep");
      }
      Map<String, RemoteJudgeSpec> endpoints = judgeEndpoints();
      boolean compare = judge != null || judgeUrl != null;
      dev.deja.stream.StreamOptions o = StreamSettings.options(config.config, config.settings, model);
      if (compare) {
        o = o.with(Map.of("judge", judgeBlock(o.judge(), endpoints)), "--judge");
      }
      return StreamsEval.run(cmd.commandLine().getOut(), data, o, Judges.provider(endpoints), compare, json,
          json ? 0 : maxErrors, warmupMillis, rounds);
    }
    if (threshold != null && (threshold.isNaN() || threshold < 0 || threshold > 1)) {
      throw new InvalidInputException("--threshold: must be a number in [0, 1], got " + threshold);
    }
    if (measure != null) {
      Measures.byName(measure);
    }
    if (model != null) {
      dev.deja.embed.ModelCatalog.get(model);
    }
    if (measure != null && model != null) {
      throw new InvalidInputException("give --measure or --model, not both");
    }
    if (maxErrors < 0) {
      throw new InvalidInputException("--errors: must not be negative");
    }
    if (sweep && (judge != null || judgeUrl != null)) {
      throw new InvalidInputException("--sweep and --judge: a sweep would ask the judge 101 times per check; sweep "
          + "without --judge, then evaluate the chosen threshold with it");
    }
    if (worst < 0) {
      throw new InvalidInputException("--worst: must not be negative");
    }
    Map<String, Object> tree = dev.deja.format.DejaConfig.applySettings(
        config.config().presetTree(config.preset), config.settings);
    CollectionSpec shipped = SpecReader.read(tree, config.preset);
    Optional<String> target = targetStage(shipped);
    Map<String, Object> baseTree = tree;
    if (target.isEmpty() && (measure != null || model != null || threshold != null || sweep)) {
      if (stage != null) {
        throw new InvalidInputException("--stage: preset '" + config.preset + "' has no stage '" + stage + "'");
      }
      String field = shipped.fields().values().stream().filter(f -> f.type() == FieldType.TEXT).findFirst()
          .orElseThrow(() -> new InvalidInputException("preset '" + config.preset + "' has no text field to compare"))
          .name();
      Map<String, Object> fuzzy = new LinkedHashMap<>();
      fuzzy.put("type", "fuzzy");
      fuzzy.put("field", field);
      baseTree = Trees.set(baseTree, "stages.eval", fuzzy);
      target = Optional.of("eval");
      // Say so: a configuration that switched every scoring stage off by mistake would otherwise look evaluated.
      cmd.commandLine().getErr().println("deja eval: note: preset '" + config.preset + "' has no fuzzy, semantic "
          + "or combined stage switched on; evaluating an added fuzzy stage 'eval' on field '" + field + "'");
    }
    if (target.isPresent() && (measure != null || model != null)) {
      // Replace the target stage by a fuzzy stage with the measure, or a semantic stage with the model, on the same
      // field, keeping its threshold unless --threshold is given.
      dev.deja.core.spec.StageSpec old = shipped.stage(target.get()).orElse(null);
      Map<String, Object> replacement = new LinkedHashMap<>();
      replacement.put("type", measure != null ? "fuzzy" : "semantic");
      Object field = old == null ? null : old.options().get("field");
      if (field != null) {
        replacement.put("field", field);
      }
      if (measure != null) {
        replacement.put("measure", measure);
      } else {
        replacement.put("model", model);
      }
      if (old != null && old.type().equals(replacement.get("type")) && threshold == null) {
        replacement.put("similarity_threshold", thresholdOf(shipped, target.get()));
      }
      Map<String, Object> stages = new LinkedHashMap<>(asMap(baseTree.get("stages")));
      stages.put(target.get(), replacement);
      baseTree = new LinkedHashMap<>(baseTree);
      baseTree.put("stages", stages);
    }
    final Optional<String> targetName = target;
    Map<String, Object> evaluated = withOverrides(baseTree, targetName, threshold, false);
    JudgeSetup judging = judgeSetup(evaluated, targetName);
    final Map<String, Object> finalBase = judging.with();
    CollectionSpec configured = SpecReader.read(finalBase, config.preset);
    OptionalDouble configuredThreshold = targetName.map(n -> OptionalDouble.of(thresholdOf(configured, n)))
        .orElse(OptionalDouble.empty());
    // A sweep row's threshold is the line between NEW and not NEW: the stage's possible band is left out there.
    DoubleFunction<CollectionSpec> specAt = t -> Double.isNaN(t) ? configured
        : SpecReader.read(withOverrides(finalBase, targetName, t, true), config.preset);

    Datasets.Kind kind = Datasets.detect(data);
    StoreBackend backend = store == null ? null
        : dev.deja.postgres.PostgresSettings.isUrl(store) ? dev.deja.postgres.PostgresStoreBackend.connect(store)
        : dev.deja.lucene.LuceneStoreBackend.open(Path.of(store));
    List<String> opened = new ArrayList<>();
    try {
      return evaluate(kind, backend, opened, specAt, configuredThreshold, targetName, configured, judging);
    } finally {
      if (backend != null) {
        try {
          if (backend instanceof dev.deja.postgres.PostgresStoreBackend) {
            // A shared database: leave nothing behind (a Lucene directory is the caller's own and keeps them).
            opened.forEach(backend::drop);
          }
        } finally {
          backend.close();
        }
      }
    }
  }

  private Integer evaluate(Datasets.Kind kind, StoreBackend backend, List<String> opened,
      DoubleFunction<CollectionSpec> specAt, OptionalDouble configuredThreshold, Optional<String> targetName,
      CollectionSpec configured, JudgeSetup judging) {
    PrintWriter out = cmd.commandLine().getOut();
    PrintWriter err = cmd.commandLine().getErr();
    Set<String> ignored = new LinkedHashSet<>(ignoredFields);
    int errors = json ? 0 : maxErrors;
    java.util.function.Supplier<CollectionStore> stores = stores(backend, opened);
    if (kind == Datasets.Kind.RECORDS) {
      if (judging.compare() || judging.stage().isPresent()) {
        throw new InvalidInputException("--judge: records files are not evaluated with a judge (record linkage "
            + "compares every pair of a file); evaluate pairs or scenario files with it");
      }
      return RecordsEval.run(new RecordsEval.Run(config.preset, data, truth, Optional.ofNullable(across), oneToOne,
          ignored, targetName, measureOf(configured, targetName), configuredThreshold, specAt, sweep, stores,
          config.embedders(), errors, worst, explain, json), out, err);
    }
    if (kind != Datasets.Kind.PAIRS && kind != Datasets.Kind.SCENARIO) {
      throw new InvalidInputException(data + ": " + kind.name().toLowerCase(Locale.ROOT)
          + " files are not evaluated by 'deja eval' yet; give a pairs.jsonl, scenario.jsonl or records.jsonl file");
    }
    Optional<EvalResult> without;
    if (judging.compare()) {
      CollectionSpec plain = SpecReader.read(judging.without(), config.preset);
      without = Optional.of(run(kind, new Evaluator(ignored, stores, errors).embedders(config.embedders())
          .worst(worst), t -> plain, configuredThreshold, false, "eval without the judge"));
    } else {
      without = Optional.empty();
    }
    JudgeStats stats = new JudgeStats();
    Evaluator ev = new Evaluator(ignored, stores, errors).embedders(config.embedders()).worst(worst);
    Optional<JudgeStep> step = judging.step(configured, config.embedders());
    if (step.isPresent()) {
      // No warm-up pass: it would fill the judge's cache, and the measured checks would call it less than real ones.
      ev.judges(judging.provider(), stats).warmUp(false);
    }
    EvalResult r = run(kind, ev, specAt, configuredThreshold, sweep,
        judging.compare() ? "eval with the judge" : "eval");
    Optional<JudgeReport> report = step.map(j -> new JudgeReport(j, judging.stage(), stats, without));
    if (json) {
      Map<String, Object> m = toJson(r, targetName, configured);
      report.ifPresent(x -> x.putJson(m, r));
      out.println(Json.write(m));
    } else {
      print(out, r, targetName, configured, kind, report);
    }
    out.flush();
    return Main.OK;
  }

  /** Where each run stores its items: a fresh in-memory store, or a fresh collection of the {@code --store}. */
  private static java.util.function.Supplier<CollectionStore> stores(
      StoreBackend backend, List<String> opened) {
    if (backend == null) {
      return () -> new MemoryCollectionStore("eval");
    }
    String run = "eval-" + System.currentTimeMillis() + "-";
    java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
    return () -> {
      String name = run + n.incrementAndGet();
      synchronized (opened) {
        opened.add(name);
      }
      return backend.open(name);
    };
  }

  private EvalResult run(Datasets.Kind kind, Evaluator ev, DoubleFunction<CollectionSpec> specAt,
      OptionalDouble configuredThreshold, boolean withSweep, String label) {
    PrintWriter err = cmd.commandLine().getErr();
    if (kind == Datasets.Kind.PAIRS) {
      List<Datasets.Pair> pairs = Datasets.pairs(data);
      try (Progress p = Progress.of(err, label, pairs.size() + (withSweep ? 101 : 0), 500)) {
        return ev.pairs(pairs, specAt, configuredThreshold, withSweep, p);
      }
    }
    List<Datasets.ScenarioLine> lines = Datasets.scenario(data);
    try (Progress p = Progress.of(err, label, lines.size() + (withSweep ? 101 : 0), 500)) {
      return ev.scenario(lines, specAt, configuredThreshold, withSweep, p);
    }
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
  private JudgeSetup judgeSetup(Map<String, Object> tree, Optional<String> target) {
    boolean compare = judge != null || judgeUrl != null;
    Map<String, RemoteJudgeSpec> endpoints = judgeEndpoints();
    Map<String, Object> with = tree;
    Optional<String> stage = Optional.empty();
    if (compare) {
      if (target.isEmpty()) {
        throw new InvalidInputException("--judge: preset '" + config.preset + "' has no fuzzy, semantic or combined "
            + "stage switched on to put a judge on");
      }
      stage = target;
      String at = "stages." + target.get() + ".judge";
      Map<String, Object> block = judgeBlock(asMap(asMap(asMap(with.get("stages")).get(target.get())).get("judge")),
          endpoints);
      with = Trees.set(with, at, block);
    }
    // Every stage's judge: the budget lifted; without: removed.
    Map<String, Object> without = with;
    Map<String, Object> stages = asMap(with.get("stages"));
    for (Map.Entry<String, Object> e : stages.entrySet()) {
      Map<String, Object> st = asMap(e.getValue());
      if (st.get("judge") instanceof Map<?, ?> && !Boolean.FALSE.equals(st.get("enabled"))) {
        with = Trees.set(with, "stages." + e.getKey() + ".judge.budget_per_minute", EVAL_BUDGET);
        without = Trees.set(without, "stages." + e.getKey() + ".judge", null);
        if (stage.isEmpty()) {
          stage = Optional.of(e.getKey());
        }
      }
    }
    return new JudgeSetup(with, stripNulls(without), compare, stage, Judges.provider(endpoints));
  }

  /**
   * The judge endpoints: the config file's {@code judges:} and, with {@code --judge-url}, one named {@code cli};
   * checks that {@code --judge NAME} is one of them.
   */
  private Map<String, RemoteJudgeSpec> judgeEndpoints() {
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
  private Map<String, Object> judgeBlock(Map<String, Object> configured, Map<String, RemoteJudgeSpec> endpoints) {
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

  /** What a run with a judge reports besides precision and recall. */
  private record JudgeReport(JudgeStep step, Optional<String> stage, JudgeStats stats,
      Optional<EvalResult> without) {

    double perThousand(EvalResult r) {
      return r.n() == 0 ? 0 : 1000.0 * stats.calls() / r.n();
    }

    void putJson(Map<String, Object> m, EvalResult r) {
      Map<String, Object> j = new LinkedHashMap<>();
      j.put("endpoint", step.endpoint());
      j.put("model", step.model());
      j.put("stage", stage.orElse(null));
      j.put("kind", step.kind().configName());
      j.put("band", List.of(step.low(), step.high()));
      j.put("timeout_ms", step.timeout().toMillis());
      j.put("checks", r.n());
      j.put("calls", stats.calls());
      j.put("calls_per_1000_checks", Views.round(perThousand(r)));
      j.put("cache_hits", stats.cacheHits());
      j.put("disagreements", stats.disagreements());
      j.put("fallbacks", stats.fallbacks());
      j.put("calls_by_outcome", stats.callsByOutcome());
      j.put("fallbacks_by_reason", stats.fallbacksByReason());
      j.put("mean_ms", Views.round(stats.meanMillis()));
      j.put("max_ms", Views.round(stats.maxMillis()));
      m.put("judge", j);
      if (without.isPresent()) {
        m.put("without_judge", summary(without.get()));
        m.put("with_judge", summary(r));
      }
    }

    private static Map<String, Object> summary(EvalResult r) {
      Map<String, Object> x = new LinkedHashMap<>();
      putMetrics(x, r.confusion());
      x.put("accuracy", r.kind().equals("pairs") ? Views.round(r.confusion().accuracy())
          : Views.round(r.checkAccuracy().orElse(0)));
      r.exactSetAccuracy().ifPresent(a -> x.put("exact_set_accuracy", Views.round(a)));
      return x;
    }

    void print(PrintWriter out, EvalResult r) {
      out.printf(Locale.ROOT, "judge: endpoint %s (%s) on stage %s, kind %s, band [%.2f, %.2f], timeout %d ms "
          + "(budget_per_minute lifted for the eval)%n", step.endpoint(), step.model(), stage.orElse("?"),
          step.kind().configName(), step.low(), step.high(), step.timeout().toMillis());
      boolean scenario = r.kind().equals("scenario");
      if (without.isPresent()) {
        out.println("                 precision  recall   F1       accuracy" + (scenario ? "  exact-set" : ""));
        row(out, "without judge", without.get(), scenario);
        row(out, "with judge", r, scenario);
      }
      out.printf(Locale.ROOT, "judge calls: %d in %d checks = %.1f per 1,000 checks; cache hits %d; disagreements "
          + "with the in-process decision %d; fallbacks %d%n", stats.calls(), r.n(), perThousand(r),
          stats.cacheHits(), stats.disagreements(), stats.fallbacks());
      if (stats.calls() > 0) {
        out.printf(Locale.ROOT, "calls by outcome: %s; mean %.1f ms, max %.1f ms%n",
            String.join(", ", stats.callsByOutcome().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .toList()), stats.meanMillis(), stats.maxMillis());
      }
      if (stats.fallbacks() > 0) {
        out.println("fallbacks by reason (the in-process decision was used): " + String.join(", ",
            stats.fallbacksByReason().entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList()));
      }
      if (without.isPresent()) {
        out.println("with the judge:");
      }
    }

    private static void row(PrintWriter out, String label, EvalResult r, boolean scenario) {
      Confusion c = r.confusion();
      out.printf(Locale.ROOT, "  %-14s %.4f     %.4f   %.4f   %.4f%s%n", label, c.precision(), c.recall(), c.f1(),
          scenario ? r.checkAccuracy().orElse(0) : c.accuracy(),
          scenario ? String.format(Locale.ROOT, "    %.4f", r.exactSetAccuracy().orElse(0)) : "");
    }
  }

  private Optional<String> targetStage(CollectionSpec s) {
    if (stage != null) {
      if (s.stage(stage).isEmpty()) {
        throw new InvalidInputException("--stage: preset '" + config.preset + "' has no stage '" + stage
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
  private static Map<String, Object> withOverrides(Map<String, Object> tree, Optional<String> target,
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
  private static Map<String, Object> stripNulls(Map<String, Object> t) {
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

  private static double thresholdOf(CollectionSpec s, String stageName) {
    Map<String, Object> o = s.stage(stageName).orElseThrow().options();
    for (String k : List.of("similarity_threshold", "fuzzy_threshold", "threshold")) {
      if (o.get(k) instanceof Number n) {
        return n.doubleValue();
      }
    }
    return s.stage(stageName).orElseThrow().type().equals("record") ? 0.9 : 0.8; // the stages' defaults
  }

  private static String measureOf(CollectionSpec s, Optional<String> stageName) {
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

  private Map<String, Object> toJson(EvalResult r, Optional<String> target, CollectionSpec s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", r.kind());
    m.put("preset", config.preset);
    m.put("data", data.toString());
    m.put("n", r.n());
    m.put("stage", target.orElse(null));
    m.put("measure", target.isPresent() ? measureOf(s, target) : null);
    putMetrics(m, r.confusion());
    m.put("accuracy", r.kind().equals("pairs") ? Views.round(r.confusion().accuracy())
        : Views.round(r.checkAccuracy().orElse(0)));
    m.put("threshold", r.threshold().isPresent() ? r.threshold().getAsDouble() : null);
    if (r.sweep().isEmpty()) {
      m.put("best_threshold", null);
      m.put("best_f1", null);
    } else {
      EvalResult.SweepRow b = r.best();
      m.put("best_threshold", b.threshold());
      m.put("best_f1", Views.round(b.confusion().f1()));
    }
    m.put("micros_mean", Views.round(r.latency().meanMicros()));
    m.put("micros_p99", Views.round(r.latency().p99Micros()));
    m.put("possible_share", Views.round(r.possibleShare()));
    r.exactSetAccuracy().ifPresent(a -> m.put("exact_set_accuracy", Views.round(a)));
    if (!r.byNote().isEmpty()) {
      Map<String, Object> notes = new LinkedHashMap<>();
      r.byNote().forEach((k, v) -> notes.put(k, Map.of("n", v[0], "wrong", v[1])));
      m.put("by_note", notes);
    }
    List<Map<String, Object>> worstErrors = new ArrayList<>();
    for (EvalResult.WrongDecision w : r.worst()) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("id", w.id());
      e.put("note", w.note());
      e.put("expected", w.expected());
      e.put("got", w.got());
      e.put("score", Views.round(w.score()));
      e.put("false_positive", w.falsePositive());
      e.put("new", w.newText());
      e.put("existing", w.existing());
      e.put("explanation", Views.explanation(w.explanation()));
      worstErrors.add(e);
    }
    m.put("worst_errors", worstErrors);
    if (!r.categories().isEmpty() && !(r.categories().size() == 1 && r.categories().containsKey("(none)"))) {
      Map<String, Object> cats = new LinkedHashMap<>();
      r.categories().forEach((k, v) -> cats.put(k, Map.of("n", v[0], "exact_set_accuracy",
          Views.round(v[0] == 0 ? 1.0 : (double) v[1] / v[0]))));
      m.put("categories", cats);
    }
    if (!r.sweep().isEmpty()) {
      List<Object> rows = new ArrayList<>();
      for (EvalResult.SweepRow row : r.sweep()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("threshold", row.threshold());
        putMetrics(x, row.confusion());
        row.exactSetAccuracy().ifPresent(a -> x.put("exact_set_accuracy", Views.round(a)));
        rows.add(x);
      }
      m.put("sweep", rows);
    }
    return m;
  }

  private static void putMetrics(Map<String, Object> m, Confusion c) {
    m.put("precision", Views.round(c.precision()));
    m.put("recall", Views.round(c.recall()));
    m.put("f1", Views.round(c.f1()));
    m.put("tp", c.tp());
    m.put("fp", c.fp());
    m.put("fn", c.fn());
    m.put("tn", c.tn());
  }

  private void print(PrintWriter out, EvalResult r, Optional<String> target, CollectionSpec s, Datasets.Kind kind,
      Optional<JudgeReport> judged) {
    Confusion c = r.confusion();
    out.printf(Locale.ROOT, "deja eval — preset %s on %s (%s, %d %s)%n", config.preset, data.getFileName(),
        r.kind(), r.n(), r.kind().equals("pairs") ? "pairs" : "checks");
    target.ifPresent(t -> out.printf(Locale.ROOT, "target stage %s: measure %s, threshold %.2f%n", t,
        measureOf(s, target), r.threshold().orElse(Double.NaN)));
    judged.ifPresent(j -> j.print(out, r));
    out.printf(Locale.ROOT, "precision %.4f  recall %.4f  F1 %.4f  accuracy %.4f%n", c.precision(), c.recall(),
        c.f1(), r.kind().equals("pairs") ? c.accuracy() : r.checkAccuracy().orElse(0));
    out.printf(Locale.ROOT, "tp %d  fp %d  fn %d%s%n", c.tp(), c.fp(), c.fn(),
        r.kind().equals("pairs") ? "  tn " + c.tn() : " (over check × stored-id pairs)");
    r.exactSetAccuracy().ifPresent(a -> out.printf(Locale.ROOT, "exact-set accuracy %.4f (%d checks)%n", a, r.n()));
    out.printf(Locale.ROOT, "possible duplicates: %.1f%% of checks%n", 100 * r.possibleShare());
    if (!r.sweep().isEmpty()) {
      EvalResult.SweepRow b = r.best();
      out.printf(Locale.ROOT, "best threshold %.2f → F1 %.4f (P %.4f, R %.4f)%s%n", b.threshold(),
          b.confusion().f1(), b.confusion().precision(), b.confusion().recall(),
          b.exactSetAccuracy().isPresent()
              ? String.format(Locale.ROOT, ", exact-set accuracy %.4f", b.exactSetAccuracy().getAsDouble()) : "");
      out.println("threshold  precision  recall   F1" + (kind == Datasets.Kind.SCENARIO ? "      exact-set" : ""));
      for (EvalResult.SweepRow row : r.sweep()) {
        int pct = (int) Math.round(row.threshold() * 100);
        if (pct % 5 == 0 || row == b) {
          out.printf(Locale.ROOT, "  %.2f     %.4f     %.4f   %.4f%s%s%n", row.threshold(),
              row.confusion().precision(), row.confusion().recall(), row.confusion().f1(),
              row.exactSetAccuracy().isPresent()
                  ? String.format(Locale.ROOT, "   %.4f", row.exactSetAccuracy().getAsDouble()) : "",
              row == b ? "  ← best" : "");
        }
      }
    }
    if (r.categories().size() > 1) {
      out.println("per category (exact-set accuracy):");
      r.categories().forEach((k, v) -> out.printf(Locale.ROOT, "  %-22s %3d/%-3d %.4f%n", k, v[1], v[0],
          v[0] == 0 ? 1.0 : (double) v[1] / v[0]));
    }
    out.printf(Locale.ROOT, "latency per check: mean %.1f µs, p50 %.1f µs, p99 %.1f µs%n", r.latency().meanMicros(),
        r.latency().p50Micros(), r.latency().p99Micros());
    if (r.byNote().size() > 1) {
      out.println("per type of the data's notes (wrong / n):");
      r.byNote().forEach((k, v) -> out.printf(Locale.ROOT, "  %-40s %3d/%-3d%n", k, v[1], v[0]));
    }
    if (!r.errors().isEmpty()) {
      out.println("wrong decisions (first " + r.errors().size() + "):");
      for (String e : r.errors()) {
        out.println("  " + e);
      }
    }
    if (explain && !r.worst().isEmpty()) {
      out.println("the " + r.worst().size() + " most confident wrong decisions, with their explanations:");
      for (EvalResult.WrongDecision w : r.worst()) {
        out.printf(Locale.ROOT, "%n%s (%s): expected %s, got %s, score %.3f%n  new: %s%n  existing: %s%n", w.id(),
            w.note(), w.expected(), w.got(), w.score(), w.newText(), w.existing());
        out.print(Render.indent(w.explanation().render(), "  "));
      }
    }
  }
}
