package dev.deja.stream;

import dev.deja.core.lexical.WordKnowledge;
import dev.deja.core.lexical.WordKnowledges;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a text that arrives in arbitrary pieces (token fragments, split mid-word) into {@link Unit}s: sentences, list
 * lines, headings, table rows and code lines, each with the white space before it.
 *
 * <p>Rules. Units never contain the white space between them. A prose sentence ends at {@code [.!?…]+} (plus closing
 * quotes, brackets or emphasis marks) followed by white space — the design's {@code [.!?]+\s+} — except after an
 * abbreviation ({@code Dr.}, {@code Ms.}, {@code e.g.}, an initial — unless the next word is a capitalised English stop
 * word, "column B. If …", starts the word before the letter again, "Loan A. Loan B …", or is a verb in its base form,
 * "Hall B. Bring your licence …"), or at {@code 。！？}, or
 * at a line break (the design's paragraph fallback, generalised to every line). Lines starting with a list marker, {@code #} headings, label lines (at most {@value #LABEL_WORDS} words
 * ending with a colon, which count as headings), {@code |} table rows and rules are one unit each; a fenced code block ({@code ```} or {@code ~~~}) is a run of
 * code units, one per line, line break included. A unit longer than {@code maxUnitChars} is cut at the first white
 * space after that length, so that a line without punctuation is never held back without bound.
 *
 * <p>Chunk boundaries never change the result: a unit is only cut once the text that decides it has arrived (a
 * terminator's following white space, a line's first characters), so any re-chunking of the same text gives the
 * same units. Not thread-safe: one instance per response.
 */
public final class UnitSplitter {

  /** A complete unit and the white space that came before it. */
  public record Cut(String separator, Unit unit) {}

  /** Words that end with a period without ending a sentence (lower case, inner periods kept). */
  private static final Set<String> ABBREVIATIONS = Set.of("mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs",
      "e.g", "i.e", "approx", "fig", "cf", "ca", "mt", "ft", "z.b", "bzw", "usw", "inc", "ltd", "dept", "ave",
      "blvd");

  /**
   * Words that start a sentence but do not follow an initial as part of a name: Snowball's English stop words (as
   * Lucene ships them), single letters left out ("J. A. Smith").
   */
  private static final Set<String> SENTENCE_STARTS = snowballEnglish();

  /** The most words a line ending with a colon may have to be a label (a heading), not a sentence. */
  static final int LABEL_WORDS = 4;

  private static final Pattern ORDERED = Pattern.compile("(\\d{1,3}|[a-z])[.)]");
  private static final Pattern MARKER = Pattern.compile("^(?:[-*+•]|\\d{1,3}[.)]|[a-z][.)]|#{1,6})[ \\t]+");

  private final int maxUnitChars;
  private final StringBuilder buf = new StringBuilder();
  private long bufOffset;
  private int index;
  private boolean atLineStart = true;
  private String fence;
  private int lists;
  private int topList;
  private String topMarker;
  private int topOrdinal;
  private int subList;
  private int subIndent;
  private boolean lastWasItem;
  private int section;
  private String heading = "";

  /** A splitter that cuts units longer than {@code maxUnitChars} (at least 80). */
  public UnitSplitter(int maxUnitChars) {
    if (maxUnitChars < 80) {
      throw new IllegalArgumentException("max unit chars must be at least 80, got " + maxUnitChars);
    }
    this.maxUnitChars = maxUnitChars;
  }

  /** A splitter with the default limit of 2,000 characters per unit. */
  public UnitSplitter() {
    this(2000);
  }

  /** The units of a whole text, in order. */
  public static List<Unit> split(String text) {
    List<Unit> out = new ArrayList<>();
    for (Cut c : cuts(text)) {
      out.add(c.unit());
    }
    return out;
  }

  /** The units of a whole text, in order, each with the white space before it. */
  public static List<Cut> cuts(String text) {
    UnitSplitter s = new UnitSplitter();
    s.append(text);
    List<Cut> out = new ArrayList<>();
    for (Optional<Cut> c = s.pollFinal(); c.isPresent(); c = s.pollFinal()) {
      out.add(c.get());
    }
    return out;
  }

  /** Adds the next piece of text. */
  public void append(CharSequence chunk) {
    buf.append(chunk);
  }

  /** How many characters are held: the unfinished unit and the white space before it. */
  public int pendingLength() {
    return buf.length();
  }

  /** The held text (after {@link #pollFinal()} returned empty: the trailing white space). */
  public String pending() {
    return buf.toString();
  }

  /** The next unit, if the text so far completes one. */
  public Optional<Cut> poll() {
    return next(false);
  }

  /** The next unit when no more text will come: the held text is complete. */
  public Optional<Cut> pollFinal() {
    return next(true);
  }

  private Optional<Cut> next(boolean end) {
    int n = buf.length();
    if (n == 0) {
      return Optional.empty();
    }
    int i = 0;
    boolean newline = false;
    int indent = 0;
    if (fence == null) {
      while (i < n && isSpace(buf.charAt(i))) {
        char c = buf.charAt(i);
        if (c == '\n') {
          newline = true;
          indent = 0;
        } else if (c != '\r') {
          indent += c == '\t' ? 4 : 1;
        }
        i++;
      }
      if (i == n) {
        return Optional.empty();
      }
    }
    boolean lineStart = atLineStart || newline;
    if (fence == null && atLineStart && !newline) {
      // The first line of the text, or the line after a code block: its indentation counts too.
      indent = i;
    }
    int lineEnd = indexOf('\n', i);
    boolean lineComplete = lineEnd >= 0 || end;
    if (lineEnd < 0) {
      lineEnd = n;
    }
    if (fence != null) {
      if (!lineComplete) {
        return forced(i, n, end, UnitKind.CODE, 0);
      }
      int stop = lineEnd < n ? lineEnd + 1 : n;
      String line = buf.substring(i, stop);
      String trimmed = line.strip();
      if (trimmed.startsWith(fence) && trimmed.chars().allMatch(ch -> ch == fence.charAt(0))) {
        fence = null;
      }
      return cut(i, stop, UnitKind.CODE, 0, true);
    }
    UnitKind kind = UnitKind.SENTENCE;
    if (lineStart) {
      Optional<UnitKind> k = classify(buf, i, lineEnd, lineComplete);
      if (k == null) {
        return Optional.empty();
      }
      kind = k.orElse(UnitKind.SENTENCE);
    }
    if (kind == UnitKind.CODE) {
      if (!lineComplete) {
        return forced(i, n, end, UnitKind.CODE, 0);
      }
      int stop = lineEnd < n ? lineEnd + 1 : n;
      String marker = buf.substring(i, stop).strip();
      int run = 0;
      while (run < marker.length() && marker.charAt(run) == marker.charAt(0)) {
        run++;
      }
      fence = marker.substring(0, run);
      return cut(i, stop, UnitKind.CODE, 0, true);
    }
    if (kind != UnitKind.SENTENCE) {
      if (!lineComplete) {
        return forced(i, n, end, kind, indent);
      }
      return cut(i, trimEnd(i, lineEnd), kind, indent, false);
    }
    // Prose: a sentence ends at a terminator followed by white space, or at the end of the line.
    for (int k = i; k < lineEnd; k++) {
      char c = buf.charAt(k);
      if (c == '。' || c == '！' || c == '？') {
        int e = k + 1;
        while (e < n && isCloser(buf.charAt(e))) {
          e++;
        }
        if (e == n && !end) {
          return Optional.empty();
        }
        return cut(i, e, kind, indent, false);
      }
      if (c == '.' || c == '!' || c == '?' || c == '…') {
        int e = k;
        while (e < n && isTerminator(buf.charAt(e))) {
          e++;
        }
        while (e < n && isCloser(buf.charAt(e))) {
          e++;
        }
        if (e == n) {
          if (!end) {
            return Optional.empty();
          }
          return cut(i, e, kind, indent, false);
        }
        if (isSpace(buf.charAt(e))) {
          int abbreviation = c == '.' ? abbreviation(i, k, e, end) : 0;
          if (abbreviation < 0) {
            return Optional.empty();
          }
          if (abbreviation == 0) {
            return cut(i, e, kind, indent, false);
          }
        }
        k = e - 1;
      }
    }
    if (lineComplete) {
      int stop = trimEnd(i, lineEnd);
      return cut(i, stop, lineStart && isLabelLine(i, stop) ? UnitKind.HEADING : kind, indent, false);
    }
    return forced(i, n, end, kind, indent);
  }

  /**
   * Whether a whole prose line is a label that introduces what follows, like a heading: at most
   * {@value #LABEL_WORDS} words ending with a colon ("Version 2 (friendly):", "Ingredients:").
   */
  private boolean isLabelLine(int start, int stop) {
    if (stop - start < 2 || buf.charAt(stop - 1) != ':') {
      return false;
    }
    return words(buf, start, stop - 1) <= LABEL_WORDS;
  }

  /** The number of white-space separated words in a range. */
  static int words(CharSequence s, int start, int stop) {
    int words = 0;
    boolean in = false;
    for (int k = start; k < stop; k++) {
      boolean space = Character.isWhitespace(s.charAt(k));
      if (!space && !in) {
        words++;
      }
      in = !space;
    }
    return words;
  }

  /** A unit that has not ended yet but is longer than the limit: cut at the first white space past it. */
  private Optional<Cut> forced(int start, int n, boolean end, UnitKind kind, int indent) {
    for (int k = start + maxUnitChars; k < n; k++) {
      if (isSpace(buf.charAt(k))) {
        return cut(start, trimEnd(start, k), kind, indent, kind == UnitKind.CODE);
      }
    }
    return Optional.empty();
  }

  private Optional<Cut> cut(int start, int stop, UnitKind kind, int indent, boolean code) {
    String separator = buf.substring(0, start);
    String text = buf.substring(start, stop);
    long offset = bufOffset + start;
    int listId = 0;
    boolean nested = false;
    if (kind == UnitKind.LIST_ITEM) {
      Matcher m = ORDERED.matcher(text);
      String marker;
      int ordinal = -1;
      if (m.lookingAt()) {
        marker = Character.isDigit(text.charAt(0)) ? "1." : "a.";
        ordinal = Character.isDigit(text.charAt(0)) ? Integer.parseInt(m.group(1)) : text.charAt(0) - 'a' + 1;
      } else {
        marker = text.substring(0, 1);
      }
      nested = lastWasItem && indent >= 2;
      if (nested) {
        if (subList == 0 || indent != subIndent) {
          subList = ++lists;
          subIndent = indent;
        }
        listId = subList;
      } else {
        boolean continues = lastWasItem && marker.equals(topMarker) && (ordinal < 0 || ordinal > topOrdinal);
        if (!continues) {
          topList = ++lists;
        }
        topMarker = marker;
        topOrdinal = ordinal;
        subList = 0;
        listId = topList;
      }
      lastWasItem = true;
    } else if (!kind.isExempt() || kind == UnitKind.RULE) {
      lastWasItem = false;
      subList = 0;
    }
    if (kind == UnitKind.HEADING) {
      section++;
      heading = stripMarker(text, kind).strip();
    }
    Unit unit = new Unit(text, kind, index++, offset, listId, nested, section, heading);
    buf.delete(0, stop);
    bufOffset += stop;
    atLineStart = code && text.endsWith("\n");
    return Optional.of(new Cut(separator, unit));
  }

  /**
   * The kind of a line from its first characters: a value when decided, {@code Optional.empty()} for prose,
   * {@code null} when more characters are needed.
   */
  private static Optional<UnitKind> classify(CharSequence s, int start, int lineEnd, boolean complete) {
    int len = lineEnd - start;
    if (len <= 0) {
      return complete ? Optional.empty() : null;
    }
    char c0 = s.charAt(start);
    if (c0 == '`' || c0 == '~') {
      int run = run(s, start, lineEnd, c0);
      if (run >= 3) {
        return Optional.of(UnitKind.CODE);
      }
      return run == len && !complete ? null : Optional.empty();
    }
    if (c0 == '|') {
      return Optional.of(UnitKind.TABLE_ROW);
    }
    if (c0 == '#') {
      int run = run(s, start, lineEnd, '#');
      if (run == len) {
        return complete ? Optional.empty() : null;
      }
      return run <= 6 && isBlank(s.charAt(start + run)) ? Optional.of(UnitKind.HEADING) : Optional.empty();
    }
    if (c0 == '-' || c0 == '*' || c0 == '_' || c0 == '+' || c0 == '•') {
      // A rule ("---", "* * *") needs the whole line; a list marker needs the blank after it.
      boolean onlyRule = true;
      int marks = 0;
      for (int k = start; k < lineEnd; k++) {
        char c = s.charAt(k);
        if (c == c0) {
          marks++;
        } else if (!isBlank(c) && c != '\r') {
          onlyRule = false;
          break;
        }
      }
      if (onlyRule) {
        if (!complete) {
          return null;
        }
        if (marks >= 3 && c0 != '+' && c0 != '•') {
          return Optional.of(UnitKind.RULE);
        }
      }
      if (len == 1) {
        return complete ? Optional.empty() : null;
      }
      return c0 != '_' && isBlank(s.charAt(start + 1)) ? Optional.of(UnitKind.LIST_ITEM) : Optional.empty();
    }
    if (Character.isDigit(c0) || (c0 >= 'a' && c0 <= 'z')) {
      int k = start;
      if (Character.isDigit(c0)) {
        while (k < lineEnd && k - start < 4 && Character.isDigit(s.charAt(k))) {
          k++;
        }
        if (k - start > 3) {
          return Optional.empty();
        }
      } else {
        k++;
      }
      if (k == lineEnd) {
        return complete ? Optional.empty() : null;
      }
      char m = s.charAt(k);
      if (m != '.' && m != ')') {
        return Optional.empty();
      }
      if (k + 1 == lineEnd) {
        return complete ? Optional.empty() : null;
      }
      return isBlank(s.charAt(k + 1)) ? Optional.of(UnitKind.LIST_ITEM) : Optional.empty();
    }
    return Optional.empty();
  }

  private static int run(CharSequence s, int start, int end, char c) {
    int k = start;
    while (k < end && s.charAt(k) == c) {
      k++;
    }
    return k - start;
  }

  private static Set<String> snowballEnglish() {
    try (java.io.Reader r = org.apache.lucene.util.IOUtils.getDecodingReader(
        org.apache.lucene.analysis.snowball.SnowballFilter.class, "english_stop.txt",
        java.nio.charset.StandardCharsets.UTF_8)) {
      Set<String> out = new java.util.HashSet<>();
      for (Object w : org.apache.lucene.analysis.WordlistLoader.getSnowballWordSet(r)) {
        String word = w instanceof char[] c ? new String(c) : String.valueOf(w);
        if (word.length() > 1) {
          out.add(word);
        }
      }
      return Set.copyOf(out);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("reading Lucene's Snowball English stop words", e);
    }
  }

  /**
   * Whether the period at {@code period}, followed by white space at {@code after}, ends an abbreviation (1), ends
   * the sentence (0), or cannot be told until the next word has arrived (-1). A single capital letter is an initial
   * ("J. Smith") unless the next word is a capitalised function word ("column B. If nothing matches", "Plan B. The
   * other"): an initial is followed by a name, a sentence by any word.
   */
  private int abbreviation(int unitStart, int period, int after, boolean end) {
    if (!isAbbreviation(unitStart, period)) {
      return 0;
    }
    if (!Character.isUpperCase(buf.charAt(period - 1))
        || period - 2 >= unitStart && Character.isLetter(buf.charAt(period - 2))) {
      return 1; // a word abbreviation ("Dr.", "e.g."), not an initial
    }
    int j = after;
    while (j < buf.length() && isSpace(buf.charAt(j))) {
      if (buf.charAt(j) == '\n') {
        return 1; // the line ends here: the line decides
      }
      j++;
    }
    int m = j;
    while (m < buf.length() && Character.isLetter(buf.charAt(m))) {
      m++;
    }
    if (m == buf.length() && !end) {
      return -1;
    }
    if (m == j || !Character.isUpperCase(buf.charAt(j))) {
      return 1;
    }
    String next = buf.substring(j, m);
    String lower = next.toLowerCase(Locale.ROOT);
    return SENTENCE_STARTS.contains(lower) || labels(unitStart, period - 1, next) || imperative(lower) ? 0 : 1;
  }

  /**
   * Whether a capitalised word after an initial opens an instruction rather than continuing a name: a verb in its
   * base form that WordNet's tagged texts use mainly as a verb and that is no first name ("… in Arrivals Hall B. Bring
   * your licence"; not "Call J. Smith", a noun, nor "J. Grant", a first name). Without word knowledge on the class
   * path, never.
   */
  private static boolean imperative(String word) {
    WordKnowledge k = WordKnowledges.defaults();
    return word.length() > 1 && k.isMainlyVerb(word) && k.lemmas(word).contains(word) && !k.isGivenName(word);
  }

  /**
   * Whether the capital letter at {@code letter} labels one of a series of things named by the same word, which the
   * next word starts again: "… with Loan A. Loan B allows …", "Plan A. Plan B is …" — the period ends the sentence; a
   * name repeats no word around its initial ("Call J. Smith").
   */
  private boolean labels(int unitStart, int letter, String next) {
    int end = letter - 1;
    if (end <= unitStart || buf.charAt(end) != ' ') {
      return false;
    }
    int k = end;
    while (k > unitStart && Character.isLetter(buf.charAt(k - 1))) {
      k--;
    }
    return end - k >= 2 && buf.substring(k, end).equals(next);
  }

  private boolean isAbbreviation(int unitStart, int period) {
    int k = period;
    while (k > unitStart && (Character.isLetter(buf.charAt(k - 1)) || buf.charAt(k - 1) == '.')) {
      k--;
    }
    String word = buf.substring(k, period);
    if (word.isEmpty() || k > unitStart && !isSpace(buf.charAt(k - 1)) && "([\"'“‘".indexOf(buf.charAt(k - 1)) < 0) {
      return false; // "9°C." and "$5." end sentences; only a free-standing word can be an abbreviation
    }
    if (word.length() == 1 && Character.isUpperCase(word.charAt(0))) {
      return true; // an initial: "J. Smith"
    }
    return ABBREVIATIONS.contains(word.toLowerCase(Locale.ROOT));
  }

  private int trimEnd(int start, int stop) {
    int e = stop;
    while (e > start && isSpace(buf.charAt(e - 1))) {
      e--;
    }
    return e;
  }

  private int indexOf(char c, int from) {
    for (int k = from; k < buf.length(); k++) {
      if (buf.charAt(k) == c) {
        return k;
      }
    }
    return -1;
  }

  static boolean isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\u000B' || c == '\u00A0'
        || c == '\u2028' || c == '\u2029' || c == '\u3000' || c == '\u200B' || c == '\u2009' || c == '\u202F';
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  private static boolean isTerminator(char c) {
    return c == '.' || c == '!' || c == '?' || c == '…';
  }

  private static boolean isCloser(char c) {
    return c == '"' || c == '\'' || c == '”' || c == '’' || c == ')' || c == ']' || c == '»' || c == '*'
        || c == '_' || c == '`';
  }

  /** A unit's text without its list or heading marker. */
  static String stripMarker(String text, UnitKind kind) {
    if (kind != UnitKind.LIST_ITEM && kind != UnitKind.HEADING) {
      return text;
    }
    Matcher m = MARKER.matcher(text);
    return m.lookingAt() ? text.substring(m.end()) : text;
  }
}
