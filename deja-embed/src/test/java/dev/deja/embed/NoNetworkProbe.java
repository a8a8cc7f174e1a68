package dev.deja.embed;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Permission;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A child-JVM program for {@link NoNetworkIT}: loads MiniLM and embeds a sentence (or, in {@code connect} mode, opens
 * a connection on purpose), then prints what happened as {@code KEY value} lines on stdout.
 *
 * <p>With {@code record} as the second argument it first installs a security manager that records every connection,
 * listen, accept and multicast the JVM attempts (including name look-ups) and <em>denies</em> them, so a probe that
 * would leave the machine is seen and stopped. Everything else is allowed. Java 17 still honours
 * {@link System#setSecurityManager} (deprecated, removed in later releases).
 */
public final class NoNetworkProbe {
  static final String SENTENCE = "Dentist appointment on Tuesday at 3 pm";
  private static final List<String> ATTEMPTS = Collections.synchronizedList(new ArrayList<>());

  private NoNetworkProbe() {}

  /** Records and denies network access; allows everything else. */
  @SuppressWarnings("removal")
  private static final class Recorder extends SecurityManager {
    private void deny(String what) {
      ATTEMPTS.add(what);
      throw new SecurityException("network access denied by NoNetworkProbe: " + what);
    }

    @Override
    public void checkPermission(Permission perm) {}

    @Override
    public void checkPermission(Permission perm, Object context) {}

    @Override
    public void checkConnect(String host, int port) {
      deny("connect " + host + ":" + port);
    }

    @Override
    public void checkConnect(String host, int port, Object context) {
      deny("connect " + host + ":" + port);
    }

    @Override
    public void checkListen(int port) {
      deny("listen " + port);
    }

    @Override
    public void checkAccept(String host, int port) {
      deny("accept " + host + ":" + port);
    }

    @Override
    public void checkMulticast(InetAddress maddr) {
      deny("multicast " + maddr);
    }
  }

  @SuppressWarnings("removal")
  public static void main(String[] args) throws Exception {
    String mode = args.length > 0 ? args[0] : "embed";
    if (args.length > 1 && args[1].equals("record")) {
      System.setSecurityManager(new Recorder());
    }
    try {
      if (mode.equals("connect")) {
        try (Socket s = new Socket("127.0.0.1", 9)) {
          System.out.println("CONNECTED " + s);
        } catch (IOException | SecurityException e) {
          System.out.println("ERROR " + e);
        }
      } else {
        try (OnnxEmbedder e = new OnnxEmbedder(ModelCatalog.get("all-minilm-l6-v2"), 1)) {
          float[] v = e.embed(SENTENCE);
          StringBuilder sb = new StringBuilder();
          for (float x : v) {
            sb.append(sb.length() == 0 ? "" : ",").append(Float.toString(x));
          }
          System.out.println("VECTOR " + sb);
        } catch (RuntimeException e) {
          System.out.println("ERROR " + e.toString().replace('\n', ' '));
        }
      }
      System.out.println("OPT_OUT_TRACKING " + System.getProperty("OPT_OUT_TRACKING"));
      Map<String, Integer> sockets = socketsByTable();
      int inet = 0;
      for (String t : List.of("tcp", "tcp6", "udp", "udp6", "raw", "raw6", "packet")) {
        inet += sockets.getOrDefault(t, 0);
      }
      System.out.println("INET_SOCKETS " + inet);
      System.out.println("SOCKETS " + sockets);
    } finally {
      // Interfaces are listed after the work: listing them opens a socket for ioctl calls.
      List<String> up = new ArrayList<>();
      try {
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
          if (ni.isUp()) {
            up.add(ni.getName().toLowerCase(Locale.ROOT));
          }
        }
      } catch (SocketException e) {
        // A network namespace without configured interfaces: none is up.
      }
      System.out.println("INTERFACES_UP " + String.join(",", up));
      System.out.println("ATTEMPTS " + String.join(";", ATTEMPTS));
      System.out.flush();
    }
  }

  /**
   * This process's open sockets by kind (Linux): each file descriptor linking to {@code socket:[inode]} is looked up
   * in the kernel's socket tables under {@code /proc/self/net} ({@code tcp}, {@code tcp6}, {@code udp}, {@code unix},
   * {@code netlink}, …), so a local Unix-domain socket is told apart from a network one.
   */
  private static Map<String, Integer> socketsByTable() throws IOException {
    Map<String, Integer> out = new TreeMap<>();
    Path fd = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fd)) {
      out.put("unknown (no /proc)", 1);
      return out;
    }
    List<String> inodes = new ArrayList<>();
    try (Stream<Path> s = Files.list(fd)) {
      for (Path p : s.toList()) {
        try {
          String link = Files.readSymbolicLink(p).toString();
          if (link.startsWith("socket:[")) {
            inodes.add(link.substring("socket:[".length(), link.length() - 1));
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    }
    for (String inode : inodes) {
      String kind = "unlisted";
      for (String table : List.of("tcp", "tcp6", "udp", "udp6", "raw", "raw6", "packet", "unix", "netlink")) {
        Path t = Path.of("/proc/self/net", table);
        if (Files.isReadable(t) && Files.readAllLines(t).stream().anyMatch(l -> (" " + l + " ")
            .contains(" " + inode + " "))) {
          kind = table;
          break;
        }
      }
      out.merge(kind, 1, Integer::sum);
    }
    return out;
  }
}
