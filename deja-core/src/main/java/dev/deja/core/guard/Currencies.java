package dev.deja.core.guard;

import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The currencies a text states its amounts in, so that "Sam owes me £50." / "Sam owes me $50." and "My rent is €900
 * a month." / "My rent is 900 dollars a month." are other amounts (the analyzer drops the symbols: without this both
 * texts of the first pair read "sam owes me 50").
 *
 * <p>The symbols and names come from the JDK's currency data (CLDR), not a list of ours: the symbol English writes
 * for each currency ({@code Currency.getSymbol(Locale.US)}: "$" dollar, "£" pound, "€" euro, "¥" yen, "₹" rupee, "₩"
 * won, …; each country's own symbols, such as "₽", would cost seconds of locale data at first use and are not read);
 * a currency's name is the last word of its English name ("British
 * Pound" → "pound"), read as a currency right after an amount ("fifty pounds", "200 euros", "20k dollars") when the
 * currency has a symbol.
 *
 * <p>Thread-safe: immutable after class initialisation.
 */
final class Currencies {
  private Currencies() {}

  /** Currency symbols and the name of their currency. */
  private static final Map<Integer, String> SYMBOLS = symbols();
  /**
   * The names of the currencies that have a symbol ("dollar", "pound", "euro", "yen", "rupee", …). Other currencies'
   * names are often words of their own after a number ("2 gold cards": the Zimbabwe Gold; "3 real friends", "2 marks")
   * and are not read.
   */
  private static final Set<String> NAMES = Set.copyOf(SYMBOLS.values());

  private static Map<Integer, String> symbols() {
    Map<Integer, String> out = new TreeMap<>();
    for (Currency c : Currency.getAvailableCurrencies()) {
      Integer symbol = symbol(c.getSymbol(Locale.US));
      if (symbol != null && !c.getCurrencyCode().equals("XXX")) {
        out.putIfAbsent(symbol, name(c));
      }
    }
    return Map.copyOf(out);
  }

  /** The code point of a symbol of one currency-symbol character ("£", "₹"); else null ("US$", "CHF"). */
  private static Integer symbol(String s) {
    return s.codePointCount(0, s.length()) == 1 && Character.getType(s.codePointAt(0)) == Character.CURRENCY_SYMBOL
        ? s.codePointAt(0) : null;
  }

  private static String name(Currency c) {
    String name = c.getDisplayName(Locale.ENGLISH);
    return name.substring(name.lastIndexOf(' ') + 1).toLowerCase(Locale.ROOT);
  }

  /**
   * The currencies a text names: its currency symbols, and currency names right after an amount (digits, or a number
   * word of the lexicon: "fifty pounds", "a hundred euros" by "hundred").
   */
  static Set<String> of(String text, List<String> words, Lexicon lex) {
    Set<String> out = new TreeSet<>();
    text.codePoints().forEach(cp -> {
      String name = SYMBOLS.get(cp);
      if (name != null) {
        out.add(name);
      }
    });
    for (int i = 1; i < words.size(); i++) {
      String w = words.get(i);
      String name = NAMES.contains(w) ? w : w.endsWith("s") && NAMES.contains(w.substring(0, w.length() - 1))
          ? w.substring(0, w.length() - 1) : null;
      if (name != null && amount(words.get(i - 1), lex)) {
        out.add(name);
      }
    }
    return out;
  }

  /**
   * Whether a word is an amount: digits, a number word of the lexicon ("fifty", "one"; not only the small ones that
   * {@link NumberReadings#wordNumber} reads as a count) or a multiplier ("hundred").
   */
  private static boolean amount(String w, Lexicon lex) {
    return !w.isEmpty() && Character.isDigit(w.charAt(0)) || w.equals("one") || lex.numberWords().containsKey(w)
        || lex.multipliers().containsKey(w);
  }

  /**
   * The currencies of two texts that both state amounts, described, when each names a currency and they name none in
   * common ("£50" / "$50": "[pound] vs [dollar]"); null otherwise.
   */
  static String conflict(TextProfile a, TextProfile b, Lexicon lex) {
    if (a.numbers().numbers().isEmpty() || b.numbers().numbers().isEmpty()) {
      return null;
    }
    Set<String> x = of(a.text(), a.words(), lex);
    Set<String> y = of(b.text(), b.words(), lex);
    if (x.isEmpty() || y.isEmpty() || x.stream().anyMatch(y::contains)) {
      return null;
    }
    return x + " vs " + y;
  }
}
