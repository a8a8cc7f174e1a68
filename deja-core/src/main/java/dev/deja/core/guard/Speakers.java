package dev.deja.core.guard;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memory written about "the user" in the third person, as agents write them ("User is a single father.", "Dr
 * Okonkwo is the user's family doctor."), in the first person the user would say it in ("I am a single father.", "Dr
 * Okonkwo is my family doctor."), so that a sentence model compares the fact and not the point of view. The signals
 * already read an opening "User" as the speaker ({@link Grammar}); this is for the text a model embeds.
 *
 * <p>What changes: "User" or "The user" opening the text becomes "I" (with "is" → "am", "has" → "have", "was",
 * "does", and their negations agreeing; "User's" → "My"), and "the user's" / "the user" inside it become "my" / "me".
 * Other texts are returned as they are. English only. Thread-safe: stateless.
 */
public final class Speakers {
  private Speakers() {}

  private static final Pattern OPENING = Pattern.compile(
      "^(?:the\\s+)?user(?:(['’]s)\\b|\\s+(is|isn['’]t|has|hasn['’]t|was|wasn['’]t|does|doesn['’]t)\\b|(?=\\s))",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern INSIDE = Pattern.compile("\\bthe\\s+user(['’]s)?\\b", Pattern.CASE_INSENSITIVE);

  /** The text in the first person when it speaks of "the user" in the third, else the text itself. */
  public static String firstPerson(String text) {
    String t = text.strip();
    if (t.isEmpty() || !t.toLowerCase(Locale.ROOT).contains("user")) {
      return text;
    }
    Matcher m = OPENING.matcher(t);
    String out = t;
    if (m.find()) {
      String verb = m.group(2) == null ? null : m.group(2).toLowerCase(Locale.ROOT).replace('’', '\'');
      String subject = m.group(1) != null ? "My" : verb == null ? "I" : switch (verb) {
        case "is" -> "I am";
        case "isn't" -> "I am not";
        case "has" -> "I have";
        case "hasn't" -> "I haven't";
        case "was" -> "I was";
        case "wasn't" -> "I wasn't";
        case "does" -> "I do";
        default -> "I don't";
      };
      out = subject + t.substring(m.end());
    }
    Matcher in = INSIDE.matcher(out);
    StringBuilder sb = new StringBuilder();
    while (in.find()) {
      in.appendReplacement(sb, in.group(1) != null ? "my" : "me");
    }
    in.appendTail(sb);
    return sb.toString();
  }
}
