package dev.deja.lexicon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * First names of people in English, German, Dutch, Spanish, Portuguese and French, read from the name lists that
 * Datafaker ships as class-path resources (its locale files {@code en/name.yml}, {@code de.yml}, {@code nl.yml},
 * {@code es.yml}, {@code pt.yml}, {@code pt-BR.yml}, {@code fr.yml}: every list under a key that ends in
 * {@code first_name}; about 13,700 names, lower case with accents folded). Census-style lists: they know "Ollie",
 * "Keisha", "Lucía" and "Jonas", and also names that are words or places ("Ruby", "Lincoln", "Paulo"), so a caller
 * decides from the writing whether a word is used as a name.
 *
 * <p>Thread-safe: immutable after construction.
 */
final class GivenNames {
  static final List<String> RESOURCES = List.of("en/name.yml", "de.yml", "nl.yml", "es.yml", "pt.yml", "pt-BR.yml",
      "fr.yml");

  private final Set<String> names;

  GivenNames() {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    Set<String> out = new HashSet<>();
    for (String resource : RESOURCES) {
      try (InputStream in = GivenNames.class.getClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException("name list " + resource + " is not on the class path (net.datafaker)");
        }
        collect(yaml.readTree(in), false, out);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the name list " + resource, e);
      }
    }
    names = Set.copyOf(out);
  }

  private static void collect(JsonNode node, boolean firstNames, Set<String> out) {
    if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        collect(e.getValue(), e.getKey().endsWith("first_name"), out);
      }
    } else if (node.isArray() && firstNames) {
      for (JsonNode v : node) {
        String s = v.asText("");
        if (!s.isEmpty() && !s.contains("#") && !s.contains(" ")) {
          String k = NumberWords.key(s);
          if (!k.isEmpty() && !k.contains(" ")) {
            out.add(k);
          }
        }
      }
    }
  }

  /** Whether a lower-case, accent-folded word is a first name in one of the lists. */
  boolean contains(String word) {
    return names.contains(word);
  }

  int size() {
    return names.size();
  }
}
