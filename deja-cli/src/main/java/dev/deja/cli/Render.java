package dev.deja.cli;

import dev.deja.core.engine.Match;
import dev.deja.core.engine.Verdict;
import dev.deja.core.explain.Explanation;
import java.io.PrintWriter;
import java.util.Map;

/** Human-readable output of verdicts. */
final class Render {
  private Render() {}

  static void verdict(PrintWriter out, Verdict v, boolean explain) {
    out.println(v.outcome() + (v.matches().isEmpty() ? "" : " — " + v.matches().size() + " match(es)"));
    for (Match m : v.matches()) {
      out.println("  " + m.id() + "  score " + Explanation.format(m.score()) + "  " + m.level() + " via "
          + m.stage() + "  " + summary(m.item().item().fields()));
      out.println("      " + m.explanation().message());
    }
    for (String w : v.warnings()) {
      out.println("  warning: " + w);
    }
    if (explain) {
      out.println();
      out.println("Explanation:");
      out.print(indent(v.explanation().render(), "  "));
      for (Match m : v.matches()) {
        out.print(indent(m.explanation().render(), "  "));
      }
    }
    out.flush();
  }

  static String summary(Map<String, Object> fields) {
    StringBuilder sb = new StringBuilder();
    fields.forEach((k, val) -> {
      if (sb.length() > 0) {
        sb.append(", ");
      }
      String s = String.valueOf(val);
      sb.append(k).append('=').append(s.length() > 60 ? s.substring(0, 57) + "..." : s);
    });
    return "{" + sb + "}";
  }

  static String indent(String text, String prefix) {
    StringBuilder sb = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (!line.isEmpty()) {
        sb.append(prefix).append(line).append('\n');
      }
    }
    return sb.toString();
  }
}
