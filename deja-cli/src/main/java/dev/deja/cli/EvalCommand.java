package dev.deja.cli;

import dev.deja.cli.eval.EvalResult;
import dev.deja.cli.eval.Evaluator;
import dev.deja.cli.eval.Progress;
import dev.deja.core.InvalidInputException;
import dev.deja.core.item.FieldType;
import dev.deja.core.judge.JudgeStats;
import dev.deja.core.judge.JudgeStep;
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
        "  deja eval --preset calendar --data pairs.jsonl --report report.html",
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

  @Mixin
  EvalJudgeOptions judging;

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

  @Option(names = "--stage", paramLabel = "NAME",
      description = "The stage that --measure, --model, --threshold and --sweep apply to (default: the first fuzzy, "
          + "semantic or combined stage switched on; when there is none, a fuzzy stage is added and a note says so).")
  String stage;

  @Option(names = "--sweep", description = "Also evaluate thresholds 0.00, 0.01, …, 1.00 and print the table.")
  boolean sweep;

  @Option(names = "--ignore-field", paramLabel = "FIELD",
      description = "Drop this record field before checking (dataset metadata such as source_id; repeatable).")
  List<String> ignoredFields = new ArrayList<>();

  @Option(names = "--errors", paramLabel = "N", defaultValue = "10",
      description = "Show up to N wrong decisions (default: ${DEFAULT-VALUE}; human output only).")
  int maxErrors;

  @Option(names = "--json", description = "Print exactly one JSON object (stable keys, for tools).")
  boolean json;

  @Option(names = "--report", paramLabel = "FILE",
      description = "Also write one self-contained HTML page (no script, nothing fetched) to FILE: the figures, the "
          + "confusion counts, precision/recall/F1 over the threshold sweep with the configured threshold marked "
          + "(implies --sweep when the target stage allows it), errors per note type and category, the --worst wrong "
          + "decisions with their explanation trees, and for records files the predicted clusters with their links. "
          + "Pairs, scenario and records files.")
  Path report;

  /** Whether a sweep runs: {@code --sweep}, or {@code --report} where the target stage allows one. */
  private boolean sweeping;

  /** Why the report has no sweep, when it has none. */
  private Optional<String> noSweep = Optional.empty();

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
    try {
      return run();
    } catch (dev.deja.core.UnknownFieldException e) {
      throw TrainingData.ignoreFieldHint(e);
    }
  }

  private Integer run() {
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
    if (report != null) {
      HtmlReport.checkWritable(report);
      if (dataKind == Datasets.Kind.STREAMS) {
        throw new InvalidInputException("--report: streams files have no HTML report (the streaming filter has no "
            + "threshold sweep, clusters or explanation trees to draw); its figures are in the human output and "
            + "--json. Give a pairs, scenario or records file");
      }
    }
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
      Map<String, RemoteJudgeSpec> endpoints = judging.endpoints(config);
      boolean compare = judging.compare();
      dev.deja.stream.StreamOptions o = StreamSettings.options(config.config, config.settings, model);
      if (compare) {
        o = o.with(Map.of("judge", judging.block(o.judge(), endpoints)), "--judge");
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
    if (sweep && judging.compare()) {
      throw new InvalidInputException("--sweep and --judge: a sweep would ask the judge 101 times per check; sweep "
          + "without --judge, then evaluate the chosen threshold with it");
    }
    if (worst < 0) {
      throw new InvalidInputException("--worst: must not be negative");
    }
    Map<String, Object> tree = dev.deja.format.DejaConfig.applySettings(
        config.config().presetTree(config.preset), config.settings);
    CollectionSpec shipped = SpecReader.read(tree, config.preset);
    Optional<String> target = EvalTargets.targetStage(shipped, stage, config.preset);
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
        replacement.put("similarity_threshold", EvalTargets.thresholdOf(shipped, target.get()));
      }
      Map<String, Object> stages = new LinkedHashMap<>(EvalTargets.asMap(baseTree.get("stages")));
      stages.put(target.get(), replacement);
      baseTree = new LinkedHashMap<>(baseTree);
      baseTree.put("stages", stages);
    }
    final Optional<String> targetName = target;
    sweeping = sweep || (report != null && targetName.isPresent() && !judging.compare());
    if (!sweeping) {
      // Only read by the report, which implies the sweep unless one of these holds.
      noSweep = Optional.of(judging.compare() ? "--judge evaluates the configured threshold only (a sweep would ask "
          + "the judge 101 times per check)."
          : "preset '" + config.preset + "' has no fuzzy, semantic, combined or record stage switched on, so there "
              + "is no threshold to move (--stage names one).");
    }
    Map<String, Object> evaluated = EvalTargets.withOverrides(baseTree, targetName, threshold, false);
    EvalJudgeOptions.JudgeSetup judged = judging.setup(config, evaluated, targetName);
    final Map<String, Object> finalBase = judged.with();
    CollectionSpec configured = SpecReader.read(finalBase, config.preset);
    OptionalDouble configuredThreshold = targetName
        .map(n -> OptionalDouble.of(EvalTargets.thresholdOf(configured, n))).orElse(OptionalDouble.empty());
    // A sweep row's threshold is the line between NEW and not NEW: the stage's possible band is left out there.
    DoubleFunction<CollectionSpec> specAt = t -> Double.isNaN(t) ? configured
        : SpecReader.read(EvalTargets.withOverrides(finalBase, targetName, t, true), config.preset);

    Datasets.Kind kind = Datasets.detect(data);
    StoreBackend backend = store == null ? null
        : dev.deja.postgres.PostgresSettings.isUrl(store) ? dev.deja.postgres.PostgresStoreBackend.connect(store)
        : dev.deja.lucene.LuceneStoreBackend.open(Path.of(store));
    List<String> opened = new ArrayList<>();
    try {
      return evaluate(kind, backend, opened, specAt, configuredThreshold, targetName, configured, judged);
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
      CollectionSpec configured, EvalJudgeOptions.JudgeSetup judging) {
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
          ignored, targetName, EvalTargets.measureOf(configured, targetName), configuredThreshold, specAt, sweeping,
          stores, config.embedders(), errors, worst, explain, json, Optional.ofNullable(report), noSweep), out, err);
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
    EvalResult r = run(kind, ev, specAt, configuredThreshold, sweeping,
        judging.compare() ? "eval with the judge" : "eval");
    Optional<JudgeReport> judged = step.map(j -> new JudgeReport(j, judging.stage(), stats, without));
    Map<String, Object> m = EvalOutput.toJson(config.preset, data, r, targetName, configured);
    judged.ifPresent(x -> x.putJson(m, r));
    if (json) {
      out.println(Json.write(m));
    } else {
      EvalOutput.print(out, config.preset, data, r, targetName, configured, kind, judged, explain);
    }
    out.flush();
    if (report != null) {
      HtmlReport.write(report, HtmlReport.render(m, noSweep, Optional.empty()));
      err.println("deja eval: report written to " + report);
      err.flush();
    }
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

}
