import dev.deja.embed.ModelCatalog;
import dev.deja.embed.OnnxEmbedder;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Single-title latency of all-MiniLM-L6-v2 through langchain4j's own embedding model and through Deja's OnnxEmbedder,
 * interleaved call by call in one JVM (so both see the same machine state). Seeded synthetic titles of 2-5 words;
 * 200 warm-up calls each, then 1,000 timed calls each, three rounds. See run.sh.
 */
public class LangchainVsDeja {
  public static void main(String[] args) {
    String[] words = {"doctor", "appointment", "soccer", "practice", "team", "meeting", "grocery", "shopping",
        "dentist", "call", "mom", "piano", "lesson", "school", "pickup", "book", "club", "yoga", "class", "haircut"};
    Random r = new Random(42);
    List<String> titles = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      int n = 2 + r.nextInt(4);
      StringBuilder sb = new StringBuilder();
      for (int j = 0; j < n; j++) {
        sb.append(j > 0 ? " " : "").append(words[r.nextInt(words.length)]);
      }
      titles.add(sb.toString());
    }
    AllMiniLmL6V2EmbeddingModel lc = new AllMiniLmL6V2EmbeddingModel();
    OnnxEmbedder deja = new OnnxEmbedder(ModelCatalog.get("all-minilm-l6-v2"), 0);
    for (int round = 0; round < 3; round++) {
      long[] a = new long[1000];
      long[] b = new long[1000];
      for (int i = 0; i < 200; i++) {
        lc.embed(titles.get(i));
        deja.embed(titles.get(i));
      }
      for (int i = 0; i < 1000; i++) {
        String t = titles.get(1000 + i);
        long t0 = System.nanoTime();
        lc.embed(t);
        long t1 = System.nanoTime();
        deja.embed(t);
        a[i] = t1 - t0;
        b[i] = System.nanoTime() - t1;
      }
      Arrays.sort(a);
      Arrays.sort(b);
      System.out.printf("round %d langchain4j p50 %.2f p99 %.2f | deja p50 %.2f p99 %.2f ms%n", round, a[500] / 1e6,
          a[990] / 1e6, b[500] / 1e6, b[990] / 1e6);
    }
  }
}
