package dev.deja.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deja.core.embed.Embedder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The contract of an {@link Embedder}, for every implementation to extend: the dimension it declares, finite
 * components, unit length where the implementation promises it, determinism, {@code embedAll} equal to
 * {@code embed} one by one, safety under concurrent use by 8 threads, blank, Unicode and very long inputs, and
 * returned arrays that callers may modify.
 *
 * <pre>{@code
 * class HashingEmbedderTest extends EmbedderContract {
 *   protected Embedder newEmbedder() { return new HashingEmbedder(); }
 * }
 * }</pre>
 *
 * <p>The embedder is created once per test class (models are slow to load) and closed afterwards when it is
 * {@link AutoCloseable}. Vectors are compared component by component within {@link #tolerance()}: native kernels
 * need not be bit-exact when batch shapes differ.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SeedExtension.class)
public abstract class EmbedderContract {

  /** Short titles, sentences, digits, punctuation, mixed case and scripts, of different lengths (so batches pad). */
  protected static final List<String> TEXTS = List.of(
      "Dentist appointment",
      "Dr. Smith checkup at 14:00",
      "Soccer practice",
      "The user prefers dark mode in every editor they use.",
      "Quarterly tax report due on 15 April 2026",
      "Café Zürich — déjà vu",
      "東京での会議",
      "Встреча с командой",
      "¿Dónde está la biblioteca?",
      "emoji 🚀🎉 party",
      "a",
      "Pick up the kids from school, then groceries: milk, eggs, bread, and coffee.");

  protected Embedder embedder;

  /** The embedder under test; called once per test class. */
  protected abstract Embedder newEmbedder();

  /** Whether the implementation promises unit-length vectors (true for the shipped models and the hashing fake). */
  protected boolean promisesUnitNorm() {
    return true;
  }

  /** The largest difference between two components that still counts as equal. */
  protected double tolerance() {
    return 1e-5;
  }

  /** Texts for the concurrency test; subclasses with slow embedders may return fewer. */
  protected List<String> concurrentTexts() {
    return TEXTS;
  }

  @BeforeAll
  void createEmbedder() {
    embedder = newEmbedder();
  }

  @AfterAll
  void closeEmbedder() throws Exception {
    if (embedder instanceof AutoCloseable c) {
      c.close();
    }
  }

  private void assertValid(String text, float[] v) {
    assertThat(v).as("vector of '%s'", text).hasSize(embedder.dimension());
    for (int i = 0; i < v.length; i++) {
      assertThat(Float.isFinite(v[i])).as("component %d of '%s' is finite, got %s", i, text, v[i]).isTrue();
    }
    if (promisesUnitNorm()) {
      assertThat(norm(v)).as("length of the vector of '%s'", text).isCloseTo(1.0,
          org.assertj.core.data.Offset.offset(1e-3));
    }
  }

  private void assertSame(String what, float[] expected, float[] actual) {
    assertThat(actual).as(what).hasSize(expected.length);
    for (int i = 0; i < expected.length; i++) {
      if (Math.abs(expected[i] - actual[i]) > tolerance()) {
        throw new AssertionError(what + ": component " + i + " differs: " + expected[i] + " vs " + actual[i]
            + " (tolerance " + tolerance() + ")");
      }
    }
  }

  /** The Euclidean length of a vector. */
  protected static double norm(float[] v) {
    double s = 0;
    for (float x : v) {
      s += (double) x * x;
    }
    return Math.sqrt(s);
  }

  /** The cosine similarity of two vectors. */
  protected static double cosine(float[] a, float[] b) {
    double dot = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
    }
    return dot / (norm(a) * norm(b));
  }

  @Test
  void declaresANameAndAPositiveDimension() {
    assertThat(embedder.model()).isNotBlank();
    assertThat(embedder.dimension()).isPositive();
  }

  @Test
  void everyVectorHasTheDimensionFiniteComponentsAndTheLengthPromised() {
    for (String t : TEXTS) {
      assertValid(t, embedder.embed(t));
    }
  }

  @Test
  void theSameTextGivesTheSameVector() {
    for (String t : TEXTS) {
      assertSame("second embedding of '" + t + "'", embedder.embed(t), embedder.embed(t));
    }
  }

  @Test
  void differentTextsGiveDifferentVectors() {
    float[] a = embedder.embed("Dentist appointment");
    float[] b = embedder.embed("Quarterly tax report due on 15 April 2026");
    assertThat(cosine(a, b)).as("cosine of two unrelated texts").isLessThan(0.99);
  }

  @Test
  void embedAllEqualsEmbeddingOneByOneInOrder() {
    List<float[]> all = embedder.embedAll(TEXTS);
    assertThat(all).hasSize(TEXTS.size());
    for (int i = 0; i < TEXTS.size(); i++) {
      assertValid(TEXTS.get(i), all.get(i));
      assertSame("embedAll[" + i + "] '" + TEXTS.get(i) + "'", embedder.embed(TEXTS.get(i)), all.get(i));
    }
  }

  @Test
  void embedAllOfNothingIsEmpty() {
    assertThat(embedder.embedAll(List.of())).isEmpty();
  }

  @Test
  void embedAllKeepsRepeatedTexts() {
    List<float[]> all = embedder.embedAll(List.of("Soccer practice", "a", "Soccer practice"));
    assertThat(all).hasSize(3);
    assertSame("repeated text", all.get(0), all.get(2));
  }

  @Test
  void blankInputGivesAValidVector() {
    for (String t : List.of("", " ", "   \t\n ")) {
      assertValid("[blank]", embedder.embed(t));
    }
  }

  @Test
  void unicodeAndPunctuationAreHandled() {
    for (String t : List.of("👍", "ß ẞ ﬁ Å Å", "مرحبا بالعالم", "!!!???...", "\u0000 control \u0007 chars",
        "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 math letters")) {
      assertValid(t, embedder.embed(t));
    }
  }

  @Test
  void veryLongInputIsHandled() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; sb.length() < 20_000; i++) {
      sb.append("word").append(i % 97).append(i % 5 == 0 ? ". " : " ");
    }
    String longText = sb.toString();
    float[] v = embedder.embed(longText);
    assertValid("[20,000 characters]", v);
    assertSame("long text twice", v, embedder.embed(longText));
  }

  @Test
  void returnedArraysBelongToTheCaller() {
    float[] v = embedder.embed("Soccer practice");
    float[] copy = v.clone();
    java.util.Arrays.fill(v, 42f);
    assertSame("after the caller changed a returned array", copy, embedder.embed("Soccer practice"));
    List<float[]> all = embedder.embedAll(List.of("Soccer practice"));
    java.util.Arrays.fill(all.get(0), 7f);
    assertSame("after the caller changed an array from embedAll", copy, embedder.embed("Soccer practice"));
  }

  @Test
  void isSafeUnderConcurrentUseBy8Threads(Random random) throws Exception {
    List<String> texts = concurrentTexts();
    List<float[]> expected = new ArrayList<>();
    for (String t : texts) {
      expected.add(embedder.embed(t));
    }
    int threads = 8;
    AtomicInteger n = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "embedder-contract-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Integer>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
          order.add(i);
        }
        Collections.shuffle(order, new Random(random.nextLong()));
        boolean batched = t % 2 == 1;
        futures.add(pool.submit(() -> {
          start.await();
          int checked = 0;
          if (batched) {
            List<String> batch = order.stream().map(texts::get).toList();
            List<float[]> got = embedder.embedAll(batch);
            for (int k = 0; k < order.size(); k++) {
              assertSame("concurrent embedAll of '" + batch.get(k) + "'", expected.get(order.get(k)), got.get(k));
              checked++;
            }
          } else {
            for (int i : order) {
              assertSame("concurrent embed of '" + texts.get(i) + "'", expected.get(i), embedder.embed(texts.get(i)));
              checked++;
            }
          }
          return checked;
        }));
      }
      start.countDown();
      int total = 0;
      for (Future<Integer> f : futures) {
        total += f.get(5, TimeUnit.MINUTES); // a hang guard, not a speed check
      }
      assertThat(total).isEqualTo(threads * texts.size());
    } finally {
      pool.shutdownNow();
    }
  }
}
