package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How often an English text says something happens, as the period between two occurrences in days, so that one written
 * in other words is the same rate: "every six months" = "twice a year", "every other Friday" = "every second Friday",
 * "monthly" = "once a month", "three times a week" = "3x a week"; and "every other Thursday" is not "on Thursdays each
 * week". A rate is read from "every" or "each" before an optional count and a unit or a weekday ("every morning", "each
 * Sunday", "every 3 weeks"), from a count of times before "a", "an", "per" or "each" and a unit, or before a period's
 * adverb ("twice a day", "two times per week", "3x a week", "two times daily"), from the adverbs of a period ("daily",
 * "weekly", "annually") and from a weekday in the plural after "on" ("on Thursdays", which says every week). Amounts of
 * money per period ("€400 a month") have no count of times and are not rates.
 *
 * <p>Thread-safe: stateless.
 */
public final class RateReadings {
  private RateReadings() {}

  /**
   * One rate of a text.
   *
   * @param amount the count as written, or 0 when there is none ("every other week": 0; "every six months": 6;
   *     "twice a year": 2)
   * @param days the period between two occurrences, in days
   * @param phrase the words it was read from, for explanations
   */
  public record Rate(double amount, double days, String phrase) {}

  private static final double YEAR = 365;
  private static final Map<String, Double> UNITS = Map.ofEntries(Map.entry("hour", 1 / 24.0),
      Map.entry("day", 1.0), Map.entry("night", 1.0), Map.entry("morning", 1.0), Map.entry("afternoon", 1.0),
      Map.entry("evening", 1.0), Map.entry("week", 7.0), Map.entry("weekend", 7.0), Map.entry("fortnight", 14.0),
      Map.entry("month", YEAR / 12), Map.entry("quarter", YEAR / 4), Map.entry("year", YEAR));
  private static final Set<String> WEEKDAYS = Set.of("monday", "tuesday", "wednesday", "thursday", "friday",
      "saturday", "sunday");
  /** Units and adverbs that name a part of the day or week, not only its length: "every night" is not "every day". */
  private static final Set<String> NAMED_PARTS = Set.of("night", "morning", "afternoon", "evening", "weekend",
      "nightly");
  private static final Map<String, Double> ADVERBS = Map.of("hourly", 1 / 24.0, "daily", 1.0, "nightly", 1.0,
      "weekly", 7.0, "fortnightly", 14.0, "monthly", YEAR / 12, "quarterly", YEAR / 4, "yearly", YEAR,
      "annually", YEAR);
  private static final Map<String, Double> TIMES = Map.of("once", 1.0, "twice", 2.0, "thrice", 3.0);
  /** Ordinals that say "every n-th" after "every": "every second Friday" (every other), "every third week". */
  private static final Map<String, Double> ORDINALS = Map.of("other", 2.0, "second", 2.0, "third", 3.0,
      "fourth", 4.0);
  /** The words between a count of times and its unit: "twice a day", "three times per week". */
  private static final Set<String> PER = Set.of("a", "an", "per", "each", "every");
  private static final Pattern TOKEN = Pattern.compile("\\d+(?:\\.\\d+)?x?|\\p{L}+");
  /** Two rates are the same when their periods differ by less than this share. */
  private static final double TOLERANCE = 0.02;

  /** The rates of a text; none unless the lexicon is English (the words are). */
  public static List<Rate> read(String text, Lexicon lex, WordKnowledge knowledge) {
    if (!lex.language().equals("en")) {
      return List.of();
    }
    List<String> w = TextSignals.tokens(text, TOKEN);
    List<Rate> out = new ArrayList<>();
    for (int i = 0; i < w.size(); i++) {
      String t = w.get(i);
      if (ADVERBS.containsKey(t)) {
        // "two times daily" is read at "times".
        if (i == 0 || !timesWord(w.get(i - 1))) {
          out.add(new Rate(0, ADVERBS.get(t), t));
        }
      } else if (t.equals("every") || t.equals("each")) {
        every(w, i, knowledge).ifPresent(out::add);
      } else if (t.equals("on") && i + 1 < w.size() && w.get(i + 1).endsWith("s")
          && WEEKDAYS.contains(w.get(i + 1).substring(0, w.get(i + 1).length() - 1))) {
        out.add(new Rate(0, 7, "on " + w.get(i + 1)));
      } else {
        times(w, i, knowledge).ifPresent(out::add);
      }
    }
    return out;
  }

  /** "every [count] unit": "every six months", "every other Friday", "each morning". */
  private static Optional<Rate> every(List<String> w, int i, WordKnowledge knowledge) {
    int j = i + 1;
    double count = 0;
    double multiple = 1;
    if (j < w.size() && ORDINALS.containsKey(w.get(j))) {
      multiple = ORDINALS.get(w.get(j));
      // "second" is also read as the number 2, which the rate then explains; "other" is no number.
      count = w.get(j).equals("other") ? 0 : multiple;
      j++;
    } else if (j < w.size()) {
      Optional<Double> n = number(w.get(j), knowledge);
      if (n.isPresent() && n.get() > 0) {
        count = n.get();
        multiple = count;
        j++;
      }
    }
    if (j >= w.size()) {
      return Optional.empty();
    }
    Double unit = unit(w.get(j));
    if (unit == null && WEEKDAYS.contains(singular(w.get(j)))) {
      unit = 7.0;
    }
    return unit == null ? Optional.empty()
        : Optional.of(new Rate(count, unit * multiple, String.join(" ", w.subList(i, j + 1))));
  }

  /** "twice a day", "three times per week", "3x a week", "once each month", "two times daily". */
  private static Optional<Rate> times(List<String> w, int i, WordKnowledge knowledge) {
    String t = w.get(i);
    double count;
    int j;
    if (TIMES.containsKey(t)) {
      count = TIMES.get(t);
      j = i + 1;
    } else if (multiplied(t)) {
      count = Double.parseDouble(t.substring(0, t.length() - 1));
      j = i + 1;
    } else if (t.equals("times") && i > 0) {
      Optional<Double> n = number(w.get(i - 1), knowledge);
      if (n.isEmpty()) {
        return Optional.empty();
      }
      count = n.get();
      j = i + 1;
    } else {
      return Optional.empty();
    }
    int from = t.equals("times") ? i - 1 : i;
    if (count > 0 && j < w.size() && ADVERBS.containsKey(w.get(j))) {
      return Optional.of(new Rate(count, ADVERBS.get(w.get(j)) / count, String.join(" ", w.subList(from, j + 1))));
    }
    if (count <= 0 || j + 1 >= w.size() || !PER.contains(w.get(j))) {
      return Optional.empty();
    }
    Double unit = unit(w.get(j + 1));
    return unit == null ? Optional.empty()
        : Optional.of(new Rate(count, unit / count, String.join(" ", w.subList(from, j + 2))));
  }

  /**
   * Whether rates say only how often: none names a weekday or a part of the day ("every Sunday", "every night" say
   * when as well, and "every night" is not "every day" though both recur daily).
   */
  static boolean onlyHowOften(List<Rate> rates) {
    for (Rate r : rates) {
      for (String w : r.phrase().split(" ")) {
        if (WEEKDAYS.contains(singular(w)) || NAMED_PARTS.contains(singular(w))) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether a word of a rate is its count of times ("twice", "times", "3x") or its period ("weekly", "months"). */
  static boolean periodWord(String w) {
    return timesWord(w) || ADVERBS.containsKey(w) || unit(w) != null;
  }

  private static boolean timesWord(String t) {
    return TIMES.containsKey(t) || t.equals("times") || multiplied(t);
  }

  /** A count written with "x": "3x". */
  private static boolean multiplied(String t) {
    return t.endsWith("x") && t.length() > 1 && Character.isDigit(t.charAt(0));
  }

  private static Optional<Double> number(String word, WordKnowledge knowledge) {
    if (Character.isDigit(word.charAt(0))) {
      return word.endsWith("x") ? Optional.empty() : Optional.of(Double.parseDouble(word));
    }
    return knowledge.numberValue(word);
  }

  private static Double unit(String word) {
    return UNITS.get(singular(word));
  }

  private static String singular(String word) {
    return word.endsWith("s") && word.length() > 3 ? word.substring(0, word.length() - 1) : word;
  }

  /** Whether two texts state the same rates (as sets, each within 2%), both stating at least one. */
  public static boolean same(List<Rate> a, List<Rate> b) {
    return !a.isEmpty() && !b.isEmpty() && covered(a, b) && covered(b, a);
  }

  /** Whether both texts state a rate and they are not the same rates. */
  public static boolean differ(List<Rate> a, List<Rate> b) {
    return !a.isEmpty() && !b.isEmpty() && !same(a, b);
  }

  /** The numbers of a text without the counts of its rates ("every six months" leaves no 6 to compare). */
  public static NumberReadings.Numbers withoutAmounts(NumberReadings.Numbers n, List<Rate> rates) {
    List<Double> rest = new ArrayList<>(n.numbers());
    for (Rate r : rates) {
      if (r.amount() > 0) {
        rest.remove(r.amount());
      }
    }
    return new NumberReadings.Numbers(rest, n.times(), n.orders());
  }

  /** How a text's rates read in an explanation: "['every six months' (every 182.5 days)]". */
  public static String describe(List<Rate> rates) {
    return rates.stream().map(r -> "'" + r.phrase() + "' (every " + days(r.days()) + ")").toList().toString();
  }

  private static String days(double d) {
    if (d < 1) {
      return Math.round(d * 24) + " h";
    }
    return (d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.1f", d)) + " days";
  }

  private static boolean covered(List<Rate> xs, List<Rate> ys) {
    for (Rate x : xs) {
      if (ys.stream().noneMatch(y -> Math.abs(x.days() - y.days()) <= TOLERANCE * Math.max(x.days(), y.days()))) {
        return false;
      }
    }
    return true;
  }
}
