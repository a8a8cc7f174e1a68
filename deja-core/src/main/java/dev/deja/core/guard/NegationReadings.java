package dev.deja.core.guard;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the negations of a text reach, for {@link PairSignals}: the words each clause negates and states (the
 * {@code negation_scope} signal: both texts negate, but not the same thing — "I snowboard but I don't ski" / "I'm a
 * skier, not a snowboarder"), and which opposites a negation turns into the other word ("don't like" is "dislike").
 *
 * <p>Thread-safe: stateless.
 */
final class NegationReadings {
  private NegationReadings() {}

  /** Negative prefixes that make a word's opposite from it ("dislike", "unhappy", "impossible", "illegal"). */
  private static final List<String> NEGATIVE_PREFIXES = List.of("dis", "un", "in", "im", "il", "ir", "non");

  /**
   * Whether one word is the other with a negative prefix ("like" / "dislike", "happy" / "unhappy"). Asked only of two
   * words WordNet already calls opposites, so no length guard is needed; the stream filter's own reading of these
   * prefixes (deja-stream's {@code UnitFeatures.negatedForm}) has no WordNet behind it, guards the base's length and
   * leaves out il- and ir-, and its fitted constants depend on that, so the two are kept apart.
   */
  static boolean prefixedOpposite(String a, String b) {
    for (String p : NEGATIVE_PREFIXES) {
      if (a.equals(p + b) || b.equals(p + a) || a.equals(p + "-" + b) || b.equals(p + "-" + a)) {
        return true;
      }
    }
    return false;
  }

  /** Words that open a new clause: a negation before them does not reach past them. */
  private static final Set<String> CLAUSE_OPENERS = Set.of("but", "yet", "although", "though", "whereas", "while",
      "because", "so", "since", "however", "except");

  /**
   * Negative determiners and pronouns: standing before the object, they negate the verb before them as well ("I eat no
   * meat" is "I don't eat meat"; a gloss writes Dutch "geen" and German "kein" as "no").
   */
  private static final Set<String> NEGATIVE_DETERMINERS = Set.of("no", "none", "nobody", "nothing");

  /** How many content words after a negation cue it reaches. */
  private static final int SCOPE_WORDS = 2;

  /**
   * The words a text negates and the words it states, from each word's clause: a clause (cut at punctuation and at
   * the conjunctions that open a new one) negates the {@value #SCOPE_WORDS} content words after its first negation
   * cue — and, after a negative determiner, the content word right before it, its verb ("eat no meat") — or, when
   * nothing follows it, what comes before ("raw ones aren't"). Returns word → +1 (only stated), −1 (only negated), 0
   * (both); words further after a cue are neither and left out.
   */
  static Map<String, Integer> negatedWords(List<PairSignals.Token> tokens, Lexicon lex) {
    Map<String, Integer> out = new HashMap<>();
    int start = 0;
    for (int i = 0; i <= tokens.size(); i++) {
      boolean end = i == tokens.size() || i > start && (tokens.get(i).boundary()
          || CLAUSE_OPENERS.contains(tokens.get(i).word()));
      if (!end) {
        continue;
      }
      int cue = -1;
      for (int j = start; j < i && cue < 0; j++) {
        if (lex.negations().contains(tokens.get(j).word())) {
          cue = j;
        }
      }
      boolean after = false;
      for (int j = cue + 1; cue >= 0 && j < i && !after; j++) {
        after = scopeContent(tokens.get(j).word(), lex);
      }
      // The word right before a negative determiner, when it is a content word (a function word such as "have" or
      // "is" says nothing either way, and the words before it are the subject's: "My husband has no children").
      int verb = after && cue > start && NEGATIVE_DETERMINERS.contains(tokens.get(cue).word())
          && scopeContent(tokens.get(cue - 1).word(), lex) ? cue - 1 : -1;
      int seen = 0;
      for (int j = start; j < i; j++) {
        String w = tokens.get(j).word();
        if (cue >= 0 && after && j > cue) {
          // What a negation reaches is the verb and object right after it; later words (places, times, company)
          // may be outside it ("don't eat meat on Fridays in Lent"), so they count as neither.
          if (scopeContent(w, lex) && seen++ < SCOPE_WORDS) {
            out.merge(w, -1, NegationReadings::sameSignOrBoth);
          }
          continue;
        }
        boolean negated = cue >= 0 && (!after && j < cue || j == verb);
        out.merge(w, negated ? -1 : 1, NegationReadings::sameSignOrBoth);
      }
      start = i;
    }
    return out;
  }

  private static boolean scopeContent(String word, Lexicon lex) {
    return !lex.functionWords().contains(word) && !lex.negations().contains(word);
  }

  /** A word both negated and stated somewhere in a text is neither (0). */
  private static Integer sameSignOrBoth(Integer x, Integer y) {
    return x.equals(y) ? x : 0;
  }

  /** The first matched pair that one text negates and the other states, described; null when none. */
  static String negatedElsewhere(WordAlignment al, List<PairSignals.Token> ta, List<PairSignals.Token> tb,
      Lexicon lex) {
    Map<String, Integer> na = negatedWords(ta, lex);
    Map<String, Integer> nb = negatedWords(tb, lex);
    for (WordAlignment.Pair p : al.matched()) {
      int x = na.getOrDefault(p.a().split(" ")[0], 0);
      int y = nb.getOrDefault(p.b().split(" ")[0], 0);
      if (x * y == -1) {
        return x < 0 ? "'" + p.a() + "' negated in the new text, '" + p.b() + "' stated in the existing one"
            : "'" + p.a() + "' stated in the new text, '" + p.b() + "' negated in the existing one";
      }
    }
    return null;
  }
}
