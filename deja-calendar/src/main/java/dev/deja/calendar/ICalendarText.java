package dev.deja.calendar;

import dev.deja.core.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.fortuna.ical4j.data.ParserException;

/**
 * iCalendar at the level of content lines (RFC 5545 §3.1): unfolding (on text and on bytes), folding at 75 octets,
 * strict UTF-8, and ical4j's parser messages in words. {@link ICalendar} maps the lines to items and back.
 *
 * <p>Thread-safe: stateless.
 */
public final class ICalendarText {
  private ICalendarText() {}

  static String readAll(Reader r) throws IOException {
    StringBuilder b = new StringBuilder();
    char[] buf = new char[8192];
    for (int k = r.read(buf); k >= 0; k = r.read(buf)) {
      b.append(buf, 0, k);
    }
    return b.toString();
  }

  /**
   * RFC 5545 §3.1 unfolding of a text: a line break (CRLF, LF or CR) followed by one space or tab is removed, other
   * line breaks become CRLF. Done before ical4j reads the text, so that LF-only files (Apple) and calendar data whose
   * CRLFs an XML parser turned into LF (a CalDAV REPORT) unfold like CRLF files.
   */
  public static String unfold(String text) {
    StringBuilder b = new StringBuilder(text.length());
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\r' || c == '\n') {
        int next = c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n' ? i + 2 : i + 1;
        if (next < n && (text.charAt(next) == ' ' || text.charAt(next) == '\t')) {
          i = next; // the break and the one white-space character after it go
          continue;
        }
        b.append("\r\n");
        i = next - 1;
        continue;
      }
      b.append(c);
    }
    return b.toString();
  }

  /**
   * The text of an iCalendar file's bytes: unfolded first (a fold may fall inside a UTF-8 character, which RFC 5545
   * §3.1 says to restore), then decoded as UTF-8, strictly.
   *
   * @throws InvalidInputException when the unfolded bytes are not UTF-8
   */
  public static String decode(byte[] bytes, String source) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
    int n = bytes.length;
    for (int i = 0; i < n; i++) {
      byte c = bytes[i];
      if (c == '\r' || c == '\n') {
        int next = c == '\r' && i + 1 < n && bytes[i + 1] == '\n' ? i + 2 : i + 1;
        if (next < n && (bytes[next] == ' ' || bytes[next] == '\t')) {
          i = next;
          continue;
        }
      }
      out.write(c);
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(out.toByteArray())).toString();
    } catch (CharacterCodingException e) {
      throw new InvalidInputException(source + ": not UTF-8 text (iCalendar files are UTF-8)", e);
    }
  }

  private static final java.util.regex.Pattern AT_LINE = java.util.regex.Pattern.compile("^Error at line \\d+:\\s*");
  private static final java.util.regex.Pattern CODES =
      java.util.regex.Pattern.compile("Expected \\[(-?\\d+)\\], read \\[(-?\\d+)\\]");

  /** ical4j's parser message in words: "line 14: expected '=', found a line break" instead of raw codes. */
  static String parserMessage(ParserException e) {
    String m = e.getMessage() == null ? "unreadable" : AT_LINE.matcher(e.getMessage()).replaceFirst("");
    java.util.regex.Matcher codes = CODES.matcher(m);
    if (codes.find()) {
      m = codes.replaceFirst("expected " + character(Integer.parseInt(codes.group(1))) + ", found "
          + character(Integer.parseInt(codes.group(2))));
    }
    m = m.replaceAll("\\s*\\(line \\d+\\)\\s*$", "");
    return (e.getLineNo() > 0 ? "line " + e.getLineNo() + ": " : "") + m;
  }

  private static String character(int code) {
    return switch (code) {
      case -1 -> "the end of the file";
      case '\n' -> "a line break";
      case '\r' -> "a carriage return";
      case ' ' -> "a space";
      default -> code > 31 && code < 0x10FFFF ? "'" + new String(Character.toChars(code)) + "'" : "character " + code;
    };
  }

  /** The most octets of a content line (RFC 5545 §3.1), line break excluded. */
  static final int LINE_OCTETS = 75;

  /**
   * Folds every line of an unfolded iCalendar text at {@value #LINE_OCTETS} octets of UTF-8 (continuation lines
   * start with a space, which counts), never inside a character.
   */
  static String fold(String text) {
    StringBuilder out = new StringBuilder(text.length() + text.length() / 50);
    for (String line : text.split("\r\n", -1)) {
      if (line.isEmpty()) {
        continue;
      }
      int octets = 0;
      int i = 0;
      while (i < line.length()) {
        int cp = line.codePointAt(i);
        int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (octets + size > LINE_OCTETS) {
          out.append("\r\n ");
          octets = 1;
        }
        out.appendCodePoint(cp);
        octets += size;
        i += Character.charCount(cp);
      }
      out.append("\r\n");
    }
    return out.toString();
  }
}
