/**
 * The streaming content filter: removes sentences and list lines that an LLM's streamed answer repeats, while it
 * streams.
 *
 * <h2>Tutorial</h2>
 *
 * <pre>{@code
 * StreamDeduplicator dedup = StreamDeduplicator.builder()
 *     .options(StreamOptions.from(config.section("stream"), "stream"))   // or StreamOptions.defaults()
 *     .listener(event -> audit(event))                                     // a ContentDuplicationEvent per repeat
 *     .metrics(StreamMetrics.on(meterRegistry))                            // Micrometer
 *     .build();                                                            // thread-safe: share it
 *
 * // 1. Wrap a source of chunks (token fragments are fine):
 * Iterator<String> out = dedup.wrap(chunkIterator, sessionId);
 * Flow.Publisher<String> pub = dedup.wrap(chunkPublisher, sessionId);
 *
 * // 2. Or drive one response yourself:
 * ResponseFilter f = dedup.open(sessionId);
 * for (String chunk : chunks) {
 *   send(f.accept(chunk));     // the text completed by this chunk, repeats removed ("" while a sentence is open)
 * }
 * send(f.finish());            // the held tail
 *
 * // 3. Or use the design's detector API:
 * ContentDuplicateDetector d = dedup.detector(sessionId);
 * if (!d.containsDuplicateContent(text, sessionId).isDuplicate()) {
 *   d.addContent(text);
 * }
 * }</pre>
 *
 * <h2>Pieces</h2>
 *
 * <ul>
 *   <li>{@link dev.deja.stream.UnitSplitter} cuts text arriving in any pieces into {@link dev.deja.stream.Unit}s
 *       (sentences, list lines, headings, table rows, code lines; see {@link dev.deja.stream.UnitKind}).</li>
 *   <li>{@link dev.deja.stream.RepeatJudge} compares a completed unit with an earlier one: exact, chunk (near
 *       verbatim), content (the design's difflib layer), paraphrase and optional semantic layers, then guards; the
 *       result is a {@link dev.deja.stream.PairScore}.</li>
 *   <li>{@link dev.deja.stream.ContentDuplicateDetector} keeps one response's window of units, raises events and
 *       meters, and fails open.</li>
 *   <li>{@link dev.deja.stream.ResponseFilter} turns chunks into output: kept units with their white space, removed
 *       units with one of their separators.</li>
 * </ul>
 *
 * <p>The OpenAI-compatible proxy is in {@link dev.deja.stream.proxy}; the evaluation on labelled streams in
 * {@link dev.deja.stream.eval}. Options and behaviour in detail: docs/STREAMING.md.
 */
package dev.deja.stream;
