import dev.deja.core.embed.Embedder;
import dev.deja.embed.InProcessEmbedderProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the embedding of every line of a file with one of Deja's in-process models, as TSV (text, then the vector's
 * components separated by spaces). A check's helper, not part of the product; run as a single-file program:
 *
 * <pre>
 *   java -cp deja-cli/target/deja.jar scripts/EmbedTexts.java bge-small-en-v1.5-q texts.txt vectors.tsv
 * </pre>
 */
public class EmbedTexts {
  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: EmbedTexts MODEL TEXTS_FILE OUT_TSV");
      System.exit(2);
    }
    Embedder e = new InProcessEmbedderProvider().find(args[0])
        .orElseThrow(() -> new IllegalArgumentException("no in-process model " + args[0]));
    List<String> lines = Files.readAllLines(Path.of(args[1]));
    StringBuilder sb = new StringBuilder();
    for (String line : lines) {
      float[] v = e.embed(line);
      sb.append(line.replace('\t', ' ')).append('\t');
      for (int i = 0; i < v.length; i++) {
        sb.append(i == 0 ? "" : " ").append(v[i]);
      }
      sb.append('\n');
    }
    Files.writeString(Path.of(args[2]), sb);
  }
}
