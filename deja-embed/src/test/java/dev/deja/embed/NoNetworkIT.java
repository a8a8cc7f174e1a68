package dev.deja.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Embedding with a shipped model needs no network and attempts none. Each test runs {@link NoNetworkProbe} in a child
 * JVM on the test class path — started <em>without</em> the opt-out flags, so what keeps DJL offline is
 * {@link Offline#ensure()} alone:
 *
 * <ul>
 *   <li>under {@code unshare -n} (a network namespace whose only interface, loopback, is down): it loads MiniLM and
 *       gives the same vector as in process (skipped where unshare is not permitted);
 *   <li>with a security manager that records and denies every connection, listen, accept and name look-up: none is
 *       attempted and no network socket is open at the end; and the recorder is shown to work — it sees a deliberate
 *       connection, and DJL's cloud-metadata probe when the opt-out properties are set to false (denied, so nothing
 *       leaves);
 *   <li>the class-loading log shows {@link Offline} loaded before any DJL class.
 * </ul>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NoNetworkIT {
  private float[] inProcess;

  /** The probe's output lines as a map, its exit code and stderr. */
  private record Run(int exit, Map<String, String> out, String stderr) {
    String get(String key) {
      return out.getOrDefault(key, "");
    }

    String describe() {
      return "exit " + exit + ", stdout " + out + ", stderr:\n" + stderr;
    }
  }

  @BeforeAll
  void embedInProcess() {
    try (OnnxEmbedder e = new OnnxEmbedder(ModelCatalog.get("all-minilm-l6-v2"), 1)) {
      inProcess = e.embed(NoNetworkProbe.SENTENCE);
    }
  }

  private static String classPath() {
    String cp = System.getProperty("surefire.test.class.path");
    return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
  }

  private static Run run(List<String> prefix, List<String> jvmFlags, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xshare:auto");
    cmd.addAll(jvmFlags);
    cmd.add("-cp");
    cmd.add(classPath());
    cmd.add(NoNetworkProbe.class.getName());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    // The child must not inherit the opt-out flags through the environment either.
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("OPT_OUT_TRACKING");
    Path err = Files.createTempFile("deja-probe-", ".err");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(3, TimeUnit.MINUTES)) { // a hang guard, not a speed check
      p.destroyForcibly();
      throw new AssertionError("the probe did not finish: " + stdout);
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      int sp = line.indexOf(' ');
      if (sp > 0) {
        out.put(line.substring(0, sp), line.substring(sp + 1).strip());
      } else if (!line.isBlank()) {
        out.put(line.strip(), "");
      }
    }
    String stderr = Files.readString(err);
    Files.deleteIfExists(err);
    return new Run(p.exitValue(), out, stderr);
  }

  private static float[] vector(Run r) {
    assertThat(r.out()).as(r.describe()).containsKey("VECTOR").doesNotContainKey("ERROR");
    String[] parts = r.get("VECTOR").split(",");
    float[] v = new float[parts.length];
    for (int i = 0; i < parts.length; i++) {
      v[i] = Float.parseFloat(parts[i]);
    }
    return v;
  }

  private void assertSameVector(float[] child) {
    assertThat(child).hasSameSizeAs(inProcess);
    for (int i = 0; i < child.length; i++) {
      assertThat(child[i]).as("component %d", i).isCloseTo(inProcess[i], org.assertj.core.data.Offset.offset(1e-6f));
    }
  }

  private static boolean unshareWorks() {
    try {
      Process p = new ProcessBuilder("unshare", "-n", "true").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Test
  void embedsInANetworkNamespaceWithoutInterfaces() throws Exception {
    assumeTrue(unshareWorks(), "'unshare -n' is not permitted on this machine; the recording test below still runs");
    Run r = run(List.of("unshare", "-n"), List.of(), "embed");
    assertThat(r.exit()).as(r.describe()).isZero();
    assertThat(r.get("INTERFACES_UP")).as("no interface is up, not even loopback").isEmpty();
    assertThat(r.get("OPT_OUT_TRACKING")).isEqualTo("true");
    assertSameVector(vector(r));
  }

  @Test
  void loadingAndEmbeddingAttemptNoConnectionAndOfflineComesFirst(@TempDir Path tmp) throws Exception {
    Path classLog = tmp.resolve("classes.log");
    Run r = run(List.of(), List.of("-Djava.security.manager=allow",
        "-Xlog:class+load=info:file=" + classLog), "embed", "record");
    assertThat(r.exit()).as(r.describe()).isZero();
    assertThat(r.get("ATTEMPTS")).as("network attempts recorded").isEmpty();
    // The DJL tokenizer's native library keeps one connected, unnamed Unix-domain socket (a socketpair: local IPC);
    // what must be zero is network sockets.
    assertThat(r.get("INET_SOCKETS")).as("network sockets open at the end: " + r.get("SOCKETS")).isEqualTo("0");
    assertThat(r.get("OPT_OUT_TRACKING")).isEqualTo("true");
    assertSameVector(vector(r));

    List<String> loads = Files.readAllLines(classLog);
    int offline = indexOf(loads, "dev.deja.embed.Offline ");
    int firstDjl = indexOf(loads, " ai.djl.");
    assertThat(offline).as("Offline was loaded").isNotNegative();
    assertThat(firstDjl).as("DJL was loaded (the tokenizer)").isNotNegative();
    assertThat(offline).as("Offline loads before the first DJL class").isLessThan(firstDjl);
  }

  private static int indexOf(List<String> lines, String needle) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(needle)) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void theRecorderSeesADeliberateConnection() throws Exception {
    Run r = run(List.of(), List.of("-Djava.security.manager=allow"), "connect", "record");
    assertThat(r.get("ATTEMPTS")).as(r.describe()).contains("connect 127.0.0.1:9");
    assertThat(r.get("ERROR")).contains("SecurityException");
  }

  @Test
  void theRecorderSeesDjlsMetadataProbeWhenTheOptOutIsTurnedOff() throws Exception {
    // Offline.ensure() respects explicit settings, so this run has DJL's tracking on; the recorder denies the probe.
    Run r = run(List.of(), List.of("-Djava.security.manager=allow", "-DOPT_OUT_TRACKING=false",
        "-Dai.djl.offline=false"), "embed", "record");
    assertThat(r.get("ATTEMPTS")).as(r.describe()).contains("169.254.169.254");
  }
}
