package dev.deja.cli;

import dev.deja.core.embed.EmbedderProvider;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.embed.Embedders;
import dev.deja.embed.Judges;
import dev.deja.format.DejaConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options shared by commands that use a preset: which one, a config file, and one-off settings. */
final class ConfigOptions {
  // Not required by picocli: 'deja eval' on a streams file needs no preset; config() asks for it otherwise.
  @Option(names = {"-p", "--preset"}, paramLabel = "PRESET",
      description = "The preset: calendar, memory, glossary or text, or a preset or collection the --config file "
          + "declares (presets:, collections:).")
  String preset;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE",
      description = "A deja.yaml: overrides of the built-in presets, and presets and collections declared there "
          + "(usable as --preset NAME).")
  Path config;

  @Option(names = "--set", paramLabel = "PATH=VALUE",
      description = "Override one setting of the preset, e.g. --set stages.fuzzy.similarity_threshold=0.4 "
          + "(repeatable).")
  List<String> settings = new ArrayList<>();

  DejaConfig config() {
    if (preset == null) {
      throw new dev.deja.core.InvalidInputException("--preset: required (" + String.join(", ", file().presetNames())
          + ")");
    }
    return file();
  }

  /** The configuration file's content, or none; needs no preset. */
  DejaConfig file() {
    return config == null ? DejaConfig.empty() : DejaConfig.load(config);
  }

  CollectionSpec spec() {
    return config().presetSpec(preset, settings);
  }

  /**
   * An empty in-memory collection of the preset's spec with the config's embedders and judges, for a command that
   * loads a file into it; an item without an id gets {@code idFormat} with a running number ({@code item-%05d}).
   */
  dev.deja.core.engine.DejaCollection inMemory(CollectionSpec spec, String idFormat) {
    java.util.concurrent.atomic.AtomicLong seq = new java.util.concurrent.atomic.AtomicLong();
    return dev.deja.core.engine.DejaCollection.builder(spec)
        .store(new dev.deja.core.store.MemoryCollectionStore(spec.name())).embedders(embedders()).judges(judges())
        .ids(() -> String.format(java.util.Locale.ROOT, idFormat, seq.incrementAndGet())).build();
  }

  /** The embedders the config's {@code embedders:} section declares, by name, then the in-process models. */
  EmbedderProvider embedders() {
    return Embedders.provider(config().embedders());
  }

  /** The judges the config's {@code judges:} section declares, by name. */
  JudgeProvider judges() {
    return Judges.provider(config().judges());
  }
}
