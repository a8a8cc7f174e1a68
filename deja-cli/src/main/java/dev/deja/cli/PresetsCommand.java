package dev.deja.cli;

import dev.deja.core.spec.CollectionSpec;
import dev.deja.format.DejaConfig;
import dev.deja.format.Json;
import dev.deja.format.Presets;
import dev.deja.format.Yaml;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code deja presets}: list the presets, or show one's effective configuration. */
@Command(name = "presets", mixinStandardHelpOptions = true,
    description = "List the presets (the built-in ones, and with --config the presets and collections a deja.yaml "
        + "declares), or show one's effective configuration (with deja.yaml and --set): YAML, or JSON with --json.")
final class PresetsCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "PRESET", description = "Show this preset's configuration.")
  String preset;

  @Option(names = {"-c", "--config"}, paramLabel = "FILE",
      description = "A deja.yaml: its preset overrides, and the presets and collections it declares.")
  Path config;

  @Option(names = "--set", paramLabel = "PATH=VALUE", description = "Override one setting (repeatable).")
  List<String> settings = new ArrayList<>();

  @Option(names = "--json", description = "Print JSON.")
  boolean json;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    DejaConfig c = config == null ? DejaConfig.empty() : DejaConfig.load(config);
    if (preset == null) {
      List<Object> rows = new ArrayList<>();
      for (String name : c.presetNames()) {
        CollectionSpec s = c.presetSpec(name, List.of());
        Map<String, Object> row = new java.util.LinkedHashMap<>();
        row.put("name", name);
        row.put("description", s.description());
        rows.add(row);
        if (!json) {
          out.printf("%-9s %s%n", name, s.description().isEmpty()
              ? (Presets.NAMES.contains(name) ? "" : "(declared in " + config + ")") : s.description());
        }
      }
      if (json) {
        out.println(Json.write(rows));
      }
      out.flush();
      return Main.OK;
    }
    Map<String, Object> tree = DejaConfig.applySettings(c.presetTree(preset), settings);
    c.presetSpec(preset, settings); // validates
    out.println(json ? Json.writePretty(tree) : Yaml.write(tree).stripTrailing());
    out.flush();
    return Main.OK;
  }
}
