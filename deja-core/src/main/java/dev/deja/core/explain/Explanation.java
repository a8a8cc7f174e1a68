package dev.deja.core.explain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Why a decision was made, as a small tree (in the spirit of Lucene's {@code Explanation}): each node names what it is
 * about ({@code kind} and {@code name}: a stage, a measure, a guard, the time window, the candidate lookup, the policy),
 * says in one sentence what happened, and carries the numbers and evidence behind it.
 *
 * <p>Immutable; thread-safe.
 *
 * @param kind what the node is about: {@code verdict}, {@code candidates}, {@code stage}, {@code measure},
 *     {@code window}, {@code guard}, {@code policy}, {@code scope}
 * @param name the configured name ({@code fuzzy}, {@code sequence}, {@code negation}, …)
 * @param result a short outcome word: {@code match}, {@code possible}, {@code no_match}, {@code skipped},
 *     {@code veto}, {@code downgrade}, {@code pass}, {@code info}
 * @param message one human-readable sentence
 * @param score the score, when there is one
 * @param threshold the threshold the score was compared with, when there is one
 * @param values the normalised values compared ({@code new}, {@code existing}), in order
 * @param evidence other facts (synonym used, time delta, numbers that differ), in order
 * @param details child nodes
 */
public record Explanation(
    String kind,
    String name,
    String result,
    String message,
    OptionalDouble score,
    OptionalDouble threshold,
    Map<String, String> values,
    Map<String, String> evidence,
    List<Explanation> details) {

  public Explanation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(score, "score");
    Objects.requireNonNull(threshold, "threshold");
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    evidence = Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
    details = List.copyOf(details);
  }

  /** A builder for a node of the given kind and name. */
  public static Builder of(String kind, String name) {
    return new Builder(kind, name);
  }

  /** The tree as indented text, one node per line, for terminals and logs. */
  public String render() {
    StringBuilder sb = new StringBuilder();
    render(sb, 0);
    return sb.toString();
  }

  private void render(StringBuilder sb, int depth) {
    sb.append("  ".repeat(depth)).append(kind);
    if (!name.equals(kind)) {
      sb.append(' ').append(name);
    }
    sb.append(": ").append(result);
    score.ifPresent(s -> sb.append(" score=").append(format(s)));
    threshold.ifPresent(t -> sb.append(" threshold=").append(format(t)));
    if (!message.isEmpty()) {
      sb.append(" — ").append(message);
    }
    sb.append('\n');
    values.forEach((k, v) -> sb.append("  ".repeat(depth + 1)).append(k).append(": \"").append(v).append("\"\n"));
    evidence.forEach((k, v) -> sb.append("  ".repeat(depth + 1)).append(k).append(": ").append(v).append('\n'));
    for (Explanation d : details) {
      d.render(sb, depth + 1);
    }
  }

  /** A score or threshold with four decimals, as printed in explanations. */
  public static String format(double d) {
    if (d > 0 && d < 1e15) {
      // What %.4f prints (half up on the double's shortest decimal digits), without the Formatter: batch
      // de-duplication explains a few million links, and String.format was a quarter of its time.
      return new java.math.BigDecimal(Double.toString(d)).setScale(4, java.math.RoundingMode.HALF_UP).toPlainString();
    }
    return d == 0.0 && 1 / d > 0 ? "0.0000" : String.format(Locale.ROOT, "%.4f", d);
  }

  /** Builds an {@link Explanation}; not thread-safe. */
  public static final class Builder {
    private final String kind;
    private final String name;
    private String result = "info";
    private String message = "";
    private OptionalDouble score = OptionalDouble.empty();
    private OptionalDouble threshold = OptionalDouble.empty();
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> evidence = new LinkedHashMap<>();
    private final List<Explanation> details = new ArrayList<>();

    private Builder(String kind, String name) {
      this.kind = kind;
      this.name = name;
    }

    public Builder result(String r) {
      this.result = r;
      return this;
    }

    public Builder message(String m) {
      this.message = m;
      return this;
    }

    public Builder score(double s) {
      this.score = OptionalDouble.of(s);
      return this;
    }

    public Builder threshold(double t) {
      this.threshold = OptionalDouble.of(t);
      return this;
    }

    public Builder value(String key, String v) {
      values.put(key, v);
      return this;
    }

    public Builder evidence(String key, Object v) {
      evidence.put(key, String.valueOf(v));
      return this;
    }

    public Builder detail(Explanation e) {
      details.add(e);
      return this;
    }

    public Builder details(List<Explanation> es) {
      details.addAll(es);
      return this;
    }

    public Explanation build() {
      return new Explanation(kind, name, result, message, score, threshold, values, evidence, details);
    }
  }
}
