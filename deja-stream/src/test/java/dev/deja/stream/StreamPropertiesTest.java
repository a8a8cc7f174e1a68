package dev.deja.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import dev.deja.core.embed.EmbeddingException;
import dev.deja.stream.eval.LabelledStream;
import dev.deja.stream.eval.StreamEvaluation;
import dev.deja.stream.eval.SyntheticAnswers;
import dev.deja.testkit.SeedExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The design's correctness properties, and this module's, on seeded random answers (seed printed on failure). */
@ExtendWith(SeedExtension.class)
class StreamPropertiesTest {
  private final StreamDeduplicator dedup = StreamDeduplicator.withDefaults();

  @Test
  void noParagraphOrUnitAppearsTwiceInTheOutput(Random r) {
    for (int n = 0; n < 40; n++) {
      String text = SyntheticAnswers.answer(r, 30);
      String out = dedup.dedupe(SyntheticAnswers.chunks(r, text, 12));
      Set<String> paragraphs = new HashSet<>();
      for (String p : out.replaceAll("```[\\s\\S]*?```", "").split("\n\\s*\n")) {
        if (!p.strip().isEmpty()) {
          assertThat(paragraphs.add(p.strip())).as("paragraph twice: %s%nin: %s", p, out).isTrue();
        }
      }
      Set<String> units = new HashSet<>();
      for (Unit u : UnitSplitter.split(out)) {
        if (!u.kind().isExempt() && u.body().strip().length() >= 10) {
          assertThat(units.add(TextKey.normalize(u.body()))).as("unit twice: %s", u.text()).isTrue();
        }
      }
    }
  }

  @Test
  void similarityIsSymmetric(Random r) {
    RepeatJudge judge = dedup.judge();
    for (int n = 0; n < 300; n++) {
      String a = SyntheticAnswers.sentence(r);
      String b = r.nextInt(3) == 0 ? mutate(r, a) : SyntheticAnswers.sentence(r);
      PairScore ab = judge.score(a, b);
      PairScore ba = judge.score(b, a);
      assertThat(ab.chunk()).as("%s | %s", a, b).isEqualTo(ba.chunk());
      assertThat(ab.content()).isEqualTo(ba.content());
      assertThat(ab.paraphrase()).isEqualTo(ba.paraphrase());
      assertThat(ab.shared()).isEqualTo(ba.shared());
      assertThat(ab.exact()).isEqualTo(ba.exact());
      assertThat(judge.score(a, a).layer()).isEqualTo("exact");
    }
  }

  @Test
  void aPairIsADuplicateIfAndOnlyIfAScoreReachesItsThresholdAndNoGuardObjects(Random r) {
    for (int n = 0; n < 300; n++) {
      StreamOptions o = StreamOptions.defaults().with(java.util.Map.of(
          "similarity_threshold", r.nextDouble(), "content_similarity_threshold", r.nextDouble(),
          "paraphrase_threshold", r.nextDouble(), "paraphrase_min_shared", r.nextInt(4)), "random");
      RepeatJudge judge = new RepeatJudge(o);
      String a = SyntheticAnswers.sentence(r);
      String b = r.nextBoolean() ? mutate(r, a) : SyntheticAnswers.sentence(r);
      PairScore s = judge.score(a, b);
      boolean expected = s.exact() || s.conflict().isEmpty() && (s.chunk() >= o.similarityThreshold()
          || s.content() >= o.contentSimilarityThreshold()
          || s.paraphrase() >= o.paraphraseThreshold() && s.shared() >= o.paraphraseMinShared());
      assertThat(s.isDuplicate()).as("%s | %s | %s", a, b, s).isEqualTo(expected);
      for (double x : new double[] {s.chunk(), s.content(), s.paraphrase(), s.semantic()}) {
        assertThat(x).isBetween(0.0, 1.0);
      }
    }
  }

  @Test
  void emptyAndShortChunksAreSkipped(Random r) {
    ContentDuplicateDetector d = dedup.detector("s");
    for (String blank : List.of("", "   ", "\n\n", "short.", "tiny one")) {
      d.addContent(blank);
      assertThat(d.containsDuplicateContent(blank, "s").isDuplicate()).isFalse();
    }
    assertThat(d.statistics().totalChunksTracked()).isZero();
    for (int n = 0; n < 20; n++) {
      String text = SyntheticAnswers.answer(r, 15);
      List<String> chunks = SyntheticAnswers.chunks(r, text, 8);
      List<String> withEmpty = new ArrayList<>();
      for (String c : chunks) {
        withEmpty.add("");
        withEmpty.add(c);
      }
      assertThat(dedup.dedupe(withEmpty)).isEqualTo(dedup.dedupe(chunks));
    }
  }

  @Test
  void chunkBoundariesNeverChangeTheResult(Random r) {
    List<String> texts = new ArrayList<>();
    for (LabelledStream s : DevStreams.all()) {
      texts.add(s.text());
    }
    for (int n = 0; n < 25; n++) {
      texts.add(SyntheticAnswers.answer(r, 25));
    }
    for (String text : texts) {
      String whole = dedup.dedupe(List.of(text));
      for (int k = 0; k < 4; k++) {
        assertThat(dedup.dedupe(SyntheticAnswers.chunks(r, text, 1 + r.nextInt(15)))).as(text).isEqualTo(whole);
      }
      List<String> single = new ArrayList<>();
      for (int i = 0; i < text.length(); i++) {
        single.add(text.substring(i, i + 1));
      }
      assertThat(dedup.dedupe(single)).isEqualTo(whole);
    }
  }

  @Test
  void outputEqualsInputWhenNothingRepeats(Random r) {
    for (int n = 0; n < 30; n++) {
      // Sentences joined with varied white space and markdown, each added only if the filter, given the whole text
      // so far in one piece, removes nothing (what it removes depends on the layout: list items and headings are
      // compared differently, and the paraphrase model weighs the whole window).
      List<String> kept = new ArrayList<>();
      StringBuilder text = new StringBuilder();
      String[] seps = {" ", "\n", "\n\n", "  ", "\n- ", "\n1. ", "\n## "};
      int tries = 0;
      while (kept.size() < 12 && tries++ < 500) {
        String s = SyntheticAnswers.sentence(r);
        String candidate = text + (kept.isEmpty() ? "" : seps[r.nextInt(seps.length)]) + s;
        ResponseFilter probe = dedup.open("probe");
        probe.accept(candidate);
        probe.finish();
        if (probe.decisions().stream().allMatch(ResponseFilter.Decision::kept)) {
          text.setLength(0);
          text.append(candidate);
          kept.add(s);
        }
      }
      assertThat(kept).hasSizeGreaterThan(3);
      text.append(r.nextBoolean() ? "\n" : "");
      String t = text.toString();
      assertThat(dedup.dedupe(SyntheticAnswers.chunks(r, t, 10))).isEqualTo(t);
    }
  }

  /**
   * Sentence templates and the items that fill their slots ({0}, {1}, …: one list per slot). Instances of one
   * template say different things, however alike they look (issue 16: "Plant pepper seedlings outdoors in late May."
   * is no repeat of "Plant tomato seedlings outdoors in mid-May.").
   */
  private static final List<Object[]> TEMPLATES = List.of(
      new Object[] {"Plant {0} seedlings outdoors in {1} {2}.", new String[] {"tomato", "pepper", "cucumber", "bean",
          "squash", "lettuce", "leek", "kale"}, new String[] {"early", "late"}, new String[] {"April", "May", "June"}},
      new Object[] {"Water the {0} every {1} days in summer.", new String[] {"fern", "cactus", "orchid", "monstera",
          "peace lily", "snake plant", "fiddle-leaf fig"}, new String[] {"3", "5", "7", "10", "14"}},
      new Object[] {"Add {0} grams of {1} and stir well.", new String[] {"50", "100", "200", "250"},
          new String[] {"flour", "sugar", "butter", "oats", "rice", "lentils", "cocoa", "yoghurt"}},
      new Object[] {"In the morning, walk to the {0} and then have lunch near the {1}.", new String[] {"cathedral",
          "harbour", "castle", "market", "museum"}, new String[] {"old town", "riverside park", "botanical garden",
          "station", "university"}},
      new Object[] {"The {0} costs £{1} and comes with {2}.", new String[] {"Dyson V8", "Shark Stratos",
          "Bosch Unlimited", "Vax Blade"}, new String[] {"199", "249", "329", "399"}, new String[] {
              "a washable filter", "a spare battery", "a pet tool", "a wall dock"}},
      new Object[] {"Paint the {0} walls {1} with a matt finish.", new String[] {"kitchen", "bathroom", "bedroom",
          "hallway", "study"}, new String[] {"white", "grey", "sage green", "navy", "terracotta"}},
      new Object[] {"{0} is driving to {1} on Saturday morning.", new String[] {"Omar", "Lena", "Priya", "Tom"},
          new String[] {"Porto", "Lyon", "Ghent", "Seville"}},
      new Object[] {"{0} goes to {1} after school on Thursdays.", new String[] {"Ben", "Maya", "Jack", "Sofia"},
          new String[] {"football", "swimming", "chess club", "ballet", "judo", "drama"}});

  @Test
  void instancesOfOneSentenceTemplateAreAllKept(Random r) {
    String[] seps = {" ", " ", "\n", "\n\n"};
    for (int n = 0; n < 60; n++) {
      Object[] t = TEMPLATES.get(r.nextInt(TEMPLATES.size()));
      String sep = seps[r.nextInt(seps.length)];
      Set<String> instances = new java.util.LinkedHashSet<>();
      int want = 3 + r.nextInt(4);
      for (int tries = 0; instances.size() < want && tries < 100; tries++) {
        Object[] fillers = new Object[t.length - 1];
        for (int k = 1; k < t.length; k++) {
          String[] items = (String[]) t[k];
          fillers[k - 1] = items[r.nextInt(items.length)];
        }
        instances.add(java.text.MessageFormat.format(((String) t[0]).replace("'", "''"), fillers));
      }
      String text = String.join(sep, instances);
      assertThat(dedup.dedupe(SyntheticAnswers.chunks(r, text, 12))).as("instances of one template").isEqualTo(text);
    }
  }

  /**
   * Labelled rows of one template after the introduction they itemise, which shares a word with them: an
   * introduction, the row, labels, the slots.
   */
  private static final List<Object[]> ROWS = List.of(
      new Object[] {"Here's when to feed each houseplant.", "{0}: feed the {1} with liquid fertiliser.",
          new String[] {"March", "April", "May", "June", "July"}, new String[] {"fern", "orchid", "monstera",
              "peace lily", "snake plant", "cactus"}},
      new Object[] {"This is when to prune each shrub.", "{0}: prune the {1} back hard.", new String[] {"Early March",
          "Late March", "Mid April", "Early June", "Late August"}, new String[] {"buddleia", "lavender", "dogwood",
              "forsythia", "hydrangea"}},
      new Object[] {"Here's where to walk each morning.", "{0}: walk to the {1} and back before breakfast.",
          new String[] {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}, new String[] {"harbour", "castle",
              "market", "old mill", "lighthouse"}});

  @Test
  void labelledRowsOfOneTemplateAfterTheirIntroductionAreAllKept(Random r) {
    for (int n = 0; n < 60; n++) {
      Object[] t = ROWS.get(r.nextInt(ROWS.size()));
      List<String> labels = new ArrayList<>(List.of((String[]) t[2]));
      java.util.Collections.shuffle(labels, r);
      List<String> lines = new ArrayList<>(List.of((String) t[0]));
      int want = 3 + r.nextInt(Math.min(3, labels.size() - 2));
      List<String> items = new ArrayList<>(List.of((String[]) t[3]));
      java.util.Collections.shuffle(items, r);
      for (int k = 0; k < want; k++) {
        lines.add(java.text.MessageFormat.format(((String) t[1]).replace("'", "''"), labels.get(k), items.get(k)));
      }
      String text = String.join("\n", lines);
      assertThat(dedup.dedupe(SyntheticAnswers.chunks(r, text, 12))).as("labelled rows of one template")
          .isEqualTo(text);
    }
  }

  @Test
  void injectedErrorsNeverBlockContent(Random r) {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    Embedder failing = new Embedder() {
      @Override
      public String model() {
        return "failing";
      }

      @Override
      public int dimension() {
        return 3;
      }

      @Override
      public float[] embed(String text) {
        if (text.hashCode() % 3 == 0) {
          throw new EmbeddingException("injected failure", true);
        }
        return new float[] {1, text.length(), 0};
      }
    };
    StreamDeduplicator broken = StreamDeduplicator.builder().embedder(failing).metrics(StreamMetrics.on(meters))
        .listener(e -> {
          throw new IllegalStateException("listener failure");
        }).build();
    StreamDeduplicator plain = StreamDeduplicator.withDefaults();
    for (int n = 0; n < 20; n++) {
      String text = SyntheticAnswers.answer(r, 20);
      List<String> chunks = SyntheticAnswers.chunks(r, text, 10);
      ResponseFilter f = broken.open("s");
      StringBuilder out = new StringBuilder();
      chunks.forEach(c -> out.append(f.accept(c)));
      out.append(f.finish());
      // Everything the error-free filter keeps is still there: a failure only ever lets more through.
      String reference = plain.dedupe(chunks);
      for (Unit u : UnitSplitter.split(reference)) {
        assertThat(out.toString()).contains(u.text());
      }
    }
    assertThat(meters.counter("content.detection.errors").count()).isPositive();
  }

  @Test
  void theDevStreamsKeepTheirKeepUnits() {
    // Dev is validation only: nothing is fitted on it. The floors are below the measured figures (keep 0.989 — 93 of
    // 94, one negated weekday line lost — and drop recall 0.913 with the model fitted on the train streams;
    // docs/STREAMING.md).
    StreamEvaluation.Result r = StreamEvaluation.run(dedup, DevStreams.all(), 0, 1);
    assertThat(r.keepPreserved()).isGreaterThanOrEqualTo(0.98);
    assertThat(r.streamsWithKeepLost()).isLessThanOrEqualTo(1);
    assertThat(r.dropRecall()).isGreaterThanOrEqualTo(0.85);
    assertThat(r.streams()).allSatisfy(s -> assertThat(s.outputAccounted()).as(s.id()).isTrue());
  }

  private static String mutate(Random r, String s) {
    String[] w = s.split(" ");
    int i = r.nextInt(w.length);
    return switch (r.nextInt(4)) {
      case 0 -> s.toUpperCase(java.util.Locale.ROOT);
      case 1 -> s.replace(w[i], w[i] + "s");
      case 2 -> s.replace(w[i], "");
      default -> s + " " + w[i];
    };
  }
}
