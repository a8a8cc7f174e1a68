package dev.deja.core.guard;

import dev.deja.core.lexical.WordKnowledge;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decades, of years or of a life, however written: "the 90s", "the '90s", "the 1990s", "the nineties", "in my 30s" /
 * "in my thirties". A decade is a span, not a number: "in her 90s" is not "is 90", and "the 1990s" is not the year
 * 1990.
 *
 * <p>In digits, two or four digits ending in 0 with an "s" after them (an apostrophe before the "s" or before the
 * digits allowed); in words, the plural of a number word of tens — "thirties" is the plural of "thirty", read by the
 * word knowledge's number words (ICU's spell-out), so only where the word knowledge reads English number words. Two
 * texts state the same decades when each decade of one has one of the other, one to one, with the same tens and the
 * same century or a century in one text only ("the 90s" / "the 1990s").
 *
 * <p>Thread-safe: stateless.
 */
public final class DecadeReadings {
  private DecadeReadings() {}

  /**
   * One decade of a text.
   *
   * @param tens its tens (90 for "the nineties")
   * @param century its century (19 for "the 1990s"), or -1 when the text does not say
   * @param word the word the text writes for it, lower case ("90s", "nineties")
   */
  public record Decade(int tens, int century, String word) {
    String describe() {
      return (century >= 0 ? century * 100 + tens : tens) + "s";
    }
  }

  private static final Pattern DIGITS =
      Pattern.compile("(?<![\\p{L}\\p{N}])['’]?(\\d{2}|\\d{4})['’]?s(?![\\p{L}\\p{N}])");
  private static final Pattern PLURAL = Pattern.compile("(?<![\\p{L}\\p{N}])(\\p{L}+)ies(?![\\p{L}\\p{N}])");

  /** The decades of a text: those written in digits, in order, then those in words. */
  public static List<Decade> read(String text, WordKnowledge knowledge) {
    List<Decade> out = new ArrayList<>();
    String t = text.toLowerCase(Locale.ROOT);
    Matcher m = DIGITS.matcher(t);
    while (m.find()) {
      int value = Integer.parseInt(m.group(1));
      if (value % 10 == 0) {
        String word = m.group().replaceAll("^['’]", "");
        out.add(m.group(1).length() == 2 ? new Decade(value, -1, word) : new Decade(value % 100, value / 100, word));
      }
    }
    if (t.contains("ies")) {
      Matcher w = PLURAL.matcher(t);
      while (w.find()) {
        Optional<Double> v = knowledge.numberValue(w.group(1) + "y");
        if (v.isPresent() && v.get() >= 20 && v.get() <= 90 && v.get() % 10 == 0) {
          out.add(new Decade(v.get().intValue(), -1, w.group()));
        }
      }
    }
    return out;
  }

  /** Whether two texts state the same decades (at least one). */
  public static boolean same(List<Decade> a, List<Decade> b) {
    return OneToOne.partners(a, b, (x, y) -> x.tens() == y.tens()
        && (x.century() < 0 || y.century() < 0 || x.century() == y.century())) != null;
  }

  /**
   * The numbers without those the decades were read as ("90s" is no 90, "1990s" no 1990): a decade is compared as a
   * decade.
   */
  public static NumberReadings.Numbers withoutDecades(NumberReadings.Numbers n, List<Decade> decades) {
    if (decades.isEmpty()) {
      return n;
    }
    List<Double> rest = new ArrayList<>(n.numbers());
    for (Decade d : decades) {
      if (d.century() < 0 || !rest.remove(Double.valueOf(d.century() * 100 + d.tens()))) {
        rest.remove(Double.valueOf(d.tens()));
      }
    }
    return new NumberReadings.Numbers(rest, n.times(), n.orders());
  }

  /** The decades described for evidence: "[1990s, 30s]". */
  public static String describe(List<Decade> decades) {
    return decades.stream().map(Decade::describe).toList().toString();
  }
}
