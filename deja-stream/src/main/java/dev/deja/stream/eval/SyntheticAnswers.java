package dev.deja.stream.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded synthetic LLM answers for benchmarks and property tests: paragraphs of templated sentences (names, numbers,
 * times, weekdays), numbered and bulleted lists, a fenced code block now and then, and verbatim repeats of earlier
 * sentences and paragraphs; cut into token-like chunks of 1–12 characters at random positions.
 *
 * <p>Thread-safe: stateless; the same seed gives the same answers.
 */
public final class SyntheticAnswers {
  private SyntheticAnswers() {}

  private static final String[] NAMES = {"Maya", "Arjun", "Priya", "Daniel", "Grandpa Raj", "Ms. Alvarez", "Lena",
      "Omar", "Nina", "Mochi"};
  private static final String[] PLACES = {"Fishtown", "Stowe", "Seattle", "Lake Champlain", "Riverside",
      "the library", "Jefferson High", "Flip City", "the eye clinic", "Spruce Peak"};
  private static final String[] DAYS = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
      "Sunday"};
  private static final String[] ACTIVITIES = {"soccer practice", "piano lessons", "a dentist appointment",
      "gymnastics", "debate club", "swimming", "a book fair", "a school trip", "chess club", "art class"};
  private static final String[] ITEMS = {"sunscreen", "two towels", "water bottles", "snacks", "a cooler bag",
      "rain jackets", "a first-aid kit", "sandals", "a phone charger", "a paperback"};

  /** A sentence from one of the templates. */
  public static String sentence(Random r) {
    String name = pick(r, NAMES);
    String place = pick(r, PLACES);
    String day = pick(r, DAYS);
    int hour = 1 + r.nextInt(11);
    int minute = r.nextInt(4) * 15;
    return switch (r.nextInt(6)) {
      case 0 -> name + " has " + pick(r, ACTIVITIES) + " at " + hour + ":" + String.format("%02d", minute) + " on "
          + day + ".";
      case 1 -> "On " + day + ", " + place + " will be busy from " + hour + " to " + (hour + 2) + " pm.";
      case 2 -> "The tickets for " + place + " cost $" + (20 + r.nextInt(180)) + " per person.";
      case 3 -> "Remember to bring " + pick(r, ITEMS) + " and " + pick(r, ITEMS) + " for " + name + ".";
      case 4 -> name + " is not available on " + day + " because of " + pick(r, ACTIVITIES) + ".";
      default -> "It takes about " + (5 + r.nextInt(55)) + " minutes to get from " + place + " to "
          + pick(r, PLACES) + ".";
    };
  }

  /** An answer of about {@code units} units with repeats. */
  public static String answer(Random r, int units) {
    StringBuilder b = new StringBuilder();
    List<String> said = new ArrayList<>();
    List<String> paragraphs = new ArrayList<>();
    int made = 0;
    while (made < units) {
      int kind = r.nextInt(10);
      if (b.length() > 0) {
        b.append("\n\n");
      }
      if (kind < 5) {
        StringBuilder p = new StringBuilder();
        int n = 2 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
          String s = !said.isEmpty() && r.nextInt(6) == 0 ? said.get(r.nextInt(said.size())) : sentence(r);
          said.add(s);
          p.append(i == 0 ? "" : " ").append(s);
        }
        paragraphs.add(p.toString());
        b.append(p);
        made += n;
      } else if (kind < 8) {
        int n = 3 + r.nextInt(5);
        boolean numbered = r.nextBoolean();
        for (int i = 0; i < n; i++) {
          b.append(i == 0 ? "" : "\n").append(numbered ? (i + 1) + ". " : "- ")
              .append(r.nextBoolean() ? pick(r, ITEMS) : sentence(r));
        }
        made += n;
      } else if (kind == 8 && !paragraphs.isEmpty()) {
        b.append(paragraphs.get(r.nextInt(paragraphs.size())));
        made += 2;
      } else {
        b.append("```python\nfor day in days:\n    print(day)\n\nprint(\"done\")\n```");
        made += 1;
      }
    }
    return b.toString();
  }

  /** A text cut into chunks of 1–{@code maxChunk} characters at random positions (mid-word included). */
  public static List<String> chunks(Random r, String text, int maxChunk) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      int n = Math.min(text.length() - i, 1 + r.nextInt(maxChunk));
      if (Character.isHighSurrogate(text.charAt(i + n - 1)) && i + n < text.length()) {
        n++;
      }
      out.add(text.substring(i, i + n));
      i += n;
    }
    return out;
  }

  private static String pick(Random r, String[] xs) {
    return xs[r.nextInt(xs.length)];
  }
}
