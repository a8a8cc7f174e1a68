package dev.deja.lexicon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import morfologik.stemming.Dictionary;
import morfologik.stemming.DictionaryLookup;
import morfologik.stemming.WordData;

/**
 * The dictionary forms of inflected German, Dutch, Spanish, Portuguese and French words — "habitent" → "habiter",
 * "moram" → "morar", "bebo" → "beber", "eet" → "eten", "mag" → "mögen", "Katzen" → "Katze" — from
 * the morphological dictionaries LanguageTool publishes on Maven Central ({@code de.danielnaber:german-pos-dict},
 * {@code org.languagetool:dutch-pos-dict}, {@code org.softcatala:spanish-pos-dict},
 * {@code org.languagetool:portuguese-pos-dict}, {@code org.languagetool:french-pos-dict}; morfologik automata read
 * from the class path, nothing downloaded). A bilingual dictionary lists verbs by their infinitive and nouns in the
 * singular, so a sentence's "Ich trinke" or "Eu bebo" needs this step to be glossed ({@link Translations}).
 *
 * <p>Thread-safe: each language's automaton is read once, on first use, and shared; each thread has its own lookup.
 */
final class Inflections {
  private Inflections() {}

  /** The dictionary resource of each language. */
  static final Map<String, String> RESOURCES = Map.of(
      "de", "org/languagetool/resource/de/german.dict",
      "nl", "org/languagetool/resource/nl/dutch.dict",
      "es", "org/languagetool/resource/es/es-ES.dict",
      "pt", "org/languagetool/resource/pt/portuguese.dict",
      "fr", "org/languagetool/resource/fr/french.dict");

  private static final Map<String, ThreadLocal<DictionaryLookup>> LOOKUPS = new ConcurrentHashMap<>();

  /**
   * The dictionary forms of a lower-case word of a language, in the dictionary's order, without the word itself; empty
   * when the language has no dictionary or the dictionary does not know the word. German nouns are looked up
   * capitalised, as German writes them.
   */
  static List<String> lemmas(String word, String language) {
    String path = RESOURCES.get(language);
    if (path == null || word.isEmpty()) {
      return List.of();
    }
    DictionaryLookup lookup = LOOKUPS.computeIfAbsent(language, l -> load(path)).get();
    Set<String> out = new LinkedHashSet<>();
    collect(lookup, word, out);
    if (language.equals("de")) {
      collect(lookup, word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1), out);
    }
    out.removeIf(l -> l.equalsIgnoreCase(word));
    return List.copyOf(out);
  }

  private static void collect(DictionaryLookup lookup, String word, Set<String> out) {
    for (WordData d : lookup.lookup(word)) {
      CharSequence stem = d.getStem();
      if (stem != null && stem.length() > 0) {
        out.add(stem.toString().toLowerCase(Locale.ROOT));
      }
    }
  }

  private static ThreadLocal<DictionaryLookup> load(String path) {
    URL url = Inflections.class.getClassLoader().getResource(path);
    if (url == null) {
      throw new IllegalStateException("the morphological dictionary " + path + " is not on the class path");
    }
    Dictionary dictionary;
    try {
      dictionary = Dictionary.read(url);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the morphological dictionary " + path, e);
    }
    return ThreadLocal.withInitial(() -> new DictionaryLookup(dictionary));
  }
}
