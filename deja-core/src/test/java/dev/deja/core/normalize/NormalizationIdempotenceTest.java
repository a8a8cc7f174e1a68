package dev.deja.core.normalize;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.testing.RandomText;
import dev.deja.core.testing.Seeds;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code normalize(normalize(s)).equals(normalize(s))} on seeded random Unicode, for every analyzer and step. */
class NormalizationIdempotenceTest {

  private static final int SAMPLES = 20_000;

  /** Abbreviations and stop words on top of {@code standard}, as a glossary or calendar spec would configure. */
  static final Analyzer WITH_ABBREVIATIONS = Analyzer.STANDARD.extend("standard+abbreviations",
      Map.of("Dr.", "doctor", "appt", "appointment", "St", "Sankt", "w/", "with", "ß", "ss", "İ", "i"),
      Set.of("the", "a", "of", "de", "het", "een", "ﬁ"));

  static Stream<Arguments> analyzers() {
    return Stream.concat(Analyzer.BUILT_IN.values().stream(), Stream.of(WITH_ABBREVIATIONS,
            Analyzer.CASEFOLD.extend("casefold+abbreviations", Map.of("Dr.", "doctor"), Set.of("the")),
            Analyzer.COMPOUND.extend("compound+abbreviations", Map.of("dr", "doctor"), Set.of("de"))))
        .sorted((x, y) -> x.name().compareTo(y.name()))
        .map(a -> Arguments.of(a.name(), a));
  }

  static Stream<Arguments> steps() {
    return Stream.of(
        Arguments.of("nfkc", (UnaryOperator<String>) TextSteps::nfkc),
        Arguments.of("lowercase", (UnaryOperator<String>) TextSteps::lowercase),
        Arguments.of("fold_accents", (UnaryOperator<String>) TextSteps::foldAccents),
        Arguments.of("punctuation", (UnaryOperator<String>) TextSteps::punctuation),
        Arguments.of("whitespace", (UnaryOperator<String>) TextSteps::whitespace),
        Arguments.of("join_compounds", (UnaryOperator<String>) TextSteps::joinCompounds));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("analyzers")
  void analyzerIsIdempotent(String name, Analyzer analyzer) {
    Random random = Seeds.random("idempotence " + name);
    for (int i = 0; i < SAMPLES; i++) {
      String text = sample(random);
      String once = analyzer.normalize(text);
      assertThat(analyzer.normalize(once))
          .as("%s: normalize(normalize(%s)) where normalize gives %s, %s", name, quote(text), quote(once),
              Seeds.describe())
          .isEqualTo(once);
    }
  }

  /** Every chain that lists its steps in the order of {@link Analyzer#STEP_NAMES}: 63 of them besides "none". */
  static Stream<Arguments> chainsInStepOrder() {
    List<String> names = Analyzer.STEP_NAMES;
    return java.util.stream.IntStream.range(1, 1 << names.size()).mapToObj(mask -> {
      List<String> steps = java.util.stream.IntStream.range(0, names.size()).filter(i -> (mask & (1 << i)) != 0)
          .mapToObj(names::get).toList();
      return Arguments.of(String.join(",", steps), new Analyzer("chain", steps, Map.of(), Set.of()));
    });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("chainsInStepOrder")
  void everyChainInStepOrderIsIdempotent(String steps, Analyzer analyzer) {
    Random random = Seeds.random("chain idempotence " + steps);
    for (int i = 0; i < SAMPLES / 10; i++) {
      String text = sample(random);
      String once = analyzer.normalize(text);
      assertThat(analyzer.normalize(once))
          .as("[%s]: normalize(normalize(%s)) where normalize gives %s, %s", steps, quote(text), quote(once),
              Seeds.describe())
          .isEqualTo(once);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("steps")
  void stepIsIdempotent(String name, UnaryOperator<String> step) {
    Random random = Seeds.random("step idempotence " + name);
    for (int i = 0; i < SAMPLES; i++) {
      String text = sample(random);
      String once = step.apply(text);
      assertThat(step.apply(once))
          .as("%s(%s(%s)) where %s gives %s, %s", name, name, quote(text), name, quote(once), Seeds.describe())
          .isEqualTo(once);
    }
  }

  /** Random Unicode, sometimes with words the abbreviations and stop words above react to. */
  private static String sample(Random random) {
    if (random.nextInt(4) > 0) {
      return RandomText.next(random, 24);
    }
    List<String> words = List.of("Dr.", "dr", "appt", "the", "The", "St", "w/", "ß", "İ", "ﬁ", "de", "doctor");
    StringBuilder sb = new StringBuilder();
    for (int i = random.nextInt(6); i >= 0; i--) {
      sb.append(random.nextBoolean() ? words.get(random.nextInt(words.size())) : RandomText.next(random, 4));
      sb.append(random.nextBoolean() ? " " : RandomText.next(random, 2));
    }
    return sb.toString();
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    s.codePoints().forEach(cp -> {
      if (cp >= 0x20 && cp < 0x7f && cp != '"' && cp != '\\') {
        sb.appendCodePoint(cp);
      } else {
        sb.append(String.format("\\u{%X}", cp));
      }
    });
    return sb.append('"').toString();
  }
}
