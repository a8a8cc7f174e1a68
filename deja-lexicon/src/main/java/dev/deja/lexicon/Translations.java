package dev.deja.lexicon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import org.tartarus.snowball.SnowballStemmer;

/**
 * English translations of German, Dutch, Spanish, Portuguese, French and Italian words, from the FreeDict
 * dictionaries Debian packages ({@code dict-freedict-deu-eng}, {@code -nld-eng}, {@code -spa-eng}, {@code -por-eng},
 * {@code -fra-eng}, {@code -ita-eng}), turned into the class-path tables
 * {@code dev/deja/lexicon/bilingual/LL-en.tsv.gz} by {@code scripts/bilingual-tables.py} (committed: nothing is read
 * from the Debian packages at run time). The German table is large (about 273,000 headwords), the others small (3,200
 * Italian to 19,700 Dutch).
 *
 * <p>A word is looked up as written (lower case: with its accents when a headword has them, "año", else with accents
 * folded), then by its dictionary forms (an inflected verb,
 * noun or adjective: {@link Inflections}, LanguageTool's morphological dictionaries), then without a plural or
 * inflection ending
 * ("suikers" finds "suiker", "domingos" "domingo"), then by its Snowball stem (Lucene's stemmers), then — for German
 * and Dutch — as a compound of two known words ("ontwerpstudio" = "ontwerp" + "studio", a linking "s", "en" or "e"
 * allowed between them).
 *
 * <p>Thread-safe: a table is read once, on first use of its language, and read-only after.
 */
final class Translations {
  /** The languages with a table, in the order ties between them are broken. */
  static final List<String> LANGUAGES = List.of("de", "nl", "es", "pt", "fr", "it");

  private static final Map<String, Supplier<SnowballStemmer>> STEMMERS = Map.of(
      "de", org.tartarus.snowball.ext.GermanStemmer::new,
      "nl", org.tartarus.snowball.ext.DutchStemmer::new,
      "es", org.tartarus.snowball.ext.SpanishStemmer::new,
      "pt", org.tartarus.snowball.ext.PortugueseStemmer::new,
      "fr", org.tartarus.snowball.ext.FrenchStemmer::new,
      "it", org.tartarus.snowball.ext.ItalianStemmer::new);
  private static final List<String> COMPOUND_LANGUAGES = List.of("de", "nl");
  private static final List<String> LINKS = List.of("s", "en", "e", "n", "es");
  /** Plural and inflection endings tried before the stem, in this order. */
  private static final List<String> ENDINGS = List.of("s", "es", "en", "e", "n", "er");
  /**
   * The longest word looked up: longer ones are no dictionary's words, and a compound is split in time quadratic in its
   * length, so a hostile 10,000-letter "word" must not reach it.
   */
  private static final int MAX_WORD = 48;
  /** The shortest part of a compound that is looked up: shorter parts find too many accidental words. */
  private static final int MIN_PART = 4;

  private final Map<String, Table> tables = new ConcurrentHashMap<>();

  /**
   * A language's table: words (accent-folded) and stems to their translations (joined by '|'), and the headwords
   * written with accents as written (lower case), so that an accent the folding drops still tells two words apart:
   * Spanish "año" (year) and "ano" (anus), Portuguese "país" (country) and "pais" (parents).
   */
  private record Table(Map<String, String> words, Map<String, String> stems, Map<String, String> accented) {}

  /**
   * The English translations of a lower-case, accent-folded word of a language, best first; empty when the table has
   * none or the language has no table.
   */
  List<String> of(String word, String language) {
    return of(word, null, language);
  }

  /**
   * The English translations of a word given accent-folded ({@code word}) and, when known, as written in lower case
   * ({@code written}, accents kept, for its dictionary form: {@link Inflections}); best first.
   */
  List<String> of(String word, String written, String language) {
    if (!STEMMERS.containsKey(language) || word.length() < 2 || word.length() > MAX_WORD) {
      return List.of();
    }
    Table t = table(language);
    String own = headword(t, word, written);
    if (own != null) {
      return withDictionaryForms(t, own, word, written, language);
    }
    Optional<String> direct = find(t, word, written, language);
    if (direct.isPresent()) {
      return List.of(direct.get().split("\\|"));
    }
    if (COMPOUND_LANGUAGES.contains(language) && word.length() >= 2 * MIN_PART) {
      return compound(t, word, language).map(List::of).orElse(List.of());
    }
    return List.of();
  }

  /**
   * The word as written, else without a plural or inflection ending ("domingos" → "domingo", "Wellensittiche" →
   * "wellensittich"), else by its stem — when the stem keeps at least {@link #MIN_PART} letters: shorter stems join
   * unrelated words ("faço" and "faca").
   */
  private Optional<String> find(Table t, String word, String language) {
    return find(t, word, null, language);
  }

  private Optional<String> find(Table t, String word, String written, String language) {
    String hit = headword(t, word, written);
    // An inflected form by its dictionary forms ("habitent" → "habiter", "bebo" → "beber", "años" → "año"), in the
    // order the language's dictionary gives them.
    if (hit == null && written != null) {
      for (String lemma : Inflections.lemmas(written, language)) {
        hit = formHit(t, lemma);
        if (hit != null) {
          break;
        }
      }
    }
    for (int i = 0; hit == null && i < ENDINGS.size(); i++) {
      String e = ENDINGS.get(i);
      if (word.endsWith(e) && word.length() - e.length() >= MIN_PART) {
        hit = t.words().get(word.substring(0, word.length() - e.length()));
      }
    }
    if (hit == null) {
      String stem = stem(word, language);
      hit = stem.length() >= MIN_PART ? t.stems().get(stem) : null;
    }
    return Optional.ofNullable(hit);
  }

  /**
   * A word's own translations, then those of its dictionary forms that the dictionary lists apart, as {@link
   * Inflections} and the plural and inflection endings give them: "domingos" is a headword of its own (Dominica) and
   * the plural of "domingo" (Sunday), "jogo" (outfit, set, game) the first person of "jogar" (play), "sitze" (seats) a
   * form of "sitzen" (sit); a gloss picks the sense the other text uses from all of them.
   */
  private static List<String> withDictionaryForms(Table t, String own, String word, String written,
      String language) {
    java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>(List.of(own.split("\\|")));
    List<String> forms = new java.util.ArrayList<>(Inflections.lemmas(written != null ? written : word, language));
    for (String e : ENDINGS) {
      if (word.endsWith(e) && word.length() - e.length() >= MIN_PART) {
        forms.add(word.substring(0, word.length() - e.length()));
      }
    }
    for (String form : forms) {
      String hit = formHit(t, form);
      if (hit != null && !NumberWords.key(form).equals(word)) {
        out.addAll(List.of(hit.split("\\|")));
      }
    }
    return List.copyOf(out);
  }

  /** The word's own entry: as written (accents kept) when given, else accent-folded; null when it has none. */
  private static String headword(Table t, String word, String written) {
    String hit = written == null ? null : t.accented().get(written);
    return hit != null ? hit : t.words().get(word);
  }

  /** The entry of a dictionary form: with its accents, else accent-folded; null when there is none. */
  private static String formHit(Table t, String form) {
    String hit = t.accented().get(form);
    return hit != null ? hit : t.words().get(NumberWords.key(form));
  }

  /** The longest known head with a known modifier before it: "wachtwoordmanager" → "password manager". */
  private Optional<String> compound(Table t, String word, String language) {
    for (int i = MIN_PART; i <= word.length() - MIN_PART; i++) {
      String head = word.substring(i);
      Optional<String> h = find(t, head, language);
      if (h.isEmpty()) {
        continue;
      }
      String modifier = word.substring(0, i);
      Optional<String> m = find(t, modifier, language);
      for (int k = 0; m.isEmpty() && k < LINKS.size(); k++) {
        String link = LINKS.get(k);
        if (modifier.endsWith(link) && modifier.length() - link.length() >= MIN_PART) {
          m = find(t, modifier.substring(0, modifier.length() - link.length()), language);
        }
      }
      if (m.isPresent()) {
        return Optional.of(first(m.get()) + " " + first(h.get()));
      }
    }
    return Optional.empty();
  }

  private static String first(String translations) {
    int bar = translations.indexOf('|');
    return bar < 0 ? translations : translations.substring(0, bar);
  }

  private static String stem(String word, String language) {
    SnowballStemmer s = STEMMERS.get(language).get();
    s.setCurrent(word);
    s.stem();
    return s.getCurrent();
  }

  private Table table(String language) {
    return tables.computeIfAbsent(language, Translations::read);
  }

  private static Table read(String language) {
    String resource = "dev/deja/lexicon/bilingual/" + language + "-en.tsv.gz";
    Map<String, String> words = new HashMap<>();
    Map<String, String> stems = new HashMap<>();
    Map<String, String> accented = new HashMap<>();
    java.util.Set<String> foldedOnly = new java.util.HashSet<>();
    try (InputStream in = Translations.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("translation table " + resource + " is not on the class path (deja-lexicon)");
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8));
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        int tab = line.indexOf('\t');
        if (tab <= 0) {
          continue;
        }
        String headword = line.substring(0, tab).strip().toLowerCase(java.util.Locale.ROOT);
        String key = NumberWords.key(headword);
        if (key.contains(" ")) {
          continue;
        }
        String value = line.substring(tab + 1).intern();
        if (!headword.equals(key)) {
          // Written with accents: found as written, and by its folded form only where no headword is written so.
          accented.putIfAbsent(headword, value);
          if (words.putIfAbsent(key, value) == null) {
            foldedOnly.add(key);
          }
        } else if (foldedOnly.remove(key)) {
          words.put(key, value);
        } else {
          words.putIfAbsent(key, value);
        }
        String stem = stem(key, language);
        if (stem.length() >= MIN_PART) {
          stems.putIfAbsent(stem, value);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
    return new Table(Map.copyOf(words), Map.copyOf(stems), Map.copyOf(accented));
  }
}
