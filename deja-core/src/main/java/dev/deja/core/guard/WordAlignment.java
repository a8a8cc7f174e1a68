package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import dev.deja.core.measure.SequenceMeasure;
import dev.deja.core.normalize.LightStemmer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The content words of two texts matched one to one where they name the same thing — the same word, another form
 * of it, a synonym or spelling variant, a two-word phrase for one word ("physical therapy" / "physiotherapy") — and,
 * for the words left over on both sides, how they relate (another thing of the same kind, an opposite, a broader or
 * narrower term). This is what tells a rewording from a change of one thing.
 *
 * <p>Content words are the words that are not function words or fillers of the lexicon and are not numbers (numbers
 * are compared by {@link NumberReadings#numbers}). Thread-safe: immutable.
 *
 * @param contentA content words of the first text, in order
 * @param contentB content words of the second text, in order
 * @param matched pairs of words that name the same thing, with how they were matched
 * @param unmatchedA content words of the first text with no counterpart
 * @param unmatchedB content words of the second text with no counterpart
 * @param relations how each unmatched word of the first text relates to each of the second (UNKNOWN ones omitted)
 */
public record WordAlignment(List<String> contentA, List<String> contentB, List<Pair> matched,
    List<String> unmatchedA, List<String> unmatchedB, List<Pair> relations) {

  /** The difflib ratio from which two words unknown to the knowledge count as one word spelled two ways. */
  static final double COGNATE = 0.75;
  private static final SequenceMeasure SEQUENCE = SequenceMeasure.INSTANCE;
  private static final Pattern NUMERIC = Pattern.compile("\\d+(st|nd|rd|th|s|am|pm|h|k|km|kg)?");

  public WordAlignment {
    contentA = List.copyOf(contentA);
    contentB = List.copyOf(contentB);
    matched = List.copyOf(matched);
    unmatchedA = List.copyOf(unmatchedA);
    unmatchedB = List.copyOf(unmatchedB);
    relations = List.copyOf(relations);
  }

  /**
   * Two words (or phrases) and how they relate.
   *
   * @param a the word of the first text
   * @param b the word of the second text
   * @param relation their relation
   */
  public record Pair(String a, String b, WordRelation relation) {}

  /** Aligns the content words of two texts. */
  public static WordAlignment of(String a, String b, Lexicon lex, WordKnowledge knowledge) {
    return of(TextProfile.of(a, lex, knowledge), TextProfile.of(b, lex, knowledge), knowledge);
  }

  /** Aligns the content words of two profiled texts. */
  public static WordAlignment of(TextProfile pa, TextProfile pb, WordKnowledge knowledge) {
    String a = pa.text();
    String b = pb.text();
    List<String> ca = pa.content();
    List<String> cb = pb.content();
    List<String> sa = pa.contentWordStems();
    List<String> sb = pb.contentWordStems();
    boolean[] usedA = new boolean[ca.size()];
    boolean[] usedB = new boolean[cb.size()];
    List<Pair> matched = new ArrayList<>();
    // Pass 1: the same word, then the same stem, in order: a word both texts write is paired with itself before a
    // form of it can take its place ("Water Babies" / "baby swim class (Water Babies)": "babies" with "babies").
    // The pairs are listed in the first text's order.
    int[] partner = new int[ca.size()];
    java.util.Arrays.fill(partner, -1);
    for (int stems = 0; stems < 2; stems++) {
      for (int i = 0; i < ca.size(); i++) {
        for (int j = 0; j < cb.size() && !usedA[i]; j++) {
          if (!usedB[j] && (stems == 0 ? ca.get(i).equals(cb.get(j)) : ca.get(i).length() >= 3
              && cb.get(j).length() >= 3 && sa.get(i).equals(sb.get(j)))) {
            usedA[i] = true;
            usedB[j] = true;
            partner[i] = j;
          }
        }
      }
    }
    for (int i = 0; i < ca.size(); i++) {
      if (partner[i] >= 0) {
        matched.add(new Pair(ca.get(i), cb.get(partner[i]), new WordRelation(WordRelation.Kind.SAME,
            "the same word")));
      }
    }
    // Pass 1a: the words a reading of both texts compares — a month of the same date, units of the same quantities,
    // the same decades, durations and rates ({@link ReadWords}).
    ReadWords.mark(pa, pb, usedA, usedB, knowledge);
    // Pass 1b: two compounds of the same head the knowledge lists ("absolute pitch" / "perfect pitch", "occupational
    // therapy" / "speech therapy"): the compounds, not their first words, say whether it is one thing or two kinds.
    List<Pair> compounds = compounds(ca, cb, usedA, usedB, matched, knowledge);
    // Pass 2: a two-word phrase of one side for one word of the other ("physical therapy" / "physiotherapy",
    // "colour blind" / "colourblind"), before single words, so that a phrase is not split into two near-misses.
    if (ca.size() > 1 || cb.size() > 1) {
      phrases(ca, cb, usedA, usedB, matched, knowledge, false);
      phrases(cb, ca, usedB, usedA, matched, knowledge, true);
    }
    // Pass 3: words the knowledge says are one concept.
    for (int i = 0; i < ca.size(); i++) {
      if (usedA[i]) {
        continue;
      }
      for (int j = 0; j < cb.size(); j++) {
        if (usedB[j]) {
          continue;
        }
        WordRelation r = knowledge.relate(ca.get(i), cb.get(j));
        if (r.kind().isEquivalent()) {
          usedA[i] = true;
          usedB[j] = true;
          matched.add(new Pair(ca.get(i), cb.get(j), r));
          break;
        }
      }
    }
    // Pass 4: an abbreviation of one side spelled out on the other ("WFH" / "work from home", "NHS" / "National
    // Health Service", "UW" / "University of Washington"; {@link Abbreviations}).
    Abbreviations.match(a, ca, usedA, pb.words(), cb, usedB, matched, knowledge, false);
    Abbreviations.match(b, cb, usedB, pa.words(), ca, usedA, matched, knowledge, true);
    // Pass 4b: a word the knowledge does not know that shortens a word of the other side ("physio" /
    // "physiotherapist", "appt" / "appointment"; {@link Clippings}).
    Clippings.match(ca, usedA, cb, usedB, matched, knowledge, false);
    Clippings.match(cb, usedB, ca, usedA, matched, knowledge, true);
    // Pass 5: words the knowledge cannot relate (at least one is not in it) spelled nearly alike: cognates across
    // languages ("colonoscopia" / "colonoscopy"), spelling variants and typos it does not list.
    for (int i = 0; i < ca.size(); i++) {
      if (usedA[i] || ca.get(i).length() < 5) {
        continue;
      }
      for (int j = 0; j < cb.size(); j++) {
        if (usedB[j] || cb.get(j).length() < 5) {
          continue;
        }
        // difflib's quick ratio bounds the ratio from above and costs a letter count, not a matching-block search.
        if (SEQUENCE.upperBound(ca.get(i), cb.get(j)) < COGNATE) {
          continue;
        }
        double sim = SEQUENCE.similarity(ca.get(i), cb.get(j));
        if (sim >= COGNATE && knowledge.relate(ca.get(i), cb.get(j)).kind() == WordRelation.Kind.UNKNOWN) {
          usedA[i] = true;
          usedB[j] = true;
          matched.add(new Pair(ca.get(i), cb.get(j), new WordRelation(WordRelation.Kind.FORM,
              "spelled alike (" + Math.round(sim * 100) + "% of letters in order)")));
          break;
        }
      }
    }
    // Last pass: two names of one unit of measurement ("hrs" / "hours", "km" / "kilometres", "lbs" / "pounds").
    sameUnits(pa, pb, usedA, usedB, matched, knowledge);
    List<String> ua = leftOver(ca, usedA, knowledge);
    List<String> ub = leftOver(cb, usedB, knowledge);
    List<Pair> relations = new ArrayList<>();
    for (String x : ua) {
      for (String y : ub) {
        Pair compound = compounds.stream().filter(c -> c.a().equals(x) && c.b().equals(y)).findFirst().orElse(null);
        if (compound != null) {
          relations.add(compound);
          continue;
        }
        WordRelation r = knowledge.relate(x, y);
        if (r.kind() != WordRelation.Kind.UNKNOWN) {
          relations.add(new Pair(x, y, r));
        }
      }
    }
    return new WordAlignment(ca, cb, matched, ua, ub, relations);
  }

  /**
   * For each left-over word of one text before a word matched as the same word right after a left-over word of the
   * other, the two compounds when the knowledge lists both: matched when it relates them as one thing, else their
   * relation (on the first words, for the left-over relations).
   */
  private static List<Pair> compounds(List<String> ca, List<String> cb, boolean[] usedA, boolean[] usedB,
      List<Pair> matched, WordKnowledge knowledge) {
    List<Pair> out = new ArrayList<>();
    for (int i = 0; i + 1 < ca.size(); i++) {
      if (usedA[i] || !usedA[i + 1]) {
        continue;
      }
      for (int j = 0; j + 1 < cb.size(); j++) {
        if (usedB[j] || !usedB[j + 1] || !ca.get(i + 1).equals(cb.get(j + 1))) {
          continue;
        }
        String pa = ca.get(i) + " " + ca.get(i + 1);
        String pb = cb.get(j) + " " + cb.get(j + 1);
        if (knowledge.lemmas(pa).isEmpty() || knowledge.lemmas(pb).isEmpty()) {
          continue;
        }
        WordRelation r = knowledge.relate(pa, pb);
        if (r.kind().isEquivalent()) {
          usedA[i] = true;
          usedB[j] = true;
          // The head's own pair gives way to the compounds'.
          String head = ca.get(i + 1);
          for (int k = 0; k < matched.size(); k++) {
            if (matched.get(k).a().equals(head) && matched.get(k).b().equals(head)) {
              matched.remove(k);
              break;
            }
          }
          matched.add(new Pair(pa, pb, r));
          break;
        }
        if (r.kind() != WordRelation.Kind.UNKNOWN) {
          out.add(new Pair(ca.get(i), cb.get(j), new WordRelation(r.kind(), "'" + pa + "' / '" + pb + "' ("
              + r.evidence() + ")", r.closeness())));
        }
      }
    }
    return out;
  }

  /**
   * The words without counterpart, two neighbours joined when the knowledge lists them as one phrase ("guinea pig"):
   * one thing replaced by a two-word thing is one change, related as one.
   */
  private static List<String> leftOver(List<String> content, boolean[] used, WordKnowledge knowledge) {
    List<String> out = new ArrayList<>();
    List<Phrase> phrases = Phrase.of(content, knowledge);
    for (int i = 0; i < content.size(); i++) {
      if (used[i]) {
        continue;
      }
      if (i + 1 < content.size() && !used[i + 1]) {
        if (phrases.get(i).known()) {
          out.add(phrases.get(i).phrase());
          i++;
          continue;
        }
      }
      out.add(content.get(i));
    }
    return out;
  }

  private static void phrases(List<String> from, List<String> to, boolean[] usedFrom, boolean[] usedTo,
      List<Pair> matched, WordKnowledge knowledge, boolean swapped) {
    List<Phrase> phrases = Phrase.of(from, knowledge);
    for (int i = 0; i + 1 < from.size(); i++) {
      if (usedFrom[i] || usedFrom[i + 1]) {
        continue;
      }
      Phrase p = phrases.get(i);
      String phrase = p.phrase();
      String joined = p.joined();
      boolean known = p.known();
      boolean joinedKnown = p.joinedKnown();
      for (int j = 0; j < to.size(); j++) {
        if (usedTo[j]) {
          continue;
        }
        String word = to.get(j);
        boolean together = sameSurface(joined, word);
        if (!together && !known && !joinedKnown) {
          continue;
        }
        WordRelation r = together ? new WordRelation(WordRelation.Kind.SAME, "the same word written apart")
            : knowledge.relate(known ? phrase : joined, word);
        if (r.kind().isEquivalent()) {
          usedFrom[i] = true;
          usedFrom[i + 1] = true;
          usedTo[j] = true;
          matched.add(swapped ? new Pair(word, phrase, r) : new Pair(phrase, word, r));
          break;
        }
      }
    }
  }

  /**
   * Two neighbouring content words of a text read together: as a phrase, {@code known} when the knowledge lists it
   * (a phrase it does not list can only meet a word written as one: "colour blind" / "colourblind"), and written as
   * one word, {@code joinedKnown} when only that form is listed (a hyphenated compound split by the tokenizer:
   * "short-sighted" → "shortsighted" = "myopic").
   */
  private record Phrase(String phrase, String joined, boolean known, boolean joinedKnown) {
    private static final int CACHE_LIMIT = 50_000;
    private static final java.util.concurrent.ConcurrentHashMap<Key, List<Phrase>> CACHE =
        new java.util.concurrent.ConcurrentHashMap<>();

    private record Key(List<String> words, WordKnowledge knowledge) {}

    /**
     * The phrases of a text's content words, the {@code i}-th starting at word {@code i}; cached per text, since a
     * check aligns the new text with every candidate (each look-up builds and hashes new strings).
     */
    static List<Phrase> of(List<String> words, WordKnowledge knowledge) {
      Key key = new Key(words, knowledge);
      List<Phrase> cached = CACHE.get(key);
      if (cached != null) {
        return cached;
      }
      Phrase[] out = new Phrase[Math.max(0, words.size() - 1)];
      for (int i = 0; i < out.length; i++) {
        String phrase = words.get(i) + " " + words.get(i + 1);
        String joined = words.get(i) + words.get(i + 1);
        boolean known = !knowledge.lemmas(phrase).isEmpty();
        boolean joinedKnown = !known && !knowledge.lemmas(joined).isEmpty();
        out[i] = new Phrase(phrase, joined, known, joinedKnown);
      }
      if (CACHE.size() >= CACHE_LIMIT) {
        CACHE.clear();
      }
      List<Phrase> phrases = List.of(out);
      CACHE.put(new Key(List.copyOf(words), knowledge), phrases);
      return phrases;
    }
  }

  /** The same word, or the same stem (plural, verb ending: "evenings" / "evening"). */
  static boolean sameSurface(String x, String y) {
    return x.equals(y) || x.length() >= 3 && y.length() >= 3 && stem(x).equals(stem(y));
  }

  private static final int STEM_CACHE_LIMIT = 100_000;
  private static final java.util.concurrent.ConcurrentHashMap<String, String> STEMS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The light stem of a word, cached: the phrase pass compares every joined pair of one text with every word of the
   * other, and stemming dominated a check's time (profiled under {@code deja bench http}).
   */
  private static String stem(String word) {
    String s = STEMS.get(word);
    if (s == null) {
      s = LightStemmer.stem(word);
      if (STEMS.size() >= STEM_CACHE_LIMIT) {
        STEMS.clear();
      }
      STEMS.put(word, s);
    }
    return s;
  }

  /** A hyphenated compound of three or more parts ("mother-in-law", "five-a-side"). */
  private static final Pattern COMPOUND = Pattern.compile("\\p{L}+(?:-\\p{L}+){2,}");

  /**
   * The words of a text, a hyphenated compound of three or more parts that the knowledge lists kept as one word
   * ("mother-in-law": split, "mother" would match "mother" and "in" would be a function word).
   */
  private static List<String> words(String text, WordKnowledge knowledge) {
    Matcher m = COMPOUND.matcher(text);
    List<String> out = null;
    int last = 0;
    while (m.find()) {
      String compound = m.group().toLowerCase(Locale.ROOT);
      if (knowledge.lemmas(compound).isEmpty()) {
        continue;
      }
      if (out == null) {
        out = new ArrayList<>();
      }
      out.addAll(TextSignals.words(text.substring(last, m.start())));
      out.add(compound);
      last = m.end();
    }
    if (out == null) {
      return TextSignals.words(text);
    }
    out.addAll(TextSignals.words(text.substring(last)));
    return out;
  }

  /** Matches the words left over that name one unit of measurement ({@link WordKnowledge#unit}) in both texts. */
  private static void sameUnits(TextProfile pa, TextProfile pb, boolean[] usedA, boolean[] usedB, List<Pair> matched,
      WordKnowledge knowledge) {
    List<String> ca = pa.content();
    List<String> cb = pb.content();
    for (int i = 0; i < ca.size(); i++) {
      if (usedA[i]) {
        continue;
      }
      java.util.Optional<dev.deja.core.lexical.Unit> u = knowledge.unit(ca.get(i), pa.language());
      if (u.isEmpty()) {
        continue;
      }
      for (int j = 0; j < cb.size(); j++) {
        if (!usedB[j] && knowledge.unit(cb.get(j), pb.language()).map(v -> v.id().equals(u.get().id()))
            .orElse(false)) {
          usedA[i] = true;
          usedB[j] = true;
          matched.add(new Pair(ca.get(i), cb.get(j), new WordRelation(WordRelation.Kind.FORM,
              "names of one unit (" + u.get().id() + ")")));
          break;
        }
      }
    }
  }

  /**
   * The content words of a text: not function words or fillers, not numbers or number words, nor the sign of a number
   * written as a word ("minus 5": {@link NumberReadings} reads it), nor the English words that only carry grammar
   * around a number or a verb ({@link Grammar#onlyGrammar}: "number" in "plot number 47", "got" in "I've got two
   * sisters").
   */
  static List<String> content(String text, Lexicon lex, WordKnowledge knowledge) {
    return content(text, lex, knowledge, Set.of());
  }

  /** The content words of a text whose {@code acronyms} are content words whatever language spells them. */
  static List<String> content(String text, Lexicon lex, WordKnowledge knowledge, Set<String> acronyms) {
    List<String> out = new ArrayList<>();
    List<String> ws = words(NumberReadings.withoutTimes(TextSignals.withoutPossessives(text), lex), knowledge);
    for (int i = 0; i < ws.size(); i++) {
      String w = ws.get(i);
      if (number(w, lex, knowledge) || lex.functionWords().contains(w) || lex.fillers().contains(w)
          || lex.negations().contains(w) || !knowledge.functionWordLanguages(w).isEmpty() && !acronyms.contains(w)
          || i + 1 < ws.size() && number(ws.get(i + 1), lex, knowledge) && knowledge.isMinusWord(w, lex.language())
          || Grammar.onlyGrammar(ws, i, lex, n -> number(n, lex, knowledge))) {
        continue;
      }
      out.add(w.toLowerCase(Locale.ROOT));
    }
    return out;
  }

  private static boolean number(String w, Lexicon lex, WordKnowledge knowledge) {
    return NUMERIC.matcher(w).matches() || lex.numberWords().containsKey(w) || knowledge.numberValue(w).isPresent();
  }

  /**
   * The share of matched word pairs whose order differs between the texts: 0 when the shared words come in the same
   * order, 1 when reversed ("German to English" / "English to German", "I owe Sam" / "Sam owes me").
   */
  public double inversions() {
    List<int[]> pos = new ArrayList<>();
    for (Pair p : matched) {
      int i = contentA.indexOf(p.a().split(" ")[0]);
      int j = contentB.indexOf(p.b().split(" ")[0]);
      if (i >= 0 && j >= 0) {
        pos.add(new int[] {i, j});
      }
    }
    int pairs = 0;
    int inverted = 0;
    for (int x = 0; x < pos.size(); x++) {
      for (int y = x + 1; y < pos.size(); y++) {
        pairs++;
        if (Integer.compare(pos.get(x)[0], pos.get(y)[0]) * Integer.compare(pos.get(x)[1], pos.get(y)[1]) < 0) {
          inverted++;
        }
      }
    }
    return pairs == 0 ? 0 : (double) inverted / pairs;
  }

  /** Whether every content word of both texts found a counterpart. */
  public boolean complete() {
    return unmatchedA.isEmpty() && unmatchedB.isEmpty();
  }

  /** The share of content words, over both texts, that found a counterpart (1 when neither has any). */
  public double matchedShare() {
    int total = contentA.size() + contentB.size();
    int unmatched = 0;
    for (String u : unmatchedA) {
      unmatched += u.split(" ").length;
    }
    for (String u : unmatchedB) {
      unmatched += u.split(" ").length;
    }
    return total == 0 ? 1 : (double) (total - unmatched) / total;
  }

  /**
   * The left-over pair of opposites when exactly one word of the first text has opposites among the second's left-over
   * words ("like" / "dislike"); empty when none does or several do.
   */
  public Optional<Pair> soleOpposite() {
    List<Pair> opposites = relations.stream().filter(p -> p.relation().kind() == WordRelation.Kind.ANTONYM).toList();
    return opposites.isEmpty() || opposites.stream().map(Pair::a).distinct().count() != 1 ? Optional.empty()
        : Optional.of(opposites.get(0));
  }

  /**
   * This alignment with two of its left-over words read as counterparts: no longer left over, and in no left-over
   * relation.
   */
  public WordAlignment matching(Pair pair) {
    if (!unmatchedA.contains(pair.a()) || !unmatchedB.contains(pair.b())) {
      throw new IllegalArgumentException("not a left-over pair: " + pair);
    }
    List<Pair> m = new ArrayList<>(matched);
    m.add(pair);
    List<String> ua = new ArrayList<>(unmatchedA);
    ua.remove(pair.a());
    List<String> ub = new ArrayList<>(unmatchedB);
    ub.remove(pair.b());
    List<Pair> rel = relations.stream().filter(p -> !p.a().equals(pair.a()) && !p.b().equals(pair.b())).toList();
    return new WordAlignment(contentA, contentB, m, ua, ub, rel);
  }

  /** The first leftover pair with this relation kind, if any. */
  public Optional<Pair> first(WordRelation.Kind kind) {
    return relations.stream().filter(p -> p.relation().kind() == kind).findFirst();
  }

  /** The highest closeness among the leftover pairs (0 when there is none). */
  public double maxCloseness() {
    double m = 0;
    for (Pair p : relations) {
      m = Math.max(m, p.relation().closeness());
    }
    return m;
  }
}
