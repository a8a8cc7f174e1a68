package dev.deja.stream;

import dev.deja.core.guard.Identifiers;
import dev.deja.core.guard.Marks;
import dev.deja.core.guard.NumberReadings;
import dev.deja.core.guard.TextSignals;
import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import dev.deja.core.lexical.WordRelation;
import dev.deja.core.normalize.LightStemmer;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The streaming filter's guards: what tells a templated or new unit from a repeat of an earlier one — another number,
 * a negation, a name, a contrast, another person, a template filled with other items, an extension (described in
 * {@link RepeatJudge}, which asks them). A conflict vetoes the chunk, content and semantic layers; some also veto the
 * paraphrase layer ({@link RestatementModel#VETOES}), the others are its features.
 *
 * <p>Thread-safe: immutable; the word knowledge is thread-safe.
 */
final class StreamGuards {
  private final StreamOptions options;
  private final WordKnowledge knowledge;

  StreamGuards(StreamOptions options, WordKnowledge knowledge) {
    this.options = options;
    this.knowledge = knowledge;
  }

  /** The first guard conflict between a later and an earlier unit, if any (guards in their documented order). */
  Optional<String> conflict(UnitFeatures later, UnitFeatures earlier) {
    for (String g : ORDER) {
      Optional<String> c = guard(g, later, earlier);
      if (c.isPresent()) {
        return c;
      }
    }
    return Optional.empty();
  }

  /**
   * The names of the guards that object to a pair, as the paraphrase model's features and vetoes: {@code negation}
   * (and {@code opposite} too when the units have the same content words), {@code person}, {@code contrasts},
   * {@code order}, {@code names}, {@code numbers}, {@code substitution} for slots filled by other items, and
   * {@code edit} for an extension (the two are asked together: one word diff tells either).
   */
  java.util.Set<String> conflicts(UnitFeatures later, UnitFeatures earlier) {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (String g : ORDER) {
      Optional<String> c = guard(g, later, earlier);
      if (c.isPresent()) {
        out.add(g.equals("edit") && c.get().startsWith("substitution") ? "substitution" : g);
        if (c.get().equals(OPPOSITE)) {
          out.add("opposite");
        }
        if (c.get().startsWith(CURRENCY)) {
          out.add("currency");
        }
      }
    }
    return out;
  }

  /**
   * The negation guard's objection when the units have the same content words and only one is negated: the same
   * sentence said the other way ("You can cancel online at any time." / "You cannot cancel online at any time."), which
   * no restatement is — it vetoes the paraphrase layer ({@code opposite} in {@link RestatementModel#VETOES}), while a
   * negation among other changes is the model's evidence ("You won't be charged after 30 June" / "You can still use
   * your account up to 30 June").
   */
  static final String OPPOSITE = "negation: the same sentence, negated";

  /**
   * The numbers guard's objection when the units state their amounts in other currencies ("£50" / "$50": one
   * normalised text, the symbols dropped): another amount, which no restatement is — it vetoes the paraphrase layer
   * ({@code currency} in {@link RestatementModel#VETOES}).
   */
  static final String CURRENCY = "numbers: another currency";

  /** The guards in the order they are asked. */
  private static final List<String> ORDER = List.of("negation", "person", "contrasts", "order", "names", "numbers",
      "edit");

  /**
   * What the named guard objects to in a pair, when it is switched on and objects ({@code substitution} and
   * {@code extension} are one word diff, asked as {@code edit}; {@code opposite} is the negation guard's).
   */
  Optional<String> guard(String name, UnitFeatures later, UnitFeatures earlier) {
    Set<String> g = options.guards();
    boolean on = switch (name) {
      case "edit" -> g.contains("substitution") || g.contains("extension");
      case "opposite" -> g.contains("negation");
      default -> g.contains(name);
    };
    if (!on) {
      return Optional.empty();
    }
    switch (name) {
      case "negation", "opposite" -> {
        if (later.negations() % 2 != earlier.negations() % 2) {
          return Optional.of(later.tokens.keySet().equals(earlier.tokens.keySet()) ? OPPOSITE
              : "negation: one is negated, the other is not");
        }
        Optional<String> prefixed = UnitFeatures.negatedForm(later, earlier);
        return prefixed.map(w -> "negation: '" + w + "' is the negated form of a word of the other unit");
      }
      case "person" -> {
        Set<String> pa = later.persons();
        Set<String> pb = earlier.persons();
        return !pb.containsAll(pa) && !pa.containsAll(pb) ? Optional.of("person: " + pa + " vs " + pb)
            : Optional.empty();
      }
      case "contrasts" -> {
        Map<String, Set<String>> ca = later.contrasts();
        Map<String, Set<String>> cb = earlier.contrasts();
        for (Map.Entry<String, Set<String>> e : ca.entrySet()) {
          Set<String> other = cb.get(e.getKey());
          if (other != null && !other.equals(e.getValue())) {
            return Optional.of("contrasts: " + e.getKey() + " " + e.getValue() + " vs " + other);
          }
        }
        // A word with another sign written onto it is another word ("C++" / "C", "A+" / "A").
        String marks = Marks.conflict(later.body, earlier.body);
        if (marks != null) {
          return Optional.of("contrasts: marks " + marks);
        }
        // A handle or an address with other punctuation is another name ("@sam_lee" / "@samlee").
        String ids = Identifiers.conflict(later.body, earlier.body);
        return ids == null ? Optional.empty() : Optional.of("contrasts: identifiers " + ids);
      }
      case "names" -> {
        Set<String> words = earlier.words();
        for (String n : later.names()) {
          for (String part : n.split(" ")) {
            if (!words.contains(part) && !shortForm(part, words)) {
              return Optional.of("names: '" + n + "' is only in the later unit");
            }
          }
        }
        return Optional.empty();
      }
      case "order" -> {
        return tradedPlaces(later, earlier);
      }
      case "numbers" -> {
        return newNumbers(later, earlier);
      }
      default -> {
        if (!fewDifferences(later, earlier)) {
          return Optional.empty();
        }
        List<TextSignals.ContentOp> ops = TextSignals.contentOps(earlier.body, later.body, UnitFeatures.EN);
        if (g.contains("substitution")) {
          Optional<String> slots = otherItems(ops);
          if (slots.isPresent()) {
            return slots;
          }
        }
        if (ops.size() != 1) {
          return Optional.empty();
        }
        TextSignals.ContentOp op = ops.get(0);
        if (g.contains("extension") && op.tag().equals("insert") && !op.added().isEmpty()
            && op.added().size() <= 2 && Math.min(op.aLength(), op.bLength()) >= 3) {
          return Optional.of("extension: the later unit adds " + op.added());
        }
        return Optional.empty();
      }
    }
  }

  /** The most replaced slots a template instance may have: "walk to the harbour, lunch near the castle". */
  static final int MAX_SLOTS = 3;
  /** The most content words a slot may hold on either side ("sage green", "chess club", "riverside park"). */
  static final int MAX_SLOT_WORDS = 3;

  /**
   * The substitution guard: the later unit is the earlier one's sentence with one to {@value #MAX_SLOTS} slots filled
   * otherwise — every content difference a replacement of at most {@value #MAX_SLOT_WORDS} words by at most as many,
   * with the same function words around them, nothing only added or only removed — and every slot names another item,
   * not the same one in other words ("Plant pepper seedlings outdoors in late May." / "Plant tomato seedlings outdoors
   * in mid-May."; "Add 200 grams of yoghurt" / "of flour"; "walk to the harbour, then lunch near the castle" / "walk to
   * the museum, then lunch near the old town"). A slot is the same item reworded when one of its words (or its whole
   * phrase) has the stem or the number of one of the other slot's, or is a WordNet synonym in the most used sense of
   * either ({@link WordKnowledge#synonymsInMostUsedSense}: "keep" / "hold", not "kale" / "lettuce", which share only a
   * slang sense) or a form of it (the {@link WordKnowledges#defaults() word knowledge} on the class path; without one,
   * only shared stems and numbers in digits count). Another item makes the unit an instance of a template, not a
   * repeat: the guard vetoes every layer but the exact one, the paraphrase layer included
   * ({@link RestatementModel#VETOES}).
   */
  private Optional<String> otherItems(List<TextSignals.ContentOp> ops) {
    if (ops.isEmpty() || ops.size() > MAX_SLOTS) {
      return Optional.empty();
    }
    List<String> items = new java.util.ArrayList<>();
    for (TextSignals.ContentOp op : ops) {
      List<String> ra = contentWords(op.removedWords());
      List<String> rb = contentWords(op.addedWords());
      if (!op.tag().equals("replace") || ra.isEmpty() || rb.isEmpty() || ra.size() > MAX_SLOT_WORDS
          || rb.size() > MAX_SLOT_WORDS || op.aLength() < 2 || op.bLength() < 2
          || !functionWords(op.removedWords()).equals(functionWords(op.addedWords())) || reworded(ra, rb)) {
        return Optional.empty();
      }
      items.add(ra + " → " + rb);
    }
    return Optional.of("substitution: " + String.join(", ", items));
  }

  /** Whether a replaced slot says the same in other words: a shared stem or number, a first-sense synonym, a form. */
  private boolean reworded(List<String> ra, List<String> rb) {
    List<String> a = new java.util.ArrayList<>(ra);
    List<String> b = new java.util.ArrayList<>(rb);
    if (a.size() > 1) {
      a.add(String.join(" ", ra));
    }
    if (b.size() > 1) {
      b.add(String.join(" ", rb));
    }
    for (String x : a) {
      for (String y : b) {
        Optional<Double> nx = number(x);
        if (nx.isPresent() ? nx.equals(number(y))
            : LightStemmer.stem(x).equals(LightStemmer.stem(y)) || knowledge.synonymsInMostUsedSense(x, y)
                || knowledge.relate(x, y).kind() == WordRelation.Kind.FORM) {
          return true;
        }
      }
    }
    return false;
  }

  /** A word's number: digits, or a number word ("seven"); empty for other words. */
  private Optional<Double> number(String w) {
    if (!w.isEmpty() && w.chars().allMatch(Character::isDigit)) {
      return w.length() > 15 ? Optional.empty() : Optional.of(Double.parseDouble(w));
    }
    return knowledge.numberValue(w);
  }

  /** The function words among a slot's words, in order: a filled slot keeps them ("the castle" / "the museum"). */
  private static List<String> functionWords(List<String> words) {
    List<String> out = new java.util.ArrayList<>();
    for (String w : words) {
      if (UnitFeatures.EN.functionWords().contains(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /** A slot's content words: neither function words nor fillers ("really", "old"). */
  private static List<String> contentWords(List<String> words) {
    List<String> out = new java.util.ArrayList<>();
    for (String w : words) {
      if (!w.isBlank() && !UnitFeatures.EN.functionWords().contains(w) && !UnitFeatures.EN.fillers().contains(w)) {
        out.add(w);
      }
    }
    return out;
  }

  /** The most content tokens either unit may have that the other lacks for the word diff to be computed. */
  static final int MAX_DIFFERENT = 2 * MAX_SLOT_WORDS;

  /**
   * Whether the units share at least two content tokens and differ in at most {@value #MAX_DIFFERENT} on each side:
   * otherwise neither filled slots (a template's frame and its fillers) nor an extension (≤ 2 added) can explain the
   * difference, and the word diff is not computed.
   */
  private static boolean fewDifferences(UnitFeatures a, UnitFeatures b) {
    int shared = 0;
    for (String t : a.tokens.keySet()) {
      if (b.tokens.containsKey(t)) {
        shared++;
      }
    }
    return shared >= 2 && a.tokens.size() - shared <= MAX_DIFFERENT && b.tokens.size() - shared <= MAX_DIFFERENT;
  }

  /**
   * Whether a name is a short or long form of a word of the other unit: a common prefix of at least four letters
   * that covers two thirds of the shorter word ("Philly" / "Philadelphia", "Chris" / "Christopher"; not "Kris" /
   * "Chris", "Mia" / "Maya").
   */
  static boolean shortForm(String name, Set<String> words) {
    for (String w : words) {
      int n = Math.min(name.length(), w.length());
      int p = 0;
      while (p < n && name.charAt(p) == w.charAt(p)) {
        p++;
      }
      if (p >= 4 && p * 3 >= n * 2) {
        return true;
      }
    }
    return false;
  }

  /**
   * Words whose two sides say which way something goes: "from Lyon to Paris" / "from Paris to Lyon", "the bus is
   * faster than the train" / "the train is faster than the bus", "before the meeting" / "after the meeting" order.
   */
  private static final Set<String> ORDER_MARKERS = Set.of("to", "than", "from", "before", "after", "into", "over",
      "vs", "versus");
  /** Words skipped between a marker and the word it relates: articles and possessives ("to the station"). */
  private static final Set<String> DETERMINERS = Set.of("a", "an", "the", "my", "your", "his", "her", "our", "their",
      "its", "this", "that");

  /**
   * The order guard: two words of both units stand on either side of the same marker, in the other order in each ("from
   * Lyon to Paris" / "from Paris to Lyon", "Lyon to Paris" / "Paris to Lyon") — the same words, the other direction;
   * or a word both have follows opposite prepositions ("to the shared drive" / "from the shared drive").
   */
  static Optional<String> tradedPlaces(UnitFeatures later, UnitFeatures earlier) {
    List<String[]> a = sides(later.body);
    for (String[] y : a.isEmpty() ? List.<String[]>of() : sides(earlier.body)) {
      for (String[] x : a) {
        if (x[1].equals(y[1]) && x[0].equals(y[2]) && x[2].equals(y[0])) {
          return Optional.of("order: '" + x[3] + "' / '" + y[3] + "'");
        }
      }
    }
    // The same thing after opposite prepositions: "Upload the file to the shared drive." / "… from the shared drive".
    String role = TextSignals.roleChange(later.body, earlier.body, UnitFeatures.EN);
    return role == null ? Optional.empty() : Optional.of("order: " + role);
  }

  /** Each order marker with the content words right before and after it (stems, then the words as written). */
  private static List<String[]> sides(String body) {
    List<String> w = TextSignals.words(body);
    List<String[]> out = new java.util.ArrayList<>();
    for (int i = 1; i < w.size() - 1; i++) {
      if (!ORDER_MARKERS.contains(w.get(i))) {
        continue;
      }
      int b = i - 1;
      int f = i + 1;
      while (f < w.size() - 1 && DETERMINERS.contains(w.get(f))) {
        f++;
      }
      String before = w.get(b);
      String after = w.get(f);
      if (content(before) && content(after) && !before.equals(after)) {
        out.add(new String[] {LightStemmer.stem(before), w.get(i), LightStemmer.stem(after),
            before + " " + w.get(i) + " " + after});
      }
    }
    return out;
  }

  private static boolean content(String w) {
    return !UnitFeatures.EN.functionWords().contains(w) && !UnitFeatures.EN.fillers().contains(w)
        && !ORDER_MARKERS.contains(w);
  }

  private static Optional<String> newNumbers(UnitFeatures laterUnit, UnitFeatures earlierUnit) {
    NumberReadings.Numbers later = laterUnit.numbers();
    NumberReadings.Numbers earlier = earlierUnit.numbers();
    // The same amounts in another currency ("£50" / "$50") are other amounts.
    String a = laterUnit.currencySymbols();
    String b = earlierUnit.currencySymbols();
    if (!a.isEmpty() && !b.isEmpty() && !later.numbers().isEmpty()
        && a.codePoints().noneMatch(cp -> b.indexOf(cp) >= 0)) {
      return Optional.of(CURRENCY + " (" + a + " in the later unit, " + b + " in the earlier one)");
    }
    Set<Double> known = new HashSet<>(earlier.numbers());
    List<Double> seconds = earlierUnit.durationSeconds();
    for (double d : later.numbers()) {
      if (!laterUnit.numberSaid(d, known, seconds)) {
        String n = d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
        return Optional.of(laterUnit.isDurationAmount(d)
            ? "numbers: the duration of " + n + " is only in the later unit"
            : "numbers: " + n + " is only in the later unit");
      }
    }
    for (Set<Integer> t : later.times()) {
      boolean found = false;
      for (Set<Integer> u : earlier.times()) {
        for (int v : t) {
          if (u.contains(v)) {
            found = true;
            break;
          }
        }
      }
      if (!found) {
        int m = t.iterator().next();
        return Optional.of(String.format(java.util.Locale.ROOT, "numbers: the time %02d:%02d is only in the later "
            + "unit", m / 60 % 24, m % 60));
      }
    }
    return Optional.empty();
  }
}
