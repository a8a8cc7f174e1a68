package dev.deja.lexicon;

import com.ibm.icu.impl.units.UnitsConverter;
import com.ibm.icu.text.MeasureFormat;
import com.ibm.icu.util.Measure;
import com.ibm.icu.util.MeasureUnit;
import com.ibm.icu.util.ULocale;
import dev.deja.core.lexical.Unit;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Units of length, mass, volume, temperature, speed and duration by their names in English (US and UK spelling), German, Dutch,
 * Spanish, Portuguese and French, read off ICU's measure formats (CLDR data): each unit of those dimensions is
 * formatted with one and with five, in full and short ("1 kilometre" / "5 kilometres" / "5 km", "5 Pfund", "5 °C"),
 * and what stands beside the number is its name; amounts convert to the dimension's base unit with ICU's unit
 * conversion data (metres, kilograms, cubic metres, kelvin, metres per second, seconds).
 *
 * <p>Names are compared as {@link NumberWords#key} compares number words (lower case, accents folded). Left out: short
 * names of one letter other than "m", "g" and "l", and short names that are English words or abbreviations of other
 * things ("in" for inches, "st" for stone, "pt", "dr", "ct", "pi"): a number before them is more often something
 * else. English short names of two letters or more also take a plural "s" ("lbs", "kgs"). A name two units share in
 * different languages keeps the first unit found (English first).
 *
 * <p>Thread-safe: immutable after construction.
 */
final class UnitNames {
  private static final List<String> DIMENSIONS = List.of("length", "mass", "volume", "temperature", "speed",
      "duration");
  private static final Map<String, String> BASES = Map.of("length", "meter", "mass", "kilogram", "volume",
      "cubic-meter", "temperature", "kelvin", "speed", "meter-per-second", "duration", "second");
  private static final List<String> LOCALES = List.of("en", "en-GB", "de", "nl", "es", "pt", "fr");
  private static final java.util.Set<String> AMBIGUOUS = java.util.Set.of("in", "st", "pt", "dr", "ct", "pi", "c",
      "t", "k", "qt", "gr", "p", "cl", "dl", "pc", "ly", "au", "fur", "fth", "ftm", "nmi", "smi", "r");

  /** By language, the names of units ("km" → kilometer). */
  private final Map<String, Map<String, Unit>> byLanguage = new HashMap<>();

  UnitNames() {
    Map<String, Unit> units = new HashMap<>();
    for (String dimension : DIMENSIONS) {
      for (MeasureUnit u : MeasureUnit.getAvailable(dimension)) {
        Unit unit = unit(dimension, u);
        if (unit != null) {
          units.put(u.getIdentifier(), unit);
        }
      }
    }
    for (String locale : LOCALES) {
      String lang = locale.substring(0, 2);
      Map<String, Unit> names = byLanguage.computeIfAbsent(lang, k -> new HashMap<>());
      ULocale loc = ULocale.forLanguageTag(locale);
      for (MeasureFormat.FormatWidth width : List.of(MeasureFormat.FormatWidth.WIDE, MeasureFormat.FormatWidth.SHORT)) {
        MeasureFormat f = MeasureFormat.getInstance(loc, width);
        for (String dimension : DIMENSIONS) {
          for (MeasureUnit u : MeasureUnit.getAvailable(dimension)) {
            Unit unit = units.get(u.getIdentifier());
            if (unit == null) {
              continue;
            }
            for (int n : new int[] {1, 5}) {
              String name = name(f.format(new Measure(n, u)), Integer.toString(n));
              if (name != null && (width == MeasureFormat.FormatWidth.WIDE || usableShort(name))) {
                names.putIfAbsent(name, unit);
                // English writes a plural "s" onto a short name too ("lbs", "kgs").
                if (lang.equals("en") && width == MeasureFormat.FormatWidth.SHORT && name.length() > 1
                    && name.chars().allMatch(Character::isLetter)) {
                  names.putIfAbsent(name + "s", unit);
                }
              }
            }
          }
        }
      }
    }
    byLanguage.replaceAll((k, v) -> Map.copyOf(v));
  }

  /** The unit a lower-case word or phrase names in a text of {@code language}, or in English. */
  Optional<Unit> unit(String phrase, String language) {
    String k = NumberWords.key(phrase);
    Map<String, Unit> own = byLanguage.get(language);
    Unit u = own == null ? null : own.get(k);
    if (u == null) {
      u = byLanguage.get("en").get(k);
    }
    return Optional.ofNullable(u);
  }

  private static Unit unit(String dimension, MeasureUnit u) {
    if (u.getIdentifier().endsWith("-person")) {
      return null; // the same unit for a person's age ("day-person"): its names are the plain unit's
    }
    Unit plain = convertible(dimension, u, BASES.get(dimension));
    // ICU's calendar units (month, year, decade, century) convert to years, not to seconds.
    return plain != null || !dimension.equals("duration") ? plain : convertible("duration-year", u, "year");
  }

  private static Unit convertible(String dimension, MeasureUnit u, String base) {
    try {
      UnitsConverter c = new UnitsConverter(u.getIdentifier(), base);
      c.convert(BigDecimal.ONE);
      return new Unit(dimension, u.getIdentifier(), x -> c.convert(BigDecimal.valueOf(x)).doubleValue());
    } catch (RuntimeException e) {
      return null; // a unit ICU cannot convert to the base (a compound or an unknown one): not read
    }
  }

  /** The unit's name in a formatted measure: the text without the number, or null when none is left. */
  private static String name(String formatted, String number) {
    int i = formatted.indexOf(number);
    if (i < 0) {
      return null;
    }
    String rest = (formatted.substring(0, i) + " " + formatted.substring(i + number.length())).replace('\u00a0', ' ')
        .replace('\u202f', ' ');
    String k = NumberWords.key(rest);
    return k.isEmpty() || k.chars().anyMatch(Character::isDigit) ? null : k;
  }

  private static boolean usableShort(String name) {
    String bare = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    if (AMBIGUOUS.contains(bare)) {
      return false;
    }
    return bare.length() > 1 || bare.equals("m") || bare.equals("g") || bare.equals("l");
  }
}
