package dev.deja.cli;

import sun.misc.Signal;

/**
 * How a long-running command stops on SIGTERM and SIGINT: its own stop runs first, and only then does the JVM exit
 * (with status 128 + the signal's number, as the JVM's own handling would) and run its shutdown hooks.
 *
 * <p>Why not a shutdown hook alone: the JVM runs all shutdown hooks at once, and ONNX Runtime registers one that
 * releases its native environment. A model still loading (the server's warm-up) or an embedding being computed at that
 * moment then runs on freed memory: a SIGSEGV in {@code libonnxruntime} and an {@code hs_err_pid*.log} (issue 17 item
 * 6; 5 of 7 SIGTERMs during the warm-up crashed before). Stopping first — draining requests and waiting for the model
 * load, which cannot be interrupted — leaves no native work for that hook to pull the environment from under.
 *
 * <p>A second signal while the stop runs exits at once. Thread-safe.
 */
final class StopSignals {
  private StopSignals() {}

  /** Runs {@code stop} on SIGTERM or SIGINT, then exits the JVM. */
  static void install(Runnable stop) {
    for (String name : new String[] {"TERM", "INT"}) {
      Signal.handle(new Signal(name), sig -> {
        try {
          stop.run();
        } finally {
          System.exit(128 + sig.getNumber());
        }
      });
    }
  }
}
