package dev.deja.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The layout of every {@code --help}: the description, the options and the footer wrapped at spaces only, so that a
 * token a user copies — {@code --set stages.fuzzy.similarity_threshold=0.4}, a path, a URL — is never broken across
 * lines (picocli's own wrapping breaks after dots and slashes).
 *
 * <p>Thread-safe: stateless.
 */
final class HelpLayout {
  static final int WIDTH = 80;
  private static final int MAX_LABEL = 28;

  private HelpLayout() {}

  /** Installs the layout on the command and all its subcommands. */
  static void install(CommandLine cl) {
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_DESCRIPTION,
        help -> paragraphs(help.commandSpec().usageMessage().description()));
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_PARAMETER_LIST, help -> "");
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpLayout::arguments);
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER,
        help -> paragraphs(help.commandSpec().usageMessage().footer()));
    for (CommandLine sub : cl.getSubcommands().values()) {
      install(sub);
    }
  }

  private static String arguments(CommandLine.Help help) {
    List<ArgSpec> args = new ArrayList<>();
    for (PositionalParamSpec p : help.commandSpec().positionalParameters()) {
      if (!p.hidden()) {
        args.add(p);
      }
    }
    List<OptionSpec> options = new ArrayList<>();
    for (OptionSpec o : help.commandSpec().options()) {
      if (!o.hidden()) {
        options.add(o);
      }
    }
    options.sort(Comparator.comparing(o -> o.shortestName().replaceFirst("^-+", "").toLowerCase(Locale.ROOT)));
    args.addAll(options);
    List<String> labels = args.stream().map(HelpLayout::label).toList();
    int column = Math.min(MAX_LABEL, labels.stream().mapToInt(String::length).max().orElse(0)) + 2;
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < args.size(); i++) {
      String text = format(String.join(" ", args.get(i).description()));
      String label = labels.get(i);
      List<String> lines = wrap(text, WIDTH - column, WIDTH - column - 2);
      if (label.length() + 2 > column) {
        sb.append(label).append('\n');
        label = "";
      }
      for (int l = 0; l < lines.size(); l++) {
        String prefix = l == 0 ? label + " ".repeat(column - label.length()) : " ".repeat(column + 2);
        sb.append(prefix).append(lines.get(l)).append('\n');
      }
      if (lines.isEmpty()) {
        sb.append(label).append('\n');
      }
    }
    return sb.toString();
  }

  private static String label(ArgSpec a) {
    if (a instanceof PositionalParamSpec p) {
      String l = p.paramLabel();
      return "      " + (p.arity().min() == 0 ? "[" + l + "]" : l) + (p.arity().isVariable() ? "..." : "");
    }
    OptionSpec o = (OptionSpec) a;
    String[] names = o.names();
    String shortName = names[0].length() == 2 ? names[0] : null;
    String longName = names[names.length - 1].length() > 2 ? names[names.length - 1] : null;
    StringBuilder sb = new StringBuilder("  ");
    sb.append(shortName == null ? "    " : shortName + (longName == null ? "" : ", "));
    if (longName != null) {
      sb.append(longName);
    }
    if (o.arity().max() > 0) {
      sb.append(o.arity().min() == 0 ? "[=" + o.paramLabel() + "]" : "=" + o.paramLabel());
    }
    return sb.toString();
  }

  /** Each element a paragraph wrapped at spaces; its leading spaces kept on every line it wraps to. */
  private static String paragraphs(String[] texts) {
    StringBuilder sb = new StringBuilder();
    for (String t : texts) {
      String text = format(t);
      for (String line : text.split("\n", -1)) {
        if (line.length() <= WIDTH) {
          sb.append(line).append('\n'); // laid out by hand (a table, an example): kept as written
          continue;
        }
        int indent = line.length() - line.stripLeading().length();
        List<String> wrapped = wrap(line.strip(), WIDTH - indent, WIDTH - indent);
        if (wrapped.isEmpty()) {
          sb.append('\n');
        }
        for (int i = 0; i < wrapped.size(); i++) {
          sb.append(" ".repeat(indent)).append(wrapped.get(i)).append('\n');
        }
      }
    }
    return sb.toString();
  }

  /** A help text as picocli reads it: format specifiers ({@code %n}, {@code %%}) applied. */
  private static String format(String t) {
    return String.format(Locale.ROOT, t.replace("%n", "\u0000")).replace('\u0000', '\n');
  }

  /**
   * The text in lines of at most {@code first} (then {@code rest}) characters, broken at spaces only; a word longer
   * than a line stands on a line of its own, unbroken.
   */
  static List<String> wrap(String text, int first, int rest) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.strip().split(" +")) {
      if (word.isEmpty()) {
        continue;
      }
      int limit = lines.isEmpty() ? first : rest;
      if (line.length() > 0 && line.length() + 1 + word.length() > limit) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }
}
