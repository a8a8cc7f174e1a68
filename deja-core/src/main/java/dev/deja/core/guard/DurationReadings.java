package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The durations an English text states, in seconds, so that one written in other units or words is the same
 * duration: "two weeks" = "a fortnight" = "14 days", "ten years" = "a decade", "a 15-minute break" = "a quarter of an
 * hour", "an hour and a half" = "90 minutes". A duration needs an amount — digits, number words, "a" before a unit that
 * is itself several ("a fortnight", "a decade"), "half a(n)", "a quarter of an", "three quarters of an", "… and a half"
 * — so the "a week" of a rate ("twice a week") is not one. A month is a twelfth of a 365-day year.
 *
 * <p>Thread-safe: stateless.
 */
public final class DurationReadings {
  private DurationReadings() {}

  /**
   * One duration of a text.
   *
   * @param amount the amount as written ("two weeks": 2; "a fortnight": 1)
   * @param unit the unit, singular ("week", "fortnight")
   * @param seconds the duration in seconds
   */
  public record Duration(double amount, String unit, double seconds) {}

  private static final double YEAR = 365 * 86400.0;
  private static final Map<String, Double> UNITS = Map.ofEntries(Map.entry("second", 1.0), Map.entry("sec", 1.0),
      Map.entry("minute", 60.0), Map.entry("min", 60.0), Map.entry("hour", 3600.0), Map.entry("hr", 3600.0),
      Map.entry("day", 86400.0), Map.entry("week", 7 * 86400.0), Map.entry("wk", 7 * 86400.0),
      Map.entry("fortnight", 14 * 86400.0), Map.entry("month", YEAR / 12), Map.entry("year", YEAR),
      Map.entry("yr", YEAR), Map.entry("decade", 10 * YEAR), Map.entry("century", 100 * YEAR));
  /** Units that are several of another: "a fortnight" is a duration, "a week" (as in "twice a week") need not be. */
  private static final List<String> MULTIPLES = List.of("fortnight", "decade", "century");
  private static final Pattern TOKEN = Pattern.compile("\\d+(?:\\.\\d+)?|\\p{L}+");
  /** The longest number phrase looked up before a unit ("one hundred and twenty"). */
  private static final int MAX_NUMBER_WORDS = 4;
  /** Two durations are the same when they differ by less than this share. */
  private static final double TOLERANCE = 0.02;

  /** The durations of a text; none unless the lexicon is English (the unit words are). */
  public static List<Duration> read(String text, Lexicon lex, WordKnowledge knowledge) {
    if (!lex.language().equals("en")) {
      return List.of();
    }
    List<String> words = TextSignals.tokens(text, TOKEN);
    List<Duration> out = new ArrayList<>();
    for (int j = 0; j < words.size(); j++) {
      String unit = unit(words.get(j));
      if (unit == null) {
        continue;
      }
      Optional<Double> amount = amount(words, j, unit, knowledge);
      if (amount.isPresent()) {
        out.add(new Duration(amount.get(), unit, amount.get() * UNITS.get(unit)));
      }
    }
    return out;
  }

  /**
   * Whether two texts state the same durations (as sets, each within 2%), both stating at least one: their amounts
   * then say nothing more than the durations do.
   */
  public static boolean same(List<Duration> a, List<Duration> b) {
    return !a.isEmpty() && !b.isEmpty() && covered(a, b) && covered(b, a);
  }

  /** The numbers of a text without the amounts of its durations ("two weeks" leaves no 2 to compare). */
  public static NumberReadings.Numbers withoutAmounts(NumberReadings.Numbers n, List<Duration> durations) {
    List<Double> rest = new ArrayList<>(n.numbers());
    for (Duration d : durations) {
      rest.removeIf(v -> v == d.amount());
    }
    return new NumberReadings.Numbers(rest, n.times(), n.orders());
  }

  /**
   * Whether every period word a text's contrasts name ("week", "fortnight") is the unit of one of its durations: the
   * words then say how long, which the durations compare, not how often.
   */
  public static boolean unitsOnly(java.util.Set<String> periods, List<Duration> durations) {
    return durations.stream().map(Duration::unit).collect(java.util.stream.Collectors.toSet()).containsAll(periods);
  }

  private static boolean covered(List<Duration> xs, List<Duration> ys) {
    for (Duration x : xs) {
      if (ys.stream().noneMatch(y -> Math.abs(x.seconds() - y.seconds()) <= TOLERANCE * Math.max(x.seconds(),
          y.seconds()))) {
        return false;
      }
    }
    return true;
  }

  /** The unit a word names, singular ("weeks" → "week"), or null when it names none. */
  static String unit(String word) {
    if (UNITS.containsKey(word)) {
      return word;
    }
    if (word.equals("centuries")) {
      return "century";
    }
    if (word.endsWith("s") && UNITS.containsKey(word.substring(0, word.length() - 1))) {
      return word.substring(0, word.length() - 1);
    }
    return null;
  }

  private static Optional<Double> amount(List<String> words, int j, String unit, WordKnowledge knowledge) {
    boolean andAHalf = j + 3 < words.size() && words.get(j + 1).equals("and") && words.get(j + 2).equals("a")
        && words.get(j + 3).equals("half");
    double extra = andAHalf ? 0.5 : 0;
    String before = j >= 1 ? words.get(j - 1) : "";
    boolean article = before.equals("a") || before.equals("an");
    if (article && j >= 2 && words.get(j - 2).equals("half") || before.equals("half")) {
      return Optional.of(0.5);
    }
    if (article && j >= 4 && words.get(j - 2).equals("of") && words.get(j - 3).startsWith("quarter")) {
      String n = words.get(j - 4);
      return Optional.of(n.equals("three") ? 0.75 : n.equals("a") || n.equals("one") ? 0.25 : -1.0)
          .filter(v -> v > 0);
    }
    if (article && (MULTIPLES.contains(unit) || andAHalf)) {
      return Optional.of(1 + extra);
    }
    if (!before.isEmpty() && Character.isDigit(before.charAt(0))) {
      return Optional.of(Double.parseDouble(before) + extra);
    }
    for (int len = Math.min(MAX_NUMBER_WORDS, j); len >= 1; len--) {
      List<String> span = new ArrayList<>(words.subList(j - len, j));
      if (span.get(0).equals("a") && len > 1) {
        span.set(0, "one");
      }
      if (span.get(0).equals("and") || span.get(0).equals("a") || span.get(0).equals("an")) {
        continue;
      }
      // An ordinal counts which one, not how many: "my second year", "the fourth week".
      String last = span.get(len - 1);
      if (last.endsWith("th") || last.endsWith("first") || last.endsWith("second") || last.endsWith("third")) {
        return Optional.empty();
      }
      Optional<Double> v = knowledge.numberValue(String.join(" ", span));
      if (v.isPresent()) {
        return Optional.of(v.get() + extra);
      }
    }
    return Optional.empty();
  }
}
