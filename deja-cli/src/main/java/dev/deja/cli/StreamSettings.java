package dev.deja.cli;

import dev.deja.core.InvalidInputException;
import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbedderProviders;
import dev.deja.core.judge.JudgeListener;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.embed.Judges;
import dev.deja.format.DejaConfig;
import dev.deja.format.Yaml;
import dev.deja.stream.StreamDeduplicator;
import dev.deja.stream.StreamMetrics;
import dev.deja.stream.StreamOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The streaming filter's options from a {@code deja.yaml} {@code stream:} section and {@code --set} overrides. */
final class StreamSettings {
  private StreamSettings() {}

  /**
   * The options: defaults, then the {@code stream:} section of the config file, then {@code key=value} settings
   * ({@code similarity_threshold=0.9} or {@code stream.similarity_threshold=0.9}), then a model for the semantic
   * layer.
   */
  static StreamOptions options(Path config, List<String> settings, String model) {
    DejaConfig c = config == null ? DejaConfig.empty() : DejaConfig.load(config);
    StreamOptions o = StreamOptions.from(c.section("stream"), (config == null ? "" : config + ": ") + "stream");
    Map<String, Object> set = new LinkedHashMap<>();
    for (String s : settings) {
      int eq = s.indexOf('=');
      if (eq <= 0) {
        throw new InvalidInputException("--set '" + s + "': expected key=value, e.g. content_similarity_threshold=0.9");
      }
      String key = s.substring(0, eq).strip();
      if (key.startsWith("stream.")) {
        key = key.substring("stream.".length());
      }
      set.put(key, Yaml.scalar(s.substring(eq + 1).strip()));
    }
    o = o.with(set, "--set");
    if (model != null) {
      o = o.with(Map.of("semantic_model", model), "--model");
    }
    return o;
  }

  /**
   * The filter logs each removal at INFO ({@code dev.deja.stream}) for the proxy and the server; a command that runs it
   * over thousands of labelled or generated answers ({@code deja eval}, {@code deja bench streams}) logs warnings only,
   * unless {@code DEJA_LOG_LEVEL} says otherwise.
   */
  static void quietRemovals() {
    if (org.slf4j.LoggerFactory.getLogger("dev.deja.stream") instanceof ch.qos.logback.classic.Logger l) {
      l.setLevel(ch.qos.logback.classic.Level.toLevel(System.getenv().getOrDefault("DEJA_LOG_LEVEL", "warn"),
          ch.qos.logback.classic.Level.WARN));
    }
  }

  /** A deduplicator with these options (the embedder resolved from the model name, when one is set). */
  static StreamDeduplicator deduplicator(StreamOptions o, StreamMetrics metrics) {
    return deduplicator(o, metrics, JudgeProvider.none(), JudgeListener.NONE);
  }

  /** The judges of a config file's {@code judges:} section (none without a file). */
  static JudgeProvider judges(Path config) {
    return config == null ? JudgeProvider.none() : Judges.provider(DejaConfig.load(config).judges());
  }

  /**
   * A deduplicator with these options (the embedder resolved from the model name, when one is set) whose paraphrase
   * layer's judge, when {@code judge} is set, comes from {@code judges}.
   */
  static StreamDeduplicator deduplicator(StreamOptions o, StreamMetrics metrics, JudgeProvider judges,
      JudgeListener listener) {
    StreamDeduplicator.Builder b = StreamDeduplicator.builder().options(o).metrics(metrics).judges(judges, listener);
    if (o.semanticModel().isPresent()) {
      String m = o.semanticModel().get();
      Embedder e = EmbedderProviders.defaults().find(m).orElseThrow(() -> new InvalidInputException(
          "semantic_model: unknown embedding model '" + m + "'"));
      b.embedder(e);
    }
    return b.build();
  }
}
