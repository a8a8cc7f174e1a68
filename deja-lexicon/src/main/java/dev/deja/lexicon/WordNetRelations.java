package dev.deja.lexicon;

import dev.deja.core.lexical.WordRelation;
import dev.deja.core.lexical.WordRelation.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The relation between two words, decided in memory from their {@link WordEntry WordNet entries} (and, for a word of
 * another language, from CLDR's {@link Glossary}), in the order {@link WordNetKnowledge} describes: SAME, FORM,
 * ANTONYM, BROADER / NARROWER, SIBLING, else UNRELATED or UNKNOWN. Relations are cached by first word, then second
 * (the cache is cleared when it holds {@value WordNetEntries#CACHE_LIMIT} relations).
 *
 * <p>Thread-safe: the glossary is built once under a lock, and the relation cache is made of
 * {@link ConcurrentHashMap}s, its size counted by an atomic integer.
 */
final class WordNetRelations {
  /** How far up a hypernym may be to make one word broader than the other. */
  static final int MAX_UP = 3;
  /** How far up each word the common hypernym of two siblings may be. */
  static final int SIBLING_UP = 2;
  /** The least depth (hypernym steps from the root) of a common hypernym that makes two words siblings. */
  static final int MIN_DEPTH = 5;

  private final WordNetEntries entries;
  // Relations by first word, then second: the words come from cached text profiles, whose strings keep their hash,
  // so a lookup hashes nothing new (a concatenated key was a visible cost of a check under load).
  private final Map<String, Map<String, WordRelation>> relations = new ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicInteger relationCount = new java.util.concurrent.atomic.AtomicInteger();
  private volatile Glossary glossary;

  WordNetRelations(WordNetEntries entries) {
    this.entries = entries;
  }

  private Glossary glossary() {
    Glossary g = glossary;
    if (g == null) {
      synchronized (this) {
        g = glossary;
        if (g == null) {
          g = new Glossary();
          glossary = g;
        }
      }
    }
    return g;
  }

  /** How {@code a} relates to {@code b}, as {@link WordNetKnowledge#relate} answers it. */
  WordRelation relate(String a, String b) {
    String x = a.strip();
    String y = b.strip();
    if (x.equals(y)) {
      return new WordRelation(Kind.SAME, "the same word");
    }
    Map<String, WordRelation> byFirst = relations.get(x);
    WordRelation cached = byFirst == null ? null : byFirst.get(y);
    if (cached != null) {
      return cached;
    }
    WordRelation r = compute(x, y);
    if (relationCount.incrementAndGet() > WordNetEntries.CACHE_LIMIT) {
      relations.clear();
      relationCount.set(1);
    }
    relations.computeIfAbsent(x, k -> new ConcurrentHashMap<>()).put(y, r);
    return r;
  }

  /**
   * Whether two words are codes whose digits differ ("Q3" / "Q4", "PS4" / "PS5", "A3" / "A4"): two things, whatever
   * their letters are. WordNet's lookup drops the digits ("q3" is read as "q"), which would make them forms of one
   * word, or synonyms ("a3" / "a4" both read as the letter "a").
   */
  static boolean otherDigits(String a, String b) {
    String da = digits(a);
    String db = digits(b);
    return !da.isEmpty() && !db.isEmpty() && !da.equals(db);
  }

  private static String digits(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      if (Character.isDigit(s.charAt(i))) {
        b.append(s.charAt(i));
      }
    }
    return b.toString();
  }

  private WordRelation compute(String a, String b) {
    if (otherDigits(a, b)) {
      return WordRelation.UNKNOWN;
    }
    Optional<WordRelation> glossed = glossed(a, b).or(() -> glossed(b, a));
    if (glossed.isPresent()) {
      return glossed.get();
    }
    WordEntry ea = entries.entry(a);
    WordEntry eb = entries.entry(b);
    if (!ea.known() || !eb.known()) {
      return WordRelation.UNKNOWN;
    }
    for (String l : ea.lemmas()) {
      if (eb.lemmas().contains(l)) {
        return new WordRelation(Kind.FORM, "WordNet: both are forms of '" + l + "'");
      }
    }
    for (long s : ea.synsets()) {
      if (eb.synsets().contains(s)) {
        return new WordRelation(Kind.SAME, "WordNet: synonyms (" + senseName(ea, eb, s) + ")");
      }
    }
    Optional<String> form = linked(ea, eb).or(() -> linked(eb, ea));
    if (form.isPresent()) {
      return new WordRelation(Kind.FORM, "WordNet: " + form.get());
    }
    Optional<String> antonym = antonym(ea, eb).or(() -> antonym(eb, ea));
    if (antonym.isPresent()) {
      return new WordRelation(Kind.ANTONYM, "WordNet: " + antonym.get());
    }
    double close = wuPalmer(ea, eb);
    Optional<String> up = hypernymOf(eb, ea);
    if (up.isPresent()) {
      return new WordRelation(Kind.NARROWER, "WordNet: '" + a + "' is a kind of " + up.get(), close);
    }
    Optional<String> down = hypernymOf(ea, eb);
    if (down.isPresent()) {
      return new WordRelation(Kind.BROADER, "WordNet: '" + b + "' is a kind of " + down.get(), close);
    }
    Optional<String> common = commonHypernym(ea, eb);
    if (common.isPresent()) {
      return new WordRelation(Kind.SIBLING, "WordNet: both are kinds of " + common.get(), close);
    }
    return new WordRelation(Kind.UNRELATED, "", close);
  }

  private static String senseName(WordEntry a, WordEntry b, long id) {
    for (WordEntry e : List.of(a, b)) {
      for (WordEntry.Sense s : e.top()) {
        String n = s.names().get(id);
        if (n != null) {
          return n;
        }
      }
    }
    return "'" + a.word() + "', '" + b.word() + "'";
  }

  /** SAME when CLDR gives {@code english} as the English of the other-language word {@code foreign}. */
  private Optional<WordRelation> glossed(String foreign, String english) {
    java.util.Set<String> e = glossary().english(NumberWords.key(foreign));
    if (e.isEmpty()) {
      return Optional.empty();
    }
    String target = NumberWords.key(english);
    List<String> targets = new ArrayList<>(entries.entry(target).lemmas());
    targets.add(target);
    for (String t : targets) {
      if (e.contains(t)) {
        return Optional.of(new WordRelation(Kind.SAME, "CLDR: '" + foreign + "' is " + glossary()
            .languageOf(NumberWords.key(foreign)) + " for '" + t + "'"));
      }
    }
    return Optional.empty();
  }

  /** A derivation, pertainym, participle or similarity link from a sense of {@code from} to a lemma of {@code to}. */
  private static Optional<String> linked(WordEntry from, WordEntry to) {
    for (String l : to.lemmas()) {
      if (from.formLemmas().contains(l.toLowerCase(Locale.ROOT))) {
        return Optional.of("related forms ('" + from.word() + "' / '" + l + "')");
      }
    }
    return Optional.empty();
  }

  private static Optional<String> antonym(WordEntry from, WordEntry to) {
    for (String entry : from.antonymLemmas()) {
      String[] parts = entry.split("\u0000");
      if (to.lemmas().contains(parts[0]) || to.word().equals(parts[0])) {
        return Optional.of("antonyms ('" + parts[1] + "' / '" + parts[2] + "')");
      }
    }
    return Optional.empty();
  }

  /** Whether a top sense of {@code upper} is a hypernym of a top sense of {@code lower}, at most MAX_UP up. */
  private static Optional<String> hypernymOf(WordEntry upper, WordEntry lower) {
    for (WordEntry.Sense l : lower.top()) {
      for (WordEntry.Sense u : upper.top()) {
        Integer d = l.ancestors().get(u.id());
        if (d != null && d > 0 && d <= MAX_UP) {
          return Optional.of(l.names().get(u.id()));
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> commonHypernym(WordEntry a, WordEntry b) {
    String best = null;
    int bestDepth = -1;
    for (WordEntry.Sense x : a.top()) {
      for (WordEntry.Sense y : b.top()) {
        if (x.pos() != y.pos()) {
          continue;
        }
        for (Map.Entry<Long, Integer> e : x.ancestors().entrySet()) {
          long c = e.getKey();
          Integer dy = y.ancestors().get(c);
          if (c == x.id() || c == y.id() || dy == null || e.getValue() > SIBLING_UP || dy > SIBLING_UP) {
            continue;
          }
          int d = x.depths().get(c);
          if (d >= MIN_DEPTH && d > bestDepth) {
            best = x.names().get(c);
            bestDepth = d;
          }
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * The Wu–Palmer similarity of the closest pair of top senses (same part of speech): {@code 2·depth(c) /
   * (2·depth(c) + up(x, c) + up(y, c))} for their deepest common hypernym {@code c}; 0 when they share none within
   * {@value WordNetEntries#WUP_UP} levels.
   */
  private static double wuPalmer(WordEntry a, WordEntry b) {
    double best = 0;
    for (WordEntry.Sense x : a.top()) {
      for (WordEntry.Sense y : b.top()) {
        if (x.pos() != y.pos()) {
          continue;
        }
        for (Map.Entry<Long, Integer> e : x.ancestors().entrySet()) {
          Integer dy = y.ancestors().get(e.getKey());
          if (dy == null) {
            continue;
          }
          double d = x.depths().get(e.getKey()) + 1;
          best = Math.max(best, 2 * d / (2 * d + e.getValue() + dy));
        }
      }
    }
    return best;
  }
}
