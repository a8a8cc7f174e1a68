package dev.deja.core.guard;

import dev.deja.core.lexical.Unit;
import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lengths, weights, volumes, temperatures and speeds however written: "1.8 m" = "180 cm", "70 kg" = "154 lbs", "5
 * miles" = "8 km", "20 °C" = "68 °F" (durations are {@link DurationReadings}'). The numbers alone cannot tell that "I'm 1.8 m tall." and "I'm 180 cm tall."
 * state one height (they read [1.8] against [180]); the quantities can.
 *
 * <p>A quantity is an amount (digits, or one number word) and, right after it, with or without a space, the name of a
 * unit in the text's language or in English ({@link WordKnowledge#unit}: ICU's unit names; the longest of up to three
 * words). Two texts state the same quantities when each quantity of one pairs, one to one, with a quantity of the
 * other of the same dimension whose amount in the base unit is the same — within 2%, or within 0.6 degrees for a
 * temperature, when the units differ; exactly when they are the same — and at least one pair is in other units (the
 * numbers already compare amounts in the same unit). Their amounts then say nothing more than the quantities do
 * ({@link #withoutAmounts}).
 *
 * <p>Thread-safe: stateless.
 */
public final class QuantityReadings {
  private QuantityReadings() {}

  /**
   * One quantity of a text.
   *
   * @param unit the unit it is stated in
   * @param amount the amount in that unit
   * @param base the amount in the dimension's base unit
   * @param words the unit's words as the text writes them, lower case ("kilometres", "degrees celsius")
   */
  public record Quantity(Unit unit, double amount, double base, List<String> words) {}

  private static final double TOLERANCE = 0.02;
  private static final double DEGREES = 0.6;
  private static final int MAX_UNIT_WORDS = 3;
  /** Digits as {@link NumberReadings} reads them: "1,500" is 1500, "1.8" is 1.8. */
  private static final Pattern AMOUNT =
      Pattern.compile("(?<![\\p{L}\\p{N}.,])(\\d+(?:,\\d{3})*(?:\\.\\d+)?)(?![.,]?\\d)");
  private static final Pattern WORD = Pattern.compile("[^\\s\\d]+");

  /** The quantities of a text, in order; empty when it names no unit after an amount. */
  public static List<Quantity> read(String text, WordKnowledge knowledge, String language) {
    List<Quantity> out = new ArrayList<>();
    String t = text.toLowerCase(Locale.ROOT).replace('\u00a0', ' ');
    Matcher m = AMOUNT.matcher(t);
    while (m.find()) {
      double amount = Double.parseDouble(m.group(1).replace(",", ""));
      unitAfter(t, m.end(), knowledge, language).ifPresent(u -> out.add(quantity(u, amount)));
    }
    if (knowledge.numberValue("two").isEmpty()) {
      return out; // no number words to read
    }
    Matcher w = WORD.matcher(t);
    while (w.find()) {
      String word = trim(w.group());
      if (word.isEmpty() || !word.chars().allMatch(Character::isLetter)) {
        continue;
      }
      Optional<Double> v = knowledge.numberValue(word, language);
      if (v.isPresent()) {
        unitAfter(t, w.end(), knowledge, language).ifPresent(u -> out.add(quantity(u, v.get())));
      }
    }
    return out;
  }

  private record Named(Unit unit, List<String> words) {}

  private static Quantity quantity(Named u, double amount) {
    return new Quantity(u.unit(), amount, u.unit().toBase().applyAsDouble(amount), u.words());
  }

  /** The longest unit name (up to three words) right after {@code from}, with or without a space. */
  private static Optional<Named> unitAfter(String t, int from, WordKnowledge knowledge, String language) {
    List<String> words = new ArrayList<>();
    Matcher w = WORD.matcher(t);
    int at = from;
    while (words.size() < MAX_UNIT_WORDS && w.find(at)) {
      // The first word starts right after the amount or one space later; the next ones after one space each.
      String gap = t.substring(at, w.start());
      if (!(gap.isEmpty() || gap.equals(" "))) {
        break;
      }
      words.add(w.group());
      at = w.end();
    }
    for (int n = words.size(); n >= 1; n--) {
      List<String> phrase = new ArrayList<>(words.subList(0, n));
      phrase.set(n - 1, trim(phrase.get(n - 1)));
      Optional<Unit> u = knowledge.unit(String.join(" ", phrase), language);
      // Durations are DurationReadings' ("a fortnight" / "two weeks").
      if (u.isPresent() && !u.get().dimension().startsWith("duration")) {
        return Optional.of(new Named(u.get(), List.copyOf(phrase)));
      }
    }
    return Optional.empty();
  }

  /** A word without the punctuation that closes a sentence or a clause after it ("km." → "km"). */
  private static String trim(String w) {
    int end = w.length();
    while (end > 0 && ".,;:!?)\"'".indexOf(w.charAt(end - 1)) >= 0) {
      end--;
    }
    return w.substring(0, end);
  }

  /**
   * Whether two texts state the same quantities: each of one pairs, one to one, with one of the other of the same
   * dimension and the same amount (within 2%, or 0.6 degrees, in other units; exactly in the same unit), and at least
   * one pair is in other units.
   */
  public static boolean same(List<Quantity> a, List<Quantity> b) {
    int[] partners = OneToOne.partners(a, b, QuantityReadings::agree);
    if (partners == null) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).unit().id().equals(b.get(partners[i]).unit().id())) {
        return true;
      }
    }
    return false;
  }

  private static boolean agree(Quantity x, Quantity y) {
    if (!x.unit().dimension().equals(y.unit().dimension())) {
      return false;
    }
    if (x.unit().id().equals(y.unit().id())) {
      return x.amount() == y.amount();
    }
    double d = Math.abs(x.base() - y.base());
    return x.unit().dimension().equals("temperature") ? d <= DEGREES
        : d <= TOLERANCE * Math.max(Math.abs(x.base()), Math.abs(y.base()));
  }

  /** The numbers of a text without the amounts of its quantities ("180 cm" leaves no 180 to compare). */
  public static NumberReadings.Numbers withoutAmounts(NumberReadings.Numbers n, List<Quantity> quantities) {
    List<Double> rest = new ArrayList<>(n.numbers());
    for (Quantity q : quantities) {
      rest.remove(Double.valueOf(q.amount()));
    }
    return new NumberReadings.Numbers(rest, n.times(), n.orders());
  }

  /** The quantities described for evidence: "[1.8 m, 5 mi]". */
  public static String describe(List<Quantity> quantities) {
    List<String> out = new ArrayList<>();
    for (Quantity q : quantities) {
      double a = q.amount();
      out.add((a == Math.rint(a) ? Long.toString((long) a) : Double.toString(a)) + " " + String.join(" ", q.words()));
    }
    return out.toString();
  }
}
