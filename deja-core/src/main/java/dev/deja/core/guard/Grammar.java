package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the grammar of one text's words tells, for its {@link TextProfile}: whether "I" is a subject, whether it speaks
 * about the speaker, its first past-tense verb (not a present perfect or present passive), and the language its
 * function words point to.
 *
 * <p>Thread-safe: stateless.
 */
final class Grammar {
  private Grammar() {}

  /**
   * Forms of "I" as the subject after the punctuation step ("I'm" → "im"); "User …" and "The user …" opening a text
   * are how agents write "I" ({@link #openingUser}).
   */
  private static final Set<String> SUBJECT = Set.of("i", "im", "ive", "id");
  private static final Set<String> FIRST_PERSON = Set.of("i", "im", "ive", "id", "me", "my", "mine", "myself", "we",
      "us", "our", "ours", "were", "weve", "user", "users");
  /** "The user's …" opening a text: the user's someone, not the user. */
  private static final java.util.regex.Pattern THE_USERS = java.util.regex.Pattern.compile(
      "\\s*the\\s+user['’]s\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

  static boolean firstPersonSubject(List<String> words, String text) {
    return words.stream().anyMatch(SUBJECT::contains) || openingUser(words, text) >= 0;
  }

  /**
   * The position of the "User" a text opens with, as agents write a memory about the person they talk to — "User
   * prefers tea", "User's …" (as before), "The user prefers tea" — or -1. "The user's wife" is "my wife": the wife is
   * the subject, not the speaker.
   */
  static int openingUser(List<String> words, String text) {
    if (!words.isEmpty() && words.get(0).startsWith("user")) {
      return 0;
    }
    return words.size() > 1 && words.get(0).equals("the") && words.get(1).equals("user")
        && !THE_USERS.matcher(text).lookingAt() ? 1 : -1;
  }

  static boolean firstPerson(List<String> words) {
    return words.stream().anyMatch(FIRST_PERSON::contains);
  }

  /**
   * The language of a text as far as its function words tell: another supported language when it has at least as
   * many of that language's function words as of the lexicon's (and two of them, or none of the lexicon's), unless at
   * least half of its other words, and as many as those function words, are common words of the lexicon's language
   * ("Ortodontista da Sofia" is Portuguese, "Ich habe elf Katzen" German;
   * "Team mtg (Mon)" is not French for its "mon"); the lexicon's language otherwise. A function word that is also an
   * English word ("y", "mis", "die") counts for its languages only beside one that is not ("Mis hijos tienen ocho y once
   * años" is Spanish by "tienen", "mis" and "y"), and is neither a common nor an uncommon word; so does a function word
   * of both ("am", "im", "in": "Im Flugzeug sitze ich am liebsten am Gang" is German by "ich", "im" and "am", against
   * English's "im" and "am"). Short texts without
   * function words ("Miete fällig") stay in the lexicon's language: nothing tells.
   */
  static String language(List<String> words, Lexicon lex, WordKnowledge knowledge) {
    Map<String, Integer> counts = new java.util.TreeMap<>();
    Map<String, Integer> shared = new java.util.TreeMap<>();
    int own = 0;
    int others = 0;
    int common = 0;
    for (String w : words) {
      if (lex.functionWords().contains(w)) {
        own++;
        // A function word of both languages ("am", "in", "no", "so") counts for the other one as well, beside an
        // unambiguous one of its own: "Im Flugzeug sitze ich am liebsten am Gang" is German, "No creo en Dios"
        // Spanish.
        knowledge.functionWordLanguages(w).forEach(l -> shared.merge(l, 1, Integer::sum));
        knowledge.sharedFunctionWordLanguages(w).forEach(l -> shared.merge(l, 1, Integer::sum));
        continue;
      }
      Set<String> langs = knowledge.functionWordLanguages(w);
      if (!langs.isEmpty()) {
        langs.forEach(l -> counts.merge(l, 1, Integer::sum));
        continue;
      }
      Set<String> alsoEnglish = knowledge.sharedFunctionWordLanguages(w);
      if (!alsoEnglish.isEmpty()) {
        alsoEnglish.forEach(l -> shared.merge(l, 1, Integer::sum));
        continue;
      }
      others++;
      if (knowledge.isCommonWord(w)) {
        common++;
      }
    }
    // A language counts its shared function words only beside an unambiguous one of its own.
    counts.replaceAll((l, c) -> c + shared.getOrDefault(l, 0));
    int foreign = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    if (common * 2 >= others && others > 0 && common >= foreign) {
      return lex.language();
    }
    String best = lex.language();
    int most = 0;
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      int c = e.getValue();
      if (c >= Math.max(1, own) && (c >= 2 || own == 0) && c > most) {
        best = e.getKey();
        most = c;
      }
    }
    return best;
  }

  /**
   * The first past-tense verb form of the words, or null. A participle after a present form of "have" or "be" is
   * not a past tense: the present perfect speaks of now ("I've been to Peru", "I have never set foot in Peru", "I've
   * got two sisters", "I've been fined twice"), and so does the present passive ("My hotel is booked", "the room will
   * be painted"). A negation, a filler or "been" may sit between them ("I've never been", "have been taken out").
   */
  static String past(List<String> words, Lexicon lex, WordKnowledge knowledge) {
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.equals("used") && i + 1 < words.size() && words.get(i + 1).equals("to")
          || knowledge.isPastTense(w) && !presentPerfect(words, i, lex)) {
        return w;
      }
    }
    return null;
  }

  /** Present forms of "have" that make "got" after them mean "have" (apostrophes dropped: "I've got" → "ive got"). */
  private static final Set<String> PRESENT_HAVE = Set.of("have", "has", "ive", "weve", "youve", "theyve", "havent",
      "hasnt");

  /**
   * Whether the word at {@code i} only carries English grammar, as a function word does: "got" after a present form of
   * "have" (the British "have got" is "have": "I've got two sisters" = "I have two sisters"; a negation or a filler may
   * sit between, "I haven't really got …"), and the noun "number" right before a number, which the number itself says
   * ("plot number 47" = "plot 47"; {@code number} tells a number word).
   */
  static boolean onlyGrammar(List<String> words, int i, Lexicon lex, java.util.function.Predicate<String> number) {
    if (!lex.language().equals("en")) {
      return false;
    }
    String w = words.get(i);
    if (w.equals("number")) {
      return i + 1 < words.size() && number.test(words.get(i + 1));
    }
    if (!w.equals("got")) {
      return false;
    }
    for (int k = i - 1; k >= Math.max(0, i - 3); k--) {
      String before = words.get(k);
      if (PRESENT_HAVE.contains(before)) {
        return true;
      }
      if (!lex.negations().contains(before) && !lex.fillers().contains(before)) {
        return false;
      }
    }
    return false;
  }

  /** How many words after "I have" the noun may come ("I've got a Hewlett-Packard LaserJet printer"). */
  private static final int HAD_WORDS = 6;

  /**
   * Whether the speaker says they have {@code noun}: "I have", "I've got", "we have" and the noun within the next
   * words. "My printer is an HP LaserJet." then speaks of what "I've got a Hewlett-Packard LaserJet printer." has, not
   * of someone other than the speaker.
   */
  static boolean speakerHas(List<String> words, String noun) {
    for (int k = 0; k < words.size(); k++) {
      String w = words.get(k);
      boolean have = w.equals("ive") || w.equals("weve")
          || w.equals("have") && k > 0 && (words.get(k - 1).equals("i") || words.get(k - 1).equals("we"));
      if (have && words.subList(k + 1, Math.min(words.size(), k + 1 + HAD_WORDS)).contains(noun)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Present forms of "have" and "be" (with their contractions, apostrophes dropped) that make a participle after them
   * a present perfect or a present passive; "be" after a modal ("will be painted") too.
   */
  private static final Set<String> PRESENT_AUXILIARY = Set.of("have", "has", "ive", "weve", "youve", "theyve",
      "havent", "hasnt", "hes", "shes", "is", "isnt", "are", "arent", "am", "im", "youre", "theyre", "be");

  private static boolean presentPerfect(List<String> words, int participle, Lexicon lex) {
    for (int k = participle - 1; k >= Math.max(0, participle - 4); k--) {
      String w = words.get(k);
      if (PRESENT_AUXILIARY.contains(w)) {
        return true;
      }
      if (!lex.negations().contains(w) && !lex.fillers().contains(w) && !w.equals("ever") && !w.equals("already")
          && !w.equals("been") && !w.equals("being")) {
        return false;
      }
    }
    return false;
  }
}
