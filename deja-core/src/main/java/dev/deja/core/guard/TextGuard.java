package dev.deja.core.guard;

import dev.deja.core.cascade.Probe;
import dev.deja.core.cascade.StageMatch;
import dev.deja.core.explain.Explanation;
import dev.deja.core.item.FieldType;
import dev.deja.core.item.StoredItem;
import dev.deja.core.spec.CollectionSpec;
import dev.deja.core.spec.Options;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A guard that compares one text field of the new and the stored item and vetoes (or downgrades) the match when it
 * finds a conflict. Subclasses say what a conflict is.
 *
 * <p>Common options: {@code field} (default the first text field), {@code effect} ({@code veto}, the default, or
 * {@code downgrade} to a possible duplicate), {@code applies_to} (stage types; default {@code [fuzzy, semantic,
 * combined]}), {@code language} ({@code en}, {@code nl}, {@code pt}; default {@code en}), {@code unless_score_above}
 * (a match scoring above it passes whatever the conflict; off by default). Thread-safe: immutable.
 */
public abstract class TextGuard implements Guard {
  private final String name;
  private final String type;
  private final String field;
  private final boolean veto;
  private final Set<String> appliesTo;
  private final double unlessAbove;
  protected final Lexicon lexicon;

  protected TextGuard(String name, String type, Options o, CollectionSpec spec) {
    this.name = name;
    this.type = type;
    this.field = o.string("field", spec.fields().values().stream().filter(f -> f.type() == FieldType.TEXT)
        .findFirst().map(f -> f.name()).orElse(""));
    spec.singleValuedField(field, o.at("field"));
    this.veto = o.choice("effect", "veto", "veto", "downgrade").equals("veto");
    this.appliesTo = Set.copyOf(o.strings("applies_to", List.of("fuzzy", "semantic", "combined")));
    this.unlessAbove = o.number("unless_score_above", 2.0, 0.0, 1.0);
    this.lexicon = Lexicon.of(o.choice("language", "en", "en", "nl", "pt"));
  }

  /** A factory for a guard type whose constructor takes (name, options, spec). */
  protected static GuardFactory factory(String type, Constructor constructor) {
    return new GuardFactory() {
      @Override
      public String type() {
        return type;
      }

      @Override
      public Guard create(String name, Options options, CollectionSpec spec) {
        Guard g = constructor.create(name, options, spec);
        options.rejectUnknown();
        return g;
      }
    };
  }

  /** Builds a guard. */
  @FunctionalInterface
  protected interface Constructor {
    Guard create(String name, Options options, CollectionSpec spec);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean appliesTo(String stageType) {
    return appliesTo.contains(stageType);
  }

  /** The conflict between the new text and the stored one, as evidence, or empty when there is none. */
  protected abstract Optional<Conflict> conflict(String newText, String storedText);

  /**
   * A conflict found by a guard.
   *
   * @param message one sentence ("numbers differ: [29] vs [39]")
   * @param evidence the values behind it, new then existing
   */
  protected record Conflict(String message, List<String> evidence) {
    static Conflict of(String message, Object mine, Object theirs) {
      return new Conflict(message, List.of(String.valueOf(mine), String.valueOf(theirs)));
    }
  }

  @Override
  public GuardDecision inspect(Probe probe, StoredItem candidate, StageMatch match) {
    Function<String, Explanation.Builder> node = r -> Explanation.of("guard", name).result(r).evidence("type", type);
    Optional<String> a = probe.item().findString(field).filter(s -> !s.isBlank());
    Optional<String> b = candidate.item().findString(field).filter(s -> !s.isBlank());
    if (a.isEmpty() || b.isEmpty()) {
      return new GuardDecision(GuardDecision.Effect.PASS, node.apply("pass").message("no text to compare").build());
    }
    Optional<Conflict> c = conflict(a.get(), b.get());
    if (c.isEmpty()) {
      return new GuardDecision(GuardDecision.Effect.PASS, node.apply("pass").message("no conflict").build());
    }
    if (match.score() > unlessAbove) {
      return new GuardDecision(GuardDecision.Effect.PASS, node.apply("pass")
          .message(c.get().message() + ", but the score " + Explanation.format(match.score()) + " is above "
              + Explanation.format(unlessAbove)).build());
    }
    Explanation.Builder e = node.apply(veto ? "veto" : "downgrade").message(c.get().message())
        .evidence("new", c.get().evidence().get(0)).evidence("existing", c.get().evidence().get(1));
    return new GuardDecision(veto ? GuardDecision.Effect.VETO : GuardDecision.Effect.DOWNGRADE, e.build());
  }
}
