package dev.deja.embed;

import dev.deja.core.InvalidInputException;
import dev.deja.core.judge.JudgeProvider;
import dev.deja.core.judge.PairJudge;
import dev.deja.core.judge.RemoteJudgeSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The factory of the judges an application serves: the remote ones a configuration declares (its {@code judges:}
 * section, read by deja-format's {@code DejaConfig#judges()}), by name.
 *
 * <pre>{@code
 * DejaConfig config = DejaConfig.load(Path.of("deja.yaml"));
 * DejaCollection c = DejaCollection.builder(spec).store(store).embedders(Embedders.provider(config.embedders()))
 *     .judges(Judges.provider(config.judges())).build();
 * }</pre>
 *
 * <p>Thread-safe. Nothing connects until a pair is put to a judge.
 */
public final class Judges {
  private Judges() {}

  /** A provider serving the configured remote judges by name, each built once. */
  public static JudgeProvider provider(Map<String, RemoteJudgeSpec> remote) {
    return provider(remote, System::getenv);
  }

  /** As {@link #provider(Map)}, with API keys looked up by {@code environment}. */
  public static JudgeProvider provider(Map<String, RemoteJudgeSpec> remote, Function<String, String> environment) {
    Map<String, PairJudge> built = new LinkedHashMap<>();
    remote.forEach((name, spec) -> {
      if (!name.equals(spec.name())) {
        throw new InvalidInputException("judges." + name + ": the spec is named '" + spec.name() + "'");
      }
      built.put(name, new RemoteJudge(spec, environment));
    });
    Map<String, PairJudge> byName = Map.copyOf(built);
    return name -> Optional.ofNullable(byName.get(name));
  }
}
