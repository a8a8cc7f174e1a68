package dev.deja.stream.proxy;

import dev.deja.stream.ResponseFilter;
import dev.deja.stream.StreamDeduplicator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Rewrites the server-sent events of one streamed chat completion: the assistant's text in
 * {@code choices[].delta.content} goes through one {@link ResponseFilter} per choice; everything else (role deltas,
 * tool calls, finish reasons, usage, ids, comments, {@code [DONE]}) is passed on as received. Before an event that
 * carries a choice's {@code finish_reason}, and before {@code [DONE]} or the end of the stream, the text the filter
 * still holds is sent in an event of its own, built from that event with the choice's delta replaced and usage
 * removed. An event whose data is not a JSON object is passed on unchanged.
 *
 * <p>Not thread-safe: one instance per response.
 */
final class SseRewriter {
  private final Function<String, ResponseFilter> filters;
  private final Map<Integer, ResponseFilter> open = new TreeMap<>();
  private final List<String> lines = new ArrayList<>();
  private String template;
  private String sessionId;
  private boolean done;
  private final java.util.Set<Integer> started = new java.util.TreeSet<>();
  private final java.util.Set<Integer> finished = new java.util.TreeSet<>();

  SseRewriter(StreamDeduplicator dedup, String sessionId) {
    this.filters = dedup::open;
    this.sessionId = sessionId;
  }

  /** Takes one line (without its line break); returns the text to send now (complete events only). */
  String line(String line) {
    if (!line.isEmpty()) {
      lines.add(line);
      return "";
    }
    if (lines.isEmpty()) {
      return "";
    }
    String out = event(lines);
    lines.clear();
    return out;
  }

  /**
   * Whether the stream so far is a whole answer: {@code [DONE]} was seen, or at least one choice was seen and every
   * choice seen has its {@code finish_reason}. A stream that ends otherwise was cut off.
   */
  boolean complete() {
    return done || !started.isEmpty() && finished.containsAll(started);
  }

  /** The end of the upstream stream: any unterminated event, then the held text of every open choice. */
  String end() {
    StringBuilder out = new StringBuilder();
    if (!lines.isEmpty()) {
      out.append(event(lines));
      lines.clear();
    }
    out.append(flushAll());
    return out.toString();
  }

  /** The held text of every open choice, as events (for the end of a stream or an error). */
  String flushAll() {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<Integer, ResponseFilter> e : open.entrySet()) {
      String tail = e.getValue().finish();
      if (!tail.isEmpty()) {
        out.append(tailEvent(e.getKey(), tail));
      }
    }
    open.clear();
    return out.toString();
  }

  private String event(List<String> eventLines) {
    StringBuilder data = new StringBuilder();
    int dataLines = 0;
    for (String l : eventLines) {
      if (l.startsWith("data:")) {
        if (dataLines++ > 0) {
          data.append('\n');
        }
        data.append(l.startsWith("data: ") ? l.substring(6) : l.substring(5));
      }
    }
    if (dataLines == 0) {
      return raw(eventLines);
    }
    String d = data.toString();
    if (d.strip().equals("[DONE]")) {
      done = true;
      return flushAll() + raw(eventLines);
    }
    Optional<JsonTree.Obj> parsed = JsonTree.object(d);
    if (parsed.isEmpty()) {
      return raw(eventLines);
    }
    JsonTree.Obj obj = parsed.get();
    if (sessionId == null) {
      sessionId = obj.string("id").map(JsonTree.Str::value).orElse("proxy");
    }
    Optional<JsonTree.Arr> choices = obj.array("choices");
    if (choices.isEmpty()) {
      return raw(eventLines);
    }
    template = d;
    List<int[]> spans = new ArrayList<>();
    List<String> replacements = new ArrayList<>();
    StringBuilder before = new StringBuilder();
    int position = 0;
    for (JsonTree.Node n : choices.get().items()) {
      if (!(n instanceof JsonTree.Obj choice)) {
        position++;
        continue;
      }
      int index = choice.get("index").filter(JsonTree.Lit.class::isInstance).map(x -> ((JsonTree.Lit) x).raw())
          .map(SseRewriter::parseIndex).orElse(position);
      position++;
      started.add(index);
      Optional<JsonTree.Str> content = choice.object("delta").flatMap(delta -> delta.string("content"));
      if (content.isPresent()) {
        ResponseFilter f = open.computeIfAbsent(index, i -> filters.apply(sessionId));
        String out = f.accept(content.get().value());
        if (!out.equals(content.get().value())) {
          spans.add(new int[] {content.get().start(), content.get().end()});
          replacements.add(JsonTree.quote(out));
        }
      }
      boolean finishing = choice.get("finish_reason").map(x -> !(x instanceof JsonTree.Lit l && l.isNull()))
          .orElse(false);
      if (finishing) {
        finished.add(index);
        ResponseFilter f = open.remove(index);
        if (f != null) {
          String tail = f.finish();
          if (!tail.isEmpty()) {
            before.append(tailEvent(index, tail));
          }
        }
      }
    }
    if (spans.isEmpty()) {
      return before + raw(eventLines);
    }
    return before + withData(eventLines, JsonTree.splice(d, spans, replacements));
  }

  private static int parseIndex(String raw) {
    try {
      return Integer.parseInt(raw);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** An event with the held text of one choice, shaped like the last chunk seen. */
  private String tailEvent(int index, String tail) {
    String choice = "{\"index\":" + index + ",\"delta\":{\"content\":" + JsonTree.quote(tail)
        + "},\"logprobs\":null,\"finish_reason\":null}";
    Optional<JsonTree.Obj> t = template == null ? Optional.empty() : JsonTree.object(template);
    String json;
    if (t.isPresent() && t.get().array("choices").isPresent()) {
      List<int[]> spans = new ArrayList<>();
      List<String> reps = new ArrayList<>();
      JsonTree.Arr arr = t.get().array("choices").get();
      spans.add(new int[] {arr.start(), arr.end()});
      reps.add("[" + choice + "]");
      t.get().get("usage").ifPresent(u -> {
        spans.add(new int[] {u.start(), u.end()});
        reps.add("null");
      });
      json = JsonTree.splice(template, spans, reps);
    } else {
      json = "{\"object\":\"chat.completion.chunk\",\"choices\":[" + choice + "]}";
    }
    return "data: " + json + "\n\n";
  }

  private static String raw(List<String> eventLines) {
    StringBuilder b = new StringBuilder();
    for (String l : eventLines) {
      b.append(l).append('\n');
    }
    return b.append('\n').toString();
  }

  private static String withData(List<String> eventLines, String data) {
    StringBuilder b = new StringBuilder();
    boolean written = false;
    for (String l : eventLines) {
      if (l.startsWith("data:")) {
        if (!written) {
          for (String part : data.split("\n", -1)) {
            b.append("data: ").append(part).append('\n');
          }
          written = true;
        }
      } else {
        b.append(l).append('\n');
      }
    }
    return b.append('\n').toString();
  }
}
