package dev.deja.core.normalize;

import dev.deja.core.InvalidInputException;
import java.text.Normalizer.Form;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A named chain of normalisation steps, with optional word-level abbreviation expansion and stop-word removal.
 *
 * <p>Steps (in the order given): {@code nfkc}, {@code lowercase}, {@code fold_accents}, {@code punctuation},
 * {@code whitespace}, {@code join_compounds}. After them, when configured, each whitespace-separated word is looked up
 * in {@code abbreviations} ("dr" → "doctor"; also without the punctuation around it: "(dr." → "(doctor") and dropped
 * when it is a stop word. Built-in analyzers:
 *
 * <table>
 *   <caption>Built-in analyzers</caption>
 *   <tr><th>name</th><th>steps</th><th>"  Dr. Smith's  Check-up ✨"</th></tr>
 *   <tr><td>{@code none}</td><td>—</td><td>unchanged</td></tr>
 *   <tr><td>{@code trim}</td><td>whitespace</td><td>"Dr. Smith's Check-up ✨"</td></tr>
 *   <tr><td>{@code casefold}</td><td>nfkc, lowercase, whitespace</td><td>"dr. smith's check-up ✨"</td></tr>
 *   <tr><td>{@code standard}</td><td>nfkc, lowercase, fold_accents, punctuation, whitespace</td>
 *       <td>"dr smiths check up"</td></tr>
 *   <tr><td>{@code compound}</td><td>standard, then join_compounds</td><td>"drsmithscheckup"</td></tr>
 * </table>
 *
 * <p>Idempotent when the steps come in the order listed above, as in every built-in analyzer (the tests check all 63
 * such chains on random Unicode; other orders are accepted but not guaranteed). For that, an abbreviation's expansion
 * may not contain an abbreviated word or a stop word, two abbreviations that normalise to the same word must expand
 * the same way, and a chain that composes characters ({@code nfkc}, {@code fold_accents}) composes its result once
 * more at the end, after steps that remove characters. Thread-safe: immutable.
 *
 * @param name the analyzer's name as used in specs
 * @param steps the step names, in order
 * @param abbreviations word → replacement (may be several words), applied after the steps
 * @param stopwords words removed after the steps and abbreviations
 */
public record Analyzer(String name, List<String> steps, Map<String, String> abbreviations, Set<String> stopwords)
    implements Normalizer {

  /** The step names an analyzer may use. */
  public static final List<String> STEP_NAMES =
      List.of("nfkc", "lowercase", "fold_accents", "punctuation", "whitespace", "join_compounds");

  public static final Analyzer NONE = new Analyzer("none", List.of(), Map.of(), Set.of());
  public static final Analyzer TRIM = new Analyzer("trim", List.of("whitespace"), Map.of(), Set.of());
  public static final Analyzer CASEFOLD =
      new Analyzer("casefold", List.of("nfkc", "lowercase", "whitespace"), Map.of(), Set.of());
  public static final Analyzer STANDARD = new Analyzer(
      "standard", List.of("nfkc", "lowercase", "fold_accents", "punctuation", "whitespace"), Map.of(), Set.of());
  public static final Analyzer COMPOUND = new Analyzer("compound",
      List.of("nfkc", "lowercase", "fold_accents", "punctuation", "whitespace", "join_compounds"), Map.of(), Set.of());

  /** The built-in analyzers by name. */
  public static final Map<String, Analyzer> BUILT_IN = Map.of(
      NONE.name, NONE, TRIM.name, TRIM, CASEFOLD.name, CASEFOLD, STANDARD.name, STANDARD, COMPOUND.name, COMPOUND);

  public Analyzer {
    Objects.requireNonNull(name, "name");
    steps = List.copyOf(steps);
    for (String step : steps) {
      if (!STEP_NAMES.contains(step)) {
        throw new InvalidInputException(
            "analyzer '" + name + "': unknown step '" + step + "'; known steps: " + STEP_NAMES);
      }
    }
    Map<String, String> abbr = new TreeMap<>();
    Map<String, String> written = new TreeMap<>();
    for (Map.Entry<String, String> e : abbreviations.entrySet()) {
      String key = normalizeWord(e.getKey(), steps);
      String expansion = normalizeWord(e.getValue(), steps);
      String earlier = abbr.putIfAbsent(key, expansion);
      if (earlier != null && !earlier.equals(expansion)) {
        // Which one would win depends on the map's iteration order: refuse rather than pick one by chance.
        String other = written.get(key);
        String first = other.compareTo(e.getKey()) <= 0 ? other : e.getKey();
        String second = first.equals(other) ? e.getKey() : other;
        throw new InvalidInputException("analyzer '" + name + "': abbreviations '" + first + "' and '" + second
            + "' both normalise to '" + key + "' but expand differently");
      }
      written.putIfAbsent(key, e.getKey());
    }
    for (Map.Entry<String, String> e : abbr.entrySet()) {
      if (e.getKey().isEmpty() || e.getKey().contains(" ")) {
        throw new InvalidInputException("analyzer '" + name + "': abbreviation '" + e.getKey()
            + "' must be a single word after normalisation");
      }
      for (String word : e.getValue().split(" ")) {
        if (abbr.containsKey(word) && !word.equals(e.getKey())) {
          throw new InvalidInputException("analyzer '" + name + "': expansion of '" + e.getKey() + "' ('"
              + e.getValue() + "') contains the abbreviation '" + word + "'; normalisation would not be idempotent");
        }
        if (word.equals(e.getKey()) && !e.getValue().equals(e.getKey())) {
          throw new InvalidInputException("analyzer '" + name + "': expansion of '" + e.getKey()
              + "' contains the word itself; normalisation would not be idempotent");
        }
      }
    }
    abbreviations = Collections.unmodifiableMap(abbr);
    Set<String> stops = new TreeSet<>();
    for (String s : stopwords) {
      stops.add(normalizeWord(s, steps));
    }
    for (String expansion : abbr.values()) {
      for (String word : expansion.split(" ")) {
        if (stops.contains(word)) {
          throw new InvalidInputException("analyzer '" + name + "': expansion '" + expansion
              + "' contains the stop word '" + word + "'");
        }
      }
    }
    stopwords = Collections.unmodifiableSet(stops);
  }

  /** A copy with more steps, abbreviations or stop words, under a new name. */
  public Analyzer extend(String newName, Map<String, String> moreAbbreviations, Set<String> moreStopwords) {
    Map<String, String> abbr = new LinkedHashMap<>(abbreviations);
    abbr.putAll(moreAbbreviations);
    Set<String> stops = new TreeSet<>(stopwords);
    stops.addAll(moreStopwords);
    return new Analyzer(newName, steps, abbr, stops);
  }

  @Override
  public String normalize(String text) {
    String s = applySteps(text, steps);
    if (abbreviations.isEmpty() && stopwords.isEmpty()) {
      return s;
    }
    List<String> out = new ArrayList<>();
    for (String word : s.split(" ")) {
      if (word.isEmpty()) {
        continue;
      }
      String expanded = expand(word);
      for (String w : expanded.split(" ")) {
        if (!w.isEmpty() && !stopwords.contains(w)) {
          out.add(w);
        }
      }
    }
    return String.join(" ", out);
  }

  /**
   * A word with its abbreviation expanded. A word matches an abbreviation as it is, or without the punctuation around
   * it, which is kept — except a period right after the abbreviation, which belongs to it: with {@code dr → doctor},
   * {@code "dr."} becomes {@code "doctor"} and {@code "(dr."} becomes {@code "(doctor"}. This matters for analyzers
   * that keep punctuation (e.g. one that feeds a sentence embedder, where "maya's" must stay "maya's").
   */
  private String expand(String word) {
    String direct = abbreviations.get(word);
    if (direct != null) {
      return direct;
    }
    int from = 0;
    int to = word.length();
    while (from < to && !Character.isLetterOrDigit(word.codePointAt(from))) {
      from += Character.charCount(word.codePointAt(from));
    }
    while (to > from && !Character.isLetterOrDigit(word.codePointBefore(to))) {
      to -= Character.charCount(word.codePointBefore(to));
    }
    if (from == 0 && to == word.length() || from >= to) {
      return word;
    }
    String expansion = abbreviations.get(word.substring(from, to));
    if (expansion == null) {
      return word;
    }
    String suffix = word.substring(to);
    return word.substring(0, from) + expansion + (suffix.startsWith(".") ? suffix.substring(1) : suffix);
  }

  /** The normalised words of a text: {@link #normalize} split on spaces, empty words dropped. */
  public List<String> words(String text) {
    String n = normalize(text);
    if (n.isEmpty()) {
      return List.of();
    }
    List<String> words = new ArrayList<>();
    for (String w : n.split(" ")) {
      if (!w.isEmpty()) {
        words.add(w);
      }
    }
    return words;
  }

  private static String normalizeWord(String word, List<String> steps) {
    return applySteps(word, steps).strip();
  }

  private static String applySteps(String text, List<String> steps) {
    String s = text;
    for (String step : steps) {
      s = switch (step) {
        case "nfkc" -> TextSteps.nfkc(s);
        case "lowercase" -> TextSteps.lowercase(s);
        case "fold_accents" -> TextSteps.foldAccents(s);
        case "punctuation" -> TextSteps.punctuation(s);
        case "whitespace" -> TextSteps.whitespace(s);
        case "join_compounds" -> TextSteps.joinCompounds(s);
        default -> throw new IllegalStateException("unknown step " + step);
      };
    }
    // Removing characters (apostrophes in punctuation, separators in join_compounds) can put two Hangul jamo side
    // by side that composition turns into one syllable: U+1100 ' U+1161 becomes U+1100 U+1161, and a second pass
    // would make that U+AC00. A chain whose output is meant to be composed (it has nfkc, or fold_accents, which ends
    // in NFC) is re-composed once at the end.
    Form form = steps.contains("nfkc") ? Form.NFKC : steps.contains("fold_accents") ? Form.NFC : null;
    if (form != null && !TextSteps.ascii(s) && !java.text.Normalizer.isNormalized(s, form)) {
      s = java.text.Normalizer.normalize(s, form);
    }
    return s;
  }
}
