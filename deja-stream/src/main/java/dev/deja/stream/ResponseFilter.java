package dev.deja.stream;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes repeated units from one streamed answer as its chunks arrive: {@link #accept} takes the next chunk and
 * returns the text that may be shown now; {@link #finish} returns the rest.
 *
 * <p>Chunks may split anywhere (mid-word, mid-sentence). Units are assembled across chunks and judged when complete;
 * only the unfinished unit (and the white space before it) is held back. The output is the input with the removed
 * units taken out, byte for byte: markdown, code and white space are kept. Around a removed unit one of its two
 * separators goes with it: the one with fewer line breaks (so "A. B. C." loses a space, a removed list line loses
 * one line break, and a removed first sentence of a paragraph keeps the paragraph break); a removed last unit takes
 * the separator before it. Fenced code, table rows and rules always pass.
 *
 * <p>Failure: an error inside judging a unit lets that unit through (see {@link ContentDuplicateDetector}); an
 * error anywhere else switches this response to pass-through, so everything held and everything after is emitted
 * unchanged. Not thread-safe: one instance per response, fed from one thread at a time.
 */
public final class ResponseFilter {
  private static final Logger LOG = LoggerFactory.getLogger(ResponseFilter.class);

  /** What happened to one unit. */
  public record Decision(Unit unit, boolean kept, Optional<RepeatMatch> repeats) {
    public Decision {
      Objects.requireNonNull(unit, "unit");
      Objects.requireNonNull(repeats, "repeats");
    }
  }

  private final ContentDuplicateDetector detector;
  private final String sessionId;
  private final UnitSplitter splitter;
  private final StreamMetrics metrics;
  private final List<Decision> decisions = new ArrayList<>();
  private String pendingSeparator = "";
  private boolean afterDrop;
  private boolean passThrough;
  private boolean finished;

  ResponseFilter(ContentDuplicateDetector detector, String sessionId, int maxUnitChars, StreamMetrics metrics) {
    this.detector = detector;
    this.sessionId = sessionId;
    this.splitter = new UnitSplitter(maxUnitChars);
    this.metrics = metrics;
  }

  /** Takes the next chunk; returns the text to emit now (often empty while a unit is incomplete). */
  public String accept(String chunk) {
    if (finished) {
      throw new IllegalStateException("accept() after finish()");
    }
    if (chunk == null || chunk.isEmpty()) {
      return "";
    }
    if (passThrough) {
      return chunk;
    }
    StringBuilder out = new StringBuilder();
    try {
      detector.accumulate(chunk.length());
      splitter.append(chunk);
      for (Optional<UnitSplitter.Cut> c = splitter.poll(); c.isPresent(); c = splitter.poll()) {
        handle(c.get(), out);
      }
      return out.toString();
    } catch (RuntimeException e) {
      return failOpen(e, out);
    }
  }

  /** Ends the answer: judges the last unit and returns everything still held. */
  public String finish() {
    if (finished) {
      return "";
    }
    finished = true;
    if (passThrough) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    try {
      for (Optional<UnitSplitter.Cut> c = splitter.pollFinal(); c.isPresent(); c = splitter.pollFinal()) {
        handle(c.get(), out);
      }
      // Only white space is left. After a removed last unit, the separator before it goes with it.
      out.append(splitter.pending());
      pendingSeparator = "";
      return out.toString();
    } catch (RuntimeException e) {
      return failOpen(e, out);
    }
  }

  private String failOpen(RuntimeException e, StringBuilder out) {
    passThrough = true;
    metrics.error();
    LOG.warn("stream filter failed in session {}; the rest of the response passes unchanged: {}", sessionId,
        e.toString(), e);
    out.append(pendingSeparator).append(splitter.pending());
    pendingSeparator = "";
    return out.toString();
  }

  private void handle(UnitSplitter.Cut cut, StringBuilder out) {
    String separator = afterDrop ? stronger(pendingSeparator, cut.separator()) : cut.separator();
    Unit unit = cut.unit();
    detector.enter(cut.separator());
    UnitFeatures f = detector.eligible(unit) ? new UnitFeatures(unit) : null;
    Optional<RepeatMatch> match = f != null ? detector.check(f, sessionId) : Optional.empty();
    if (f != null) {
      detector.judged(f);
    }
    if (match.isPresent()) {
      pendingSeparator = separator;
      afterDrop = true;
      decisions.add(new Decision(unit, false, match));
      return;
    }
    if (f != null) {
      detector.add(f);
    }
    out.append(separator).append(unit.text());
    pendingSeparator = "";
    afterDrop = false;
    decisions.add(new Decision(unit, true, Optional.empty()));
  }

  /** Of the separators around a removed unit, the one that keeps the layout: more line breaks wins, ties go first. */
  static String stronger(String before, String after) {
    return lineBreaks(after) > lineBreaks(before) ? after : before;
  }

  private static int lineBreaks(String s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == '\n') {
        n++;
      }
    }
    return n;
  }

  /** Every unit judged so far, in order. */
  public List<Decision> decisions() {
    return Collections.unmodifiableList(decisions);
  }

  /** The detector's statistics for this response. */
  public DetectorStatistics statistics() {
    return detector.statistics();
  }

  /** How many characters are held back now. */
  public int heldBack() {
    return passThrough ? 0 : splitter.pendingLength() + pendingSeparator.length();
  }

  public String sessionId() {
    return sessionId;
  }
}
