package dev.deja.stream;

import dev.deja.core.engine.Outcome;
import dev.deja.core.judge.JudgeStep;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The design's per-response detector: remembers the content of one answer and says whether new content repeats it.
 *
 * <p>{@link #containsDuplicateContent} splits the text into units ({@link UnitSplitter}: the design's
 * {@code [.!?]+\s+} with a paragraph fallback, plus line breaks and list lines) and compares each with the units
 * added so far: identical text at any distance, every other layer within the last {@code sentence_window_size}
 * units (see {@link RepeatJudge}). Empty, blank and shorter-than-{@code min_unit_chars} text is skipped: never a
 * duplicate, never added. Each repeat found raises a {@link ContentDuplicationEvent} (to the listener and to the log)
 * and counts in {@code content.duplicates.detected}. Any error inside detection is logged, counted in
 * {@code content.detection.errors}, and answered with "not a duplicate", so content is never blocked by a failure.
 *
 * <p>The streaming filter ({@link ResponseFilter}) drives one detector per response with completed units; use this
 * class directly when your own code decides what a chunk is. Not thread-safe: one instance per response.
 */
public final class ContentDuplicateDetector {
  private static final Logger LOG = LoggerFactory.getLogger(ContentDuplicateDetector.class);

  private final RepeatJudge judge;
  private final StreamOptions options;
  private final ContentDuplicationListener listener;
  private final StreamMetrics metrics;
  private final Clock clock;
  private final String responseTag;
  private final ArrayDeque<UnitFeatures> window = new ArrayDeque<>();
  private final Map<String, UnitFeatures> seen = new HashMap<>();
  private final WindowContext context = new WindowContext();
  private long tracked;
  private long accumulated;
  private long duplicates;
  private long errors;
  private long events;
  private int nextIndex;

  ContentDuplicateDetector(RepeatJudge judge, ContentDuplicationListener listener, StreamMetrics metrics, Clock clock,
      String responseTag) {
    this.judge = judge;
    this.options = judge.options();
    this.listener = listener;
    this.metrics = metrics;
    this.clock = clock;
    this.responseTag = responseTag;
  }

  /**
   * Whether a text repeats content added before, and a preview of what it repeats (the design's
   * {@code contains_duplicate_content(text, session_id)}).
   */
  public DuplicateCheck containsDuplicateContent(String text, String sessionId) {
    if (text == null || text.strip().length() < options.minUnitChars()) {
      return DuplicateCheck.NONE;
    }
    List<UnitSplitter.Cut> cuts;
    try {
      cuts = UnitSplitter.cuts(text);
    } catch (RuntimeException e) {
      failed(e, sessionId);
      return DuplicateCheck.NONE;
    }
    // A question about the text: its units are read in their paragraphs, but what they open is forgotten after.
    boolean summary = context.inSummary();
    try {
      for (UnitSplitter.Cut c : cuts) {
        Unit u = c.unit();
        Unit shifted = new Unit(u.text(), u.kind(), nextIndex + u.index(), u.offset() + accumulated, u.listId(),
            u.nested(), u.section(), u.heading());
        enter(c.separator());
        UnitFeatures f = new UnitFeatures(shifted);
        Optional<RepeatMatch> m = check(f, sessionId);
        judged(f);
        if (m.isPresent()) {
          return new DuplicateCheck(true,
              Optional.of(ContentDuplicationEvent.preview(m.get().earlier().text(), options.previewChars())),
              m.get().score().similarity(), m.get().score().layer());
        }
      }
      return DuplicateCheck.NONE;
    } finally {
      context.restoreSummary(summary);
    }
  }

  /** Remembers a text's units (the design's {@code add_content(text)}); blank and short text is skipped. */
  public void addContent(String text) {
    if (text == null || text.strip().length() < options.minUnitChars()) {
      return;
    }
    try {
      List<UnitSplitter.Cut> cuts = UnitSplitter.cuts(text);
      for (UnitSplitter.Cut c : cuts) {
        Unit u = c.unit();
        enter(c.separator());
        UnitFeatures f = new UnitFeatures(new Unit(u.text(), u.kind(), nextIndex + u.index(), u.offset() + accumulated,
            u.listId(), u.nested(), u.section(), u.heading()));
        add(f);
        judged(f);
      }
      nextIndex += cuts.size();
      accumulated += text.length();
    } catch (RuntimeException e) {
      failed(e, "-");
    }
  }

  /** The design's statistics of this response so far. */
  public DetectorStatistics statistics() {
    return new DetectorStatistics(tracked, seen.size(), accumulated, options.similarityThreshold(),
        options.contentSimilarityThreshold(), options.sentenceWindowSize(), duplicates, errors);
  }

  /** Whether a unit takes part in detection: not exempt, and long enough. */
  boolean eligible(Unit u) {
    return !u.kind().isExempt() && u.body().strip().length() >= options.minUnitChars();
  }

  /**
   * The earlier unit a completed unit repeats, if any; raises the event. Errors are logged and counted, and answered
   * with empty.
   */
  Optional<RepeatMatch> check(UnitFeatures f, String sessionId) {
    long t0 = System.nanoTime();
    try {
      if (!eligible(f.unit)) {
        return Optional.empty();
      }
      Optional<RepeatMatch> best = Optional.empty();
      UnitFeatures same = seen.get(f.norm);
      if (same != null) {
        PairScore s = judge.layers(f, same, RepeatJudge.relation(f.unit, same.unit), true);
        // The same normalised text is an exact repeat unless it writes other signs ("£50" / "$50", "C++" / "C"):
        // those go through the guards below.
        if (s.isDuplicate() && s.exact()) {
          best = Optional.of(new RepeatMatch(same.unit, s));
        }
      }
      if (best.isEmpty()) {
        best = judge(f);
      }
      best.ifPresent(m -> repeated(f.unit, m, sessionId));
      return best;
    } catch (RuntimeException e) {
      failed(e, sessionId);
      return Optional.empty();
    } finally {
      metrics.latencyNanos(System.nanoTime() - t0);
    }
  }

  /**
   * The match of a unit in the window, layer by layer: the chunk and content candidates from the strongest down,
   * the first that no guard vetoes; else the paraphrase model on the unit it shares the most content with (ties: the
   * earlier unit); else, for a unit that opens with a reformulatory marker, that unit or, when it shares no content,
   * the unit before it ({@link RepeatJudge#reformulates}; unless the LLM judge ruled on the pair); else the semantic
   * candidates, guarded like the first. Weaker candidates are never checked.
   */
  private Optional<RepeatMatch> judge(UnitFeatures f) {
    List<RepeatMatch> verbatim = new ArrayList<>();
    List<UnitFeatures> verbatimUnits = new ArrayList<>();
    List<RepeatMatch> semantic = new ArrayList<>();
    List<UnitFeatures> semanticUnits = new ArrayList<>();
    UnitFeatures closest = null;
    PairScore closestScore = null;
    for (UnitFeatures e : window) {
      RepeatJudge.Relation relation = RepeatJudge.relation(f.unit, e.unit);
      PairScore s = judge.layers(f, e, relation);
      if (s.layer().equals("chunk") || s.layer().equals("content") || s.layer().equals("exact")) {
        verbatim.add(new RepeatMatch(e.unit, s));
        verbatimUnits.add(e);
      } else if (s.layer().equals("semantic")) {
        semantic.add(new RepeatMatch(e.unit, s));
        semanticUnits.add(e);
      }
      if (relation == RepeatJudge.Relation.FULL && s.shared() > 0 && s.shared() >= options.paraphraseMinShared()
          && (closestScore == null || s.paraphrase() > closestScore.paraphrase())) {
        closest = e;
        closestScore = s;
      }
    }
    Optional<RepeatMatch> m = firstUnvetoed(f, verbatim, verbatimUnits);
    if (m.isPresent()) {
      return m;
    }
    boolean ruled = false;
    if (closest != null) {
      RestatementModel.Verdict v = judge.restatement(f, closest, closestScore.paraphrase(), context);
      Optional<JudgeStep.Ruling> ruling = v.vetoed() ? Optional.empty() : askJudge(f, closest, v.probability());
      ruled = ruling.isPresent();
      boolean restates = ruling.map(r -> r.level() == Outcome.DUPLICATE)
          .orElse(v.probability() >= options.paraphraseThreshold());
      if (restates) {
        String why = v.explain() + ruling.map(r -> "; " + r.node().message()).orElse("");
        return Optional.of(new RepeatMatch(closest.unit, closestScore.withRestatement(v.probability(), why)
            .withLayer("paraphrase", judge.conflict(f, closest))));
      }
    }
    // A judge's ruling on the pair stands; without one, the marker decides.
    UnitFeatures earlier = closest != null ? closest : window.peekLast();
    if (earlier != null && !ruled) {
      Optional<String> marker = judge.reformulates(f, earlier, context);
      if (marker.isPresent()) {
        PairScore s = closest != null ? closestScore : judge.layers(f, earlier, RepeatJudge.Relation.FULL);
        String why = "restatement by its marker: opens with '" + marker.get() + "', which says again what the "
            + "answer said";
        return Optional.of(new RepeatMatch(earlier.unit, s.withRestatement(1, why)
            .withLayer("paraphrase", judge.conflict(f, earlier))));
      }
    }
    return firstUnvetoed(f, semantic, semanticUnits);
  }

  /**
   * The LLM judge's ruling on a later unit and the earlier one it shares the most with, when the paraphrase layer has
   * a judge and the restatement probability is in its band; a fallback (the judge could not answer) is logged, and
   * the threshold decides.
   */
  private Optional<JudgeStep.Ruling> askJudge(UnitFeatures later, UnitFeatures earlier, double probability) {
    Optional<JudgeStep> step = judge.paraphraseJudge();
    if (step.isEmpty() || !step.get().inBand(probability)) {
      return Optional.empty();
    }
    String id = "unit-" + earlier.unit.index();
    JudgeStep.Rulings r = step.get().rule("stream", List.of(new JudgeStep.Pair(id, later.body, earlier.body,
        later.norm, earlier.norm, probability, probability >= options.paraphraseThreshold() ? Outcome.DUPLICATE
            : Outcome.NEW, Optional.empty(), Optional.empty())));
    for (String w : r.warnings()) {
      LOG.warn("{}", w);
    }
    return r.find(id);
  }

  /** Of candidates found by the layers, the strongest that no guard vetoes. */
  private Optional<RepeatMatch> firstUnvetoed(UnitFeatures f, List<RepeatMatch> candidates,
      List<UnitFeatures> units) {
    Integer[] order = new Integer[candidates.size()];
    for (int k = 0; k < order.length; k++) {
      order[k] = k;
    }
    java.util.Arrays.sort(order, (x, y) -> better(candidates.get(x).score(), candidates.get(y).score()) ? -1
        : better(candidates.get(y).score(), candidates.get(x).score()) ? 1 : Integer.compare(x, y));
    for (int k : order) {
      if (judge.conflict(f, units.get(k)).isEmpty()) {
        return Optional.of(candidates.get(k));
      }
    }
    return Optional.empty();
  }

  private static boolean better(PairScore a, PairScore b) {
    if (a.rank() != b.rank()) {
      return a.rank() > b.rank();
    }
    return a.similarity() > b.similarity();
  }

  /** A unit begins after this white space (a line break ends a paragraph: {@link WindowContext#enter}). */
  void enter(String separatorBefore) {
    context.enter(separatorBefore);
  }

  /** A unit was judged, kept or removed ({@link WindowContext#judged}); only an eligible one can open a summary. */
  void judged(UnitFeatures f) {
    if (eligible(f.unit)) {
      context.judged(f);
    }
  }

  /** Remembers a unit that was kept. */
  void add(UnitFeatures f) {
    try {
      if (!eligible(f.unit)) {
        return;
      }
      tracked++;
      seen.putIfAbsent(f.norm, f);
      window.addLast(f);
      context.add(f);
      while (window.size() > options.sentenceWindowSize()) {
        context.remove(window.removeFirst());
      }
    } catch (RuntimeException e) {
      failed(e, "-");
    }
  }

  /** Counts text that passed through the streaming filter (for {@code accumulated_text_length}). */
  void accumulate(long chars) {
    accumulated += chars;
  }

  private void repeated(Unit unit, RepeatMatch m, String sessionId) {
    duplicates++;
    metrics.duplicate(m.score().layer());
    ContentDuplicationEvent event = new ContentDuplicationEvent(sessionId + "-" + responseTag + "-" + (++events),
        sessionId, clock.instant(), ContentDuplicationEvent.preview(m.earlier().text(), options.previewChars()),
        ContentDuplicationEvent.preview(unit.text(), options.previewChars()), m.score().similarity(),
        m.score().layer(), unit.offset(), unit.index());
    // INFO says that and where a unit was removed, never what it said (answers are users' content); DEBUG adds the
    // previews and the layer's explanation.
    if (LOG.isDebugEnabled()) {
      LOG.debug("content duplicate {} in session {}: {} layer, similarity {}, position {}: \"{}\" repeats \"{}\" "
          + "({})", event.eventId(), sessionId, event.layer(), event.similarity(), event.position(),
          event.duplicatePreview(), event.originalPreview(), m.score().explain());
    } else {
      LOG.info("content duplicate {} in session {}: {} layer, similarity {}, position {}, {} characters removed",
          event.eventId(), sessionId, event.layer(), event.similarity(), event.position(), unit.text().length());
    }
    try {
      listener.onDuplicate(event);
    } catch (RuntimeException e) {
      failed(e, sessionId);
    }
  }

  private void failed(RuntimeException e, String sessionId) {
    errors++;
    metrics.error();
    LOG.warn("content detection failed in session {}; the content passes: {}", sessionId, e.toString(), e);
  }
}
