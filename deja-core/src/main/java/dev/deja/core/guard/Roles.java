package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordRelation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who does what to whom in two texts, as far as word order tells: the same content words in another order around a
 * comparative, two shared words that trade places across an asymmetric marker ("English to German" / "German to
 * English"), two parties that trade places around a shared verb ("Sam owes me" / "I owe Sam") — the {@code swap}
 * signal of {@link PairSignals} — and a shared word after opposite prepositions ("to Madrid" / "from Madrid"), its
 * {@code role_change} signal.
 *
 * <p>Thread-safe: stateless.
 */
final class Roles {
  private Roles() {}

  /**
   * Prepositions whose exchange reverses a relation: to Madrid / from Madrid, before work / after work, and the two
   * ends of a span of time: since 2018 / until 2018, from April / until April.
   */
  private static final Map<String, Set<String>> OPPOSITE_PREPOSITIONS = Map.ofEntries(
      Map.entry("to", Set.of("from")), Map.entry("from", Set.of("to", "until", "till")),
      Map.entry("into", Set.of("out")), Map.entry("out", Set.of("into")),
      Map.entry("before", Set.of("after")), Map.entry("after", Set.of("before")),
      Map.entry("above", Set.of("below")), Map.entry("below", Set.of("above")),
      Map.entry("over", Set.of("under")), Map.entry("under", Set.of("over")),
      Map.entry("with", Set.of("without")), Map.entry("without", Set.of("with")),
      Map.entry("up", Set.of("down")), Map.entry("down", Set.of("up")),
      Map.entry("since", Set.of("until", "till")), Map.entry("until", Set.of("from", "since")),
      Map.entry("till", Set.of("from", "since")));

  /** Personal pronouns as subject or object, by person: "I" / "me" are one party, as "she" / "her" are another. */
  private static final Map<String, String> PERSONS = Map.ofEntries(Map.entry("i", "i"), Map.entry("im", "i"),
      Map.entry("ive", "i"), Map.entry("id", "i"), Map.entry("ill", "i"), Map.entry("me", "i"), Map.entry("we", "we"),
      Map.entry("us", "we"), Map.entry("he", "he"), Map.entry("him", "he"), Map.entry("she", "she"),
      Map.entry("they", "they"), Map.entry("them", "they"));

  /**
   * Two words that trade places between two clauses, the rest the same: both texts have the same content words and
   * persons, in the same order but for two of them exchanged, with a coordinator ("and", "but", …) between them in each
   * ("tea in the morning and coffee in the afternoon" / "coffee in the morning and tea in the afternoon", "My mother is
   * a teacher and my father is a nurse" / "My father is a teacher …", "I'm vegetarian but my husband eats meat" / "My
   * husband is vegetarian but I eat meat"), described; null when none. Each is now bound to the other's partner, so
   * the pair says another thing.
   */
  static String exchanged(List<String> a, List<String> b, Lexicon lex) {
    if (a.stream().noneMatch(COORDINATORS::contains) || b.stream().noneMatch(COORDINATORS::contains)) {
      return null;
    }
    List<String> x = parties(a, lex);
    List<String> y = parties(b, lex);
    if (x.size() < 4 || x.size() != y.size()) {
      return null;
    }
    int first = -1;
    int second = -1;
    for (int i = 0; i < x.size(); i++) {
      if (!x.get(i).equals(y.get(i))) {
        if (first < 0) {
          first = i;
        } else if (second < 0) {
          second = i;
        } else {
          return null;
        }
      }
    }
    if (second < 0 || second - first < 2 || !x.get(first).equals(y.get(second))
        || !x.get(second).equals(y.get(first)) || !coordinated(a, x.get(first), x.get(second), lex)
        || !coordinated(b, y.get(first), y.get(second), lex)) {
      return null;
    }
    return "'" + x.get(first) + "' and '" + x.get(second) + "' trade places";
  }

  /** Words that join two clauses, each with its own partners: "tea in the morning and coffee in the afternoon". */
  private static final Set<String> COORDINATORS = Set.of("and", "but", "while", "whereas", "or");

  /**
   * Whether a coordinator stands between the first two words of a text whose party is {@code p} and {@code q}: they
   * belong to two clauses. Without one, the words move within one clause or title ("My favourite cake is carrot cake"
   * / "Carrot cake is my favourite cake", "Parent coffee morning at Hillcrest" / "Hillcrest coffee morning (parents)"):
   * the same fact.
   */
  private static boolean coordinated(List<String> words, String p, String q, Lexicon lex) {
    int from = -1;
    for (int i = 0; i < words.size(); i++) {
      String party = party(words.get(i), lex);
      if (party == null) {
        continue;
      }
      if (from < 0 && (party.equals(p) || party.equals(q))) {
        from = i;
      } else if (from >= 0 && (party.equals(p) || party.equals(q))) {
        for (int k = from + 1; k < i; k++) {
          if (COORDINATORS.contains(words.get(k))) {
            return true;
          }
        }
        return false;
      }
    }
    return false;
  }

  /** The content-word stems and the persons of a text, in order. */
  private static List<String> parties(List<String> words, Lexicon lex) {
    List<String> out = new ArrayList<>();
    for (String w : words) {
      String party = party(w, lex);
      if (party != null) {
        out.add(party);
      }
    }
    return out;
  }

  /** A word's person, or its stem when it is a content word; null for other words. */
  private static String party(String w, Lexicon lex) {
    String person = PERSONS.get(w);
    if (person != null) {
      return person;
    }
    return lex.functionWords().contains(w) || lex.fillers().contains(w) ? null
        : dev.deja.core.normalize.LightStemmer.stem(w);
  }

  /**
   * A role said from the two sides: one text names someone as the speaker's agent ("my manager", "my tutor") and the
   * other has the speaker do what that agent does to the same person ("I manage", "I tutor") — "My manager is Priya" /
   * "I manage Priya": the same two people, the roles reversed. The agent noun is a person noun that is the verb or
   * WordNet's derivation of it; the other party is a word both texts have; the text with "my" must not have the
   * speaker do it as well. Described; null when none.
   */
  static String rolesReversed(List<String> wa, List<String> wb, Lexicon lex, WordKnowledge knowledge) {
    String r = rolesReversedOneWay(wa, wb, lex, knowledge);
    return r != null ? r : rolesReversedOneWay(wb, wa, lex, knowledge);
  }

  private static String rolesReversedOneWay(List<String> mine, List<String> doing, Lexicon lex,
      WordKnowledge knowledge) {
    for (int i = 0; i + 1 < mine.size(); i++) {
      if (!mine.get(i).equals("my")) {
        continue;
      }
      String agent = mine.get(i + 1);
      if (!knowledge.isPersonNoun(agent)) {
        continue;
      }
      for (int j = 0; j + 1 < doing.size(); j++) {
        if (!doing.get(j).equals("i") || doing.subList(0, j).contains("my")) {
          continue;
        }
        String verb = doing.get(j + 1);
        WordRelation.Kind k = knowledge.relate(agent, verb).kind();
        boolean agentOf = k == WordRelation.Kind.FORM || agent.equals(verb)
            || verb.endsWith("s") && agent.equals(verb.substring(0, verb.length() - 1));
        if (!agentOf || !knowledge.isVerb(verb) || mine.contains("i") && mine.contains(verb)) {
          continue;
        }
        for (String w : doing.subList(j + 2, doing.size())) {
          if (!lex.functionWords().contains(w) && mine.contains(w) && !w.equals(agent)) {
            return "'my " + agent + "' / 'I " + verb + "' (" + w + ")";
          }
        }
      }
    }
    return null;
  }

  /** Whether both texts have a comparative and the same content-word stems, in another order. */
  static boolean swapped(TextProfile a, TextProfile b, Lexicon lex) {
    boolean comparative = a.words().stream().anyMatch(lex.comparatives()::contains)
        && b.words().stream().anyMatch(lex.comparatives()::contains);
    if (!comparative) {
      return false;
    }
    List<String> ca = a.contentStems();
    List<String> cb = b.contentStems();
    List<String> sa = new ArrayList<>(ca);
    List<String> sb = new ArrayList<>(cb);
    java.util.Collections.sort(sa);
    java.util.Collections.sort(sb);
    return sa.equals(sb) && !ca.equals(cb);
  }

  /**
   * Two shared words that trade places across the same kind of asymmetric marker ("English to German" / "German to
   * English", "Bach than Mozart" / "Mozart to Bach", "Beatriz, not Bea" / "Bea, not Beatriz"), described; null when
   * none. The marker kinds: preference or target (than, to, over, instead, rather), negation (not), source (from) — so
   * "from Berlin to Munich" / "to Munich from Berlin", where each word keeps its own marker, is not a swap.
   */
  static String tradedPlaces(List<String> wa, List<String> wb, WordAlignment al) {
    List<int[]> pos = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    for (WordAlignment.Pair p : al.matched()) {
      int i = wa.indexOf(p.a().split(" ")[0]);
      int j = wb.indexOf(p.b().split(" ")[0]);
      if (i >= 0 && j >= 0) {
        pos.add(new int[] {i, j});
        shown.add(p.a());
      }
    }
    for (int x = 0; x < pos.size(); x++) {
      for (int y = x + 1; y < pos.size(); y++) {
        int[] p = pos.get(x);
        int[] q = pos.get(y);
        if (Integer.compare(p[0], q[0]) * Integer.compare(p[1], q[1]) >= 0) {
          continue;
        }
        String ma = markerBefore(wa, Math.min(p[0], q[0]), Math.max(p[0], q[0]));
        String mb = markerBefore(wb, Math.min(p[1], q[1]), Math.max(p[1], q[1]));
        if (ma != null && ma.equals(mb)) {
          return "'" + shown.get(x) + "' and '" + shown.get(y) + "' trade places across '" + ma + "'";
        }
      }
    }
    return null;
  }

  /** Words that stand for the speaker as a party of a verb ("I", "I'm", "me"; "User" opening a third-person memory). */
  private static final Set<String> SPEAKER = Set.of("i", "im", "ive", "id", "ill", "me");

  /**
   * Two parties that trade places around a verb both texts share, described; null when none: the one before the verb
   * in one text is after it in the other and the other way round ("Sam owes me" / "I owe Sam", "I visit my
   * grandmother" / "My grandmother visits me"). Parties are people: the speaker ("I", "me"), names, and words whose
   * usual sense is a kind of person ("grandmother", "neighbour"); the earlier party must be the verb's subject
   * ({@link #subject}). A passive or converse form says the same: a form of
   * "be" right before the verb, or "by" / "from" before the later party, in only one of the texts ("My grandmother
   * gets a visit from me").
   */
  static String partiesTraded(TextProfile a, TextProfile b, WordAlignment al, Lexicon lex,
      WordKnowledge knowledge) {
    List<String> wa = a.words();
    List<String> wb = b.words();
    List<String> shown = new ArrayList<>();
    List<int[]> pos = new ArrayList<>();
    List<Boolean> party = new ArrayList<>();
    int sa = speaker(wa);
    int sb = speaker(wb);
    if (sa >= 0 && sb >= 0) {
      shown.add("I");
      pos.add(new int[] {sa, sb});
      party.add(true);
    }
    for (WordAlignment.Pair p : al.matched()) {
      if (p.a().contains(" ") || p.b().contains(" ")) {
        continue;
      }
      int i = wa.indexOf(p.a());
      int j = wb.indexOf(p.b());
      if (i >= 0 && j >= 0) {
        shown.add(p.a());
        pos.add(new int[] {i, j});
        party.add(a.names().contains(p.a()) || b.names().contains(p.b()) || knowledge.isPersonNoun(p.a())
            || knowledge.isPersonNoun(p.b()));
      }
    }
    for (int k = 0; k < pos.size(); k++) {
      int[] v = pos.get(k);
      if (party.get(k) || !knowledge.isVerb(wa.get(v[0])) || !knowledge.isVerb(wb.get(v[1]))
          || passive(wa, v[0]) != passive(wb, v[1])) {
        continue;
      }
      for (int x = 0; x < pos.size(); x++) {
        int[] px = pos.get(x);
        if (!party.get(x) || !(px[0] < v[0] && px[1] > v[1]) || !subject(wa, px[0], v[0], lex)) {
          continue;
        }
        for (int y = 0; y < pos.size(); y++) {
          int[] py = pos.get(y);
          if (y == x || !party.get(y) || !(py[0] > v[0] && py[1] < v[1]) || !subject(wb, py[1], v[1], lex)) {
            continue;
          }
          if (java.util.Objects.equals(converseMarker(wa, v[0], py[0]), converseMarker(wb, v[1], px[1]))) {
            return "'" + shown.get(x) + "' and '" + shown.get(y) + "' trade places around '" + shown.get(k) + "'";
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether the party is the verb's subject as far as word order tells: only function words and fillers between
   * them ("Sam really owes", "I always visit"); a noun between ("Sofia campus tour") makes the verb-like word part of a name or title.
   */
  private static boolean subject(List<String> words, int party, int verb, Lexicon lex) {
    for (int i = party + 1; i < verb; i++) {
      if (!lex.functionWords().contains(words.get(i)) && !lex.fillers().contains(words.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static final Set<String> BE = Set.of("is", "are", "was", "were", "be", "been", "being", "am", "im", "its");

  /**
   * Whether the verb is passive: a form of "be" right before it (one adverb may sit between: "is still owed"), and
   * not a progressive "-ing" form.
   */
  private static boolean passive(List<String> words, int verb) {
    return !words.get(verb).endsWith("ing")
        && (verb >= 1 && BE.contains(words.get(verb - 1)) || verb >= 2 && BE.contains(words.get(verb - 2)));
  }

  /** The position of the first word standing for the speaker, or -1. */
  private static int speaker(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      if (SPEAKER.contains(words.get(i)) || i == 0 && (words.get(i).equals("user") || words.get(i).equals("users"))) {
        return i;
      }
    }
    return -1;
  }

  /** "by" or "from" right before the later party (one determiner may sit between), after the verb; else null. */
  private static String converseMarker(List<String> words, int verb, int party) {
    int k = party - 1;
    if (k > verb && DETERMINERS.contains(words.get(k))) {
      k--;
    }
    if (k > verb && (words.get(k).equals("by") || words.get(k).equals("from"))) {
      return words.get(k);
    }
    return null;
  }

  private static final Map<String, String> ASYMMETRIC_MARKERS = Map.of("than", "than/to", "to", "than/to", "over",
      "than/to", "instead", "than/to", "rather", "than/to", "not", "not", "from", "from");

  private static final Set<String> DETERMINERS = Set.of("the", "a", "an", "my", "our", "his", "her", "their",
      "your", "this", "that", "these", "those");

  /**
   * The kind of the asymmetric marker right before the later of two words (one determiner may sit between: "than a
   * dog"), after the earlier one; null when there is none. Only a marker that governs the word counts: in "I'd like to
   * learn knitting this winter" the "to" before "learn" is an infinitive's, and "winter" has none.
   */
  private static String markerBefore(List<String> words, int earlier, int later) {
    int k = later - 1;
    if (k > earlier && DETERMINERS.contains(words.get(k))) {
      k--;
    }
    return k > earlier ? ASYMMETRIC_MARKERS.get(words.get(k)) : null;
  }

  /**
   * The first word both texts have whose preceding prepositions are opposites, described; null when none. The word is
   * a content word or a person: "to Madrid" / "from Madrid", "to me" / "from me", and a clause's subject after a
   * conjunction that is also a preposition: "since I was six" / "until I was six".
   */
  static String roleChange(List<String> wa, List<String> wb, Lexicon lex) {
    for (int i = 1; i < wa.size(); i++) {
      String w = wa.get(i);
      if (lex.functionWords().contains(w) && !PERSONS.containsKey(w)) {
        continue;
      }
      for (int j = 1; j < wb.size(); j++) {
        if (!wb.get(j).equals(w)) {
          continue;
        }
        String pa = preposition(wa, i);
        String pb = preposition(wb, j);
        if (pa != null && pb != null && OPPOSITE_PREPOSITIONS.get(pa).contains(pb)) {
          return "'" + pa + " " + w + "' / '" + pb + " " + w + "'";
        }
      }
    }
    return null;
  }

  /** The preposition right before a word, skipping one article or possessive. */
  private static String preposition(List<String> words, int i) {
    for (int k = i - 1; k >= Math.max(0, i - 2); k--) {
      String w = words.get(k);
      if (OPPOSITE_PREPOSITIONS.containsKey(w)) {
        return w;
      }
      if (!(w.equals("the") || w.equals("a") || w.equals("an") || w.equals("my") || w.equals("our")
          || w.equals("his") || w.equals("her") || w.equals("their") || w.equals("your"))) {
        return null;
      }
    }
    return null;
  }

  /** Words that may open a subject before its noun: "my sister", "our neighbour", "the kids". */
  private static final Set<String> SUBJECT_OPENERS = Set.of("my", "our", "his", "her", "their", "your", "the", "a",
      "an");
  /** How far into a text the verb after an opening subject may be: "My older sister Lotte is …". */
  private static final int SUBJECT_WORDS = 4;

  /**
   * The person a text opens with as the subject of its first verb, when that is someone other than the speaker: a
   * person noun or a first name right before the verb ("My sister is travelling …" → sister, "Sam lent me …" → sam,
   * "My partner Joost is vegan" → joost); null when the text opens otherwise ("My student debt is …", "I …", "We …",
   * "User …", "The user …").
   */
  static String otherSubject(TextProfile p, Lexicon lex, WordKnowledge knowledge) {
    List<String> words = p.bareWords();
    int user = Grammar.openingUser(words, p.text());
    int i = 0;
    while (i < words.size() && SUBJECT_OPENERS.contains(words.get(i))) {
      i++;
    }
    for (int k = i; k < Math.min(words.size(), i + SUBJECT_WORDS); k++) {
      String w = words.get(k);
      if (SPEAKER.contains(w) || k == i && (HOUSEHOLD.contains(w) || lex.functionWords().contains(w))
          || k == user) {
        return null;
      }
      if (k == i) {
        continue;
      }
      String head = words.get(k - 1);
      boolean person = personNoun(p.text(), head, knowledge) || p.givenNames().contains(head);
      // The verb: an auxiliary, or a present-tense verb right after the person ("My wife speaks", "Sam owes").
      if (AUXILIARIES.contains(w)) {
        return person && !naming(p, words, k) ? head : null;
      }
      if (person && w.endsWith("s") && knowledge.isVerb(w)) {
        return head;
      }
      if (lex.functionWords().contains(w)) {
        return null; // "For religious reasons, pork is …": the text does not open with its subject
      }
    }
    return null;
  }

  /**
   * Whether a word names a kind of person — as the last part of a hyphenated compound of the text, the compound must
   * ("my co-worker" is a person, "my e-reader" is not a reader).
   */
  private static boolean personNoun(String text, String word, WordKnowledge knowledge) {
    java.util.regex.Matcher m = HYPHENATED.matcher(text);
    while (m.find()) {
      String compound = m.group().toLowerCase(java.util.Locale.ROOT);
      if (compound.endsWith("-" + word)) {
        return knowledge.isPersonNoun(compound) || knowledge.isPersonNoun(compound.replace("-", ""));
      }
    }
    return knowledge.isPersonNoun(word);
  }

  /** A hyphenated compound of letters and digits ("e-reader", "mother-in-law"). */
  private static final java.util.regex.Pattern HYPHENATED = java.util.regex.Pattern.compile(
      "[\\p{L}\\p{N}]+(?:-[\\p{L}\\p{N}]+)+");

  /**
   * Whether the verb at {@code k} is "be" saying who the subject is — a name, maybe after "called", "named" or
   * "the" ("My manager is Rosalind Achterberg", "My brother is called Matías"): the text then says whom the speaker
   * has in that role, a fact about the speaker, not something the other person does. An abbreviation is no name here
   * ("My employer is the NHS" still reads "employer" as the subject): accepting it was measured and not kept
   * (EVALUATION.md).
   */
  private static boolean naming(TextProfile p, List<String> words, int k) {
    if (!NAMING_BE.contains(words.get(k))) {
      return false;
    }
    int j = k + 1;
    while (j < words.size() && NAMING.contains(words.get(j))) {
      j++;
    }
    return j < words.size() && (p.names().contains(words.get(j)) || p.givenNames().contains(words.get(j)));
  }

  private static final Set<String> NAMING_BE = Set.of("is", "was", "s");
  /** Words between "is" and the name it gives: "is called", "is named", "is the NHS". */
  private static final Set<String> NAMING = Set.of("called", "named", "the");

  /** Forms of be, have and do, and the modal verbs: the verb after a subject. */
  private static final Set<String> AUXILIARIES = Set.of("is", "are", "was", "were", "has", "have", "had", "does",
      "do", "did", "will", "would", "can", "could", "should", "must", "may", "might", "isnt", "wasnt", "hasnt",
      "doesnt", "didnt", "wont", "cant", "s");

  /** "We", "we're", "we've" opening a text: the speaker's household, the speaker among them. */
  private static final Set<String> HOUSEHOLD = Set.of("we", "were", "weve", "wed");
}
