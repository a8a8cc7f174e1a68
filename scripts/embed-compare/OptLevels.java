import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

/**
 * ONNX Runtime's graph optimisation levels on the shipped all-MiniLM-L6-v2 graph: one session per level, timed in
 * blocks of n/10 calls that alternate between the sessions (alternating call by call would evict each session's
 * weights from the cache and measure that instead). Inputs: seeded random token ids, 5-9 tokens with [CLS]/[SEP], the
 * length of a short title. Arguments: resource name, levels (comma-separated OptLevel names), n. See run.sh.
 */
public class OptLevels {
  public static void main(String[] args) throws Exception {
    byte[] onnx = OptLevels.class.getClassLoader().getResourceAsStream(args[0]).readAllBytes();
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    String[] levels = args[1].split(",");
    OrtSession[] sessions = new OrtSession[levels.length];
    for (int v = 0; v < levels.length; v++) {
      OrtSession.SessionOptions o = new OrtSession.SessionOptions();
      o.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.valueOf(levels[v]));
      sessions[v] = env.createSession(onnx, o);
    }
    Random r = new Random(1);
    int n = Integer.parseInt(args[2]);
    int rounds = 10;
    int per = n / rounds;
    long[][] t = new long[levels.length][n];
    for (int round = 0; round < rounds + 1; round++) {
      for (int v = 0; v < levels.length; v++) {
        for (int i = 0; i < per; i++) {
          int len = 5 + r.nextInt(5);
          long[] ids = new long[len];
          long[] mask = new long[len];
          long[] types = new long[len];
          ids[0] = 101;
          ids[len - 1] = 102;
          for (int k = 1; k < len - 1; k++) {
            ids[k] = 2000 + r.nextInt(20000);
          }
          Arrays.fill(mask, 1);
          long[] shape = {1, len};
          try (OnnxTensor a = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
              OnnxTensor b = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
              OnnxTensor c = OnnxTensor.createTensor(env, LongBuffer.wrap(types), shape)) {
            long t0 = System.nanoTime();
            try (OrtSession.Result res = sessions[v].run(Map.of("input_ids", a, "attention_mask", b,
                "token_type_ids", c))) {
              res.get(0).getValue();
              if (round > 0) {
                t[v][(round - 1) * per + i] = System.nanoTime() - t0;
              }
            }
          }
        }
      }
    }
    for (int v = 0; v < levels.length; v++) {
      Arrays.sort(t[v]);
      System.out.printf("%-14s p50 %.2f p90 %.2f p99 %.2f ms%n", levels[v], t[v][n / 2] / 1e6, t[v][n * 9 / 10] / 1e6,
          t[v][n * 99 / 100] / 1e6);
    }
  }
}
