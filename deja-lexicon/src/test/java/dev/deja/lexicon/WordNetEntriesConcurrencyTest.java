package dev.deja.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Many checks at once read words WordNet has not been asked about yet: extJWNL resolves an index word's senses lazily
 * and not thread-safely (64 concurrent clients of two servers once got a NullPointerException from inside
 * {@code IndexWord}, answered as HTTP 500), so every thread must get the entry one thread alone gets.
 */
class WordNetEntriesConcurrencyTest {
  /** The words of the train memory pairs (a few thousand, most never looked up before in this JVM). */
  private static List<String> words() throws java.io.IOException {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    java.nio.file.Path file = java.nio.file.Path.of("..", "datasets", "train", "memory", "pairs.jsonl");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("[a-z]{3,}")
        .matcher(java.nio.file.Files.readString(file).toLowerCase(java.util.Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    return List.copyOf(out);
  }

  @Test
  void entriesReadByManyThreadsAtOnceAreTheEntriesOneThreadReads() throws Exception {
    List<String> words = words();
    assertThat(words).hasSizeGreaterThan(1000);
    WordNetEntries shared = new WordNetEntries();
    int threads = 16;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<List<WordEntry>>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Callable<List<WordEntry>> task = () -> {
          start.await();
          List<WordEntry> out = new ArrayList<>();
          for (String w : words) {
            out.add(shared.entry(w));
          }
          return out;
        };
        futures.add(pool.submit(task));
      }
      start.countDown();
      List<List<WordEntry>> results = new ArrayList<>();
      for (Future<List<WordEntry>> f : futures) {
        results.add(f.get());
      }
      WordNetEntries alone = new WordNetEntries();
      List<WordEntry> expected = new ArrayList<>();
      for (String w : words) {
        expected.add(alone.entry(w));
      }
      for (List<WordEntry> got : results) {
        for (int i = 0; i < words.size(); i++) {
          assertThat(got.get(i).synsets()).as(words.get(i)).isEqualTo(expected.get(i).synsets());
          assertThat(got.get(i).known()).as(words.get(i)).isEqualTo(expected.get(i).known());
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
