package dev.deja.stream;

import dev.deja.core.guard.Lexicon;
import dev.deja.core.guard.NumberReadings;
import dev.deja.core.normalize.LightStemmer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the judge compares about one unit, computed once when the unit completes: the normalised text, weighted
 * content tokens, numbers, names, negation, contrast words and grammatical persons. Not thread-safe to build; the
 * built value is never changed.
 */
final class UnitFeatures {
  static final Lexicon EN = Lexicon.ENGLISH;

  /** Function words of the languages an answer is likely to be in; they carry no content. */
  private static final Set<String> STOP = new HashSet<>();
  /** Words that carry little content (generic verbs, approximators): half weight. */
  private static final Set<String> LOW = Set.of("get", "go", "take", "make", "use", "need", "look", "see", "come",
      "give", "put", "keep", "let", "know", "say", "tell", "think", "want", "find", "found", "help", "try", "start",
      "thing", "way", "one", "like", "sure", "also", "only", "whole", "good", "great");
  /** German function words: used to tell German text, where every noun is capitalised, from English. */
  private static final Set<String> GERMAN = Set.of("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen",
      "einem", "einer", "und", "oder", "aber", "ist", "sind", "war", "es", "sich", "mit", "von", "zu", "zum", "zur",
      "auf", "fur", "bei", "nach", "aus", "als", "wie", "auch", "nicht", "noch", "nur", "schon", "sehr", "dass",
      "habe", "hat", "haben", "wir", "ich", "du", "sie", "er", "gibt", "im", "am", "um", "wird", "werden", "kann",
      "ihr");
  private static final Map<String, Integer> DURATION = Map.of("second", 1, "minute", 60, "hour", 3600,
      "day", 86400, "week", 604800, "fortnight", 1209600, "month", 2592000, "year", 31536000);
  private static final Map<String, String> DURATION_WORDS = Map.ofEntries(Map.entry("second", "second"),
      Map.entry("seconds", "second"), Map.entry("sec", "second"), Map.entry("secs", "second"),
      Map.entry("minute", "minute"),
      Map.entry("minutes", "minute"), Map.entry("min", "minute"), Map.entry("mins", "minute"),
      Map.entry("hour", "hour"), Map.entry("hours", "hour"), Map.entry("hr", "hour"), Map.entry("hrs", "hour"),
      Map.entry("day", "day"), Map.entry("days", "day"), Map.entry("week", "week"), Map.entry("weeks", "week"),
      Map.entry("fortnight", "fortnight"), Map.entry("fortnights", "fortnight"), Map.entry("month", "month"),
      Map.entry("months", "month"), Map.entry("year", "year"), Map.entry("years", "year"));
  private static final List<String> UNITS = List.of("year", "month", "week", "day", "hour", "minute", "second");
  private static final Map<String, String> PERSON = new HashMap<>();
  /** Contrast categories the guard uses ("level" and "side" words are too ambiguous in prose: light, right). */
  static final Set<String> CONTRAST_CATEGORIES =
      Set.of("weekday", "month", "daypart", "meal", "colour", "season", "frequency");

  static {
    STOP.addAll(EN.functionWords());
    STOP.addAll(EN.fillers());
    STOP.addAll(EN.negations());
    STOP.addAll(Lexicon.DUTCH.functionWords());
    STOP.addAll(Lexicon.PORTUGUESE.functionWords());
    STOP.addAll(GERMAN);
    STOP.addAll(List.of("here", "heres", "okay", "ok", "so", "basically", "well", "yes", "about", "around",
        "roughly", "approximately", "nearly", "almost", "least", "more", "most", "much", "many", "lot", "lots", "will",
        "would", "can", "could", "should", "may", "might", "must", "shall", "if", "unless", "because", "since",
        "while", "until", "again", "just", "whats", "thats", "lets", "youll", "youre", "ill", "id", "its", "theres", "dont",
        "cant", "wont", "via", "per", "every", "each", "other", "another", "some", "any", "which", "what",
        // French and Spanish function words
        "le", "la", "les", "un", "une", "des", "du", "et", "ou", "est", "sont", "dans", "pour", "avec", "sur", "au",
        "aux", "ce", "cette", "qui", "il", "elle", "nous", "vous", "ils", "ne", "pas", "plus", "el", "los", "las",
        "una", "unos", "del", "y", "es", "son", "en", "con", "por", "para", "al", "se", "su", "sus", "lo", "como",
        "mas", "muy", "hay"));
    for (String w : List.of("i", "me", "my", "mine", "myself", "im", "ive", "id")) {
      PERSON.put(w, "i");
    }
    for (String w : List.of("we", "us", "our", "ours", "ourselves")) {
      PERSON.put(w, "we");
    }
    for (String w : List.of("you", "your", "yours", "yourself", "youll", "youre", "youve")) {
      PERSON.put(w, "you");
    }
    for (String w : List.of("he", "him", "his", "himself", "hes")) {
      PERSON.put(w, "he");
    }
    for (String w : List.of("she", "her", "hers", "herself", "shes")) {
      PERSON.put(w, "she");
    }
    for (String w : List.of("they", "them", "their", "theirs", "themselves", "theyre")) {
      PERSON.put(w, "they");
    }
  }

  private static final NumberReadings.Numbers NO_NUMBERS = new NumberReadings.Numbers(List.of(), List.of());

  final Unit unit;
  final String body;
  final String norm;
  final Map<String, Double> tokens;
  final double weight;
  private NumberReadings.Numbers numbers;
  private Set<String> names;
  private Set<String> words;
  private int negations = -1;
  private Map<String, Set<String>> contrasts;
  private Set<String> persons;
  private Boolean german;
  private double restateCue = -1;
  private double remindCue = -1;
  private int[] codePoints;
  private int[] sorted;
  private String currencies;
  /** {@link #signs()}, read on first use. */
  private String signs;
  /** The embedding, computed when the semantic layer first needs it. */
  float[] vector;

  /**
   * The durations the unit states, as (amount as written, seconds) pairs: "half a minute" is (0.5, 30), "8 weeks" is
   * (8, 4838400).
   */
  final List<double[]> durations;

  UnitFeatures(Unit unit) {
    this.unit = unit;
    this.body = unit.body();
    this.norm = TextKey.normalize(body);
    List<double[]> d = new ArrayList<>();
    this.tokens = tokens(norm, d);
    this.durations = List.copyOf(d);
    double w = 0;
    for (double x : tokens.values()) {
      w += x;
    }
    this.weight = w;
  }

  /** Weighted content tokens of a normalised text: stems, numbers as "#n", durations in one unit. */
  static Map<String, Double> tokens(String norm) {
    return tokens(norm, new ArrayList<>());
  }

  /** {@link #tokens(String)}, adding each duration found to {@code durations} as (amount, seconds). */
  private static Map<String, Double> tokens(String norm, List<double[]> durations) {
    Map<String, Double> out = new HashMap<>();
    if (norm.isEmpty()) {
      return out;
    }
    String[] words = norm.split(" ");
    for (int i = 0; i < words.length; i++) {
      String w = words[i];
      String next = i + 1 < words.length ? DURATION_WORDS.getOrDefault(words[i + 1], "") : "";
      Double value = number(w);
      if (value == null && (w.equals("a") || w.equals("an") || w.equals("one")) && DURATION.containsKey(next)) {
        value = 1.0;
      }
      if (value == null && w.equals("half") && i + 2 < words.length
          && (words[i + 1].equals("a") || words[i + 1].equals("an"))
          && DURATION_WORDS.containsKey(words[i + 2])) {
        // "half an hour" = "30 minutes", "half a minute" = "30 seconds"
        value = 0.5;
        i++;
        next = DURATION_WORDS.get(words[i + 1]);
      }
      if (value != null) {
        Integer unitSeconds = DURATION.get(next);
        if (unitSeconds != null) {
          // "7 days" = "one week", "90 minutes" = "1.5 hours": a duration in its largest unit that gives a whole or
          // half amount.
          double seconds = value * unitSeconds;
          durations.add(new double[] {value, seconds});
          String best = next;
          double amount = value;
          for (String u : UNITS) {
            double a = seconds / DURATION.get(u);
            if (a >= 1 && Math.abs(a * 2 - Math.rint(a * 2)) < 1e-9) {
              best = u;
              amount = a;
              break;
            }
          }
          out.merge("#" + format(amount), 1.0, Math::max);
          out.merge(best, 1.0, Math::max);
          i++;
          continue;
        }
        out.merge("#" + format(value), 1.0, Math::max);
        continue;
      }
      if (w.equals("fortnight")) {
        durations.add(new double[] {2, 2.0 * DURATION.get("week")});
        out.merge("#2", 1.0, Math::max);
        out.merge("week", 1.0, Math::max);
        continue;
      }
      if (STOP.contains(w)) {
        continue;
      }
      String stem = LightStemmer.stem(w);
      if (stem.length() < 2) {
        continue;
      }
      out.merge(stem, LOW.contains(w) || LOW.contains(stem) ? 0.5 : 1.0, Math::max);
    }
    return out;
  }

  private static Double number(String w) {
    if (!w.isEmpty() && w.length() <= 9 && w.chars().allMatch(Character::isDigit)) {
      return (double) Long.parseLong(w);
    }
    return EN.numberWords().get(w);
  }

  private static String format(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  /** How far apart two durations may be and still be one duration said two ways ("four weeks" / "a month"). */
  static final double DURATION_TOLERANCE = 0.1;

  /**
   * Whether {@code value}, a number of this unit, is the amount of a duration that is within
   * {@value #DURATION_TOLERANCE} (relative) of one of {@code seconds}: "half a minute" against 30 seconds, "8 weeks"
   * against two months.
   */
  boolean isDurationAmong(double value, Iterable<Double> seconds) {
    for (double[] d : durations) {
      if (d[0] == value) {
        for (double s : seconds) {
          if (Math.abs(d[1] - s) <= DURATION_TOLERANCE * Math.max(d[1], s)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether {@code value}, a number of this unit, is the amount of a duration ("30" in "30 minutes"). */
  boolean isDurationAmount(double value) {
    for (double[] d : durations) {
      if (d[0] == value) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a number of this unit is said by another whose numbers are {@code numbers} and whose durations are
   * {@code seconds}: the amount of a duration when the other has about that duration ("30" of "30 minutes" is not
   * said by "30 seconds"), any other number when the other has it.
   */
  boolean numberSaid(double value, java.util.Collection<Double> numbers, Iterable<Double> seconds) {
    return isDurationAmount(value) ? isDurationAmong(value, seconds) : numbers.contains(value);
  }

  /** The seconds of this unit's durations. */
  List<Double> durationSeconds() {
    List<Double> out = new ArrayList<>(durations.size());
    for (double[] d : durations) {
      out.add(d[1]);
    }
    return out;
  }

  /**
   * The currency symbols the unit writes, in order ("£", "$"): the normalised text drops them, so "It costs £50." and
   * "It costs $50." have one {@link #norm}.
   */
  String currencySymbols() {
    if (currencies == null) {
      currencies = dev.deja.core.normalize.TextSteps.currencySymbols(body);
    }
    return currencies;
  }

  /**
   * The signs the unit writes that change what it says, in order ("£", "+", "-": {@link
   * dev.deja.core.normalize.TextSteps#signs}): the normalised text drops them, so "It costs £50." and "It costs $50.",
   * "You need C++." and "You need C." have one {@link #norm}.
   */
  String signs() {
    if (signs == null) {
      signs = dev.deja.core.normalize.TextSteps.signs(body);
    }
    return signs;
  }

  NumberReadings.Numbers numbers() {
    if (numbers == null) {
      numbers = mayHaveNumbers() ? NumberReadings.numbers(body, EN) : NO_NUMBERS;
    }
    return numbers;
  }

  /** Whether the text has a digit or a word the number reader looks at; the regular expressions are skipped if not. */
  private boolean mayHaveNumbers() {
    for (int i = 0; i < norm.length(); i++) {
      if (Character.isDigit(norm.charAt(i))) {
        return true;
      }
    }
    for (String w : norm.split(" ")) {
      if (EN.numberWords().containsKey(w) || EN.multipliers().containsKey(w) || w.equals("noon")
          || w.equals("midnight") || w.equals("once") || w.equals("twice") || w.equals("dozen")
          || w.equals("quarter") || w.equals("half")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Capitalised words after the first (names, brands, places) and command-line options ("--hard" as "-hard"),
   * lower-cased and folded like {@link #norm}; weekday and
   * month names are left to the contrasts guard; "I" is not a name. Empty for German text, which capitalises every
   * noun.
   */
  Set<String> names() {
    if (names == null) {
      Set<String> out = new TreeSet<>();
      if (!isGerman()) {
        boolean first = true;
        int i = 0;
        int n = body.length();
        while (i < n) {
          while (i < n && !Character.isLetterOrDigit(body.charAt(i))) {
            i++;
          }
          int start = i;
          while (i < n && (Character.isLetterOrDigit(body.charAt(i)) || body.charAt(i) == '\'' 
              || body.charAt(i) == '’')) {
            i++;
          }
          if (start == i) {
            break;
          }
          String tok = body.substring(start, i);
          if (start > 0 && body.charAt(start - 1) == '-'
              && (start == 1 || Character.isWhitespace(body.charAt(start - 2)) || body.charAt(start - 2) == '-')) {
            // A command-line option ("--hard", "-r") names a thing as much as a capitalised word does.
            out.add("-" + TextKey.normalize(tok));
            first = false;
            continue;
          }
          if (first) {
            first = false;
            continue;
          }
          if (tok.equals("I") || tok.startsWith("I'") || tok.startsWith("I’")) {
            continue;
          }
          boolean capital = Character.isUpperCase(tok.charAt(0));
          boolean inner = false;
          for (int k = 1; k < tok.length() && !inner; k++) {
            inner = Character.isUpperCase(tok.charAt(k));
          }
          if (!capital && !inner) {
            continue;
          }
          String bare = tok.endsWith("'s") || tok.endsWith("’s") ? tok.substring(0, tok.length() - 2) : tok;
          String key = TextKey.normalize(bare);
          String category = EN.categories().get(key);
          if (key.isEmpty() || category != null && (category.startsWith("weekday:") || category.startsWith("month:"))) {
            continue;
          }
          out.add(key);
        }
      }
      names = out;
    }
    return names;
  }

  /** The normalised words, each also without a possessive "s" ("mayas" → "maya"). */
  Set<String> words() {
    if (words == null) {
      words = new HashSet<>();
      for (String w : norm.split(" ")) {
        words.add(w);
        if (w.length() > 2 && w.endsWith("s")) {
          words.add(w.substring(0, w.length() - 1));
        }
      }
    }
    return words;
  }

  /**
   * How many negation cues the unit has. A cue that only forms an idiom without negative meaning is not counted:
   * "don't forget" (a reminder: remember), "no later than", "no more than", "not less than" (a limit).
   */
  int negations() {
    if (negations < 0) {
      int n = 0;
      String[] words = norm.split(" ");
      for (int i = 0; i < words.length; i++) {
        String w = words[i];
        if (EN.negations().contains(w) || w.equals("nicht") || w.equals("kein") || w.equals("keine")
            || w.equals("niet") || w.equals("geen") || w.equals("pas") || w.equals("nao")) {
          if (!idiomatic(words, i)) {
            n++;
          }
        }
      }
      negations = n;
    }
    return negations;
  }

  private static boolean idiomatic(String[] words, int i) {
    String next = i + 1 < words.length ? words[i + 1] : "";
    String after = i + 2 < words.length ? words[i + 2] : "";
    if (next.equals("forget") || next.equals("be") && after.equals("forgetting")) {
      return true;
    }
    return (next.equals("later") || next.equals("more") || next.equals("less") || next.equals("fewer")
        || next.equals("earlier")) && after.equals("than");
  }

  Map<String, Set<String>> contrasts() {
    if (contrasts == null) {
      Map<String, Set<String>> out = new TreeMap<>();
      String n = " " + norm + " ";
      if (n.contains(" monday to friday ") || n.contains(" monday through friday ")) {
        out.computeIfAbsent("weekday", k -> new TreeSet<>()).add("weekday");
        n = n.replace(" monday to friday ", " ").replace(" monday through friday ", " ");
      }
      for (String w : n.strip().split(" ")) {
        String cv = EN.categories().get(w);
        if (cv != null) {
          int colon = cv.indexOf(':');
          String category = cv.substring(0, colon);
          // A bare "week" or "months" is a duration, compared as a number by the tokens ("two weeks" = "a
          // fortnight"); only the adverbs (daily, weekly) name a frequency.
          if (CONTRAST_CATEGORIES.contains(category) && !(category.equals("frequency")
              && DURATION_WORDS.containsKey(w))) {
            out.computeIfAbsent(category, k -> new TreeSet<>()).add(cv.substring(colon + 1));
          }
        }
      }
      contrasts = out;
    }
    return contrasts;
  }

  /** The grammatical persons the unit mentions (i, we, you, he, she, they). */
  Set<String> persons() {
    if (persons == null) {
      Set<String> out = new TreeSet<>();
      for (String w : norm.split(" ")) {
        String p = PERSON.get(w);
        if (p != null) {
          out.add(p);
        }
      }
      persons = out;
    }
    return persons;
  }

  /**
   * A word of one unit that is the negative-prefixed form of a word of the other ("unstaged" / "staged",
   * "unnecessary" / "necessary", "dislike" / "like"): English negative prefixes, with a base long enough that the
   * prefix is not just the word's first letters ("in" and "im" need five letters after them: "invalid", not
   * "inform").
   */
  static java.util.Optional<String> negatedForm(UnitFeatures a, UnitFeatures b) {
    java.util.Optional<String> x = negatedForm(a.words(), b.words());
    return x.isPresent() ? x : negatedForm(b.words(), a.words());
  }

  private static java.util.Optional<String> negatedForm(Set<String> words, Set<String> bases) {
    for (String w : words) {
      for (String prefix : NEGATIVE_PREFIXES) {
        int least = prefix.startsWith("i") ? 5 : 4;
        if (w.length() - prefix.length() >= least && w.startsWith(prefix) && !STOP.contains(w)
            && bases.contains(w.substring(prefix.length())) && !bases.contains(w)) {
          return java.util.Optional.of(w);
        }
      }
    }
    return java.util.Optional.empty();
  }

  private static final List<String> NEGATIVE_PREFIXES = List.of("un", "non", "dis", "in", "im");

  /** Whether the unit opens with a reformulation or summary marker (1), has a "so"-particle (0.5), or neither. */
  double restateCue() {
    if (restateCue < 0) {
      restateCue = Cues.restate(norm, isGerman());
    }
    return restateCue;
  }

  /** The reformulatory marker the unit opens with ("In other words, …"; {@link Cues#REFORMULATE}), if any. */
  java.util.Optional<String> reformulation() {
    return Cues.reformulation(norm);
  }

  /** Whether the unit opens with a reminder marker (1) or not (0). */
  double remindCue() {
    if (remindCue < 0) {
      remindCue = Cues.remind(norm);
    }
    return remindCue;
  }

  boolean isGerman() {
    if (german == null) {
      int de = 0;
      int en = 0;
      for (String w : norm.split(" ")) {
        if (GERMAN.contains(w)) {
          de++;
        }
        if (EN.functionWords().contains(w)) {
          en++;
        }
      }
      german = de >= 2 && de > en;
    }
    return german;
  }

  int[] codePoints() {
    if (codePoints == null) {
      codePoints = norm.codePoints().toArray();
    }
    return codePoints;
  }

  /** The code points, sorted: for difflib's quick upper bound. */
  int[] sortedCodePoints() {
    if (sorted == null) {
      sorted = codePoints().clone();
      java.util.Arrays.sort(sorted);
    }
    return sorted;
  }

  /** Content stems in order (for tests and explanations). */
  List<String> tokenList() {
    return new ArrayList<>(tokens.keySet());
  }
}
