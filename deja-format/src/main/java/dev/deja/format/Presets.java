package dev.deja.format;

import dev.deja.core.InvalidInputException;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.SpecReader;
import dev.deja.core.spec.Trees;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The built-in presets, shipped as YAML on the classpath ({@code dev/deja/presets/<name>.yaml}): {@code calendar},
 * {@code memory}, {@code glossary}, {@code text}. Each is a complete spec tree that users override by deep merging
 * (see {@link DejaConfig}).
 *
 * <p>Thread-safe: stateless; every call returns a fresh tree.
 */
public final class Presets {
  private Presets() {}

  /** The built-in preset names. */
  public static final List<String> NAMES = List.of("calendar", "memory", "glossary", "text");

  /** The preset's spec tree, freshly parsed (callers may modify it). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> tree(String name) {
    if (!NAMES.contains(name)) {
      throw new InvalidInputException("unknown preset '" + name + "'; presets: " + String.join(", ", NAMES));
    }
    String resource = "dev/deja/presets/" + name + ".yaml";
    try (InputStream in = Presets.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("preset resource missing from the classpath: " + resource);
      }
      return (Map<String, Object>) Trees.deepCopy(
          Yaml.object(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + resource, e);
    }
  }

  /** The preset's spec as shipped. */
  public static CollectionSpec spec(String name) {
    return DejaConfig.validated(SpecReader.read(tree(name), name));
  }

  /** The preset's spec with an override tree deep-merged onto it. */
  public static CollectionSpec spec(String name, Map<String, Object> override) {
    return DejaConfig.validated(SpecReader.read(Trees.deepMerge(tree(name), override), name));
  }
}
