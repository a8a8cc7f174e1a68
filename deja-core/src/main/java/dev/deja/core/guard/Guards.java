package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built-in guards. Each vetoes (or downgrades) a similarity match on evidence that similarity cannot see:
 *
 * <table>
 *   <caption>Built-in guard types</caption>
 *   <tr><th>type</th><th>conflict</th><th>example it stops</th></tr>
 *   <tr><td>{@code numbers}</td><td>numbers, amounts, dates or clock times differ (digits and number words; 8:15 =
 *       quarter past eight; 8 am ≠ 8 pm)</td><td>"I'm 29" / "I'm 39"</td></tr>
 *   <tr><td>{@code negation}</td><td>one text is negated, the other not</td><td>"I'm a coffee drinker" / "I'm not a
 *       coffee drinker"</td></tr>
 *   <tr><td>{@code names}</td><td>a capitalised name in one text is missing from the other</td><td>"My son Felix" /
 *       "My son Felipe"</td></tr>
 *   <tr><td>{@code contrasts}</td><td>both name a part of the day, weekday, month, meal, frequency, colour, side,
 *       level or season, and not the same; or a word both write carries another mark ({@link Marks})</td><td>"yoga on
 *       Friday mornings" / "… evenings"; "I code in C++" / "I code in C"</td></tr>
 *   <tr><td>{@code substitution}</td><td>the same sentence with one content word or phrase replaced (in object
 *       position: after an article, preposition, possessive or copula; or anywhere with {@code position: any}); with
 *       {@code head_max_words}, also a title whose multi-word head is replaced while the rest stays</td>
 *       <td>"I'm allergic to sesame" / "… to mustard"; "Grandpa Raj's hearing test" / "… cataract surgery"</td></tr>
 *   <tr><td>{@code extension}</td><td>the same sentence with 1–2 content words added</td><td>"My sister is a vet" /
 *       "… a vet nurse"</td></tr>
 *   <tr><td>{@code modality}</td><td>intention, change, obligation or past-habit cues differ</td><td>"I live in
 *       Glasgow" / "I'm moving to Glasgow"</td></tr>
 *   <tr><td>{@code swap}</td><td>the same content words in another order around a comparative</td><td>"texts rather
 *       than calls" / "calls rather than texts"</td></tr>
 *   <tr><td>{@code affix}</td><td>one term is the other with a negating prefix, or the two differ in a number word
 *       inside the compound (number words of six languages, from ICU)</td><td>"depseudonimisering" /
 *       "pseudonimisering"; "eenfactorauthenticatie" / "tweefactorauthenticatie"</td></tr>
 * </table>
 *
 * <p>Thread-safe: stateless.
 */
public final class Guards {
  private Guards() {}

  /** A registry with every built-in guard type. */
  public static GuardRegistry registry() {
    GuardRegistry r = GuardRegistry.empty();
    for (GuardFactory f : factories()) {
      r = r.with(f);
    }
    return r;
  }

  /** The built-in guard factories. */
  public static List<GuardFactory> factories() {
    return List.of(
        TextGuard.factory("numbers", Numbers::new),
        TextGuard.factory("negation", Negation::new),
        TextGuard.factory("names", Names::new),
        TextGuard.factory("contrasts", Contrasts::new),
        TextGuard.factory("substitution", Substitution::new),
        TextGuard.factory("extension", Extension::new),
        TextGuard.factory("modality", Modality::new),
        TextGuard.factory("swap", Swap::new),
        TextGuard.factory("affix", Affix::new));
  }

  static final class Numbers extends TextGuard {
    Numbers(String name, Options o, CollectionSpec spec) {
      super(name, "numbers", o, spec);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      NumberReadings.Numbers na = NumberReadings.numbers(a, lexicon);
      NumberReadings.Numbers nb = NumberReadings.numbers(b, lexicon);
      // The same dates however written ("12/03" / "12 March") are no other numbers.
      List<DateReadings.Date> da = DateReadings.read(a, WordKnowledge.none(), lexicon.language());
      List<DateReadings.Date> db = DateReadings.read(b, WordKnowledge.none(), lexicon.language());
      if (DateReadings.same(da, db)) {
        na = DateReadings.withoutDates(na, da);
        nb = DateReadings.withoutDates(nb, db);
      }
      if (!NumberReadings.numbersConflict(na, nb)) {
        return Optional.empty();
      }
      return Optional.of(Conflict.of("numbers or times differ", describe(na), describe(nb)));
    }

    private static String describe(NumberReadings.Numbers n) {
      return NumberReadings.describe(n);
    }
  }

  static final class Negation extends TextGuard {
    Negation(String name, Options o, CollectionSpec spec) {
      super(name, "negation", o, spec);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      int na = TextSignals.negations(a, lexicon);
      int nb = TextSignals.negations(b, lexicon);
      if (na % 2 == nb % 2) {
        return Optional.empty();
      }
      return Optional.of(Conflict.of("one text is negated, the other is not", na + " negation(s)",
          nb + " negation(s)"));
    }
  }

  static final class Names extends TextGuard {
    Names(String name, Options o, CollectionSpec spec) {
      super(name, "names", o, spec);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      Set<String> missing = NameReadings.missingNames(a, b, lexicon);
      if (missing.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(Conflict.of("names differ: " + missing + " appear(s) in only one text",
          NameReadings.names(a, lexicon), NameReadings.names(b, lexicon)));
    }
  }

  static final class Contrasts extends TextGuard {
    Contrasts(String name, Options o, CollectionSpec spec) {
      super(name, "contrasts", o, spec);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      Map<String, List<Set<String>>> c = TextSignals.contrastConflicts(a, b, lexicon);
      if (c.isEmpty()) {
        String marks = Marks.conflict(a, b);
        if (marks != null) {
          return Optional.of(Conflict.of("different marks: " + marks, Marks.of(a), Marks.of(b)));
        }
        String ids = Identifiers.conflict(a, b);
        return ids == null ? Optional.empty()
            : Optional.of(Conflict.of("different identifiers: " + ids, Identifiers.of(a), Identifiers.of(b)));
      }
      String cat = c.keySet().iterator().next();
      return Optional.of(Conflict.of("different " + String.join(", ", c.keySet()), c.get(cat).get(0),
          c.get(cat).get(1)));
    }
  }

  static final class Substitution extends TextGuard {
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private final boolean anyPosition;
    private final int maxWords;
    private final int headMaxWords;
    private final Map<String, Integer> equivalents;

    Substitution(String name, Options o, CollectionSpec spec) {
      super(name, "substitution", o, spec);
      this.anyPosition = o.choice("position", "object", "object", "any").equals("any");
      this.maxWords = o.integer("max_words", 3, 1, 10);
      // The head of a title is where its language puts it: the end in English and Dutch ("Grandpa Raj's hearing
      // test"), the start in Portuguese ("Consulta do dentista"). 0 = no head rule.
      this.headMaxWords = o.integer("head_max_words", 0, 0, 10);
      if (headMaxWords > 0 && headMaxWords < 2) {
        throw new dev.deja.core.InvalidInputException(o.at("head_max_words") + ": must be 0 (off) or at least 2 — a "
            + "one-word replacement is max_words's case");
      }
      Map<String, Integer> groups = new java.util.HashMap<>();
      List<String> given = o.strings("equivalents", List.of());
      for (int i = 0; i < given.size(); i++) {
        String[] words = given.get(i).split("=");
        if (words.length < 2) {
          throw new dev.deja.core.InvalidInputException(o.at("equivalents") + "[" + i + "]: must name two or more "
              + "words or phrases separated by '=', e.g. \"grocery = food\", got '" + given.get(i) + "'");
        }
        for (String w : words) {
          String key = String.join(" ", TextSignals.contentStems(w, lexicon));
          if (key.isEmpty()) {
            throw new dev.deja.core.InvalidInputException(o.at("equivalents") + "[" + i + "]: '" + w.strip()
                + "' has no content word");
          }
          groups.merge(key, i, Math::min);
        }
      }
      this.equivalents = Map.copyOf(groups);
    }

    /** Whether two replaced phrases are declared equivalent (a synonym is a rewording, not a substitution). */
    private boolean equivalent(List<String> removed, List<String> added) {
      Integer x = equivalents.get(String.join(" ", removed));
      return x != null && x.equals(equivalents.get(String.join(" ", added)));
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      List<TextSignals.ContentOp> ops = TextSignals.contentOps(a, b, lexicon);
      if (ops.size() != 1) {
        return Optional.empty();
      }
      TextSignals.ContentOp op = ops.get(0);
      if (!op.tag().equals("replace") || op.removed().isEmpty() || op.added().isEmpty() || op.aLength() < 2
          || op.bLength() < 2 || equivalent(op.removed(), op.added())) {
        return Optional.empty();
      }
      if (op.removed().size() <= maxWords && op.added().size() <= maxWords
          && (anyPosition || lexicon.objectMarkers().contains(op.before()))) {
        return Optional.of(Conflict.of("the same text with one thing replaced: '"
            + String.join(" ", op.removedWords()) + "' → '" + String.join(" ", op.addedWords()) + "'",
            op.removedWords(), op.addedWords()));
      }
      List<String> rest = rest(a, op);
      if (headReplaced(op, rest)) {
        return Optional.of(Conflict.of("the same text with its head replaced: '" + String.join(" ", op.removedWords())
            + "' → '" + String.join(" ", op.addedWords()) + "' (the rest, '" + String.join(" ", rest)
            + "', is the same)", op.removedWords(), op.addedWords()));
      }
      return Optional.empty();
    }

    /**
     * The head rule: the differing span is the head of both texts (the end in English and Dutch, the start in
     * Portuguese), each side has 2 to {@code head_max_words} content words, the unchanged rest has a content word of
     * its own (whose event it is: "Grandpa Raj's"), and the two spans share no number ("9th birthday" / "turns 9" is a
     * rewording). One-word heads are {@code max_words}'s case; one word against several is usually a specification
     * ("tumbling" / "gymnastics class").
     */
    private boolean headReplaced(TextSignals.ContentOp op, List<String> rest) {
      if (headMaxWords == 0 || op.removed().size() < 2 || op.added().size() < 2
          || op.removed().size() > headMaxWords || op.added().size() > headMaxWords) {
        return false;
      }
      boolean headFirst = lexicon.language().equals("pt");
      boolean atHead = headFirst ? op.aEnd() == op.removedWords().size() : op.aEnd() == op.aLength();
      if (!atHead || TextSignals.contentStems(String.join(" ", rest), lexicon).isEmpty()) {
        return false;
      }
      Set<String> numbers = digits(op.removedWords());
      numbers.retainAll(digits(op.addedWords()));
      return numbers.isEmpty();
    }

    /** The words of {@code a} outside the differing span. */
    private static List<String> rest(String a, TextSignals.ContentOp op) {
      List<String> words = TextSignals.words(a);
      int start = op.aEnd() - op.removedWords().size();
      List<String> out = new ArrayList<>(words.subList(0, start));
      out.addAll(words.subList(op.aEnd(), words.size()));
      return out;
    }

    private static Set<String> digits(List<String> words) {
      Set<String> out = new HashSet<>();
      Matcher m = DIGITS.matcher(String.join(" ", words));
      while (m.find()) {
        out.add(m.group());
      }
      return out;
    }
  }

  static final class Extension extends TextGuard {
    private final int maxWords;

    Extension(String name, Options o, CollectionSpec spec) {
      super(name, "extension", o, spec);
      this.maxWords = o.integer("max_words", 2, 1, 10);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      List<TextSignals.ContentOp> ops = TextSignals.contentOps(a, b, lexicon);
      if (ops.size() != 1) {
        return Optional.empty();
      }
      TextSignals.ContentOp op = ops.get(0);
      List<String> extra = op.tag().equals("insert") ? op.added() : op.tag().equals("delete") ? op.removed()
          : List.of();
      if (extra.isEmpty() || extra.size() > maxWords || Math.min(op.aLength(), op.bLength()) < 3) {
        return Optional.empty();
      }
      List<String> words = op.tag().equals("insert") ? op.addedWords() : op.removedWords();
      return Optional.of(Conflict.of("one text adds '" + String.join(" ", words) + "' to the other",
          op.removedWords(), op.addedWords()));
    }
  }

  static final class Modality extends TextGuard {
    Modality(String name, Options o, CollectionSpec spec) {
      super(name, "modality", o, spec);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      Set<String> ma = TextSignals.modality(a, lexicon);
      Set<String> mb = TextSignals.modality(b, lexicon);
      if (ma.equals(mb)) {
        return Optional.empty();
      }
      return Optional.of(Conflict.of("tense or modality differs", ma.isEmpty() ? "[statement]" : ma,
          mb.isEmpty() ? "[statement]" : mb));
    }
  }

  static final class Swap extends TextGuard {
    Swap(String name, Options o, CollectionSpec spec) {
      super(name, "swap", o, spec);
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      List<String> wa = TextSignals.words(a);
      List<String> wb = TextSignals.words(b);
      boolean comparative = wa.stream().anyMatch(lexicon.comparatives()::contains)
          && wb.stream().anyMatch(lexicon.comparatives()::contains);
      if (!comparative) {
        return Optional.empty();
      }
      List<String> ca = TextSignals.contentStems(a, lexicon);
      List<String> cb = TextSignals.contentStems(b, lexicon);
      List<String> sa = new ArrayList<>(ca);
      List<String> sb = new ArrayList<>(cb);
      java.util.Collections.sort(sa);
      java.util.Collections.sort(sb);
      if (!sa.equals(sb) || ca.equals(cb)) {
        return Optional.empty();
      }
      return Optional.of(Conflict.of("the same things in another order around a comparative", ca, cb));
    }
  }

  static final class Affix extends TextGuard {
    private final dev.deja.core.lexical.WordKnowledge knowledge;

    Affix(String name, Options o, CollectionSpec spec) {
      super(name, "affix", o, spec);
      this.knowledge = dev.deja.core.lexical.WordKnowledges.defaults();
    }

    /** Letters only, lower case, accents folded: "Twee-factor authenticatie" → "tweefactorauthenticatie". */
    private static String letters(String s) {
      return dev.deja.core.normalize.Analyzer.STANDARD.normalize(s).replaceAll("[^\\p{L}\\p{N}]", "");
    }

    @Override
    protected Optional<Conflict> conflict(String a, String b) {
      String x = letters(a);
      String y = letters(b);
      if (x.equals(y) || x.isEmpty() || y.isEmpty()) {
        return Optional.empty();
      }
      for (String p : lexicon.negatingPrefixes()) {
        if (x.equals(p + y) || y.equals(p + x)) {
          String longer = x.length() > y.length() ? x : y;
          String shorter = x.length() > y.length() ? y : x;
          return Optional.of(Conflict.of("'" + longer + "' is '" + shorter + "' with the negating prefix '" + p
              + "-'", a, b));
        }
      }
      int pre = 0;
      while (pre < Math.min(x.length(), y.length()) && x.charAt(pre) == y.charAt(pre)) {
        pre++;
      }
      int suf = 0;
      while (suf < Math.min(x.length(), y.length()) - pre
          && x.charAt(x.length() - 1 - suf) == y.charAt(y.length() - 1 - suf)) {
        suf++;
      }
      String mx = x.substring(pre, x.length() - suf);
      String my = y.substring(pre, y.length() - suf);
      // Widen the differing parts to whole number words: "eenfactor" / "tweefactor" differ in "een" / "twee", but
      // "drie" / "vier" share nothing while "zeven" / "negen" share the "en" that ends both.
      for (int back = 0; back <= Math.min(3, pre); back++) {
        for (int fwd = 0; fwd <= Math.min(3, suf); fwd++) {
          String px = x.substring(pre - back, x.length() - suf + fwd);
          String py = y.substring(pre - back, y.length() - suf + fwd);
          Optional<Double> vx = px.isEmpty() ? Optional.empty() : knowledge.compoundNumberValue(px);
          Optional<Double> vy = py.isEmpty() ? Optional.empty() : knowledge.compoundNumberValue(py);
          boolean one = vx.isPresent() && py.isEmpty() || vy.isPresent() && px.isEmpty();
          if (vx.isPresent() && vy.isPresent() && !vx.get().equals(vy.get()) || one) {
            return Optional.of(Conflict.of("the terms differ in a number: '" + px + "' / '" + py + "'", a, b));
          }
        }
      }
      return Optional.empty();
    }
  }
}
